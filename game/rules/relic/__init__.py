"""Relic: battles with exploding dice and the road to victory on a ring board (spec: shared/rules/relic.md)."""
