"""Strategies as data: the strategy language and the exact return of a strategy written in it."""
