"""Independent simulators of the main bet (optimal, a written strategy, cards exposed) and
the side bets."""
