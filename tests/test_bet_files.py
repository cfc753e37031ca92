"""The bet files of examples/bets/ (issue 24, docs/bets.md) against what is known without them.

Every expectation here comes from one of three places, never from what a bet file gives:

- edge's own games: the Triple Bet's Flush, Sandwich and Block at 1 to 8 decks, Pair Plus under
  every named table, Trips under every table of the standard rule, and the 6-Card Bonus
  example package's own count of the C(52, 6) six-card sets;
- published figures (each cited where it is used, and in docs/references.md, "Bet files");
- plain enumerations written below with numpy, from the rules in words: every ordered deal of
  k card values (value = rank index * 4 + suit) from a shoe of D decks, weighted by the number
  of ways to pick those physical cards, D (D - #earlier copies) ...; they share no code with
  edge's kernels or with ``edge.bets``.

A file's table may count unordered sets where a published table counts ordered deals, so the
rows are compared by probability; the published counts are compared after the same scaling.
The bad files at the end go through the ``edge`` command: one ``edge: error:`` line, exit 2.
"""

from __future__ import annotations

import importlib.util
import math
import re
import sys
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache, partial
from pathlib import Path
from types import ModuleType

import numpy as np
import numpy.typing as npt
import pytest

import edge
from edge.games.three_card_poker.pays import PRESETS as THREE_CARD_PRESETS
from edge.games.three_card_poker.pays import SPLITS as THREE_CARD_SPLITS
from edge.games.ultimate_texas_holdem.solve.side_bets import TRIPS_PRESETS
from edge.table import ReturnTable
from tests.conftest import CliRunner

ROOT = Path(__file__).resolve().parent.parent
BETS = ROOT / "examples" / "bets"
EXAMPLES = ("triple-bet-flush", "triple-bet-sandwich", "triple-bet-block", "pair-plus", "trips",
            "six-card-bonus", "perfect-pairs", "21-plus-3", "21-plus-3-suited-trips",
            "lucky-ladies", "dealer-bust", "dragon-tiger", "three-card-poker-play-every-hand",
            "fortune-pai-gow", "florida-trips", "bad-beat")
DECKS = range(1, 9)

# Card values 0..51: rank index value // 4 (0 is a two, 12 an ace), suit value % 4.
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
ACE, QUEEN = 12, 10
QUEEN_OF_HEARTS = QUEEN * 4 + HEARTS


def bet_file(name: str) -> str:
    """The path of an example bet file, as a user types it."""
    return str(BETS / f"{name}.toml")


def analyze_file(name: str, decks: int | None = None, paytable: str | None = None) -> ReturnTable:
    """A bet file's exact table (at ``decks``, or the file's own)."""
    options = {} if decks is None else {"decks": decks}
    return edge.analyze(bet_file(name), options=options, paytable=paytable)


def probabilities(table: ReturnTable) -> dict[str, Fraction]:
    """Each row's probability by outcome name, rows that never happen left out."""
    found: dict[str, Fraction] = {}
    for row in table.rows:
        if row.combinations:
            found[row.outcome] = found.get(row.outcome, Fraction(0)) + table.probability(row)
    return found


def from_counts(counts: Mapping[str, int]) -> dict[str, Fraction]:
    """Probabilities from counts by outcome, zero counts left out."""
    total = sum(counts.values())
    return {name: Fraction(count, total) for name, count in counts.items() if count}


def house_edge(counts: Mapping[str, int], pays: Mapping[str, int | Fraction]) -> Fraction:
    """The house edge of counts by outcome under pays by outcome (an outcome not paid loses)."""
    total = sum(counts.values())
    won = sum((Fraction(pays.get(name, -1)) * count for name, count in counts.items()),
              Fraction(0))
    return -won / total


def percent(value: Fraction, places: int) -> Fraction:
    """``value`` in percent rounded to ``places`` decimals (as a published figure is)."""
    return Fraction(round(value * 100, places))


def test_every_example_loads_and_says_where_it_comes_from() -> None:
    """Each example is a bet file edge reads (``edge.get_game``); each names its source."""
    assert sorted(path.stem for path in BETS.glob("*.toml")) == sorted(EXAMPLES)
    for name in EXAMPLES:
        text = (BETS / f"{name}.toml").read_text()
        assert "\nsource = " in text, name
        # the 6-Card Bonus file's game is not named six-card-bonus: the example plug-in is
        expected = {"six-card-bonus": "6-card-bonus-bet"}.get(name, name)
        assert edge.get_game(bet_file(name)).name == expected


# --- the plain enumeration -----------------------------------------------------------------------
Cards = npt.NDArray[np.int8]
Counts = npt.NDArray[np.int64]
Conditions = tuple[tuple[str, npt.NDArray[np.bool_]], ...]


def ordered_deals(k: int) -> tuple[Cards, tuple[Counts, ...]]:
    """Every ordered deal of ``k`` card values, one column each (shape ``(k, 52**k)``), and for
    each position how many earlier cards of the deal have its value."""
    cards = np.indices((52,) * k, dtype=np.int8).reshape(k, -1)
    earlier = tuple(sum(((cards[j] == cards[i]).astype(np.int64) for j in range(i)),
                        np.zeros(cards.shape[1], dtype=np.int64)) for i in range(k))
    return cards, earlier


def deal_weights(k: int, decks: int) -> Counts:
    """How many physical ordered deals of ``decks`` decks show each deal of values: the product
    over positions of (decks - earlier copies). A value dealt more than ``decks`` times reaches
    a factor 0 at its ``decks + 1``-th copy, so no weight is negative."""
    weights = np.ones(52 ** k, dtype=np.int64)
    for copies in ordered_deals(k)[1]:
        weights *= decks - copies
    return weights


def first_match(conditions: Conditions, size: int) -> Counts:
    """The index of each deal's first condition that holds (``len(conditions)``: none)."""
    outcome = np.full(size, len(conditions), dtype=np.int64)
    for index in reversed(range(len(conditions))):
        outcome[conditions[index][1]] = index
    return outcome


def perfect_pairs_conditions(cards: Cards) -> Conditions:
    """The player's two cards (Wizard of Odds' rules, in words)."""
    rank, suit = cards // 4, cards % 4
    red = (suit == DIAMONDS) | (suit == HEARTS)
    pair = rank[0] == rank[1]
    return (("perfect-pair", cards[0] == cards[1]),
            ("coloured-pair", pair & (red[0] == red[1])),
            ("mixed-pair", pair))


def twenty_one_plus_three(cards: Cards, suited_trips: bool) -> Conditions:
    """The player's two cards and the dealer's up card as a three-card poker hand: the ace high
    or low in a straight (A-2-3, Q-K-A), a straight above a flush, a suited pair a flush;
    suited trips (three identical cards) first when they are paid apart."""
    rank, suit = cards // 4, cards % 4
    low, middle, high = np.sort(rank, axis=0)
    run = (low != middle) & (middle != high) & (
        (high - low == 2) | ((low == 0) & (middle == 1) & (high == ACE)))
    flush = (suit[0] == suit[1]) & (suit[1] == suit[2])
    identical = (cards[0] == cards[1]) & (cards[1] == cards[2])
    first = (("suited-trips", identical),) if suited_trips else ()
    return first + (("straight-flush", run & flush),
                    ("three-of-a-kind", (rank[0] == rank[1]) & (rank[1] == rank[2])),
                    ("straight", run),
                    ("flush", flush))


def lucky_ladies_conditions(cards: Cards) -> Conditions:
    """The player's two cards (deal positions 0, 1) and the dealer's two (2, 3): blackjack
    values, ace 11 (two aces are 12, never 20), tens and faces 10."""
    rank, suit = cards // 4, cards % 4
    value = np.where(rank == ACE, 11, np.minimum(rank + 2, 10))
    twenty = value[0] + value[1] == 20
    blackjack = ((rank[2] == ACE) & (value[3] == 10)) | ((rank[3] == ACE) & (value[2] == 10))
    queens = (cards[0] == QUEEN_OF_HEARTS) & (cards[1] == QUEEN_OF_HEARTS)
    return (("queens-of-hearts-and-dealer-blackjack", queens & blackjack),
            ("queens-of-hearts", queens),
            ("matched-20", twenty & (cards[0] == cards[1])),
            ("suited-20", twenty & (suit[0] == suit[1])),
            ("any-20", twenty))


# Each enumerated bet: how many cards it deals, and its conditions in order.
ENUMERATED: dict[str, tuple[int, Callable[[Cards], Conditions]]] = {
    "perfect-pairs": (2, perfect_pairs_conditions),
    "21-plus-3": (3, partial(twenty_one_plus_three, suited_trips=False)),
    "21-plus-3-suited-trips": (3, partial(twenty_one_plus_three, suited_trips=True)),
    "lucky-ladies": (4, lucky_ladies_conditions),
}


@cache
def pattern_counts(bet: str) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...], Counts]:
    """How many ordered deals of card values give each outcome of ``bet`` with each pattern of
    repeats (a pattern: how many earlier cards of the deal are equal to each card). A deal's
    weight depends on its pattern only, so the counts at any number of decks follow from these
    (:func:`tally`) without dealing again."""
    k, conditions = ENUMERATED[bet]
    cards, earlier = ordered_deals(k)
    found = conditions(cards)
    outcome = first_match(found, cards.shape[1])
    code, radix = np.zeros(cards.shape[1], dtype=np.int64), 1
    for position, copies in enumerate(earlier):     # copies at position i lie in 0..i
        code += copies * radix
        radix *= position + 1
    counts = np.bincount(outcome * radix + code, minlength=(len(found) + 1) * radix)
    patterns = []
    for pattern in range(radix):
        digits, place = [], 1
        for position in range(k):
            digits.append(pattern // place % (position + 1))
            place *= position + 1
        patterns.append(tuple(digits))
    names = tuple(name for name, _ in found) + ("lose",)
    return names, tuple(patterns), counts.reshape(len(names), radix)


def tally(bet: str, decks: int) -> dict[str, int]:
    """Physical ordered deals from ``decks`` decks by outcome (the first condition that holds,
    else ``lose``): each pattern weighs the product of (decks - earlier copies)."""
    names, patterns, counts = pattern_counts(bet)
    weights = [math.prod(decks - copies for copies in pattern) for pattern in patterns]
    return {name: sum(int(count) * weight for count, weight in zip(row, weights, strict=True))
            for name, row in zip(names, counts, strict=True)}


def test_the_plain_enumeration_counts_every_physical_deal() -> None:
    """The weights sum to the ordered deals of 52 D distinct cards, and a deal of two copies of
    one card has weight D (D - 1): the enumeration's one idea, checked by itself."""
    for decks in DECKS:
        cards = 52 * decks
        assert int(deal_weights(2, decks).sum()) == cards * (cards - 1)
        assert int(deal_weights(3, decks).sum()) == cards * (cards - 1) * (cards - 2)
        assert int(deal_weights(2, decks)[0]) == decks * (decks - 1)
        assert sum(tally("perfect-pairs", decks).values()) == cards * (cards - 1)
        assert sum(tally("lucky-ladies", decks).values()) == math.prod(range(cards - 3,
                                                                             cards + 1))


# --- Hybrid Triple Bet: edge's own kernel ---------------------------------------------------------
@pytest.mark.parametrize("decks", DECKS)
@pytest.mark.parametrize("wager", ["flush", "sandwich", "block"])
def test_triple_bet_files_are_edge_s_own_wagers(wager: str, decks: int) -> None:
    """Every outcome's probability and the house edge equal those of
    ``edge table triple-bet --bet WAGER --set decks=N`` (the built-in Cython kernel)."""
    built_in = edge.analyze("triple-bet", bet=wager, options={"decks": decks})
    table = analyze_file(f"triple-bet-{wager}", decks)
    assert probabilities(table) == probabilities(built_in)
    assert table.house_edge == built_in.house_edge
    assert {row.outcome: row.pays for row in table.rows if row.combinations} == {
        row.outcome: row.pays for row in built_in.rows if row.combinations}


def test_triple_bet_sandwich_at_six_decks_is_the_trial_document_s_figure() -> None:
    """The trial document's 5.478% is the Sandwich wager's house edge at six decks
    (docs/references.md section 1): the file, at its own 6 decks, gives it too."""
    assert percent(analyze_file("triple-bet-sandwich").house_edge, 3) == Fraction(5478, 1000)


# --- Pair Plus: every table edge names ------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(THREE_CARD_PRESETS["pair-plus"]))
def test_pair_plus_every_named_table(name: str) -> None:
    """The file's table NAME pays as edge's own Pair Plus table NAME (a table without a
    mini-royal line pays it as a straight flush), and gives the same probabilities (the
    mini-royal folded into the straight flushes where edge's table does not split it) and the
    same exact house edge."""
    built_in = edge.analyze("three-card-poker", bet="pair-plus", paytable=name)
    table = analyze_file("pair-plus", paytable=name)
    preset = THREE_CARD_PRESETS["pair-plus"][name]
    pays = {row.outcome: row.pays for row in table.rows}
    for outcome in pays:
        if outcome != "lose":
            assert pays[outcome] == preset.pay_for(outcome, THREE_CARD_SPLITS), outcome
    found = probabilities(table)
    if "mini-royal" not in preset:
        found["straight-flush"] += found.pop("mini-royal")
    expected = probabilities(built_in)
    expected["lose"] = expected.pop("high-card")    # edge's Pair Plus names its losing row
    assert found == expected
    assert table.house_edge == built_in.house_edge
    assert table.cycle == 22100


# --- Trips: every table of the standard rule ------------------------------------------------------
FLORIDA = "50-40-30-10-8-6-3"


def test_trips_file_leaves_out_only_the_florida_table() -> None:
    """The beat-dealer (Florida) table needs the dealer's hand, which a file cannot say; every
    other table edge names for Trips is in the file."""
    names = set(edge.get_game(bet_file("trips")).bet(None).presets)
    assert names == set(TRIPS_PRESETS) - {FLORIDA}


@pytest.mark.slow
def test_trips_every_standard_table() -> None:
    """C(52, 7) = 133,784,560 deals of the player's two cards and the board's five: under each
    table the same rows, counts and house edge as edge's own Trips (standard rule)."""
    for name in sorted(set(TRIPS_PRESETS) - {FLORIDA}):
        built_in = edge.analyze("ultimate-texas-holdem", bet="trips", paytable=name)
        table = analyze_file("trips", paytable=name)
        assert table.cycle == 133_784_560
        assert [(row.outcome, row.pays, row.combinations) for row in table.rows
                if row.combinations] == [(row.outcome, row.pays, row.combinations)
                                         for row in built_in.rows], name
        assert table.house_edge == built_in.house_edge, name


# --- 6-Card Bonus: the example package's own count ------------------------------------------------
def six_card_bonus_package() -> ModuleType:
    """examples/six_card_bonus's module: installed, or from its source folder when its Cython
    kernel is built there; the test is skipped when it is neither (`.ci/run` installs it)."""
    source = str(ROOT / "examples" / "six_card_bonus" / "src")
    added = source not in sys.path
    if added:
        sys.path.append(source)
    try:
        return importlib.import_module("six_card_bonus")
    except ImportError as error:
        pytest.skip(f"the example plug-in is not built here ({error})")
    finally:
        if added:
            sys.path.remove(source)


def test_six_card_bonus_file_has_alspachs_counts() -> None:
    """B. Alspach, "6-Card Poker Hands" (17 January 2000): of the 20,358,520 six-card sets the
    best five make a royal flush 188 times, another straight flush 1,656, four of a kind
    14,664 and a full house 165,984."""
    table = analyze_file("six-card-bonus")
    rows = {row.outcome: row.combinations for row in table.rows}
    assert table.cycle == 20_358_520
    assert (rows["royal-flush"], rows["straight-flush"], rows["four-of-a-kind"],
            rows["full-house"]) == (188, 1656, 14664, 165984)


def test_six_card_bonus_file_is_the_example_package() -> None:
    """The file's counts are the example plug-in's own (its ``class_counts`` over the C(52, 6)
    sets, by its own Cython kernel) for both of its tables."""
    package = six_card_bonus_package()
    counts = dict(zip(package.CLASS_NAMES, package.class_counts(), strict=True))
    for name, preset in package.PRESETS.items():
        table = analyze_file("six-card-bonus", paytable=name)
        rows = {row.outcome: row.combinations for row in table.rows}
        assert {name: rows[name] for name in package.OUTCOMES} == {
            name: counts[name] for name in package.OUTCOMES}
        assert table.house_edge == house_edge(counts, preset.as_dict())


# --- Perfect Pairs --------------------------------------------------------------------------------
PERFECT_PAIRS = {
    "A": {"perfect-pair": 25, "coloured-pair": 12, "mixed-pair": 6},
    "B": {"perfect-pair": 30, "coloured-pair": 10, "mixed-pair": 5},
    "C": {"perfect-pair": 25, "coloured-pair": 12, "mixed-pair": 5},
    "D": {"perfect-pair": 25, "coloured-pair": 15, "mixed-pair": 5},
}


@pytest.mark.parametrize("decks", DECKS)
def test_perfect_pairs_against_the_plain_enumeration(decks: int) -> None:
    """Every row's probability and every table's house edge at 1 to 8 decks."""
    counts = tally("perfect-pairs", decks)
    for name, pays in PERFECT_PAIRS.items():
        table = analyze_file("perfect-pairs", decks, name)
        assert probabilities(table) == from_counts(counts)
        assert table.house_edge == house_edge(counts, pays)


def test_perfect_pairs_published() -> None:
    """Wizard of Odds, "Perfect Pairs" (wizardofodds.com/games/blackjack/side-bets/
    perfect-pairs/), version 1: at 8 decks perfect pair 1,456, coloured pair 1,664, red/black
    pair 3,328 of 86,320 two-card hands; house edge 4.0964% (table A), 3.3735% (B), 7.9518% (C),
    2.1687% (D); 6.11% with 6 decks (table A)."""
    table = analyze_file("perfect-pairs")
    assert table.cycle == 86_320
    assert probabilities(table) == from_counts(
        {"perfect-pair": 1456, "coloured-pair": 1664, "mixed-pair": 3328, "lose": 79_872})
    published = {"A": Fraction(40964, 10000), "B": Fraction(33735, 10000),
                 "C": Fraction(79518, 10000), "D": Fraction(21687, 10000)}
    for name, figure in published.items():
        assert percent(analyze_file("perfect-pairs", paytable=name).house_edge, 4) == figure
    assert percent(analyze_file("perfect-pairs", 6).house_edge, 2) == Fraction(611, 100)


def printed_house_edge(out: str) -> float:
    """The house edge in percent from a plain ``edge table`` (its line ``house edge P/Q D%``)."""
    found = re.search(r"^house edge\s+\S+\s+(-?[0-9.]+)%$", out, re.MULTILINE)
    assert found is not None, out
    return float(found.group(1))


def test_perfect_pairs_command_line(edge_cli: CliRunner) -> None:
    """``edge table examples/bets/perfect-pairs.toml --set decks=6`` prints 6.11% (Wizard of
    Odds, as above), and ``--paytable B`` at 8 decks 3.3735%."""
    result = edge_cli("table", bet_file("perfect-pairs"), "--set", "decks=6")
    assert result.status == 0, result.err
    assert round(printed_house_edge(result.out), 2) == 6.11
    result = edge_cli("table", bet_file("perfect-pairs"), "--paytable", "B")
    assert result.status == 0, result.err
    assert printed_house_edge(result.out) == 3.3735


# --- 21+3 ---------------------------------------------------------------------------------------
CLASSIC = {"straight-flush": 9, "three-of-a-kind": 9, "straight": 9, "flush": 9}
SUITED_TRIPS_TABLES = {
    "version-3": {"suited-trips": 100, "straight-flush": 35, "three-of-a-kind": 33,
                  "straight": 10, "flush": 5},
    "100-40-30-10-5": {"suited-trips": 100, "straight-flush": 40, "three-of-a-kind": 30,
                       "straight": 10, "flush": 5},
}


@pytest.mark.parametrize("decks", DECKS)
def test_21_plus_3_against_the_plain_enumeration(decks: int) -> None:
    """Both versions, every table, 1 to 8 decks: each row's probability and the house edge."""
    counts = tally("21-plus-3", decks)
    table = analyze_file("21-plus-3", decks)
    assert probabilities(table) == from_counts(counts)
    assert table.house_edge == house_edge(counts, CLASSIC)
    counts = tally("21-plus-3-suited-trips", decks)
    for name, pays in SUITED_TRIPS_TABLES.items():
        table = analyze_file("21-plus-3-suited-trips", decks, name)
        assert probabilities(table) == from_counts(counts)
        assert table.house_edge == house_edge(counts, pays)


def test_21_plus_3_published() -> None:
    """Wizard of Odds, "21+3" (wizardofodds.com/games/blackjack/side-bets/21plus3/).
    Version 1 (all 9 to 1), six decks: straight flush 10,368, three of a kind 26,312, straight
    155,520, flush 236,736 + pair-and-flush 56,160 of 5,013,320; house edge 3.2386%; and 13.30%,
    7.26%, 4.24%, 3.24%, 2.74% at 1, 2, 4, 6, 8 decks. Version 3 (suited three of a kind 100,
    three of a kind 33, straight flush 35, straight 10, flush 5), six decks: 1,040, 25,272,
    10,368, 155,520, 292,896 and 4,528,224 losing of 5,013,320."""
    table = analyze_file("21-plus-3")
    assert probabilities(table) == from_counts(
        {"straight-flush": 10_368, "three-of-a-kind": 26_312, "straight": 155_520,
         "flush": 236_736 + 56_160, "lose": 5_013_320 - 10_368 - 26_312 - 155_520 - 292_896})
    assert percent(table.house_edge, 4) == Fraction(32386, 10000)
    for decks, figure in ((1, 1330), (2, 726), (4, 424), (6, 324), (8, 274)):
        assert percent(analyze_file("21-plus-3", decks).house_edge, 2) == Fraction(figure, 100)
    table = analyze_file("21-plus-3-suited-trips")
    assert probabilities(table) == from_counts(
        {"suited-trips": 1040, "straight-flush": 10_368, "three-of-a-kind": 25_272,
         "straight": 155_520, "flush": 292_896, "lose": 4_528_224})
    assert table.house_edge == Fraction(207_688, 5_013_320)


# --- Lucky Ladies --------------------------------------------------------------------------------
LUCKY_LADIES = {
    "A": {"queens-of-hearts-and-dealer-blackjack": 1000, "queens-of-hearts": 125,
          "matched-20": 19, "suited-20": 9, "any-20": 4},
    "B": {"queens-of-hearts-and-dealer-blackjack": 1000, "queens-of-hearts": 200,
          "matched-20": 25, "suited-20": 10, "any-20": 4},
}


@pytest.mark.parametrize("decks", DECKS)
def test_lucky_ladies_against_the_plain_enumeration(decks: int) -> None:
    """The player's two cards and the dealer's two, every ordered deal: each row's probability
    and both tables' house edges at 1 to 8 decks."""
    counts = tally("lucky-ladies", decks)
    for name, pays in LUCKY_LADIES.items():
        table = analyze_file("lucky-ladies", decks, name)
        assert probabilities(table) == from_counts(counts)
        assert table.house_edge == house_edge(counts, pays)


def test_lucky_ladies_published() -> None:
    """Wizard of Odds, "Lucky Ladies" (wizardofodds.com/games/blackjack/side-bets/
    lucky-ladies/), table A at six decks: 135,360 / 2,738,340 / 43,105,500 / 193,112,640 /
    744,863,040 / 8,310,740,400 of 9,294,695,280 ordered deals, house edge 24.71%. Table A at
    eight decks 24.05%, one deck 38.16% (onlineblackjack.org, "Lucky Ladies" blog post)."""
    table = analyze_file("lucky-ladies", 6)
    assert probabilities(table) == from_counts(
        {"queens-of-hearts-and-dealer-blackjack": 135_360, "queens-of-hearts": 2_738_340,
         "matched-20": 43_105_500, "suited-20": 193_112_640, "any-20": 744_863_040,
         "lose": 8_310_740_400})
    assert percent(table.house_edge, 2) == Fraction(2471, 100)
    assert percent(analyze_file("lucky-ladies").house_edge, 2) == Fraction(2405, 100)
    assert percent(analyze_file("lucky-ladies", 1).house_edge, 2) == Fraction(3816, 100)


# --- bad files through the command line ---------------------------------------------------------
GOOD = """\
name = "pairs"
title = "Pairs"

[shoe]
decks = {decks}

[deal]
player = 2
dealer = 1

[rules]
outcomes = "{outcomes}"

[[outcome]]
name = "pair"
when = "{when}"

[[outcome]]
name = "suited"
when = "{second}"

[paytables]
default = "A"
A = {{ {pays} }}
"""


def write_bet(folder: Path, decks: int = 2, outcomes: str = "first-match",
              when: str = "same_rank(player)", second: str = "same_suit(player)",
              pays: str = "pair = 10, suited = 3") -> str:
    """A small bet file with one part changed; the unchanged file is a good one."""
    path = folder / "bet.toml"
    path.write_text(GOOD.format(decks=decks, outcomes=outcomes, when=when, second=second,
                                pays=pays))
    return str(path)


def one_error(edge_cli: CliRunner, path: str) -> str:
    """``edge table PATH`` must fail with one ``edge: error:`` line, exit 2, nothing on
    standard output and no traceback; the line is returned."""
    result = edge_cli("table", path)
    assert result.status == 2, (result.out, result.err)
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("edge: error: "), result.err
    assert "Traceback" not in result.err
    return lines[0]


def test_the_small_bet_file_is_good(edge_cli: CliRunner, tmp_path: Path) -> None:
    """The file the bad ones are made from is itself read and analysed."""
    result = edge_cli("table", write_bet(tmp_path))
    assert result.status == 0, result.err


def test_unknown_place(edge_cli: CliRunner, tmp_path: Path) -> None:
    line = one_error(edge_cli, write_bet(tmp_path, when="same_rank(players)"))
    assert "players" in line and "player" in line.replace("players", "")


def test_unknown_function(edge_cli: CliRunner, tmp_path: Path) -> None:
    line = one_error(edge_cli, write_bet(tmp_path, when="same_ranks(player)"))
    assert "same_ranks" in line


def test_condition_syntax_error_gives_line_and_column(edge_cli: CliRunner,
                                                      tmp_path: Path) -> None:
    """The condition is on line 16 of the file and starts at column 9 (after ``when = "``);
    the second ``and`` is 22 characters into it."""
    line = one_error(edge_cli, write_bet(tmp_path, when="same_rank(player) and and"))
    assert "line 16, column 31" in line


def test_toml_syntax_error(edge_cli: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('name = "broken\n[shoe]\ndecks = 2\n')
    line = one_error(edge_cli, str(path))
    assert "broken.toml" in line and "line" in line


def test_missing_pay(edge_cli: CliRunner, tmp_path: Path) -> None:
    line = one_error(edge_cli, write_bet(tmp_path, pays="pair = 10"))
    assert "suited" in line


def test_an_outcome_that_can_never_happen(edge_cli: CliRunner, tmp_path: Path) -> None:
    """Two identical cards from one deck: the outcome is named."""
    line = one_error(edge_cli, write_bet(tmp_path, decks=1, when="same_card(player)"))
    assert "pair" in line


def test_overlapping_outcomes_when_they_must_be_exclusive(edge_cli: CliRunner,
                                                          tmp_path: Path) -> None:
    """A suited pair (two decks) meets both conditions: both outcomes are named."""
    line = one_error(edge_cli, write_bet(tmp_path, outcomes="exclusive"))
    assert "pair" in line and "suited" in line


def test_poker5_needs_one_deck(edge_cli: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "holdem.toml"
    path.write_text((BETS / "trips.toml").read_text().replace("decks = 1", "decks = 2"))
    line = one_error(edge_cli, str(path))
    assert "poker5" in line


def test_a_word_given_the_wrong_kind_of_cards(edge_cli: CliRunner, tmp_path: Path) -> None:
    """``rank`` takes one card; the player has two."""
    line = one_error(edge_cli, write_bet(tmp_path, when="rank(player) == A"))
    assert "rank" in line and "line 16" in line


def test_a_pay_for_an_unknown_outcome(edge_cli: CliRunner, tmp_path: Path) -> None:
    line = one_error(edge_cli, write_bet(tmp_path, pays="pair = 10, suited = 3, flush = 2"))
    assert "flush" in line


def test_an_outcome_an_earlier_one_always_takes(edge_cli: CliRunner, tmp_path: Path) -> None:
    """A suited pair is a pair, and the pair is checked first: the suited pair is never paid."""
    line = one_error(edge_cli, write_bet(
        tmp_path, second="same_rank(player) and same_suit(player)"))
    assert "suited" in line


def test_more_than_seven_cards(edge_cli: CliRunner, tmp_path: Path) -> None:
    """Four cards each to the player and the dealer, all looked at."""
    path = Path(write_bet(tmp_path, when="same_rank(player + dealer)"))
    path.write_text(path.read_text().replace("player = 2\ndealer = 1", "player = 4\ndealer = 4"))
    line = one_error(edge_cli, str(path))
    assert "8 cards" in line and "7" in line


# --- the other commands on a bet file -------------------------------------------------------------
def test_simulate_a_bet_file(edge_cli: CliRunner) -> None:
    """``edge simulate FILE``: dealt and settled rounds agree with the exact table."""
    result = edge_cli("simulate", bet_file("perfect-pairs"), "--hands", "100000", "--seed", "1",
                      "--jobs", "1")
    assert result.status == 0, result.err
    assert "agrees" in result.out


def test_report_on_a_bet_file(edge_cli: CliRunner, tmp_path: Path) -> None:
    """``edge report FILE --meta META -o FILE.html``: the file's title, each outcome's words and
    the metadata are in the report."""
    meta = tmp_path / "meta.toml"
    meta.write_text('applicant = "A. Inventor"\ndocument_id = "BET-1"\n')
    output = tmp_path / "perfect-pairs.html"
    result = edge_cli("report", bet_file("perfect-pairs"), "--meta", str(meta), "-o", str(output))
    assert result.status == 0, result.err
    text = output.read_text()
    for words in ("Perfect Pairs", "A. Inventor", "BET-1",
                  "two identical cards: the same rank and the same suit"):
        assert words in text, words


def test_report_method_claims_only_checks_made(edge_cli: CliRunner, tmp_path: Path) -> None:
    """Issue 24: a bet file's report claims the checks its analysis makes (the shoe's total)
    and a simulation settled by the file's own conditions, never a plain enumeration or
    settlement code of its own."""
    output = tmp_path / "perfect-pairs.md"
    result = edge_cli("report", bet_file("perfect-pairs"), "-o", str(output))
    assert result.status == 0, result.err
    text = output.read_text()
    method = text.split("## 4. Method", 1)[1].split("\n## ", 1)[0]
    assert "plain enumeration" not in method and "computed apart" in method
    assert "by the bet file's own conditions" in method
    assert "separate code written from the rules" not in text
