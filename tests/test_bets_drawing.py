"""Drawing rules in bet files (``[[draw]]``, docs/bets.md "Drawing rules") and the words of drawn
hands (points, cards, drew, natural, bust; total, soft, hard_total of a drawn hand).

Every count is checked against a plain dealing written here: a recursive enumeration of every
ordered sequence of physical cards of a small shoe (each card a different physical card, a face
with two copies two cards), the first cards dealt to the places in order and each drawing rule
applied card by card by plain Python rules written from docs/bets.md, never by edge's code. A
deal that stops after ``k`` cards stands for the ``(S - k)! / (S - N)!`` orders of its unused
cards (``N`` the most cards a deal uses), as the literature counts a baccarat coup. Probabilities
are compared as Fractions.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import edge
from edge.bets.drawing import FACES, RANKS, VALUES, class_level, column_levels, drawn_deals
from edge.bets.file import read_bet_file
from edge.bets.game import BetAnalysis, drawn_example, simulator
from edge.errors import EdgeError
from edge.simulation import simulate
from tests.conftest import CliRunner

pytestmark = pytest.mark.kernels

Hands = dict[str, list[int]]
Rule = tuple[str, bool, Callable[[Hands, dict[str, int]], bool]]


# --- plain card words (face = rank * 4 + suit; rank 0 = deuce .. 12 = ace) ----------------------
def points_of(cards: Sequence[int]) -> int:
    """Baccarat points: A 1, 2-9 their value, tens and faces 0; the sum's last digit."""
    values = [1 if c // 4 == 12 else (c // 4 + 2 if c // 4 < 8 else 0) for c in cards]
    return sum(values) % 10


def hard_of(cards: Sequence[int]) -> int:
    """Blackjack hard total: aces 1, tens and faces 10."""
    return sum(1 if c // 4 == 12 else min(c // 4 + 2, 10) for c in cards)


def soft_of(cards: Sequence[int]) -> bool:
    """An ace counted as 11 without going over 21."""
    return any(c // 4 == 12 for c in cards) and hard_of(cards) + 10 <= 21


def total_of(cards: Sequence[int]) -> int:
    return hard_of(cards) + 10 if soft_of(cards) else hard_of(cards)


def natural_of(cards: Sequence[int]) -> bool:
    return points_of(cards[:2]) >= 8


@dataclass(frozen=True)
class Plain:
    """A game dealt by hand: the first cards of each place, the drawing rules (place, whether
    it repeats, the condition on the hands and the cards each place was dealt first) and the
    outcomes (first match)."""

    first: tuple[tuple[str, int], ...]
    rules: tuple[Rule, ...]
    outcomes: tuple[tuple[str, Callable[[Hands], bool]], ...]

    def play(self, cards: Sequence[int]) -> Hands | None:
        """The hands the cards make, in the order given; None when they run out first."""
        hands: Hands = {place: [] for place, _ in self.first}
        dealt = dict(self.first)
        at = 0
        for place, count in self.first:
            for _ in range(count):
                if at == len(cards):
                    return None
                hands[place].append(cards[at])
                at += 1
        for place, repeat, holds in self.rules:
            while holds(hands, dealt):
                if at == len(cards):
                    return None
                hands[place].append(cards[at])
                at += 1
                if not repeat:
                    break
        return hands if at == len(cards) else None

    def settle(self, hands: Hands) -> str:
        return next((name for name, holds in self.outcomes if holds(hands)), "lose")

    def probabilities(self, shoe: Sequence[int]) -> dict[str, Fraction]:
        """Every ordered sequence of physical cards, recursively (see the module)."""
        found: Counter[tuple[str, int]] = Counter()

        def walk(prefix: list[int], left: list[int]) -> None:
            hands = self.play([shoe[i] for i in prefix])
            if hands is not None:
                found[(self.settle(hands), len(prefix))] += 1
                return
            for i in left:
                walk(prefix + [i], [j for j in left if j != i])

        walk([], list(range(len(shoe))))
        most = max(k for _, k in found)
        size = len(shoe)
        weights: Counter[str] = Counter()
        for (name, k), count in found.items():
            weights[name] += count * math.perm(size - k, most - k)
        total = math.perm(size, most)
        assert sum(weights.values()) == total
        return {name: Fraction(count, total) for name, count in weights.items() if count}


def drew(hands: Hands, dealt: dict[str, int], place: str) -> bool:
    return len(hands[place]) > dealt[place]


def third(hands: Hands, place: str) -> int | None:
    return hands[place][2] if len(hands[place]) > 2 else None


# --- baccarat, written twice ------------------------------------------------------------------
BACCARAT_RULES = """
[[draw]]
place = "player"
when = "not natural(player) and not natural(banker) and points(player) <= 5"

[[draw]]
place = "banker"
when = \"\"\"not natural(player) and not natural(banker) and (
    (not drew(player) and points(banker) <= 5)
    or (drew(player) and points(banker) <= 2)
    or (drew(player) and points(banker) == 3 and points(player[3]) != 8)
    or (drew(player) and points(banker) == 4 and points(player[3]) between 1 and 8)
    or (drew(player) and points(banker) == 5 and points(player[3]) between 3 and 8)
    or (drew(player) and points(banker) == 6 and points(player[3]) between 5 and 8))\"\"\"
"""


def _player_draws(hands: Hands, dealt: dict[str, int]) -> bool:
    return (not natural_of(hands["player"]) and not natural_of(hands["banker"])
            and points_of(hands["player"]) <= 5)


def _banker_draws(hands: Hands, dealt: dict[str, int]) -> bool:
    if natural_of(hands["player"]) or natural_of(hands["banker"]):
        return False
    banker = points_of(hands["banker"])
    if not drew(hands, dealt, "player"):
        return banker <= 5
    card = third(hands, "player")
    assert card is not None
    last = points_of([card])
    stands_on = {3: {8}, 4: {0, 1, 8, 9}, 5: {0, 1, 2, 3, 8, 9}, 6: {0, 1, 2, 3, 4, 5, 8, 9}}
    return banker <= 2 or (banker in stands_on and last not in stands_on[banker])


BACCARAT = (("player", 2), ("banker", 2))
BACCARAT_DRAWS: tuple[Rule, ...] = (("player", False, _player_draws),
                                    ("banker", False, _banker_draws))


def bet_text(deal: Sequence[tuple[str, int]], draws: str, outcomes: dict[str, str],
             decks: int = 8, name: str = "drawn") -> str:
    text = f'name = "{name}"\ntitle = "Drawn"\n[shoe]\ndecks = {decks}\n[deal]\n'
    text += "".join(f"{place} = {count}\n" for place, count in deal) + draws
    for outcome, when in outcomes.items():
        text += f'[[outcome]]\nname = "{outcome}"\nwhen = """{when}"""\n'
    pays = ", ".join(f"{outcome} = 1" for outcome in outcomes)
    return text + f"[paytables]\nflat = {{ {pays} }}\n"


def write(folder: Path, text: str, name: str = "drawn") -> Path:
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def edge_probabilities(path: Path, shoe: Sequence[int]) -> dict[str, Fraction]:
    """edge's exact probabilities from the shoe of these physical cards."""
    analysis = BetAnalysis(read_bet_file(path))
    copies = Counter(shoe)
    counts = analysis.shoe_counts(tuple(copies[face] for face in range(52)))
    names = [outcome.name for outcome in analysis.bet.outcomes] + ["lose"]
    return {name: Fraction(count, sum(counts)) for name, count in zip(names, counts,
                                                                        strict=True) if count}


def cards(text: str) -> list[int]:
    """Faces from ``"Ac 5d 5d Kh"`` (a face twice: two physical cards)."""
    ranks, suits = "23456789TJQKA", "cdhs"
    return [ranks.index(card[0]) * 4 + suits.index(card[1]) for card in text.split()]


# small shoes of physical cards: many baccarat values, a face twice, ten-valued cards
SMALL_SHOE = cards("Ac 2d 3h 4s 5c 5c 6h 7d Kc Ts")
BACCARAT_SHOE = cards("Ac 2d 3h 5c 5c 6h 8s 9c Ts")


@pytest.mark.parametrize("outcomes", [
    # points, natural, cards and drew
    {"banker": "points(banker) > points(player)", "tie": "points(banker) == points(player)"},
    {"natural": "natural(player) or natural(banker)",
     "three-card-seven": "cards(banker) == 3 and points(banker) == 7",
     "player-drew": "drew(player) and not drew(banker)"},
    # an absent card: any comparison reading it is false (so its negation holds)
    {"third-five": "points(player[3]) == 5", "no-third-five": "not (points(player[3]) == 5)"},
    # ranks and counts of a drawn hand (ranks: 13 classes)
    {"two-fives": "count(player + banker, 5) == 2", "high": "rank(banker[3]) >= 10"},
    # suits (52 faces) and one card being another
    {"red-third": "colour(player[3]) == red", "same": "player[3] == banker[3]"},
])
def test_baccarat_words_against_plain_dealing(tmp_path: Path, outcomes: dict[str, str]) -> None:
    plain_words: dict[str, Callable[[Hands], bool]] = {
        "banker": lambda h: points_of(h["banker"]) > points_of(h["player"]),
        "tie": lambda h: points_of(h["banker"]) == points_of(h["player"]),
        "natural": lambda h: natural_of(h["player"]) or natural_of(h["banker"]),
        "three-card-seven": lambda h: len(h["banker"]) == 3 and points_of(h["banker"]) == 7,
        "player-drew": lambda h: len(h["player"]) == 3 and len(h["banker"]) == 2,
        "third-five": lambda h: len(h["player"]) == 3 and points_of(h["player"][2:]) == 5,
        "no-third-five": lambda h: not (len(h["player"]) == 3
                                        and points_of(h["player"][2:]) == 5),
        "two-fives": lambda h: sum(c // 4 == 3 for c in h["player"] + h["banker"]) == 2,
        "high": lambda h: len(h["banker"]) == 3 and h["banker"][2] // 4 >= 8,
        "red-third": lambda h: len(h["player"]) == 3 and h["player"][2] % 4 in (1, 2),
        "same": lambda h: len(h["player"]) == 3 and len(h["banker"]) == 3
        and h["player"][2] == h["banker"][2],
    }
    path = write(tmp_path, bet_text(BACCARAT, BACCARAT_RULES, outcomes))
    plain = Plain(BACCARAT, BACCARAT_DRAWS,
                  tuple((name, plain_words[name]) for name in outcomes))
    assert edge_probabilities(path, BACCARAT_SHOE) == plain.probabilities(BACCARAT_SHOE)


DEALER_H17 = """
[[draw]]
place = "dealer"
while = "total(dealer) < 17 or (total(dealer) == 17 and soft(dealer))"
"""


def _dealer_hits(hands: Hands, dealt: dict[str, int]) -> bool:
    cards_held = hands["dealer"]
    return total_of(cards_held) < 17 or (total_of(cards_held) == 17 and soft_of(cards_held))


def test_a_dealer_who_hits_soft_17_against_plain_dealing(tmp_path: Path) -> None:
    """A while rule (a card at a time), with bust, total, soft, hard_total and cards of the
    drawn hand; a shoe of small cards, so hands of many cards."""
    outcomes = {"bust-three": "bust(dealer) and cards(dealer) == 3",
                "bust": "bust(dealer)",
                "soft-18": "soft(dealer) and total(dealer) == 18",
                "hard-17": "hard_total(dealer) == 17",
                "long": "cards(dealer) >= 5"}
    plain_words: dict[str, Callable[[Hands], bool]] = {
        "bust-three": lambda h: hard_of(h["dealer"]) > 21 and len(h["dealer"]) == 3,
        "bust": lambda h: hard_of(h["dealer"]) > 21,
        "soft-18": lambda h: soft_of(h["dealer"]) and total_of(h["dealer"]) == 18,
        "hard-17": lambda h: hard_of(h["dealer"]) == 17,
        "long": lambda h: len(h["dealer"]) >= 5,
    }
    path = write(tmp_path, bet_text((("dealer", 2),), DEALER_H17, outcomes))
    plain = Plain((("dealer", 2),), (("dealer", True, _dealer_hits),),
                  tuple((name, plain_words[name]) for name in outcomes))
    shoe = cards("Ac Ad 2c 2c 3h 4s 5c 6d 9h Kc Th")
    assert edge_probabilities(path, shoe) == plain.probabilities(shoe)


def test_the_new_words_without_drawing_rules(tmp_path: Path) -> None:
    """points, bust, natural and cards read fixed hands too (no [[draw]])."""
    outcomes = {"natural": "natural(player)", "bust": "bust(player + dealer)",
                "nine": "points(player + dealer) == 9 and cards(player) == 2"}
    plain = Plain((("player", 2), ("dealer", 1)), (), (
        ("natural", lambda h: natural_of(h["player"])),
        ("bust", lambda h: hard_of(h["player"] + h["dealer"]) > 21),
        ("nine", lambda h: points_of(h["player"] + h["dealer"]) == 9)))
    path = write(tmp_path, bet_text((("player", 2), ("dealer", 1)), "", outcomes))
    shoe = SMALL_SHOE + cards("9c 8h Qd")
    assert edge_probabilities(path, shoe) == plain.probabilities(shoe)


# --- the classes ------------------------------------------------------------------------------
@pytest.mark.parametrize(("rules", "outcomes", "level"), [
    (BACCARAT_RULES, {"banker": "points(banker) > points(player)"}, VALUES),
    (BACCARAT_RULES, {"pair": "same_rank(player[1] + player[2])"}, RANKS),
    (BACCARAT_RULES, {"suited": "suit(player[3]) == suit(banker[1])"}, FACES),
])
def test_the_coarsest_classes_count_as_the_faces_do(tmp_path: Path, rules: str,
                                                   outcomes: dict[str, str],
                                                   level: str) -> None:
    """The enumeration by classes (10 values, 13 ranks) gives the counts of the enumeration
    by the 52 faces, here for a shoe of 12 cards (small enough for the faces)."""
    bet = read_bet_file(write(tmp_path, bet_text(BACCARAT, rules, outcomes)))
    places = {place.name for place in bet.layout.places}
    assert class_level([r.node for r in bet.draws] + [o.node for o in bet.outcomes],
                       places) == level
    analysis = BetAnalysis(bet)
    copies = Counter(cards("Ac 2d 3h 4s 5c 5c 6d 7h 8s 9c Td Ks"))
    shoe = [copies[face] for face in range(52)]
    by_faces = drawn_deals(bet, analysis.classify, shoe, FACES).counts(shoe, 1)
    by_classes = drawn_deals(bet, analysis.classify, shoe).counts(shoe, 1)
    assert by_faces.counts == by_classes.counts and by_faces.cycle == by_classes.cycle


def test_the_full_shoe_and_a_shoe_of_copies_agree(tmp_path: Path) -> None:
    """The analysis at 2 decks is the shoe of 2 copies of every face (counted apart)."""
    path = write(tmp_path, bet_text(BACCARAT, BACCARAT_RULES,
                                    {"banker": "points(banker) > points(player)"}, decks=2))
    table = edge.analyze(str(path))
    analysis = BetAnalysis(read_bet_file(path))
    counts = analysis.shoe_counts((2,) * 52)
    assert [row.combinations for row in table.rows] == list(counts)
    assert sum(counts) == math.perm(104, 6)


# --- published figures ------------------------------------------------------------------------
# The Wizard of Odds, "Baccarat" (wizardofodds.com/games/baccarat/basics/), tables
# "Probabilities in 8-deck Baccarat" and "... 6-deck ...", also reproduced at
# casinoexploit.com/baccarat.html: banker, player and tie combinations of the ordered six-card
# sequences, 416!/410! = 4,998,398,275,503,360 at 8 decks.
BACCARAT_PUBLISHED = {8: (2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216),
                      6: (403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288)}


@pytest.mark.parametrize("decks", sorted(BACCARAT_PUBLISHED))
def test_baccarat_is_the_published_count(tmp_path: Path, decks: int) -> None:
    path = write(tmp_path, bet_text(BACCARAT, BACCARAT_RULES,
                                    {"banker": "points(banker) > points(player)",
                                     "player": "points(player) > points(banker)"}))
    table = edge.analyze(str(path), options={"decks": decks})
    counts = tuple(row.combinations for row in table.rows)
    assert counts == BACCARAT_PUBLISHED[decks]
    assert sum(counts) == math.perm(52 * decks, 6)


# The Wizard of Odds, Blackjack Appendix 2B "Dealer Probabilities in Blackjack" (Jul 20, 2004,
# wizardofodds.com/games/blackjack/appendix/2b/), 1 deck, dealer stands on soft 17, before the
# dealer peeks: the probability that the dealer busts given the up card (six decimals).
DEALER_BUSTS_ONE_DECK_S17 = {"A": 0.11654, "2": 0.352973, "5": 0.428905, "6": 0.420823}


def test_the_dealer_busts_as_published(tmp_path: Path) -> None:
    outcomes = {f"bust-{up.lower()}": f"bust(dealer) and rank(dealer[1]) == {up}"
                for up in DEALER_BUSTS_ONE_DECK_S17}
    rules = '[[draw]]\nplace = "dealer"\nwhile = "total(dealer) < 17"\n'
    path = write(tmp_path, bet_text((("dealer", 2),), rules, outcomes, decks=1))
    table = edge.analyze(str(path))
    found = {row.outcome: table.probability(row) for row in table.rows}
    for up, published in DEALER_BUSTS_ONE_DECK_S17.items():
        given_up = found[f"bust-{up.lower()}"] * 13          # each up card: 1 in 13
        assert abs(float(given_up) - published) < 5e-6, (up, float(given_up))


# --- the simulator ----------------------------------------------------------------------------
def test_the_simulator_deals_by_the_rules(tmp_path: Path) -> None:
    """Random physical sequences settled by the simulator (which deals drawn cards by the
    file's rules) and by the plain rules here: the same outcome for every one."""
    outcomes = {"banker": "points(banker) > points(player)",
                "tie": "points(banker) == points(player)"}
    path = write(tmp_path, bet_text(BACCARAT, BACCARAT_RULES, outcomes))
    analysis = BetAnalysis(read_bet_file(path))
    rules = edge.bets.load_bet_file(path).make_rules({"decks": 8})
    settle = simulator(analysis, None, rules)
    rng = np.random.default_rng(35)
    dealt = np.stack([rng.permutation(416)[:6] % 52 for _ in range(3000)], axis=1)
    index, _ = settle.settle(dealt.astype(np.int16))
    plain = Plain(BACCARAT, BACCARAT_DRAWS, (
        ("banker", lambda h: points_of(h["banker"]) > points_of(h["player"])),
        ("tie", lambda h: points_of(h["banker"]) == points_of(h["player"]))))
    names = [*outcomes, "lose"]
    for hand in range(dealt.shape[1]):
        sequence = [int(face) for face in dealt[:, hand]]
        hands = next(found for used in range(4, 7)
                     if (found := plain.play(sequence[:used])) is not None)
        assert names[int(index[hand])] == plain.settle(hands)


def test_a_simulation_agrees_with_the_exact_table(tmp_path: Path) -> None:
    path = write(tmp_path, bet_text((("dealer", 2),), DEALER_H17,
                                    {"bust": "bust(dealer)"}, decks=6))
    result = simulate(str(path), hands=40_000, seed=7, jobs=1)
    assert result.agrees


# --- bad files --------------------------------------------------------------------------------
@pytest.mark.parametrize(("draws", "deal", "outcome", "message"), [
    ('[[draw]]\nplace = "dealer"\nwhile = "points(dealer) < 10"\n', "dealer = 2",
     "bust(dealer)", "drawing rule 1 (dealer), line 9, column 10: too many deals"),
    ('[[draw]]\nplace = "player"\nwhen = "points(banker[3]) < 5"\n'
     '[[draw]]\nplace = "banker"\nwhen = "true"\n', "player = 2\nbanker = 2",
     "drew(banker)", "drawing rule 1 (player), line 10, column 16: banker[3] is not dealt yet"),
    ('[[draw]]\nplace = "player"\nwhen = "drew(banker)"\n'
     '[[draw]]\nplace = "banker"\nwhen = "true"\n', "player = 2\nbanker = 2",
     "drew(banker)", "drew(banker) is read before banker draws"),
    ('[[draw]]\nplace = "player"\nwhen = "points(player[3]) < 5"\n', "player = 2",
     "drew(player)", "player[3] is not dealt yet"),
    ('[[draw]]\nplace = "player"\nwhen = "true"\n', "player = 2",
     "same_rank(player)", "same_rank() cannot read a hand that may draw cards"),
    ('[[draw]]\nplace = "player"\nwhen = "true"\n', "player = 2",
     "rank(player[4]) == 2", "player has at most 3 cards (2 dealt, 1 drawn): no card 4"),
    ('[[draw]]\nplace = "player"\nwhen = "true"\nwhile = "true"\n', "player = 2",
     "drew(player)", "write when = \"...\" (one card when it holds) or while"),
    ('[[draw]]\nplace = "dealer"\nwhen = "true"\n', "player = 2",
     "drew(player)", "place = 'dealer' is not a place of [deal]"),
    ('[[draw]]\nplace = "player"\nwhen = "true"\n', "player = 3",
     "natural(player)", "natural() reads a place's first two cards"),
    ('[[draw]]\nplace = "player"\nwhen = "true"\n', "player = 2\nbanker = 2",
     "drew(banker)", "drew(banker): no drawing rule deals banker a card"),
    ('[[draw]]\nplace = "player"\nwhen = "points(player) <"\n', "player = 2",
     "drew(player)", "drawing rule 1 (player), line 9, column 25: expected a value"),
    ('[[draw]]\nplace = "dealer"\nwhile = "true"\n', "dealer = 2",
     "bust(dealer)", "drawing rule 1 (dealer), line 9, column 10: too many deals"),
])
def test_bad_drawing_rules_are_one_line(tmp_path: Path, edge_cli: CliRunner, draws: str,
                                        deal: str, outcome: str, message: str) -> None:
    text = (f'name = "bad"\ntitle = "Bad"\n[shoe]\ndecks = 1\n[deal]\n{deal}\n{draws}'
            f'[[outcome]]\nname = "x"\nwhen = "{outcome}"\n[paytables]\nA = {{ x = 1 }}\n')
    path = write(tmp_path, text, "bad")
    result = edge_cli("table", str(path))
    assert result.status == 2 and result.out == ""
    assert result.err.startswith("edge: error: bad.toml: ") and message in result.err, \
        result.err
    assert result.err.count("\n") == 1


def test_a_while_rule_that_empties_the_shoe_is_an_error(tmp_path: Path) -> None:
    """Drawing on while the shoe has cards is refused, naming the rule: the shoe's end."""
    text = bet_text((("dealer", 2),), '[[draw]]\nplace = "dealer"\nwhile = "true"\n',
                    {"bust": "bust(dealer)"})
    analysis = BetAnalysis(read_bet_file(write(tmp_path, text)))
    shoe = [1 if face < 4 else 0 for face in range(52)]
    with pytest.raises(EdgeError, match="drawing rule 1 .dealer.*more cards than"):
        drawn_deals(analysis.bet, analysis.classify, shoe)


def test_a_place_holds_at_most_24_cards(tmp_path: Path) -> None:
    """A while rule that would give a place a 25th card stops, naming the rule (a shoe of 30
    deuces: one class, one row, so neither the shoe nor the rows stop it first)."""
    text = bet_text((("dealer", 2),), '[[draw]]\nplace = "dealer"\nwhile = "true"\n',
                    {"bust": "bust(dealer)"})
    analysis = BetAnalysis(read_bet_file(write(tmp_path, text)))
    shoe = [30] + [0] * 51
    with pytest.raises(EdgeError, match="drawing rule 1 .dealer.*more than 24 cards"):
        drawn_deals(analysis.bet, analysis.classify, shoe)


def test_the_dealer_bust_example_against_plain_dealing() -> None:
    """examples/bets/dealer-bust.toml (a while rule, paid by the cards of the busted hand)."""
    path = Path(__file__).resolve().parent.parent / "examples" / "bets" / "dealer-bust.toml"
    busted: dict[str, Callable[[Hands], bool]] = {
        "bust-8-or-more": lambda h: hard_of(h["dealer"]) > 21 and len(h["dealer"]) >= 8,
        "bust-7": lambda h: hard_of(h["dealer"]) > 21 and len(h["dealer"]) == 7,
        "bust-6": lambda h: hard_of(h["dealer"]) > 21 and len(h["dealer"]) == 6,
        "bust-5": lambda h: hard_of(h["dealer"]) > 21 and len(h["dealer"]) == 5,
        "bust-3-or-4": lambda h: hard_of(h["dealer"]) > 21}
    plain = Plain((("dealer", 2),), (("dealer", True, _dealer_hits),), tuple(busted.items()))
    shoe = cards("Ac Ad 2c 2d 3h 4s 6d 9h Kc")
    assert edge_probabilities(path, shoe) == plain.probabilities(shoe)


def test_a_coup_uses_four_to_six_cards(tmp_path: Path) -> None:
    """Baccarat's deals use 4 to 6 cards: the cycle is of 6."""
    path = write(tmp_path, bet_text(BACCARAT, BACCARAT_RULES, {"tie": "points(player) == 0"}))
    analysis = BetAnalysis(read_bet_file(path))
    found = analysis.drawn_deals(8)
    assert found.most == 6 and found.held.sum(axis=1).min() == 4


def test_worked_examples_settle_as_counted(tmp_path: Path) -> None:
    """Each outcome's example deal (the enumeration's row made physical cards in dealing
    order) is settled by the simulator to that outcome."""
    outcomes = {"banker": "points(banker) > points(player)",
                "tie": "points(banker) == points(player)"}
    path = write(tmp_path, bet_text(BACCARAT, BACCARAT_RULES, outcomes))
    analysis = BetAnalysis(read_bet_file(path))
    settle = simulator(analysis, None, edge.bets.load_bet_file(path).make_rules({"decks": 8}))
    for index, faces in enumerate(analysis.drawn_deals(8).examples):
        assert faces is not None
        text, dealt = drawn_example(analysis.bet, faces)
        found, _ = settle.settle(np.array(dealt, dtype=np.int16).reshape(-1, 1))
        assert int(found[0]) == index, text


def test_overlapping_exclusive_outcomes_name_a_drawn_deal(tmp_path: Path,
                                                          edge_cli: CliRunner) -> None:
    text = bet_text(BACCARAT, BACCARAT_RULES, {"nine": "points(player) == 9",
                                               "high": "points(player) >= 8"})
    text = text.replace("[[draw]]", '[rules]\noutcomes = "exclusive"\n[[draw]]', 1)
    result = edge_cli("table", str(write(tmp_path, text)))
    assert result.status == 2 and "the outcomes 'nine' and 'high' both hold" in result.err
    assert result.err.count("\n") == 1


def test_the_table_says_how_a_drawn_deal_is_counted() -> None:
    path = Path(__file__).resolve().parent.parent / "examples" / "bets" / "dealer-bust.toml"
    table = edge.analyze(str(path), options={"decks": 1})
    most = next(int(note.split(" of the ")[1].split()[0]) for note in table.notes
                if note.startswith("Every ordered sequence"))
    assert sum(row.combinations for row in table.rows) == math.perm(52, most)


PAIR = {"pair": "same_rank(player[1] + player[2])"}
SUITED = {"suited": "same_suit(player[1] + player[2])"}


def test_each_card_is_dealt_at_the_level_its_words_need(tmp_path: Path) -> None:
    """A pair in the player's first two cards, beside the third-card rule: those two cards by
    rank, the others by value; a suited pair: those two by face."""
    for outcomes, level in ((PAIR, 1), (SUITED, 2)):
        path = write(tmp_path, bet_text(BACCARAT, BACCARAT_RULES, outcomes))
        assert column_levels(read_bet_file(path)) == (level, level, 0, 0, 0, 0)


@pytest.mark.slow
def test_a_pair_beside_the_drawing_rules(tmp_path: Path) -> None:
    """The pair's probability is that of two cards from 8 decks, (8 x 4 - 1) / 415; suits of
    the two cards too would be 52 x 52 x 10^4 rows: refused, naming the rule."""
    table = edge.analyze(str(write(tmp_path, bet_text(BACCARAT, BACCARAT_RULES, PAIR))))
    assert table.probability(table.rows[0]) == Fraction(31, 415)
    suited = write(tmp_path, bet_text(BACCARAT, BACCARAT_RULES, SUITED), "suited")
    with pytest.raises(EdgeError, match="drawing rule 2 .banker.*read fewer of them by suit"):
        edge.analyze(str(suited))
