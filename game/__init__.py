"""tabletop: skirmish and board games on one screen, with the table's geometry done properly."""

import os as _os

# pytmx imports pygame when it is installed; keep its banner out of our command-line output.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
