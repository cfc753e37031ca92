"""The errors edge raises for bad input: each names the value that was wrong."""


class EdgeError(ValueError):
    """Bad input to edge (a card string, a pay table, an option); the message names the value."""


class CardError(EdgeError):
    """A card or tile string that cannot be parsed, or a duplicated card."""


class PayTableError(EdgeError):
    """A pay table with unknown or missing outcomes, or pays that are not valid numbers."""


class OptionError(EdgeError):
    """An unknown variant option, or a value out of its range."""


class StrategyError(OptionError):
    """A strategy name that is not known, or a strategy file with a bad entry (named)."""
