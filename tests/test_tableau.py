"""The drawing rules as tables (edge/bets/tableau.py) against the third-card rule written out by
hand here, as casinos print it (docs/baccarat.md; Wizard of Odds, Baccarat, "Rules")."""

from __future__ import annotations

from pathlib import Path

from edge.bets.file import read_bet_file
from edge.bets.tableau import DRAWS, NEVER, STANDS, drawing_tables

ROOT = Path(__file__).parent.parent
BANKER = ROOT / "edge" / "games" / "baccarat" / "banker.toml"


def banker_draws(banker: int, third: int | None) -> bool:
    """The banker's rule when neither hand has a natural: ``third`` is the points of the
    player's third card, None when the player stood."""
    if third is None:
        return banker <= 5
    most = {0: 3, 1: 3, 2: 4, 3: 4, 4: 5, 5: 5, 6: 6, 7: 6, 8: 2, 9: 3}[third]
    return banker <= most


def test_the_banker_s_tableau_is_the_third_card_rule() -> None:
    player, banker = drawing_tables(read_bet_file(BANKER))
    assert player.headers[1:] == tuple(str(p) for p in range(10))
    assert [row[0] for row in player.rows] == ["not natural(banker)", "natural(banker)"]
    assert player.rows[0][1:] == tuple(DRAWS if p <= 5 else STANDS for p in range(10))
    assert player.rows[1][1:] == (STANDS,) * 10
    assert banker.headers[1:] == tuple(str(b) for b in range(10))
    thirds: dict[int | None, tuple[str, ...]] = {}
    for row in banker.rows:
        label, cells = str(row[0]), tuple(map(str, row[1:]))
        if label.startswith("natural(player)"):
            assert cells == (STANDS,) * 10
            continue
        if "not drew(player)" in label:
            thirds[None] = cells
            continue
        values = label.split("points(player[3]) = ")[1].replace(" or ", ", ").split(", ")
        for value in values:
            thirds[int(value)] = cells
    assert set(thirds) == {None, *range(10)}
    for third, cells in thirds.items():
        # a banker natural (8, 9) never meets a player who drew
        expected = tuple(
            (NEVER if third is not None else STANDS) if b >= 8
            else DRAWS if banker_draws(b, third) else STANDS for b in range(10))
        assert cells == expected, third


def test_a_rule_reading_only_its_own_hand_is_left_as_written() -> None:
    assert drawing_tables(read_bet_file(ROOT / "examples" / "bets" / "dealer-bust.toml")) == []


def test_the_report_prints_the_tableau() -> None:
    from edge.bets import load_bet_file
    from edge.document.document import Table
    from edge.games import Analyses, ReportContext
    game = load_bet_file(BANKER)
    rules = game.make_rules({})
    context = ReportContext(game, rules, {"banker": None}, {}, Analyses(game))
    assert game.rules_sections is not None
    equipment = game.rules_sections(context)[0]
    captions = [block.caption for block in equipment.blocks if isinstance(block, Table)]
    assert [c.split(" (")[0] for c in captions] == ["When player draws", "When banker draws"]
