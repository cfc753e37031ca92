"""The errors edge raises for bad input: each names the value that was wrong; and the notes it
gives on input it accepts but reads in a way the user may not expect."""

import warnings


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


class EdgeNote(UserWarning):
    """Input edge accepted but read in a way the user may not expect (typed pays out of rank
    order, read with a split outcome): the command line prints it as one ``edge: note:`` line;
    a program sees a warning of this class."""


def note(message: str) -> None:
    """Tell the user of input read in a way they may not expect (:class:`EdgeNote`)."""
    warnings.warn(message, EdgeNote, stacklevel=2)
