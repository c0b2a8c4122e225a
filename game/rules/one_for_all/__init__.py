""""...And One for All!": swashbuckling skirmish (spec: shared/rules/one_for_all.md)."""
