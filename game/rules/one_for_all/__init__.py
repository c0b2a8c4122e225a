"""...And One for All! (Eureka Miniatures): rules, dice maths and odds. Rule IDs: OFA-*."""
