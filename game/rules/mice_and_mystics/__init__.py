"""Mice and Mystics (GM-run adaptation, spec ``mice_and_mystics.md``): the rule system.

Modules: ``game`` (the rule system and its turn flow), ``state``, ``commands``, ``config``
(section 26 parameters), ``dice`` (the seed's d6 table), ``gm`` (the program's game master:
minion and charmed-mouse policy), ``ai`` (legal commands and the mice's greedy AI), ``board``
(the map's cell graph with GM rulings), ``cards`` (our own data files in ``data/``),
``campaign`` (the party carried between chapters, as JSON), ``explain`` (events and the status
block in English and Russian).
"""
