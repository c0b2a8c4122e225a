"""Mice and Mystics' play screen: its table painting, its table input, its tray contents and its actions,
the fillings of the shell (``game.ui.play``)."""
