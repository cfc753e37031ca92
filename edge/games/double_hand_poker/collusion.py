"""Casino Double-Hand Poker with partners who share their tiles (collusion, docs/collusion.md).

The colluding player sees his own three tiles and the three tiles of each of ``k`` other players
at the table (up to six: seven seats, docs/rules.md section 3.7) before he sets his six numbers;
the dealer's three tiles come from the 25 - 3k tiles left and are set by the house way. He takes
the setting of highest exact expected value over every dealer deal of those tiles, so each
situation is valued exactly (win both pays 1 less the commission p/q: in units of ``1 / q``
a setting is worth ``win x (q - p) - lose x q`` summed over the dealer deals).

- ``k = 1``, exact: for each of the 3,276 player deals every setting is valued against each of
  the 2,300 dealer deals of the other 25 tiles, and those values are summed over the deals
  holding each tile and each pair of tiles; every one of the 2,300 partner deals then takes its
  values over the 1,540 dealer deals of the 22 tiles left by inclusion-exclusion (all deals,
  less those holding each partner tile, plus those holding each pair of them, less the partner
  deal itself): 3,276 x 2,300 = 7,534,800 situations, every one enumerated (the numbers 1 to 7
  have no symmetry to save work with).
- ``k >= 2``, simulated (:mod:`edge.games.colluding`): situations drawn, each valued against
  every dealer deal of the tiles left, one by one; the figure is the lone optimal player's exact
  return plus the mean gain of the colluding player's setting over his.
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
from edge.games import Wager, colluding
from edge.games.colluding import Lone, Tally, check_request, generator, simulated, tally
from edge.games.double_hand_poker._kernels import DEALER_DEALS, TILE_COUNT
from edge.games.double_hand_poker.analysis import (
    PLAYER_DEALS,
    chosen_slots,
    main_table,
    setting_counts,
)
from edge.games.double_hand_poker.rules import OPTIMAL, DoubleHandRules, PlayerSetting
from edge.parallel import Progress
from edge.protection import Collusion, CollusionRequest, CollusionResult
from edge.sampling import deal
from edge.table import ReturnTable

IntArray = npt.NDArray[np.int64]

COLLUSION = Collusion(shared="their three tiles", partners=(1, 2, 3, 4, 5, 6), exact=(1,))
GAME = "Casino Double-Hand Poker"
BATCH = 200                 # situations valued at once
SAME, OTHERWISE = "set as the lone optimal player", "set otherwise"
LEFT_WITH_ONE = math.comb(TILE_COUNT - 6, 3)     # dealer deals left with one partner: 1,540
TILE_PAIRS = math.comb(TILE_COUNT, 2)


def dealer_deals_left(partners: int) -> int:
    """The dealer deals of the tiles left by the player and ``partners`` partners."""
    return math.comb(TILE_COUNT - 3 - 3 * partners, 3)


def situations_in_all(partners: int) -> int:
    """Every situation: the player's deal and the set of his partners' tiles."""
    return PLAYER_DEALS * math.comb(TILE_COUNT - 3, 3 * partners)


@dataclass(frozen=True)
class Table:
    """Every deal of three tiles with its settings (front and back strengths, -1 past the
    last), the dealer's house-way hands, tile masks, each deal's three tile pairs
    (``pairs``, indexes of :data:`TILE_PAIRS`), the deal of any three tiles
    (``deal_of[(a * 28 + b) * 28 + c]``, any order), and the deals holding each tile
    (``with_tile[28, 351]``) and each pair of tiles (``with_pair[378, 26]``)."""

    tiles: IntArray
    front: IntArray
    back: IntArray
    dealer_front: IntArray
    dealer_back: IntArray
    masks: IntArray
    pairs: IntArray
    deal_of: IntArray
    with_tile: IntArray
    with_pair: IntArray


@lru_cache(maxsize=1)
def table() -> Table:
    """The look-ups, made once per process."""
    counts = setting_counts()
    tiles = counts.deals
    slots = np.arange(len(tiles))
    pair_of = np.full((TILE_COUNT, TILE_COUNT), -1, dtype=np.int64)
    for index, (a, b) in enumerate(combinations(range(TILE_COUNT), 2)):
        pair_of[a, b] = pair_of[b, a] = index
    pairs = np.stack([pair_of[tiles[:, i], tiles[:, j]] for i, j in ((0, 1), (0, 2), (1, 2))],
                     axis=1)
    deal_of = np.full(TILE_COUNT ** 3, -1, dtype=np.int64)
    for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        deal_of[(tiles[:, a] * TILE_COUNT + tiles[:, b]) * TILE_COUNT + tiles[:, c]] = slots
    masks = (1 << tiles).sum(axis=1)
    with_tile = np.stack([np.flatnonzero((tiles == t).any(axis=1)) for t in range(TILE_COUNT)])
    with_pair = np.stack([np.flatnonzero((pairs == k).any(axis=1)) for k in range(TILE_PAIRS)])
    return Table(tiles, counts.front, counts.back, counts.front[slots, counts.house_slot],
                 counts.back[slots, counts.house_slot], masks, pairs, deal_of, with_tile,
                 with_pair)


def setting_values(found: Table, player: IntArray, dealer: IntArray, win: int, lose: int
                   ) -> IntArray:
    """What each setting of each player deal (``player[n]``) is worth against the dealer deals
    ``dealer[n, m]``, summed over them: ``[n, 10]``, ``win`` for each win both, ``-lose`` for
    each lose both (a setting past the deal's last is worth less than losing every deal)."""
    front = found.front[player][:, None, :].astype(np.int8)
    back = found.back[player][:, None, :].astype(np.int8)
    their_front = found.dealer_front[dealer][:, :, None].astype(np.int8)
    their_back = found.dealer_back[dealer][:, :, None].astype(np.int8)
    wins = ((front > their_front) & (back > their_back)).sum(axis=1, dtype=np.int64)
    losses = ((front <= their_front) & (back <= their_back)).sum(axis=1, dtype=np.int64)
    values = wins * win - losses * lose
    missing = found.front[player] < 0
    valued: IntArray = np.where(missing, -(lose + 1) * dealer.shape[1], values).astype(np.int64)
    return valued


def outcomes(found: Table, player: int, win: int, lose: int) -> IntArray:
    """What each setting of one player deal is worth against each of the 3,276 deals as the
    dealer's: ``[3276, settings]``."""
    settings = int((found.front[player] >= 0).sum())
    front = found.front[player, :settings]
    back = found.back[player, :settings]
    their_front = found.dealer_front[:, None]
    their_back = found.dealer_back[:, None]
    values: IntArray = (((front > their_front) & (back > their_back)) * win
                        - ((front <= their_front) & (back <= their_back)) * lose
                        ).astype(np.int64)
    return values


def partner_values(found: Table, player: int, win: int, lose: int) -> tuple[IntArray, IntArray]:
    """For one player deal, every partner deal of the other 25 tiles (deal indexes) and what
    each of the player's settings is worth against the 1,540 dealer deals it leaves:
    ``[2,300, settings]`` (units as :func:`setting_values`, summed over the dealer deals)."""
    apart = (found.masks & found.masks[player]) == 0
    partners = np.flatnonzero(apart)
    values = outcomes(found, player, win, lose)
    values[~apart] = 0                     # a dealer deal holding a player's tile is no deal
    by_tile = values[found.with_tile].sum(axis=1)
    by_pair = values[found.with_pair].sum(axis=1)
    tiles, pairs = found.tiles[partners], found.pairs[partners]
    left = values.sum(axis=0) - values[partners]
    for column in range(3):
        left += by_pair[pairs[:, column]] - by_tile[tiles[:, column]]
    return partners, left


def exact_one_partner(commission: Fraction, preferred: IntArray, progress: bool = False
                      ) -> tuple[int, int]:
    """With one partner: the sum of every situation's best value (units of ``1 / q`` for a
    commission p/q, over the 1,540 dealer deals) and the situations set otherwise than
    ``preferred`` (the lone optimal player's slots)."""
    found = table()
    p, q = commission.numerator, commission.denominator
    total = departs = 0
    with Progress("Double-Hand collusion", PLAYER_DEALS, enabled=progress,
                  unit="deals") as bar:
        for player in range(PLAYER_DEALS):
            _, left = partner_values(found, player, q - p, q)
            best = left.max(axis=1)
            total += int(best.sum())
            departs += int((left[:, preferred[player]] < best).sum())
            bar.advance()
    return total, departs


def situation_gains(found: Table, preferred: IntArray, seen: IntArray, win: int, lose: int
                    ) -> tuple[IntArray, IntArray]:
    """Situations ``seen[n, 3 + 3k]`` (the player's tiles, then his partners'): the best
    setting's value and the lone optimal setting's, over every dealer deal of the tiles
    left."""
    count = len(seen)
    player = found.deal_of[(seen[:, 0] * TILE_COUNT + seen[:, 1]) * TILE_COUNT + seen[:, 2]]
    used = np.zeros((count, TILE_COUNT), dtype=np.bool_)
    used[np.arange(count)[:, None], seen] = True
    left = np.nonzero(~used)[1].reshape(count, -1)
    triples = np.array(list(combinations(range(left.shape[1]), 3)), dtype=np.int64)
    dealer = found.deal_of[(left[:, triples[:, 0]] * TILE_COUNT + left[:, triples[:, 1]])
                           * TILE_COUNT + left[:, triples[:, 2]]]
    values = setting_values(found, player, dealer, win, lose)
    return values.max(axis=1), values[np.arange(count), preferred[player]]


def simulate_task(partners: int, seed: int, commission: Fraction, preferred: IntArray,
                  task: tuple[int, int]) -> Tally:
    """Draw and value one task's situations (index, how many): each situation's gain over the
    lone optimal setting, and the situations set otherwise."""
    index, size = task
    tiles = deal(generator(seed, index), size, 3 + 3 * partners, TILE_COUNT).T.astype(np.int64)
    found = table()
    p, q = commission.numerator, commission.denominator
    gains: list[int] = []
    departs = 0
    for start in range(0, size, BATCH):
        best, lone = situation_gains(found, preferred, tiles[start:start + BATCH], q - p, q)
        gains.extend((best - lone).tolist())
        departs += int((best > lone).sum())
    return tally(gains, (departs,))


def decisions(counts: tuple[int, ...], situations: int) -> tuple[tuple[str, Fraction], ...]:
    """The shares of situations set as the lone optimal player sets, and otherwise (from
    ``counts``: the situations set otherwise)."""
    share = Fraction(counts[0], situations)
    return ((SAME, 1 - share), (OTHERWISE, share))


def collude(wager: Wager[DoubleHandRules], request: CollusionRequest) -> CollusionResult:
    """The main wager of a player who sees ``request.partners`` other players' tiles: exact
    for one partner, else simulated (per unit wagered)."""
    check_request(request, COLLUSION, GAME, str(wager.rules.seen))
    compute = exact_result if request.partners in COLLUSION.exact else simulated_result
    return colluding.cached_result("double-hand", wager, request, COLLUSION, _code(),
                                   partial(compute, wager, request))


def _code() -> tuple[ModuleType, ...]:
    """The modules a result is computed by, this one and the game's modules it imports from
    (its cache entry is keyed by their code)."""
    from edge.games.double_hand_poker import _kernels, analysis, rules
    return (sys.modules[__name__], _kernels, analysis, rules, sampling)


def _lone(rules: DoubleHandRules) -> tuple[Fraction, IntArray, ReturnTable]:
    """The commission, the lone optimal player's slots and his exact return table."""
    commission = rules.commission
    if commission.denominator > 10 ** 12:
        raise EdgeError(f"The commission {commission} has a denominator above 10^12; give it "
                        "with fewer digits.")
    preferred = chosen_slots(setting_counts(), PlayerSetting.OPTIMAL, commission)
    return commission, preferred, main_table(dataclasses.replace(rules, strategy=OPTIMAL))


def exact_result(wager: Wager[DoubleHandRules], request: CollusionRequest) -> CollusionResult:
    """One partner, every situation enumerated."""
    commission, preferred, lone = _lone(wager.rules)
    total, departs = exact_one_partner(commission, preferred, request.progress)
    situations = PLAYER_DEALS * DEALER_DEALS
    value = Fraction(total, commission.denominator * LEFT_WITH_ONE * situations)
    return CollusionResult(
        request.partners, COLLUSION.shared, value, lone.expected_return, lone.basis,
        situations,
        f"exact: every player deal ({PLAYER_DEALS:,}) against every partner deal of the 25 "
        f"tiles left ({DEALER_DEALS:,}), each situation's settings valued over the "
        f"{LEFT_WITH_ONE:,} dealer deals of the 22 tiles left by inclusion-exclusion",
        classes=situations, decisions=decisions((departs,), situations))


def simulated_result(wager: Wager[DoubleHandRules], request: CollusionRequest
                     ) -> CollusionResult:
    """``request.rounds`` situations drawn, each valued exactly (any number of partners)."""
    commission, preferred, lone = _lone(wager.rules)
    k = request.partners
    task = partial(simulate_task, k, request.seed, commission, preferred)
    valued = f"over the {dealer_deals_left(k):,} dealer deals of the {25 - 3 * k} tiles left"
    unit = commission.denominator * dealer_deals_left(k)
    return simulated(COLLUSION, request, task, Lone(lone.expected_return, lone.basis, unit),
                     valued, situations_in_all(k), decisions,
                     f"Double-Hand collusion, {k} partners")
