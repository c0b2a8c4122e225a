"""Guided first games: one lesson per rule system, as data (``data/<system>.json``), and the
runner that plays it (issue 17, item 5). Plain Python, no pygame: the screen that wraps a
game's play screen is ``game.ui.learn``."""

from game.lessons.model import (
    SYSTEMS,
    Lesson,
    LessonError,
    Outcome,
    Pattern,
    Point,
    Step,
    Words,
    available,
    load_lesson,
    parse_lesson,
)
from game.lessons.runner import LessonRunner, Phase, Report, Verdict, cited_rules
from game.lessons.setups import lesson_match

__all__ = ["SYSTEMS", "Lesson", "LessonError", "LessonRunner", "Outcome", "Pattern", "Phase",
           "Point", "Report", "Step", "Verdict", "Words", "available", "cited_rules",
           "lesson_match", "load_lesson", "parse_lesson"]
