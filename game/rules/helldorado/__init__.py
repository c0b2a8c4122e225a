"""Helldorado: melee, shooting, explosions and templates (spec: shared/rules/helldorado.md),
with a small house turn flow (HOUSE.md) since the seed has no activation, movement or victory rules."""
