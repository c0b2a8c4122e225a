"""A sample for the literal scanner's test: this docstring is not shown."""
# ruff: noqa
from game.i18n import _

TITLE = _("Shown and translated")
LABEL = "Roll the dice"
KEY = "punch"
SHOWN = f"The pool of {3:>4d}"
NOT_SHOWN = "a programmer's note here"  # i18n: not shown


def fail() -> None:
    """Not shown either."""
    raise ValueError("an error for programmers")
