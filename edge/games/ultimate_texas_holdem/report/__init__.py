"""Ultimate Texas Hold'em's sections of ``edge report`` and the figures they print."""
