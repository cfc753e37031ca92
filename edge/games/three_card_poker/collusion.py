"""Tri-Card Poker with partners who share their cards (collusion, docs/collusion.md).

The colluding player sees his own three cards and the three cards of each of ``k`` partners
before he raises or folds the Ante (with the Ante Bonus); the dealer's three cards come from
the 52 - 3 - 3k cards left. He raises when raising is worth more than folding over every dealer
hand of those cards (ties as the ``ties`` option says), so each situation is valued exactly.

Counting the dealer hands left, by the dealer's result against the player, is inclusion-
exclusion over the seen cards S (the player's and the partners'): the dealer hands that avoid
S are all the hands, less those holding each card of S, plus those holding each pair of S, less
those made of three cards of S.

- ``k = 1``, exact: for each player hand (one per class of hands equal up to renaming the suits,
  1,755 of 22,100, weighted by the class's size) the dealer hands of the other 49 cards are
  binned by result and by each card and each pair of cards they hold (what the dealer-1 and
  dealer-2 exposure solves bin: :mod:`.exposure`); every one of the 18,424 partner hands then
  takes its counts over the 15,180 dealer hands of the 46 cards left from seven of those bins.
  1,755 x 18,424 = 32,334,120 situations stand for all 22,100 x 18,424 = 407,170,400.
- ``k >= 2``, simulated: situations drawn (:mod:`edge.games.colluding`), each valued by the same
  inclusion-exclusion over prefix counts of the hands below a strength (the kernel's
  :func:`~._kernels.three_card_counts` method), for every subset of one, two and three of the
  3 + 3k seen cards.
"""

from __future__ import annotations

import dataclasses
import math
import sys
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from itertools import combinations
from types import ModuleType

import numpy as np
import numpy.typing as npt

from edge import sampling
from edge.errors import EdgeError
from edge.games import Wager
from edge.games.colluding import (
    Lone,
    Tally,
    cached_result,
    check_request,
    generator,
    simulated,
    tally,
)
from edge.games.three_card_poker.analysis import analyze_ante
from edge.games.three_card_poker.exposure import PAIR_INDEX, PAIRS, suit_symmetry
from edge.games.three_card_poker.hands import DEALER_HANDS, PLAYER_HANDS, hand_counts
from edge.games.three_card_poker.pays import DEFAULT_PAYTABLE, PRESETS
from edge.games.three_card_poker.rules import OPTIMAL, ThreeCardRules, Ties
from edge.games.three_card_poker.strategy import RESULT_PAYS, ante_decision, solve
from edge.parallel import Progress
from edge.paytables import PayTable
from edge.protection import Collusion, CollusionRequest, CollusionResult
from edge.sampling import deal

IntArray = npt.NDArray[np.int64]

COLLUSION = Collusion(shared="their three cards", partners=(1, 2, 3, 4, 5, 6), exact=(1,))
GAME = "Tri-Card Poker"
BATCH = 500                 # situations valued at once (bounds the arrays of the pair terms)
LEFT_WITH_ONE = math.comb(52 - 6, 3)     # dealer hands left with one partner: 15,180


def dealer_hands_left(partners: int) -> int:
    """The dealer hands of the cards left by the player and ``partners`` partners."""
    return math.comb(52 - 3 - 3 * partners, 3)


def situations_in_all(partners: int) -> int:
    """Every situation: the player's hand and the set of his partners' cards."""
    return PLAYER_HANDS * math.comb(49, 3 * partners)


@dataclass(frozen=True)
class AntePays:
    """The raise decision in integer units of ``1 / scale`` Ante: Ante and Raise per dealer
    result (``RESULT_PAYS``), and per pay class the Ante Bonus on a raise and the fold."""

    result: IntArray
    bonus: IntArray
    fold: IntArray
    scale: int


def ante_pays(paytable: PayTable | None) -> AntePays:
    """The Ante's raise and fold pays (the Ante Bonus ``paytable``) as integers."""
    decision = ante_decision(paytable or PRESETS["ante"][DEFAULT_PAYTABLE])
    scale = math.lcm(*(v.denominator for v in (*decision.on_raise, *decision.on_fold)))

    def as_units(values: tuple[Fraction | int, ...]) -> IntArray:
        return np.array([int(v * scale) for v in values], dtype=np.int64)

    pays = AntePays(as_units(RESULT_PAYS), as_units(decision.on_raise),
                    as_units(decision.on_fold), scale)
    largest = int(np.abs(np.concatenate([pays.result, pays.bonus, pays.fold])).max())
    if 3 * largest * DEALER_HANDS * DEALER_HANDS >= 2 ** 62:    # a player hand's 64-bit sums
        raise EdgeError("The pays are too far apart for the collusion counts' 64-bit sums (a "
                        "pay with a huge denominator).")
    return pays


@dataclass(frozen=True)
class Deck:
    """Every 3-card hand and the look-ups collusion counts with: card masks, each hand's
    dense strength rank (``rank``), the hand of any three cards (``hand_of``, indexed
    ``(a * 52 + b) * 52 + c`` in any order), each hand's three pairs (``PAIR_INDEX``), and the
    hands ranked below ``t`` in all (``all_below[t]``), holding a card
    (``card_below[card, t]``) and holding a pair (``pair_below[pair, t]``)."""

    cards: IntArray
    masks: npt.NDArray[np.uint64]
    strengths: IntArray
    pay_classes: IntArray
    qualifying: int
    rank: IntArray
    qualifying_rank: int
    hand_of: IntArray
    pairs: IntArray
    all_below: IntArray
    card_below: IntArray
    pair_below: IntArray


@lru_cache(maxsize=2)
def deck(ace_low_straight: bool) -> Deck:
    """The look-ups for one straight rule, made once per process."""
    hands = hand_counts(ace_low_straight)
    cards = hands.cards
    one = np.uint64(1)
    masks = (one << cards[:, 0].astype(np.uint64)) | (one << cards[:, 1].astype(np.uint64)) \
        | (one << cards[:, 2].astype(np.uint64))
    used, rank = np.unique(hands.strengths, return_inverse=True)
    rank = rank.astype(np.int64)
    ranks = len(used)
    qualifying_rank = int(np.searchsorted(used, hands.qualifying_strength))
    hand_of = np.full(52 ** 3, -1, dtype=np.int64)
    for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        hand_of[(cards[:, a] * 52 + cards[:, b]) * 52 + cards[:, c]] = np.arange(len(cards))
    pairs = np.stack([PAIR_INDEX[cards[:, i], cards[:, j]] for i, j in ((0, 1), (0, 2), (1, 2))],
                     axis=1).astype(np.int64)

    def below(keys: IntArray, size: int) -> IntArray:
        """Per key, the hands (one per key column) of rank below t, for t = 0 .. ranks."""
        histogram = np.bincount((keys * (ranks + 1) + rank[:, None] + 1).ravel(),
                                minlength=size * (ranks + 1)).reshape(size, ranks + 1)
        return np.cumsum(histogram, axis=1).astype(np.int64)

    return Deck(cards, masks, hands.strengths, hands.pay_classes, hands.qualifying_strength,
                rank, qualifying_rank, hand_of, pairs,
                below(np.zeros((len(cards), 1), dtype=np.int64), 1)[0],
                below(cards, 52), below(pairs, len(PAIRS)))


def partner_values(table: Deck, pays: AntePays, player: int) -> tuple[IntArray, IntArray,
                                                                       IntArray]:
    """For one player hand (an index), every partner hand of the other 49 cards (indexes) and
    the values of raising and of folding against the 15,180 dealer hands each leaves (units of
    ``1 / pays.scale`` Ante, summed over those hands)."""
    partners = np.flatnonzero((table.masks & table.masks[player]) == 0)
    dealer = table.strengths[partners]
    mine = table.strengths[player]
    result = np.where(dealer < table.qualifying, 0,
                      np.where(mine > dealer, 1, np.where(mine == dealer, 2, 3)))
    # each dealer hand's Ante-and-Raise pay, summed over those holding a card, a pair
    pay = pays.result[result]
    held = table.cards[partners]
    by_card = np.bincount((held * 4 + result[:, None]).ravel(), minlength=52 * 4)
    by_pair = np.bincount((table.pairs[partners] * 4 + result[:, None]).ravel(),
                          minlength=len(PAIRS) * 4)
    card_pay = by_card.reshape(-1, 4) @ pays.result
    pair_pay = by_pair.reshape(-1, 4) @ pays.result
    on_raise = (int(pay.sum()) - card_pay[held].sum(axis=1)
                + pair_pay[table.pairs[partners]].sum(axis=1) - pay)
    paid_class = table.pay_classes[player]
    on_raise = on_raise + LEFT_WITH_ONE * pays.bonus[paid_class]
    on_fold = np.full(len(partners), LEFT_WITH_ONE * pays.fold[paid_class], dtype=np.int64)
    return partners, on_raise, on_fold


def raises(on_raise: IntArray, on_fold: IntArray, ties: Ties) -> npt.NDArray[np.bool_]:
    """Where the colluding player raises (an exact tie as the ``ties`` option says)."""
    if ties is Ties.LARGER:
        return np.asarray(on_raise >= on_fold)
    return np.asarray(on_raise > on_fold)


def exact_one_partner(pays: AntePays, rules: ThreeCardRules, basic: npt.NDArray[np.bool_],
                      progress: bool = False) -> tuple[int, tuple[int, int, int], int]:
    """With one partner, over all 407,170,400 situations: the sum of every situation's best
    value (units of ``1 / pays.scale`` Ante over the 15,180 dealer hands), the situations
    raised, raised where the lone player folds (``basic[hand]``: he raises it) and folded where
    he raises; and the player hands solved (one per class up to renaming the suits)."""
    table = deck(rules.ace_low_straight)
    members = suit_symmetry(table.cards).representative
    representatives, sizes = np.unique(members, return_counts=True)
    total = raised = up = down = 0
    with Progress("Tri-Card collusion", len(representatives), enabled=progress,
                  unit="hands") as bar:
        for player, size in zip(representatives.tolist(), sizes.tolist(), strict=True):
            _, on_raise, on_fold = partner_values(table, pays, player)
            total += size * int(np.maximum(on_raise, on_fold).sum())
            count = int(raises(on_raise, on_fold, rules.ties).sum())
            raised += size * count
            if basic[player]:
                down += size * (len(on_raise) - count)
            else:
                up += size * count
            bar.advance()
    return total, (raised, up, down), len(representatives)


def situation_values(table: Deck, pays: AntePays, seen: IntArray) -> tuple[IntArray, IntArray]:
    """The values of raising and folding (units of ``1 / pays.scale`` Ante, summed over every
    dealer hand left) of situations ``seen[n, 3 + 3k]``: the player's three cards, then his
    partners'."""
    count = seen.shape[1]
    left = math.comb(52 - count, 3)
    player = table.hand_of[(seen[:, 0] * 52 + seen[:, 1]) * 52 + seen[:, 2]]
    mine = table.rank[player]
    thresholds = np.stack([np.full_like(mine, table.qualifying_rank), mine, mine + 1], axis=1)
    at = thresholds[:, None, :]
    below = table.all_below[thresholds] - table.card_below[seen[:, :, None], at].sum(axis=1)
    for i, j in combinations(range(count), 2):
        below += table.pair_below[PAIR_INDEX[seen[:, i], seen[:, j]][:, None], thresholds]
    triples = np.array(list(combinations(range(count), 3)), dtype=np.int64)
    made = table.hand_of[(seen[:, triples[:, 0]] * 52 + seen[:, triples[:, 1]]) * 52
                         + seen[:, triples[:, 2]]]
    below -= (table.rank[made][:, :, None] < at).sum(axis=1)
    qualifies = mine >= table.qualifying_rank
    not_qualified = below[:, 0]
    win = np.where(qualifies, below[:, 1] - below[:, 0], 0)
    tie = np.where(qualifies, below[:, 2] - below[:, 1], 0)
    loss = left - not_qualified - win - tie
    counts = np.stack([not_qualified, win, tie, loss], axis=1)
    paid_class = table.pay_classes[player]
    on_raise = counts @ pays.result + left * pays.bonus[paid_class]
    return on_raise, left * pays.fold[paid_class]


def simulate_task(partners: int, seed: int, pays: AntePays, basic: npt.NDArray[np.bool_],
                  ace_low_straight: bool, ties: Ties, task: tuple[int, int]) -> Tally:
    """Draw and value one task's situations (index, how many): each situation's gain over the
    lone player's decision (``basic[hand]``: he raises the hand), and the situations raised,
    raised where the lone player folds and folded where he raises."""
    index, size = task
    cards = deal(generator(seed, index), size, 3 + 3 * partners).T.astype(np.int64)
    table = deck(ace_low_straight)
    gains: list[int] = []
    raised = up = down = 0
    for start in range(0, size, BATCH):
        seen = cards[start:start + BATCH]
        on_raise, on_fold = situation_values(table, pays, seen)
        alone = basic[table.hand_of[(seen[:, 0] * 52 + seen[:, 1]) * 52 + seen[:, 2]]]
        lone = np.where(alone, on_raise, on_fold)
        gains.extend((np.maximum(on_raise, on_fold) - lone).tolist())
        raising = raises(on_raise, on_fold, ties)
        raised += int(raising.sum())
        up += int((raising & ~alone).sum())
        down += int((~raising & alone).sum())
    return tally(gains, (raised, up, down))


def decisions(counts: tuple[int, ...], situations: int) -> tuple[tuple[str, Fraction], ...]:
    """The colluding player's decisions as shares of the situations, from the situations
    raised, raised where the lone player folds and folded where he raises."""
    raised, up, down = counts
    return (("raise, as the lone player", Fraction(raised - up, situations)),
            ("raise where the lone player folds", Fraction(up, situations)),
            ("fold, as the lone player", Fraction(situations - raised - down, situations)),
            ("fold where the lone player raises", Fraction(down, situations)))


def collude(wager: Wager[ThreeCardRules], request: CollusionRequest) -> CollusionResult:
    """The Ante (with the Ante Bonus) of a player who sees ``request.partners`` partners'
    cards: exact for one partner, else simulated (per Ante)."""
    check_request(request, COLLUSION, GAME, str(wager.rules.seen))
    compute = exact_result if request.partners in COLLUSION.exact else simulated_result
    return cached_result("tri-card", wager, request, COLLUSION, _code(),
                         partial(compute, wager, request))


def _code() -> tuple[ModuleType, ...]:
    """The modules a result is computed by, this one and the game's modules it imports from
    (its cache entry is keyed by their code)."""
    from edge.games.three_card_poker import analysis, exposure, hands, pays, rules, strategy
    return (sys.modules[__name__], analysis, exposure, hands, pays, rules, strategy, sampling)


def _lone(wager: Wager[ThreeCardRules]) -> tuple[PayTable, ThreeCardRules, Fraction]:
    """The Ante pay table, the rules played optimally, and the lone player's exact return."""
    paytable = wager.paytable or PRESETS["ante"][DEFAULT_PAYTABLE]
    plain = dataclasses.replace(wager.rules, strategy=OPTIMAL)
    return paytable, plain, analyze_ante(paytable, plain).expected_return


def exact_result(wager: Wager[ThreeCardRules], request: CollusionRequest) -> CollusionResult:
    """One partner, every situation enumerated."""
    paytable, rules, unexposed = _lone(wager)
    pays = ante_pays(paytable)
    basic = solve(ante_decision(paytable), rules).optimal
    total, counts, classes = exact_one_partner(pays, rules, basic, request.progress)
    cycle = PLAYER_HANDS * DEALER_HANDS
    return CollusionResult(
        request.partners, COLLUSION.shared, Fraction(total, pays.scale * LEFT_WITH_ONE * cycle),
        unexposed, "Ante", classes * DEALER_HANDS,
        f"exact: every player hand ({classes:,} up to renaming the suits, weighted by their "
        f"{PLAYER_HANDS:,} hands) against every partner hand of the 49 cards left "
        f"({DEALER_HANDS:,}), each situation valued over the {LEFT_WITH_ONE:,} dealer hands of "
        "the 46 cards left by inclusion-exclusion",
        classes=cycle, decisions=decisions(counts, cycle))


def simulated_result(wager: Wager[ThreeCardRules], request: CollusionRequest
                     ) -> CollusionResult:
    """``request.rounds`` situations drawn, each valued exactly (any number of partners)."""
    paytable, rules, unexposed = _lone(wager)
    pays = ante_pays(paytable)
    k = request.partners
    basic = solve(ante_decision(paytable), rules).optimal
    task = partial(simulate_task, k, request.seed, pays, basic, rules.ace_low_straight,
                   rules.ties)
    valued = (f"over the {dealer_hands_left(k):,} dealer hands of the {49 - 3 * k} cards left "
              "(inclusion-exclusion)")
    return simulated(COLLUSION, request, task,
                     Lone(unexposed, "Ante", pays.scale * dealer_hands_left(k)), valued,
                     situations_in_all(k), decisions, f"Tri-Card collusion, {k} partners")
