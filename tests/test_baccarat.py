"""Baccarat (edge/games/baccarat/, issue 35 section 2) against what is known without edge.

Two independent references, neither calling edge:

- a plain enumeration of the coup written below from the rule book: every ordered deal of
  card points (0 for tens and faces, 1 for an ace, 2 to 9 at face value), four cards, then
  the player's third card when the player's rule says so, then the banker's by the banker's
  rule, each deal weighted by the number of ways to take those physical cards from the shoe,
  and every card a coup does not use counted as any card of the rest: every ordered sequence
  of six cards, (52d)(52d-1)...(52d-5) in all, as the literature counts a coup;
- published figures, each cited where it is used and in docs/references.md ("Baccarat").

The reference's own counts are first checked against the published counts, then edge's every
wager against the reference, at several numbers of decks.
"""

from __future__ import annotations

import itertools
import math
import tomllib
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import edge
from edge.bets import BetFileError
from edge.bets.bundle import game_of_files
from edge.document import Report
from edge.document.document import Table
from edge.document.layout import cell_text
from edge.games.baccarat import sources
from edge.published import Published
from edge.table import ReturnTable
from tests.conftest import CliRunner

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "edge" / "games" / "baccarat"
IntArray = npt.NDArray[np.int64]
Masks = Mapping[str, npt.NDArray[np.bool_]]
NONE = -1          # a card the coup does not deal (no third card)


# --- the reference: the coup from the rule book ------------------------------------------


def player_draws(two_card_points: int) -> bool:
    """The player draws on 0 to 5 and stands on 6 or 7 (no natural on either side)."""
    return two_card_points <= 5


def banker_draws(two_card_points: int, player_third: int | None) -> bool:
    """The banker's rule: on 0 to 5 when the player stood; when the player drew, by the
    banker's total and the points of the player's third card (the tableau)."""
    if player_third is None:
        return two_card_points <= 5
    draws_on = {0: range(10), 1: range(10), 2: range(10), 3: (0, 1, 2, 3, 4, 5, 6, 7, 9),
                4: (2, 3, 4, 5, 6, 7), 5: (4, 5, 6, 7), 6: (6, 7), 7: ()}
    return player_third in draws_on[two_card_points]


@cache
def coups() -> IntArray:
    """Every coup by card points, one row each: player 1st, banker 1st, player 2nd, banker
    2nd, the player's third card, the banker's third card (NONE when not drawn)."""
    rows = []
    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        player, banker = (p1 + p2) % 10, (b1 + b2) % 10
        if player >= 8 or banker >= 8:                    # a natural: nobody draws
            rows.append((p1, b1, p2, b2, NONE, NONE))
            continue
        for third in (range(10) if player_draws(player) else (None,)):
            drawn = range(10) if banker_draws(banker, third) else (NONE,)
            rows += [(p1, b1, p2, b2, NONE if third is None else third, last)
                     for last in drawn]
    return np.array(rows, dtype=np.int64)


def full_shoe(decks: int) -> tuple[int, ...]:
    """The cards of each point value 0 to 9 in a shoe of ``decks`` decks: 16 per deck of
    points 0 (tens and faces), 4 of each other."""
    return (16 * decks, *(4 * decks,) * 9)


def weights(decks: int, shoe: tuple[int, ...] | None = None) -> IntArray:
    """How many ordered sequences of six physical cards give each coup: the cards it deals,
    each from the copies of its points left, then the unused positions from whatever is left
    (from a full shoe of ``decks`` decks, or from ``shoe``: the cards of each point value)."""
    left = np.array(shoe or full_shoe(decks), dtype=np.int64)
    rows = coups()
    weight = np.ones(len(rows), dtype=np.int64)
    used = np.zeros(len(rows), dtype=np.int64)
    for column in range(6):
        card = rows[:, column]
        earlier = (rows[:, :column] == card[:, None]).sum(axis=1)
        copies = left[np.maximum(card, 0)] - earlier
        weight *= np.where(card != NONE, np.maximum(copies, 0), 1)
        used += card != NONE
    for position in range(6):                  # the cards no hand takes, after those it does
        weight *= np.where(used <= position, int(left.sum()) - position, 1)
    return weight


def six_cards(decks: int) -> int:
    """Every ordered sequence of six cards from the shoe."""
    return math.perm(52 * decks, 6)


def points(columns: tuple[int, ...]) -> IntArray:
    rows = coups()
    return np.asarray(np.where(rows[:, columns] == NONE, 0, rows[:, columns]).sum(axis=1) % 10)


# The final hands and what a wager's rule reads from them.
PLAYER, BANKER = points((0, 2, 4)), points((1, 3, 5))
PLAYER_NATURAL, BANKER_NATURAL = points((0, 2)) >= 8, points((1, 3)) >= 8
PLAYER_DREW, BANKER_DREW = coups()[:, 4] != NONE, coups()[:, 5] != NONE


def dragon_bonus(side: IntArray, other: IntArray,
                 natural: npt.NDArray[np.bool_]) -> Masks:
    """A natural win, a natural tie (push), else a win by 4 to 9 points (no natural)."""
    margin = side - other
    outcomes = {"natural-win": natural & (margin > 0), "natural-tie": natural & (margin == 0)}
    outcomes |= {f"win-by-{k}": ~natural & (margin == k) for k in range(9, 3, -1)}
    return outcomes


# Each wager's winning (or pushing) outcomes in words of the rule book; the rest lose.
WAGERS: dict[str, Callable[[], Masks]] = {
    "banker": lambda: {"win": BANKER > PLAYER, "tie": BANKER == PLAYER},
    "player": lambda: {"win": PLAYER > BANKER, "tie": PLAYER == BANKER},
    "tie": lambda: {"tie": PLAYER == BANKER},
    "dragon-bonus-player": lambda: dragon_bonus(PLAYER, BANKER, PLAYER_NATURAL),
    "dragon-bonus-banker": lambda: dragon_bonus(BANKER, PLAYER, BANKER_NATURAL),
    "ez-banker": lambda: {"dragon-7": BANKER_DREW & (BANKER == 7) & (PLAYER < 7),
                          "win": (BANKER > PLAYER) & ~(BANKER_DREW & (BANKER == 7)),
                          "tie": BANKER == PLAYER},
    "dragon-7": lambda: {"dragon-7": BANKER_DREW & (BANKER == 7) & (BANKER > PLAYER)},
    "panda-8": lambda: {"panda-8": PLAYER_DREW & (PLAYER == 8) & (PLAYER > BANKER)},
    "lucky-6": lambda: {"two-card-6": ~BANKER_DREW & (BANKER == 6) & (BANKER > PLAYER),
                        "three-card-6": BANKER_DREW & (BANKER == 6) & (BANKER > PLAYER)},
}


def reference(wager: str, decks: int) -> dict[str, int]:
    """A wager's count of each outcome (and ``lose``) over the six-card sequences."""
    weight = weights(decks)
    if wager in ("player-pair", "banker-pair"):
        # the hand's first two cards of one rank: any first card, then one of the 4d - 1
        # others of its rank, then any four cards of the rest
        pairs = 52 * decks * (4 * decks - 1) * math.perm(52 * decks - 2, 4)
        return {"pair": pairs, "lose": six_cards(decks) - pairs}
    masks = WAGERS[wager]()
    covered = np.zeros(len(weight), dtype=np.bool_)
    counts = {}
    for outcome, mask in masks.items():
        assert not (mask & covered).any(), f"{wager}: {outcome} overlaps an earlier outcome"
        counts[outcome] = int(weight[mask].sum())
        covered |= mask
    counts["lose"] = int(weight[~covered].sum())
    assert sum(counts.values()) == six_cards(decks)
    return counts


def edge_table(wager: str, decks: int = 8, paytable: str | None = None) -> ReturnTable:
    return edge.analyze("baccarat", wager, paytable, options={"decks": decks})


def edge_counts(table: ReturnTable) -> dict[str, int]:
    return {row.outcome: row.combinations for row in table.rows}


# --- the reference against published counts ----------------------------------------------


# Wizard of Odds, "Baccarat" (wizardofodds.com/games/baccarat/basics/), the tables
# "Probabilities in 8-deck / 6-deck / 4-deck baccarat": combinations of the Banker win, Player
# win and Tie over every ordered sequence of six cards (the 4-deck Tie is not quoted here).
WIZARD_MAIN = {8: (2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216),
               6: (403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288),
               4: (34_543_624_867_840, 33_608_344_225_792, None)}


@pytest.mark.parametrize("decks", sorted(WIZARD_MAIN))
def test_reference_main_bets_are_the_published_counts(decks: int) -> None:
    banker, player, tie = WIZARD_MAIN[decks]
    assert reference("banker", decks)["win"] == banker
    assert reference("player", decks)["win"] == player
    assert tie is None or reference("tie", decks)["tie"] == tie


def test_reference_side_bets_are_the_published_counts() -> None:
    # Dragon 7: 112,633,011,329,024 winning combinations of 8 decks (E. Jacobson, "Card
    # counting the Dragon/Fortune 7 baccarat side bet", 2014; the same in the Wizard of Odds'
    # EZ Baccarat page). Panda 8: 172,660,763,262,976 (Wizard of Odds, EZ Baccarat).
    assert reference("dragon-7", 8)["dragon-7"] == 112_633_011_329_024
    assert reference("panda-8", 8)["panda-8"] == 172_660_763_262_976
    # Lucky 6: 186,173,936,904,192 two-card and 83,058,367,551,488 three-card winning sixes
    # (Wizard of Odds, "Lucky 6", 2019)
    lucky = reference("lucky-6", 8)
    assert (lucky["two-card-6"], lucky["three-card-6"]) == (186_173_936_904_192,
                                                             83_058_367_551_488)
    # EZ Baccarat's banker: the Dragon 7s push, the other banker wins pay (Wizard of Odds,
    # EZ Baccarat: its win count is printed rounded, so the two are checked by their sum)
    ez = reference("ez-banker", 8)
    assert ez["dragon-7"] == 112_633_011_329_024
    assert ez["dragon-7"] + ez["win"] == WIZARD_MAIN[8][0]


# Wizard of Odds, "Baccarat", appendix 5 (wizardofodds.com/games/baccarat/appendix/5/): the
# Dragon Bonus at 8 decks, every winning and pushing event's combinations (the losses are
# printed rounded to 15 digits, so they are compared through the total below).
DRAGON_BONUS = {
    "player": (18_409_431_764_992, 34_097_645_543_424, 89_590_261_473_280, 141_238_897_317_888,
               166_169_165_987_840, 186_780_352_174_080),
    "banker": (15_390_342_909_952, 28_305_092_784_128, 79_517_099_278_336, 119_200_072_366_080,
               157_275_882_332_160, 201_147_167_287_296)}
NATURAL_WIN, NATURAL_TIE = 812_685_054_124_032, 89_325_908_267_520


@pytest.mark.parametrize("side", ["player", "banker"])
def test_reference_dragon_bonus_is_appendix_5(side: str) -> None:
    counts = reference(f"dragon-bonus-{side}", 8)
    assert [counts[f"win-by-{k}"] for k in range(9, 3, -1)] == list(DRAGON_BONUS[side])
    assert (counts["natural-win"], counts["natural-tie"]) == (NATURAL_WIN, NATURAL_TIE)


# --- edge against the reference ------------------------------------------------------------


ALL_WAGERS = ("banker", "player", "tie", "player-pair", "banker-pair", "dragon-bonus-player",
              "dragon-bonus-banker", "ez-banker", "dragon-7", "panda-8", "lucky-6")


def test_the_game_has_every_wager() -> None:
    assert [bet.name for bet in edge.get_game("baccarat").bets] == list(ALL_WAGERS)
    assert edge.get_game("punto-banco") is edge.get_game("baccarat")


@pytest.mark.parametrize("wager", ALL_WAGERS)
def test_every_wager_at_eight_decks(wager: str) -> None:
    table = edge_table(wager)
    assert table.cycle == six_cards(8)
    assert edge_counts(table) == reference(wager, 8)


@pytest.mark.parametrize("wager", ["banker", "dragon-bonus-banker", "player-pair", "lucky-6"])
@pytest.mark.parametrize("decks", [1, 2])
def test_wagers_at_few_decks(wager: str, decks: int) -> None:
    table = edge_table(wager, decks)
    assert table.cycle == six_cards(decks)
    assert edge_counts(table) == reference(wager, decks)


@pytest.mark.slow
@pytest.mark.parametrize("wager", ALL_WAGERS)
@pytest.mark.parametrize("decks", range(1, 8))
def test_every_wager_at_every_deck(wager: str, decks: int) -> None:
    assert edge_counts(edge_table(wager, decks)) == reference(wager, decks)


# --- published house edges -----------------------------------------------------------------


# (wager, pay table, decks, published house edge in %, its decimals, source)
PUBLISHED_EDGES = [
    # Wizard of Odds, "Baccarat" (as above): 8 decks
    ("banker", None, 8, "1.06", "Wizard of Odds, Baccarat"),
    ("player", None, 8, "1.24", "Wizard of Odds, Baccarat"),
    ("tie", None, 8, "14.36", "Wizard of Odds, Baccarat"),
    # Wizard of Odds, appendix 5 (as above)
    ("dragon-bonus-player", None, 8, "2.65", "Wizard of Odds, Baccarat, appendix 5"),
    ("dragon-bonus-banker", None, 8, "9.37", "Wizard of Odds, Baccarat, appendix 5"),
    ("dragon-bonus-player", None, 6, "2.67", "Wizard of Odds, Baccarat, appendix 5"),
    ("dragon-bonus-banker", None, 4, "9.42", "Wizard of Odds, Baccarat, appendix 5"),
    # Wizard of Odds, "EZ Baccarat" (wizardofodds.com/games/ez-baccarat/, 2015): 8 decks
    ("ez-banker", None, 8, "1.02", "Wizard of Odds, EZ Baccarat"),
    ("dragon-7", None, 8, "7.61", "Wizard of Odds, EZ Baccarat"),
    ("panda-8", None, 8, "10.19", "Wizard of Odds, EZ Baccarat"),
    # Wizard of Odds, "Lucky 6" (2019): the two pay tables at 8 decks
    ("lucky-6", "12-20", 8, "16.68", "Wizard of Odds, Lucky 6"),
    ("lucky-6", "12-23", 8, "11.70", "Wizard of Odds, Lucky 6"),
    # baccarat.guru, "Know Baccarat Odds for All Games": the pair bet at 11 to 1
    ("player-pair", None, 8, "10.36", "baccarat.guru, baccarat odds"),
    ("banker-pair", None, 6, "11.25", "baccarat.guru, baccarat odds"),
    ("player-pair", None, 1, "29.41", "baccarat.guru, baccarat odds"),
]


@pytest.mark.parametrize(("wager", "paytable", "decks", "edge_percent", "source"),
                         PUBLISHED_EDGES)
def test_published_house_edges(wager: str, paytable: str | None, decks: int,
                               edge_percent: str, source: str) -> None:
    places = len(edge_percent.split(".")[1])
    found = edge_table(wager, decks, paytable).house_edge * 100
    assert round(found, places) == Fraction(edge_percent), (source, float(found))


def test_jacobson_s_dragon_7_figures() -> None:
    # E. Jacobson, "Card counting the Dragon/Fortune 7 baccarat side bet" (2014), 8 decks:
    # house edge 7.6113%, standard deviation 6.0849, hit frequency 2.2534%
    table = edge_table("dragon-7")
    assert round(table.house_edge * 100, 4) == Fraction("7.6113")
    assert round(float(table.standard_deviation), 4) == 6.0849
    assert round(table.hit_frequency * 100, 4) == Fraction("2.2534")


@pytest.mark.parametrize("entry", sources.PUBLISHED, ids=lambda entry: entry.bet)
def test_the_reports_published_figures_agree(entry: Published) -> None:
    # what the report prints beside edge's figures (edge/games/baccarat/sources.py)
    assert entry.figure == "house_edge" and not entry.options
    assert entry.agrees(edge_table(entry.bet, 8, entry.paytable).house_edge)


def test_the_pays_as_stated() -> None:
    # the Banker bet's commission is a pay of 0.95 (19 to 20); ties push (a pay of 0)
    banker = edge_table("banker")
    pays = {row.outcome: row.pays for row in banker.rows}
    assert pays == {"win": Fraction(19, 20), "tie": 0, "lose": -1}
    assert edge_table("tie", paytable="9-to-1").rows[0].pays == 9
    # the tie at 9 to 1: exact, from the reference's counts
    tie = reference("tie", 8)
    assert edge_table("tie", paytable="9-to-1").house_edge == 1 - Fraction(
        10 * tie["tie"], six_cards(8))


# --- the files ------------------------------------------------------------------------------


def test_every_file_deals_alike() -> None:
    # one shoe, one deal, one third-card rule: the wagers are bets on one coup
    read = {name: tomllib.loads((FOLDER / f"{name}.toml").read_text(encoding="utf-8"))
            for name in ALL_WAGERS}
    first = read["banker"]
    for name, data in read.items():
        assert data["name"] == name
        for key in ("shoe", "deal", "draw"):
            assert data[key] == first[key], (name, key)


def test_files_that_deal_differently_are_refused(tmp_path: Path) -> None:
    for name in ("banker", "tie"):
        text = (FOLDER / f"{name}.toml").read_text(encoding="utf-8")
        if name == "tie":
            text = text.replace("decks = 8", "decks = 6")
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    with pytest.raises(BetFileError, match="tie.toml: it does not deal as banker.toml"):
        game_of_files("test", "Test", tmp_path, ("banker", "tie"), source="a test")


def test_the_files_are_package_data() -> None:
    # a wheel carries the files beside the game's module (pyproject.toml's package-data)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]
    assert "*.toml" in data["edge.games.baccarat"]
    assert {path.stem for path in FOLDER.glob("*.toml")} == set(ALL_WAGERS)


# --- the command line -----------------------------------------------------------------------


def test_games_lists_baccarat(edge_cli: CliRunner) -> None:
    result = edge_cli("games", "baccarat")
    assert result.status == 0, result.err
    for wager in ALL_WAGERS:
        assert wager in result.out


def test_table_at_six_decks(edge_cli: CliRunner) -> None:
    result = edge_cli("table", "baccarat", "--bet", "dragon-7", "--set", "decks=6")
    assert result.status == 0, result.err
    counts = reference("dragon-7", 6)
    assert f"{counts['dragon-7']:,}" in result.out


def test_bad_decks_is_one_error(edge_cli: CliRunner) -> None:
    result = edge_cli("table", "baccarat", "--set", "decks=9")
    assert result.status == 2 and result.out == ""
    assert result.err.startswith("edge: error:") and "9" in result.err
    assert len(result.err.strip().splitlines()) == 1


# --- the report -----------------------------------------------------------------------------


@pytest.mark.slow       # eleven wagers analysed at 1 to 8 decks, each simulated: half a minute
def test_the_report(default_report: Callable[[str], Report]) -> None:
    report = default_report("baccarat")
    titles = [section.title for section in report.sections]
    for title in ("Rules of play", "Every pay table and variant", "Maximum payout per round",
                  "Verification by simulation"):
        assert title in titles
    assert set(report.tables) == set(ALL_WAGERS)
    # the published figures beside edge's, each agreeing (docs/references.md, "Baccarat")
    summary = next(part for part in report.sections if part.title == "Summary of wagers")
    published = next(block for block in summary.blocks if isinstance(block, Table)
                     and block.caption.startswith("Published figures"))
    agrees = published.headers.index("agrees")
    game = edge.get_game("baccarat")
    at_defaults = [entry for entry in sources.PUBLISHED
                   if entry.paytable == game.bet(entry.bet).default_paytable]
    assert len(published.rows) == len(at_defaults)
    assert all(cell_text(row[agrees]) == "yes" for row in published.rows), published.rows


# --- card counting: the shoe less one card (issue 35 section 3) -------------------------------


def points_of_rank(rank: int) -> int:
    """A rank's points (rank 0 the deuce .. 12 the ace, edge's order of faces)."""
    return rank + 2 if rank <= 7 else 1 if rank == 12 else 0


def reference_return(wager: str, pays: Mapping[str, int], shoe: tuple[int, ...]) -> Fraction:
    """A wager's exact return per unit from a shoe of the given cards of each point value."""
    weight = weights(0, shoe)
    masks = WAGERS[wager]()
    won = sum(pays[outcome] * int(weight[mask].sum()) for outcome, mask in masks.items())
    covered = np.logical_or.reduce(list(masks.values()))
    return Fraction(won - int(weight[~covered].sum()), int(weight.sum()))


@pytest.mark.parametrize("rank", [6, 7, 2, 8, 12], ids=["8", "9", "4", "T", "A"])
def test_dragon_7_from_a_shoe_less_one_card(rank: int) -> None:
    # edge's shoe return (what its counting's effects of removal are made of) against the
    # reference from the same shoe: 8 decks less one card of the rank
    game = edge.get_game("baccarat")
    bet = game.bet("dragon-7")
    assert bet.shoe_return is not None
    copies = [8] * 52
    copies[4 * rank] -= 1
    shoe = list(full_shoe(8))
    shoe[points_of_rank(rank)] -= 1
    found = bet.shoe_return(game.wager(None, game.make_rules({})), tuple(copies))
    assert found == reference_return("dragon-7", {"dragon-7": 40}, tuple(shoe))


@pytest.mark.slow       # 52 shoes less one card, then every count of levels 1 to 3: seconds
def test_jacobson_s_dragon_7_count() -> None:
    # E. Jacobson's count for the Dragon 7 (Wizard of Odds, "Card Counting the Dragon Side Bet
    # in EZ Baccarat", 2011; the tags as S. How gives them, discountgambling.net, "Baccarat
    # Dragon-7 tracking sheet", 4 October 2011): 4 to 7 count -1, 8 and 9 count +2, the rest 0,
    # a balanced count. Removing an 8 or a 9 helps the wager most (the cards that keep the
    # banker from drawing). It is the best balanced count of level 2 that edge finds.
    from edge.counting.document import analyse
    game = edge.get_game("baccarat")
    found = analyse(game, game.bet("dragon-7"), None, game.make_rules({}))
    effects = found.effects.effects
    by_rank = [effects[4 * rank] for rank in range(13)]
    assert max(by_rank) == by_rank[6] and sorted(by_rank)[-2] == by_rank[7]   # 8, then 9
    level_2 = next(c for c in found.candidates if c.level == 2 and c.balanced)
    jacobson = {2: -1, 3: -1, 4: -1, 5: -1, 6: 2, 7: 2}       # ranks 4 to 7, 8 and 9
    assert level_2.fit.count.tags == tuple(jacobson.get(face // 4, 0) for face in range(52))
