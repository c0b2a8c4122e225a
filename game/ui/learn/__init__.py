"""Learn to play: a guided first game of each rule system (issue 17, item 5). The lesson's
screen wraps the game's own play screen (``view.py``); the lessons and their runner are plain
data and Python in ``game.lessons``."""

from game.ui.learn.view import LearnView, make_learn_view

__all__ = ["LearnView", "make_learn_view"]
