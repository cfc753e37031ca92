"""Card counting for shoe-dealt wagers: exact effects of removal, a linear count, the suit mix.

* :mod:`edge.counting.removal`: the exact expected return of a wager from the full shoe and from
  the shoe with each single card face removed (a wager's ``shoe_return`` hook), the effects of
  removal and their checks.
* :mod:`edge.counting.count`: :class:`~edge.counting.count.LinearCount` (one integer tag per
  face) and the best such count for a wager by betting correlation, with the expected return as
  a function of the true count and the true count at which the wager turns in the player's
  favour.
* :mod:`edge.counting.suits`: what moves a suit-matching wager that no single card moves much:
  the exact return with cards of one suit gone, against a measure of the suits' imbalance.
* :mod:`edge.counting.simulation`, :mod:`edge.counting.play`: the counters' win rates by
  simulation, the rank counter's (a linear count) and the suit counter's
  (:mod:`edge.counting.suit_counter`: the four suits left, the return estimated from them).
* :mod:`edge.counting.sampled`: shoes dealt at random to a depth, each shoe's return and true
  count exact: how often a shoe is in the player's favour or past break-even, and the return by
  true count (simulated, with standard errors).
* :mod:`edge.counting.document`: all of it as one document (``edge counting``, the report's
  "Card counting" section).

docs/counting.md explains the method. Nothing here names a game: a wager takes part by its
``shoe_return`` hook (:class:`edge.games.Bet`) and its game's ``decks`` option.
"""
