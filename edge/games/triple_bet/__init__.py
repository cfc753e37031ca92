"""Hybrid Triple Bet (RULES.md section 1): the Flush, Sandwich and Block wagers from a shoe.

>>> t = analyze_bet("flush", PRESETS["flush"]["usual"], TripleBetRules(decks=1))
>>> t.cycle == 52 * 51
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from edge.errors import EdgeError
from edge.games import Analyze, Bet, Game, Rules, RunSettings
from edge.games.triple_bet import _kernels
from edge.options import option, options_dict
from edge.paytables import PayTable, make_paytable
from edge.table import ReturnTable, Row

GAME_NAME = "triple-bet"

# Outcome names in the kernel's index order; the last of each is the losing (or pushing) row.
FLUSH_OUTCOMES = ("flush-pair", "flush-high", "flush-low")
SANDWICH_OUTCOMES = ("triple-sandwich", "straight-sandwich", "sandwich", "match")
BLOCK_OUTCOMES = ("ultimate", "pair-block", "flush-block", "block")

# Row names of every kernel index, including the rows that are not in a pay table.
FLUSH_ROWS = FLUSH_OUTCOMES + ("lose",)
SANDWICH_ROWS = SANDWICH_OUTCOMES + ("lose",)
BLOCK_ROWS = BLOCK_OUTCOMES + ("push", "lose")

OUTCOMES = {"flush": FLUSH_OUTCOMES, "sandwich": SANDWICH_OUTCOMES, "block": BLOCK_OUTCOMES}
ROWS = {"flush": FLUSH_ROWS, "sandwich": SANDWICH_ROWS, "block": BLOCK_ROWS}
COMBINED_OUTCOMES = tuple(f"{bet}.{name}" for bet, names in OUTCOMES.items() for name in names)

# The "usual odds" of the trial document (seed 000).
USUAL = {
    "flush": {"flush-pair": 8, "flush-high": 3, "flush-low": 2},
    "sandwich": {"triple-sandwich": 15, "straight-sandwich": 7, "sandwich": 1, "match": 1},
    "block": {"ultimate": 35, "pair-block": 10, "flush-block": 5, "block": 2},
}
PRESETS: dict[str, dict[str, PayTable]] = {
    bet: {"usual": make_paytable("usual", pays, OUTCOMES[bet])} for bet, pays in USUAL.items()
}
PRESETS["combined"] = {"usual": make_paytable(
    "usual", {f"{bet}.{k}": v for bet, pays in USUAL.items() for k, v in pays.items()},
    COMBINED_OUTCOMES)}

SEED_NOTE = ("The trial document (seed 000) states a house edge of 5.478% under its usual odds; "
             "edge finds that this is the Sandwich wager's house edge (see the Sandwich table).")


@dataclass(frozen=True)
class TripleBetRules(Rules):
    """Variant options of the Hybrid Triple Bet."""

    decks: int = option(6, "standard 52-card decks in the shoe", minimum=1, maximum=8)


def wager_counts(rules: TripleBetRules) -> dict[str, np.ndarray]:
    """Integer counts per row for each single wager (kernel order, see ``*_ROWS``)."""
    flush, sandwich, block = _kernels.triple_bet_counts(rules.decks)
    return {"flush": flush, "sandwich": sandwich, "block": block}


def _pays(paytable: PayTable, names: tuple[str, ...], rows: tuple[str, ...],
          prefix: str = "") -> list[Fraction]:
    pays = [paytable[prefix + name] for name in names]
    extra = {"lose": Fraction(-1), "push": Fraction(0)}
    return pays + [extra[name] for name in rows[len(names):]]


def analyze_bet(bet: str, paytable: PayTable | None, rules: TripleBetRules,
                run: RunSettings | None = None) -> ReturnTable:
    """The exact return table of one wager, or of the three together (``combined``)."""
    if bet not in PRESETS:
        raise EdgeError(f"Unknown bet {bet!r} for {GAME_NAME}: choose one of "
                        f"{', '.join(PRESETS)}.")
    if paytable is None:
        paytable = PRESETS[bet]["usual"]
    if bet == "combined":
        return _combined(paytable, rules)
    counts = wager_counts(rules)[bet]
    pays = _pays(paytable, OUTCOMES[bet], ROWS[bet])
    rows = tuple(Row(name, pay, int(count))
                 for name, pay, count in zip(ROWS[bet], pays, counts, strict=True))
    notes = (SEED_NOTE,) if bet == "sandwich" else ()
    return ReturnTable(GAME_NAME, bet, rows, paytable, options_dict(rules), notes=notes,
                       title=f"Hybrid Triple Bet: {bet} wager, {rules.decks} decks")


def _combined(paytable: PayTable, rules: TripleBetRules) -> ReturnTable:
    joint = _kernels.triple_bet_joint_counts(rules.decks)
    flush_pays = _pays(paytable, FLUSH_OUTCOMES, FLUSH_ROWS, "flush.")
    sandwich_pays = _pays(paytable, SANDWICH_OUTCOMES, SANDWICH_ROWS, "sandwich.")
    block_pays = _pays(paytable, BLOCK_OUTCOMES, BLOCK_ROWS, "block.")
    rows = []
    for i, flush_name in enumerate(FLUSH_ROWS):
        for j, sandwich_name in enumerate(SANDWICH_ROWS):
            for k, block_name in enumerate(BLOCK_ROWS):
                count = int(joint[i, j, k])
                if count == 0:
                    continue
                rows.append(Row(f"{flush_name} / {sandwich_name} / {block_name}",
                                flush_pays[i] + sandwich_pays[j] + block_pays[k], count))
    return ReturnTable(GAME_NAME, "combined", tuple(rows), paytable, options_dict(rules),
                       initial_wager=Fraction(3),
                       notes=("One unit on each of Flush, Sandwich and Block; pays are the "
                              "net total of the three, figures are per unit wagered (of 3).",
                              "Rows that cannot occur are left out."),
                       title=f"Hybrid Triple Bet: the three wagers together, {rules.decks} decks")


def describe_rules(rules: TripleBetRules) -> list[str]:
    """The rules as implemented, for reports."""
    return [
        f"A shoe of {rules.decks} standard decks; every card is drawn without replacement.",
        "Flush: the player's first card against the first flop card. Different suit loses; "
        "same suit and rank is Flush-Pair; same suit, player higher is Flush-High; "
        "player lower is Flush-Low. Ace is high.",
        "Sandwich: the player's two cards and the second flop card by rank only, ace high. "
        "First matching row: Triple Sandwich (all three the same rank); Straight Sandwich "
        "(flop card strictly between, three consecutive ranks); Sandwich (strictly between, "
        "not consecutive); Match (flop card has the rank of a player card); else lose.",
        "Block: the player's two cards and a dealer card dealt after the flop cards are "
        "discarded. A player card blocks when it has the dealer card's suit and a higher rank. "
        "First matching row: Ultimate (identical pair that blocks); Pair Block (same rank, "
        "different suits, one blocks); Flush Block (same suit, different ranks, one blocks); "
        "Block (a card blocks); Push (a player card identical to the dealer card); else lose.",
    ]


def _hook(bet: str) -> Analyze[TripleBetRules]:
    def analyze(paytable: PayTable | None, rules: TripleBetRules,
                run: RunSettings) -> ReturnTable:
        return analyze_bet(bet, paytable, rules, run)
    return analyze


GAME = Game(
    name=GAME_NAME,
    title="Hybrid Triple Bet",
    rules=TripleBetRules,
    bets=(
        Bet("flush", "player card vs the first flop card, same suit wins",
            _hook("flush"), FLUSH_OUTCOMES, PRESETS["flush"], "usual"),
        Bet("sandwich", "second flop card between or matching the player's two cards",
            _hook("sandwich"), SANDWICH_OUTCOMES, PRESETS["sandwich"], "usual"),
        Bet("block", "a player card of the dealer card's suit and higher rank",
            _hook("block"), BLOCK_OUTCOMES, PRESETS["block"], "usual"),
        Bet("combined", "the three wagers together, equal amounts",
            _hook("combined"), COMBINED_OUTCOMES, PRESETS["combined"], "usual"),
    ),
    source="seed 000_112c8ae539262bd4.txt (trial document, Grosvenor Casinos, 2011)",
    aliases=("hybrid-triple-bet", "triple"),
    describe_rules=describe_rules,
)
