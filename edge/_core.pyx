# cython: language_level=3
"""edge's enumeration core: typed ``nogil`` loops that count deals and return integer arrays.

No pay tables, no fractions, no printing. Each game's kernels live in their own include file
(``_<game>.pxi``) so this one extension module stays a table of contents. Counts are int64.
"""

cimport numpy as cnp

cnp.import_array()

include "_triple_bet.pxi"
include "_three_card.pxi"
include "_double_hand.pxi"
include "_holdem.pxi"
include "_uth.pxi"
