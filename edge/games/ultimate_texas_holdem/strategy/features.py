"""The features an Ultimate Texas Hold'em strategy's rules test (docs/strategies.md, section
"Ultimate Texas Hold'em"): the generic hold'em vocabulary of :mod:`edge.decisions.holdem_features`
(shared with strategy files on game files with a shared board), read here by the strategy
language (:mod:`.language`) and the kernels' callers.
"""

from __future__ import annotations

from edge.decisions.holdem_features import (
    BOOLEAN,
    COUNT_TIES,
    FEATURE_KINDS,
    FEATURE_NAMES,
    FEATURES,
    HAND_NAMES,
    MAX_VALUE,
    NO_RANK,
    PAIR_NAMES,
    RIVER_ONLY,
    STRAIGHT_DRAW_NAMES,
    SUFFIXES,
    VERSUS_NAMES,
    Feature,
    Kind,
    all_of,
    condition_words,
)

__all__ = ["BOOLEAN", "COUNT_TIES", "FEATURES", "FEATURE_KINDS", "FEATURE_NAMES", "Feature",
           "HAND_NAMES", "Kind", "MAX_VALUE", "NO_RANK", "PAIR_NAMES", "RIVER_ONLY",
           "STRAIGHT_DRAW_NAMES", "SUFFIXES", "VERSUS_NAMES", "all_of", "condition_words"]
