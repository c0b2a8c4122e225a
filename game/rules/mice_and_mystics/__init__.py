"""Mice and Mystics (GM-run adaptation, spec ``mice_and_mystics.md``): the rule system.

Modules, from the bottom up (imports point down only):

* data and values: ``config`` (section 26 parameters, the movement switches), ``cards`` (our
  own data files in ``data/``), ``dice`` (the seed's d6 table), ``commands``, ``state`` (with
  the phase and ending enums);
* the board: ``board`` (the map's cell graph with GM rulings), ``occupancy`` (creatures per cell,
  capacity, MM-OCC), ``paths`` (path legality and reachable cells, MM-GEO-10/11);
* the flow: ``order`` (initiative), ``wheel`` (wheel, pages, surges, the chapter's end),
  ``rounds`` (whose turn), ``combat`` (one attack's dice, wounds, capture), ``checks`` (whose
  turn and which action a command needs), ``items`` (equipment slots, the pack limit);
* the handlers, one module per topic: ``moves``, ``attack``, ``search``, ``explore``,
  ``actions``, ``free_actions``, ``turns``, ``gm_hooks``; ``gm`` (the program's game master:
  minion and charmed-mouse policy);
* ``legal`` (candidate commands), ``ai`` (their ranking for the greedy mice), ``campaign`` (the
  party carried between chapters, as JSON), ``explain`` (events and the status block in English
  and Russian);
* ``game``: the rule system's protocol and its one dispatch table.
"""
