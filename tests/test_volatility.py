"""The distribution of the net result after n hands (edge.distribution) and the volatility
section built on it: against brute-force enumeration, the binomial, and the possible range."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from edge.distribution import (
    LOWER,
    UPPER,
    NetDistribution,
    exact_distribution,
    fft_distribution,
    lattice,
    net_distribution,
    tail_bound,
)
from edge.games import RunSettings, get_game
from edge.report.volatility import HANDS, spreads, table_lattice
from edge.table import ReturnTable, Row

# A small table with pays on a common denominator of 2 and a gap in the lattice (no +1/2... 3).
SMALL = ((Fraction(-1), 5), (Fraction(1, 2), 3), (Fraction(3), 1), (Fraction(0), 2))


def brute_force(outcomes: tuple[tuple[Fraction, int], ...], hands: int) -> dict[Fraction, Fraction]:
    """P(net == x) for every x, by listing every sequence of ``hands`` outcomes."""
    cycle = sum(count for _, count in outcomes)
    found: dict[Fraction, Fraction] = {}
    for deal in itertools.product(outcomes, repeat=hands):
        net = sum((pay for pay, _ in deal), Fraction(0))
        weight = Fraction(math.prod(count for _, count in deal), cycle ** hands)
        found[net] = found.get(net, Fraction(0)) + weight
    return found


def brute_quantile(found: dict[Fraction, Fraction], level: Fraction) -> Fraction:
    running = Fraction(0)
    for net in sorted(found):
        running += found[net]
        if running >= level:
            return net
    raise AssertionError("no quantile")


def check_against(found: dict[Fraction, Fraction], dist: NetDistribution, tolerance: float) -> None:
    def close(a: Fraction | float, b: Fraction) -> bool:
        return a == b if tolerance == 0 else abs(float(a) - float(b)) <= tolerance

    assert close(dist.ahead, sum((p for x, p in found.items() if x > 0), Fraction(0)))
    assert close(dist.even, found.get(Fraction(0), Fraction(0)))
    assert close(dist.behind, sum((p for x, p in found.items() if x < 0), Fraction(0)))
    for x in found:
        assert close(dist.at_most(x), sum((p for y, p in found.items() if y <= x), Fraction(0)))
    assert dist.quantile(LOWER) == brute_quantile(found, LOWER)
    assert dist.quantile(UPPER) == brute_quantile(found, UPPER)


@pytest.mark.parametrize("hands", [1, 2, 3, 4])
def test_exact_matches_brute_force(hands: int) -> None:
    found = brute_force(SMALL, hands)
    dist = exact_distribution(lattice(SMALL), hands, full=True)
    assert dist.method == "exact" and dist.error == 0
    check_against(found, dist, 0)
    assert dist.minimum == -hands and dist.maximum == 3 * hands


@pytest.mark.parametrize("hands", [1, 2, 3, 4])
def test_fft_matches_brute_force(hands: int) -> None:
    found = brute_force(SMALL, hands)
    dist = fft_distribution(lattice(SMALL), hands, full=True)
    assert dist.method == "fft" and 0 < dist.error < 1e-9
    check_against(found, dist, dist.error)


def test_lattice_puts_pays_on_a_common_denominator() -> None:
    lat = lattice([(Fraction(-1), 3), (Fraction(19, 20), 2), (Fraction(0), 1), (Fraction(1), 0)])
    assert lat.low == -1 and lat.step == Fraction(1, 20)
    assert lat.counts[0] == 3 and lat.counts[20] == 1 and lat.counts[39] == 2
    assert sum(lat.counts) == 6 and lat.span == 39
    # a lattice with a common step: -1 and +1 are two apart, so one step of 2
    assert lattice([(Fraction(-1), 1), (Fraction(1), 1)]).counts == (1, 1)


def binomial_ahead(hands: int, win: int, cycle: int, pay: int) -> Fraction:
    """P(net > 0) for a bet that pays ``pay`` on ``win`` of ``cycle`` and loses 1 otherwise:
    w wins are ahead when w * pay - (hands - w) > 0, i.e. w > hands / (pay + 1)."""
    most_behind = hands // (pay + 1)   # at most this many wins: not ahead
    p = Fraction(win, cycle)
    return 1 - sum((math.comb(hands, w) * p ** w * (1 - p) ** (hands - w)
                    for w in range(most_behind + 1)), Fraction(0))


@pytest.mark.parametrize("hands", [1, 7, 100])
def test_skewed_bet_exact_is_the_binomial(hands: int) -> None:
    # a bet that wins 1,000 on 4 of 2,598,960 (a royal) and loses 1 otherwise
    lat = lattice([(Fraction(1000), 4), (Fraction(-1), 2_598_956)])
    dist = exact_distribution(lat, hands)
    assert dist.ahead == binomial_ahead(hands, 4, 2_598_960, 1000)
    assert dist.quantile(LOWER) == -hands


@pytest.mark.parametrize("hands", [100, 1_000, 10_000])
def test_skewed_bet_fft_is_the_binomial(hands: int) -> None:
    # a rare win large enough that several are needed to be ahead after 10,000 hands
    lat = lattice([(Fraction(2_000), 100), (Fraction(-1), 259_800)])
    dist = fft_distribution(lat, hands)
    expected = binomial_ahead(hands, 100, 259_900, 2_000)
    assert abs(float(dist.ahead) - float(expected)) <= dist.error
    assert dist.error < 1e-6
    found = net_distribution(lat, hands)
    assert found is not None
    assert abs(float(found.ahead) - float(expected)) <= max(found.error, 1e-15)


def test_tail_bound_is_a_bound() -> None:
    lat = lattice(SMALL)
    found = brute_force(SMALL, 4)
    for a in range(0, 17):
        index_at_least = sum((p for x, p in found.items() if (x + 4) * 2 >= a), Fraction(0))
        assert float(index_at_least) <= tail_bound(lat, 4, a) * (1 + 1e-9)


def test_coin_after_100_hands() -> None:
    # net = 2 H - 100 with H ~ Binomial(100, 1/2): every figure from the binomial, exactly
    coin = ReturnTable("demo", "coin", (Row("heads", Fraction(1), 1),
                                        Row("tails", Fraction(-1), 1)))
    first = spreads(coin)[0]
    assert first.hands == 100 and first.mean == 0 and first.standard_deviation == 1

    def at_most(heads: int) -> Fraction:
        return Fraction(sum(math.comb(100, h) for h in range(heads + 1)), 2 ** 100)

    low = next(h for h in range(101) if at_most(h) >= LOWER)
    high = next(h for h in range(101) if at_most(h) >= UPPER)
    assert (first.low, first.high) == (2 * low - 100, 2 * high - 100)
    assert first.player_ahead == (1 - Fraction(math.comb(100, 50), 2 ** 100)) / 2
    assert first.distribution is not None and first.distribution.even == \
        Fraction(math.comb(100, 50), 2 ** 100)
    # the normal approximation, for comparison: mean +- 1.96 sd, inside the possible range
    assert first.normal_low == pytest.approx(-19.599639845, abs=1e-6)
    assert first.normal_high == pytest.approx(19.599639845, abs=1e-6)


def test_normal_approximation_is_clipped() -> None:
    # a wager that loses 1 or wins 1,000 rarely: the normal range would go below -n
    skewed = ReturnTable("demo", "skewed", (Row("win", Fraction(1000), 1),
                                            Row("lose", Fraction(-1), 9_999)))
    first = spreads(skewed, (100,))[0]
    assert first.normal_low == -100 and first.low == -100
    assert first.normal_high <= 100 * 1000


def table_cases() -> list[tuple[str, ReturnTable]]:
    cases = []
    for game_name, bets in (("triple-bet", None), ("three-card-poker", None),
                            ("double-hand-poker", None),
                            ("ultimate-texas-holdem", ("trips", "progressive"))):
        game = get_game(game_name)
        rules = game.make_rules({})
        for bet in game.bets:
            if bets is not None and bet.name not in bets:
                continue
            names: list[str | None] = [*bet.presets] or [None]
            for preset in names:
                table = game.analyze(bet.name, bet.paytable(preset), rules, RunSettings())
                cases.append((f"{game_name} {bet.name} {preset}", table))
    return cases


def check_in_range(table: ReturnTable) -> None:
    lat = table_lattice(table)
    top = lat.low + lat.step * lat.span
    assert lat.low == min(row.pays for row in table.rows if row.combinations)
    assert top == max(row.pays for row in table.rows if row.combinations)
    for spread in spreads(table, HANDS):
        n = spread.hands
        assert spread.distribution is not None, f"n = {n} is not computed"
        for value in (spread.low, spread.high, spread.normal_low, spread.normal_high):
            assert n * lat.low <= value <= n * top
        assert spread.low <= spread.high
        dist = spread.distribution
        total = dist.ahead + dist.even + dist.behind
        assert abs(float(total) - 1) <= 3 * dist.error + 1e-15
        for p in (dist.ahead, dist.even, dist.behind):
            assert -dist.error <= p <= 1 + dist.error
        # the quantiles are lattice values
        for end in (spread.low, spread.high):
            assert isinstance(end, Fraction)
            assert ((end - n * lat.low) / lat.step).denominator == 1


@pytest.mark.parametrize(("name", "table"), table_cases(),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_quantiles_lie_in_the_possible_range(name: str, table: ReturnTable) -> None:
    check_in_range(table)


def test_progressive_range_after_100_hands() -> None:
    game = get_game("ultimate-texas-holdem")
    bet = game.bet("progressive")
    table = game.analyze("progressive", bet.paytable(None), game.make_rules({}), RunSettings())
    spread = spreads(table, (100,))[0]
    assert spread.low == -100     # no result below -100 exists
    assert spread.normal_low == -100   # the normal approximation, clipped
    # independently: ahead after 100 hands needs the net pays of the wins to exceed the
    # losses; from the rows (pays >= 9 on every win), enumerate the wins' multiset exactly
    wins = [(row.pays, row.combinations) for row in table.rows if row.pays > 0]
    lose = sum(row.combinations for row in table.rows if row.pays < 0)
    assert all(row.pays != 0 for row in table.rows) and min(pay for pay, _ in wins) >= 9
    cycle = table.cycle
    behind_or_even = Fraction(0)
    # at most 10 wins fit under 0 when every win pays at least 9: (10 * 9 - 90 = 0)
    for k in range(0, 11):
        for combo in itertools.combinations_with_replacement(range(len(wins)), k):
            net = sum((wins[i][0] for i in combo), Fraction(0)) - (100 - k)
            if net > 0:
                continue
            ways = math.factorial(100) // math.factorial(100 - k)
            weight = Fraction(lose) ** (100 - k)
            for i in set(combo):
                ways //= math.factorial(combo.count(i))
                weight *= Fraction(wins[i][1]) ** combo.count(i)
            behind_or_even += ways * weight / Fraction(cycle) ** 100
    assert spread.distribution is not None
    assert abs(float(spread.player_ahead) - float(1 - behind_or_even)) <= \
        spread.distribution.error + 1e-15


def test_fft_agrees_with_exact_where_both_run() -> None:
    for name, table in table_cases():
        lat = table_lattice(table)
        for hands in (10, 50):
            exact = exact_distribution(lat, hands)
            fft = fft_distribution(lat, hands)
            width = min(len(exact.cdf), len(fft.cdf))
            worst = max(abs(float(Fraction(int(exact.cdf[i]), exact.total)) - float(fft.cdf[i]))
                        for i in range(width))
            assert worst <= fft.error, name
            assert exact.quantile(LOWER) == fft.quantile(LOWER), name
            assert exact.quantile(UPPER) == fft.quantile(UPPER), name


@pytest.mark.slow
def test_uth_main_quantiles_lie_in_the_possible_range() -> None:
    game = get_game("ultimate-texas-holdem")
    table = game.analyze("main", game.bet("main").paytable(None), game.make_rules({}),
                         RunSettings())
    check_in_range(table)
