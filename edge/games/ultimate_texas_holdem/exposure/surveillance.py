"""What surveillance should watch for at Ultimate Texas Hold'em under an exposure (issue 27
part 3, docs/protection.md): where the informed player's decisions differ from basic strategy
(the optimal strategy of the game as dealt), at every decision point.

Preflop, exactly: the exposure's solve gives the informed choice of every preflop state (the
player's two cards and the seen cards); basic strategy's is the unexposed solve's choice for the
same two cards. Each state is equally likely, so the shares are exact fractions of the states.

Flop and river, by simulation: the exact solve keeps no flop or river decisions, so hands are
dealt with the exposure and played by the informed player (the exposure simulator's exact
decision on the spot, :mod:`..simulation.exposure`); at each flop and river he reaches, basic
strategy's decision at the same spot (the unexposed solve's recorded flop decision, its exact
river decision over the dealer's 990 possible hands) is counted beside it. Those shares are
labelled simulated, with their standard errors; the hands are a fixed number with a fixed seed,
so a report is reproducible.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.cache import Memo
from edge.cards import RANKS
from edge.document import Block, Items, Paragraph, Section, Table
from edge.document.colours import GRID_DEPENDS, GRID_NO_RAISE, GRID_RAISE, PALETTE
from edge.document.document import Cell
from edge.games import RunSettings
from edge.games.ultimate_texas_holdem.exposure import (
    dealer_flops,
    dealer_rivers,
    dealer_two_tells,
    river_flops,
    turn_river_tells,
)
from edge.games.ultimate_texas_holdem.exposure.dealer_one import holding_ids
from edge.games.ultimate_texas_holdem.exposure.main_bet import (
    DEALER_SEEN,
    NOT_SIMULATED,
    SEEN_CARD,
    chart_order,
    class_index,
    index_names,
    scenario_of,
    share_cell,
    shorthand,
)
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.exposure.street_tells import (
    DEALER_RIVER,
    FLOP_SEEN,
    KINDS,
    StreetDepartures,
    as_dealt_deals,
    cached_departures,
    check_against_solve,
    dealer_flop_tells,
    dealer_flop_tells_of_all,
    exposed_deals,
)
from edge.games.ultimate_texas_holdem.rules import Seen, UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.simulation.exposure import (
    TURN_RIVER_SEEN,
    expose,
    exposed_simulator,
)
from edge.games.ultimate_texas_holdem.simulation.main_bet import PAIR_ID, flop_decisions
from edge.games.ultimate_texas_holdem.solve import main_bet as uth_main
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.strategy.language import OPTIMAL, StreetPlan
from edge.games.ultimate_texas_holdem.strategy.seen import features
from edge.paytables import PayTable
from edge.sampling import deal
from edge.table import percent
from edge.tells import Ordinary, Tells

IntArray = npt.NDArray[np.int64]
RAISES_MORE, CHECKS_MORE = PALETTE[3], PALETTE[5]     # the two departures' colours
SEED = 27
# hands simulated per scenario: about a minute on one core (a dealer card unseen at the flop
# makes each informed flop decision an enumeration of 45,540 deals)
HANDS = {1: 20_000, 2: 40_000, 0: 40_000}


# --- preflop, exact --------------------------------------------------------------------------

@dataclass(frozen=True)
class PreflopDepartures:
    """The informed preflop choice against basic strategy's, over the listed states (weighted):
    ``informed`` and ``basic`` per state (4, 3 or 0), ``weight`` the states each stands for."""

    solution: ExposedSolution
    informed: npt.NDArray[np.int8]
    basic: npt.NDArray[np.int8]
    weight: IntArray

    def share(self, mask: npt.NDArray[np.bool_], within: npt.NDArray[np.bool_] | None = None
              ) -> Fraction:
        """The weighted share of the states in ``mask`` among those in ``within`` (all)."""
        base = np.ones(len(self.weight), dtype=bool) if within is None else within
        total = int(self.weight[base].sum())
        return Fraction(int(self.weight[mask & base].sum()), total) if total else Fraction(0)

    @property
    def raises_more(self) -> npt.NDArray[np.bool_]:
        """States the informed player raises and basic strategy checks."""
        return np.asarray((self.informed > 0) & (self.basic == 0))

    @property
    def checks_more(self) -> npt.NDArray[np.bool_]:
        """States the informed player checks and basic strategy raises."""
        return np.asarray((self.informed == 0) & (self.basic > 0))


def preflop_departures(solution: ExposedSolution, basic_by_holding: npt.NDArray[np.int8]
                       ) -> PreflopDepartures:
    """Each listed state's informed choice beside basic strategy's for the same two cards
    (``basic_by_holding``: the unexposed choice per holding id)."""
    cards = solution.state_cards.astype(np.int64)
    ids = holding_ids()[cards[:, 0], cards[:, 1]]
    return PreflopDepartures(solution, solution.choice.astype(np.int8),
                             basic_by_holding[ids].astype(np.int8),
                             solution.state_weight.astype(np.int64))


def preflop_summary(found: PreflopDepartures) -> list[str]:
    """The preflop departures in a few lines, exact shares of the preflop states."""
    raised = found.informed > 0
    checked = found.informed == 0
    differ = found.informed != found.basic
    return [
        f"The informed preflop choice differs from basic strategy's on "
        f"{percent(found.share(differ))} of hands.",
        "4x raises on hands basic strategy checks: "
        f"{percent(found.share(found.raises_more, raised))} of the informed player's raises "
        f"({percent(found.share(found.raises_more))} of hands).",
        f"Checks on hands basic strategy raises: "
        f"{percent(found.share(found.checks_more, checked))} of his checks "
        f"({percent(found.share(found.checks_more))} of hands).",
    ]


def _cell_key(found: PreflopDepartures, split: bool) -> IntArray:
    """Each state's cell: its class x 13, plus with ``split`` the seen card's rank (one card
    seen) or whether the player is ahead (both dealer cards seen: 1 ahead, 0 not)."""
    cards = found.solution.state_cards.astype(np.int64)
    key: IntArray = class_index(cards[:, 0], cards[:, 1]) * 13
    if not split:
        return key
    if DEALER_SEEN[found.solution.scenario] == 2:
        ahead: IntArray = features(cards, 2)["ahead"]
        return key + ahead
    return key + (cards[:, 2] >> 2)


def _sums(key: IntArray, values: IntArray) -> IntArray:
    """Integer sums of ``values`` by ``key`` (0 .. 169 x 13)."""
    total = np.zeros(169 * 13, dtype=np.int64)
    np.add.at(total, key, values)
    return total


def grid_cell(states: int, raised: int, basic: int) -> Cell:
    """A chart cell: the informed 4x share, coloured by how it stands to basic strategy."""
    if states == 0:
        return Cell("")
    share = Fraction(raised, states)
    text = share_cell(share)
    if basic == 0 and raised:
        return Cell(text + "!", colour=RAISES_MORE)
    if basic > 0 and raised < states:
        return Cell(text + "!", colour=CHECKS_MORE)
    return Cell(text, colour=GRID_RAISE if share == 1 else GRID_NO_RAISE if share == 0
                else GRID_DEPENDS)


LEGEND = ((GRID_RAISE, "4x always, as basic strategy"),
          (GRID_NO_RAISE, "check always, as basic strategy"),
          (RAISES_MORE, "raises 4x (on the share shown, marked !) where basic strategy checks"),
          (CHECKS_MORE, "checks (on the rest, marked !) where basic strategy raises 4x"))


def preflop_grid(found: PreflopDepartures, basic_by_class: dict[str, int]) -> Table:
    """Hand class (rows) by the seen card's rank (columns), or by class alone with both dealer
    cards seen: the informed 4x share, departures from basic strategy marked and coloured."""
    seen = found.solution.scenario
    by_rank = seen in SEEN_CARD
    two = DEALER_SEEN[seen] == 2
    key = _cell_key(found, by_rank or two)
    states = _sums(key, found.weight)
    raised = _sums(key, np.where(found.informed > 0, found.weight, 0))
    names = {name: i for i, name in enumerate(index_names())}
    ranks = list(range(12, -1, -1)) if by_rank else [1, 0] if two else [0]
    rows = []
    for name in chart_order():
        cells = [grid_cell(int(states[names[name] * 13 + r]), int(raised[names[name] * 13 + r]),
                           basic_by_class[name]) for r in ranks]
        rows.append((name, "4x" if basic_by_class[name] else "check", *cells))
    heads = ("class", "basic", *((SEEN_CARD[seen] + " " + RANKS[r] if r == 12 else RANKS[r])
                                 for r in ranks)) if by_rank else (
        "class", "basic", *(("ahead", "not ahead") if two else ("informed",)))
    what = (f" and the seen {SEEN_CARD[seen]}'s rank (columns)" if by_rank else
            " and whether his two cards outrank the dealer's (columns)" if two else "")
    return Table(heads, tuple(rows), f"Preflop: the informed player's 4x share by hand class"
                 f"{what}, against basic strategy (! marks a departure)", legend=LEGEND,
                 align="ll" + "c" * len(ranks))


def preflop_rules(found: PreflopDepartures, basic_by_class: dict[str, int]) -> list[str]:
    """Plain rules a person can apply: per seen rank, the classes the informed player mostly
    raises that basic strategy checks, and those he mostly checks that it raises."""
    seen = found.solution.scenario
    if DEALER_SEEN[seen] == 2:
        lines = []
        for ahead, words in ((1, "Ahead (his two cards outrank the dealer's)"),
                             (0, "Not ahead")):
            more, fewer = _mostly(found, basic_by_class, ahead)
            lines.append(f"{words}: watch 4x on {more}; checks on {fewer}.")
        return lines
    if seen not in SEEN_CARD:
        raises, checks = _mostly(found, basic_by_class, -1)
        return [f"Watch 4x raises on {raises} (basic strategy checks them); and checks on "
                f"{checks} (basic strategy raises them)."]
    lines = []
    for rank in range(12, -1, -1):
        more, fewer = _mostly(found, basic_by_class, rank)
        lines.append(f"{SEEN_CARD[seen].capitalize()} {RANKS[rank]}: watch 4x on {more}; "
                     f"checks on {fewer}.")
    return lines


def _mostly(found: PreflopDepartures, basic_by_class: dict[str, int], rank: int
            ) -> tuple[str, str]:
    by_rank = rank >= 0
    key = _cell_key(found, by_rank)
    states = _sums(key, found.weight)
    raised = _sums(key, np.where(found.informed > 0, found.weight, 0))
    names = index_names()
    more, fewer = set(), set()
    for cell in np.flatnonzero(states).tolist():
        if by_rank and cell % 13 != rank:
            continue
        name = names[cell // 13]
        mostly = 2 * int(raised[cell]) > int(states[cell])
        if mostly and not basic_by_class[name]:
            more.add(name)
        if not mostly and basic_by_class[name]:
            fewer.add(name)
    return shorthand(more), shorthand(fewer)


# --- flop and river, simulated ---------------------------------------------------------------

@dataclass(frozen=True)
class StreetCount:
    """At one decision point (simulated): the spots reached and the departures each way."""

    street: str
    hands: int
    spots: int
    more: int          # the informed player bets (plays) where basic strategy checks (folds)
    fewer: int         # he checks (folds) where basic strategy bets (plays)

    def rate(self, count: int, of: int) -> tuple[float, float]:
        """A simulated share and its standard error."""
        if of == 0:
            return 0.0, 0.0
        p = count / of
        return p, math.sqrt(p * (1 - p) / of)


def street_counts(solution: ExposedSolution, paytable: PayTable,
                  rules: UltimateTexasHoldemRules, run: RunSettings, hands: int,
                  seed: int = SEED) -> tuple[StreetCount, StreetCount]:
    """Deal ``hands`` hands with the exposure, play them as the informed player does, and count
    the flop and river spots where basic strategy decides otherwise (see the module
    docstring)."""
    dealt = replace(rules, seen=Seen.NONE, strategy=OPTIMAL)
    sim = exposed_simulator(solution, paytable, rules, run)
    sim = replace(sim, flop_bets=flop_decisions(uth_main.solve_main(paytable, dealt, run)))
    rng = np.random.default_rng(seed)
    seen = solution.scenario
    cards = expose(seen, deal(rng, hands, 9), rng)
    checked = np.flatnonzero(sim.preflop_plays(cards) == 0)
    holding = PAIR_ID[cards[0, checked].astype(np.int64) * 52 + cards[1, checked]]
    basic_flop = sim.flop_bets_of(cards[:, checked], holding)
    dealer_seen = DEALER_SEEN[seen]
    informed_flop = basic_flop if dealer_seen == 0 else sim.street_bets(
        cards, checked, dealer_seen, 4 if seen in TURN_RIVER_SEEN else 3)
    river = checked[~informed_flop]
    basic_river = sim.exact_river_plays(cards, river)
    informed_river = basic_river if dealer_seen == 0 else sim.street_bets(
        cards, river, dealer_seen, 5)
    return (StreetCount("flop", hands, len(checked), int((informed_flop & ~basic_flop).sum()),
                        int((~informed_flop & basic_flop).sum())),
            StreetCount("river", hands, len(river), int((informed_river & ~basic_river).sum()),
                        int((~informed_river & basic_river).sum())))


def _simulated(rate: tuple[float, float]) -> str:
    return f"{rate[0] * 100:.2f}% (SE {rate[1] * 100:.2f}%)"


def street_table(counts: Sequence[StreetCount]) -> Table:
    """The flop and river departures as a table, simulated shares with standard errors."""
    words = {"flop": ("bets 2x where basic strategy checks", "checks where it bets 2x"),
             "river": ("plays 1x where basic strategy folds", "folds where it plays 1x")}
    rows = []
    for count in counts:
        more, fewer = words[count.street]
        rows.append((count.street, f"{count.spots:,}", more,
                     _simulated(count.rate(count.more, count.spots)),
                     _simulated(count.rate(count.more, count.hands))))
        rows.append(("", "", fewer, _simulated(count.rate(count.fewer, count.spots)),
                     _simulated(count.rate(count.fewer, count.hands))))
    hands = counts[0].hands if counts else 0
    return Table(("street", "spots reached", "the informed player", "share of spots",
                  "share of hands"), tuple(rows),
                 f"Flop and river (simulated: {hands:,} hands, seed {SEED}; SE: standard "
                 "error): where the informed player departs from basic strategy")


# --- the report sections ---------------------------------------------------------------------

def basic_choices(paytable: PayTable, rules: UltimateTexasHoldemRules, run: RunSettings
                  ) -> tuple[npt.NDArray[np.int8], dict[str, int]]:
    """Basic strategy's preflop choice per holding id and per class (the game as dealt)."""
    dealt = replace(rules, seen=Seen.NONE, strategy=OPTIMAL)
    choice = uth_main.solve_main(paytable, dealt, run).preflop_choice()
    first, second = np.triu_indices(52, k=1)
    names = index_names()
    by_class = {names[int(i)]: int(c) for i, c in zip(
        class_index(first.astype(np.int64), second.astype(np.int64)).tolist(), choice.tolist(),
        strict=True)}
    return choice, by_class


NOT_SIMULATED_STREETS = ("Flop and river: not simulated here (the informed flop decision of "
                         "this scenario, whose checking line plays the river with the card "
                         "seen, is not computed on the spot); the tells against ordinary play "
                         "count both streets exactly.")


def surveillance_sections(solution: ExposedSolution, paytable: PayTable,
                          rules: UltimateTexasHoldemRules, run: RunSettings,
                          hands: int | None = None) -> list[Section]:
    """The sections of one scenario: the preflop departures (exact), the chart and the plain
    rules, and the flop and river departures (simulated; for a scenario the simulator does
    not play, a sentence saying so)."""
    basic, by_class = basic_choices(paytable, rules, run)
    found = preflop_departures(solution, basic)
    scenario = scenario_of(solution.scenario)
    title = f"What to watch for: the player seeing {scenario.seen}"
    if solution.scenario in NOT_SIMULATED:
        said = (f"The \"{title}\" section: the preflop shares are exact (every preflop "
                "state); the flop and river are not simulated for this scenario.")
        intro = "Preflop shares are exact (every preflop state equally likely)."
        streets: Block = Paragraph(NOT_SIMULATED_STREETS)
    else:
        count = hands if hands is not None else HANDS[DEALER_SEEN[solution.scenario]]
        said = (f"The \"{title}\" section: the preflop shares are exact (every preflop "
                f"state); the flop and river shares are simulated ({count:,} hands dealt with "
                f"the exposure, seed {SEED}), each with its binomial standard error.")
        intro = ("Preflop shares are exact (every preflop state equally likely); flop and river "
                 "shares are simulated.")
        streets = street_table(street_counts(solution, paytable, rules, run, count))
    return [Section(title, (
        Paragraph(f"Basic strategy is the optimal strategy of the game as dealt. {intro}"),
        Items(tuple(preflop_summary(found))),
        preflop_grid(found, by_class),
        Paragraph("Plain rules (preflop, a class counted when the informed player raises it on "
                  "most of its suit arrangements):"),
        Items(tuple(preflop_rules(found, by_class))),
        streets), method=(said,))]


# --- tells against ordinary play (edge/tells.py), preflop, exact -----------------------------

ORDINARY_CHARTS = ("wizard-practical",)      # named charts a floor sees, beside basic strategy
OBSERVED = "the player's two hole cards and his decision on every street"
# why the street tells are fewer than the simulated departures from basic strategy
BOTH_REACH = (" A flop or river tell counts a hand only when the ordinary player reaches that "
              "street too (a hand one of them raised preflop is a preflop tell already), so "
              "the tells against basic strategy are no more than the informed player's "
              "departures from it at every spot he reaches (the report's simulated "
              "surveillance table counts those).")
NOTE_DEALER = ("Counted with the cards seen: the preflop decision only. The solve keeps no flop or "
               "river decisions, so the flop and river tells with the cards seen (simulated in "
               "the surveillance section, against basic strategy) are left out; with them an "
               "officer needs fewer hands. On the hands the player does not see he plays basic "
               "strategy, whose flop and river departures from each ordinary player are "
               "counted exactly.")
STREETS_DEALER_1 = ("Counted with the cards seen: every street, exactly (every flop state "
                    "decided again with the solve's kernel, and the river on every board of the "
                    "flops both check). The row of decisions no ordinary player makes counts a "
                    "flop or river decision when every ordinary player who reaches that street "
                    "(checked before it) decides it the other way. On the hands the player does "
                    "not see he plays basic strategy, whose flop and river departures from each "
                    "ordinary player are counted exactly.")
NOTE_DEALER_1 = STREETS_DEALER_1 + BOTH_REACH
# dealer-1-river is not simulated (NOT_SIMULATED): no simulated table to compare with
NOTE_DEALER_1_RIVER = STREETS_DEALER_1


def dealer_one_note(scenario: Seen) -> str:
    """The note of a scenario with one dealer card seen counted on every street: with the
    comparison to the simulated table, but for a scenario not simulated."""
    return NOTE_DEALER_1_RIVER if scenario in NOT_SIMULATED else NOTE_DEALER_1


NOTE_DEALER_2 = ("Counted with the cards seen: every street, exactly (every flop state decided "
                 "again with the solve's kernel, and on the river, where the player knows the "
                 "result, every board of the states he checks to it). The row of decisions no "
                 "ordinary player makes counts a flop or river decision when every ordinary "
                 "player who reaches that street (checked before it) decides it the other way. "
                 "On the hands the player does not see he plays basic strategy, whose flop and "
                 "river departures from each ordinary player are counted exactly."
                 + BOTH_REACH)
# the flop's tells against every ordinary player at once (the row of decisions none makes)
EVERY_FLOP = ("bets 2x on a flop each of them checks", "checks a flop each of them bets 2x")
# the river's, against those of them who reach it
EVERY_RIVER = ("plays 1x on a river each of them folds", "folds a river each of them plays 1x")
NOTE_FLOP = ("Counted: every street, exactly. Every seen card is on the board by the flop, so "
             "there the informed player knows no more than anyone and plays basic strategy's "
             "flop and river: he shows flop and river tells only against a player whose own "
             "flop and river rules differ from basic strategy's, the same a sound player shows "
             "(the row of decisions no ordinary player makes has none after the flop).")
STRONGEST = 6
_PLAYS = {4: "4x", 3: "3x", 0: "check"}


def ordinary_players(basic_by_holding: npt.NDArray[np.int8]
                     ) -> list[tuple[str, str, npt.NDArray[np.int8]]]:
    """The ordinary players' preflop choices per holding id: basic strategy, the named charts of
    :data:`ORDINARY_CHARTS`, and a player who never raises preflop (checks to the flop)."""
    from edge.games.ultimate_texas_holdem.exposure.players import chart_choice
    from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy
    first, second = np.triu_indices(52, k=1)
    cards = np.stack([first, second], axis=1).astype(np.int64)
    found = [("basic strategy", "the optimal play with nothing seen", basic_by_holding)]
    for name in ORDINARY_CHARTS:
        chart = UthStrategy.resolve(name)
        found.append((name, chart.description,
                      chart_choice(chart, cards).astype(np.int8)))
    found.append(("never raises preflop", "checks every hand preflop (waits for the flop), "
                  "then plays the flop and river as basic strategy",
                  np.zeros(len(first), dtype=np.int8)))
    return found


def preflop_tells(solution: ExposedSolution,
                  ordinary: Sequence[tuple[str, str, npt.NDArray[np.int8]]]) -> Tells:
    """The informed preflop choice against each ordinary player's (``ordinary``: name, rule in
    words, choice per holding id; the first is basic strategy), every share exact over the
    preflop states (each equally likely, weighted by the states it stands for)."""
    cards = solution.state_cards.astype(np.int64)
    ids = holding_ids()[cards[:, 0], cards[:, 1]]
    informed = solution.choice.astype(np.int64)
    weight = solution.state_weight.astype(np.int64)
    total = int(weight.sum())
    names = index_names()
    klass = class_index(cards[:, 0], cards[:, 1])
    basic = ordinary[0][2].astype(np.int64)

    def share(mask: npt.NDArray[np.bool_]) -> Fraction:
        return Fraction(int(weight[mask].sum()), total)

    def strongest(mask: npt.NDArray[np.bool_]) -> tuple[tuple[str, str, Fraction], ...]:
        key = klass[mask] * 5 + informed[mask]
        sums = np.zeros(169 * 5, dtype=np.int64)
        np.add.at(sums, key, weight[mask])
        order = sorted(np.nonzero(sums)[0], key=lambda k: (-int(sums[k]), int(k)))[:STRONGEST]
        return tuple((names[int(k) // 5], _PLAYS[int(k) % 5], Fraction(int(sums[k]), total))
                     for k in order)

    def against(name: str, description: str, theirs: npt.NDArray[np.int64],
                as_dealt: Fraction) -> Ordinary:
        more = (informed > 0) & (theirs == 0)
        fewer = (informed == 0) & (theirs > 0)
        other = (informed > 0) & (theirs > 0) & (informed != theirs)
        kinds = (("raises a hand it checks", share(more)),
                 ("checks a hand it raises", share(fewer)),
                 ("raises another amount", share(other)))
        return Ordinary(name, description, kinds, as_dealt, strongest(more | fewer | other))

    players = []
    everyone = np.stack([choice.astype(np.int64)[ids] for _, _, choice in ordinary])
    for (name, description, choice), theirs in zip(ordinary, everyone, strict=True):
        players.append(against(name, description, theirs, Fraction(
            int((choice.astype(np.int64) != basic).sum()), len(choice))))
    # a decision none of them makes: 4x, 3x or check where each of them decides otherwise
    alone = (everyone != informed[None, :]).all(axis=0)
    every = Ordinary("every ordinary player", "the decisions none of those above makes", (
        ("raises a hand each of them checks", share(alone & (everyone == 0).all(axis=0))),
        ("checks a hand each of them raises", share(alone & (informed == 0))),
        ("raises an amount none of them does",
         share(alone & (informed > 0) & ~(everyone == 0).all(axis=0)))),
        Fraction(0), strongest(alone))
    departs = informed != basic[ids]
    profile = []
    for k in np.unique(klass[departs]):
        inside = klass == k
        profile.append((names[int(k)], "raise", Fraction(int(weight[inside & (informed > 0)]
                                                             .sum()),
                                                         int(weight[inside].sum()))))
    order = {name: place for place, name in enumerate(chart_order())}
    profile.sort(key=lambda entry: order[entry[0]])
    return Tells(f"seen={solution.scenario}", tuple(players), every, tuple(profile), OBSERVED)


_DEPARTURES: Memo[tuple[str, tuple[tuple[int, ...], ...], int, bool], StreetDepartures] = Memo(2)


def chart_departures(name: str, unexposed: solver.Solution, jobs: int | None = None
                     ) -> StreetDepartures:
    """Basic strategy's flop and river against the named chart's, kept for the process (every
    scenario of a report reads the same)."""
    from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy
    settle = unexposed.settlement
    return _DEPARTURES.get((name, settle.net, settle.fold, unexposed.ties_larger),
                           lambda: cached_departures(UthStrategy.resolve(name), unexposed,
                                                     jobs=jobs))


def with_streets(found: Tells, solution: ExposedSolution,
                 departures: dict[str, StreetDepartures],
                 basic_by_holding: npt.NDArray[np.int8]) -> Tells:
    """The preflop tells ``found`` with the flop and river added, exactly, against each
    ordinary player whose own flop and river ``departures`` from basic strategy are given (the
    others play basic strategy's flop and river): in the game as dealt's share always, and with
    the card seen for a ``flop-k`` scenario, whose flop and river are basic strategy's."""
    later = solution.scenario in FLOP_SEEN
    players = []
    for player in found.players:
        streets = departures.get(player.name)
        if streets is None:
            players.append(player)
            continue
        dealt = as_dealt_deals(streets, basic_by_holding)
        as_dealt = player.as_dealt + Fraction(int(dealt.sum()), solver.CYCLE)
        tells = player.tells
        if later:
            seen = exposed_deals(streets, solution)
            tells += tuple((kind, Fraction(int(deals), solution.cycle))
                           for kind, deals in zip(KINDS, seen.tolist(), strict=True))
        players.append(replace(player, tells=tells, as_dealt=as_dealt))
    return replace(found, players=tuple(players), note=NOTE_FLOP if later else NOTE_DEALER)


def with_dealer_flop(found: Tells, solution: ExposedSolution,
                     ordinary: Sequence[tuple[str, str, npt.NDArray[np.int8]]],
                     flop_bets: dict[str, npt.NDArray[np.uint8]],
                     informed: dealer_flops.InformedFlops) -> Tells:
    """The tells ``found`` of ``dealer-1`` or ``dealer-1,flop-1`` with the flop added, exactly,
    against each ordinary player (``ordinary``: name, rule, preflop choice per holding id) whose
    flop decisions by flop id are in ``flop_bets``: the informed flop decisions of the flop
    pass (``informed``) beside his, on the hands both check preflop."""
    check_against_solve(informed, solution)
    checks = {name: np.asarray(choice == 0) for name, _, choice in ordinary}
    players = []
    for player in found.players:
        if player.name not in flop_bets:
            players.append(player)
            continue
        more, fewer = dealer_flop_tells(informed, solution, checks[player.name],
                                        flop_bets[player.name])
        players.append(replace(player, tells=player.tells + (
            (KINDS[0], Fraction(more, solution.cycle)),
            (KINDS[1], Fraction(fewer, solution.cycle)))))
    every = found.every
    if all(name in flop_bets for name, _, _ in ordinary):
        more, fewer = dealer_flop_tells_of_all(
            informed, solution, [checks[name] for name, _, _ in ordinary],
            [flop_bets[name] for name, _, _ in ordinary])
        every = replace(every, tells=every.tells + (
            (EVERY_FLOP[0], Fraction(more, solution.cycle)),
            (EVERY_FLOP[1], Fraction(fewer, solution.cycle))))
    return replace(found, players=tuple(players), every=every,
                   note=dealer_one_note(solution.scenario))


def tells(solution: ExposedSolution, paytable: PayTable, rules: UltimateTexasHoldemRules,
          run: RunSettings) -> Tells:
    """The ``tells`` hook: :func:`preflop_tells` against basic strategy (the game as dealt's
    solve), the named charts a floor sees and a player who never raises preflop, with the flop
    and river against the charts' own rules (:func:`with_streets`)."""
    dealt = replace(rules, seen=Seen.NONE, strategy=OPTIMAL)
    unexposed = uth_main.solve_main(paytable, dealt, run)
    basic = unexposed.preflop_choice()
    ordinary = ordinary_players(basic)
    found = preflop_tells(solution, ordinary)
    departures = {name: chart_departures(name, unexposed, run.jobs) for name in ORDINARY_CHARTS}
    found = with_streets(found, solution, departures, basic)
    if solution.scenario is Seen.DEALER_2:
        return with_dealer_two(found, solution, ordinary,
                               ordinary_flop_bets(unexposed, run.jobs), run)
    if solution.scenario is Seen.DEALER_1_TURN_RIVER_1:
        return with_turn_river(found, solution, ordinary,
                               ordinary_flop_bets(unexposed, run.jobs), run)
    if solution.scenario not in DEALER_RIVER:
        return found
    flop_bets = ordinary_flop_bets(unexposed, run.jobs)
    if solution.scenario is Seen.DEALER_1_RIVER:
        informed = river_flops.informed_flops(unexposed, use_cache=run.cache,
                                              progress=run.progress, jobs=run.jobs)
    else:
        informed = dealer_flops.informed_flops(unexposed.settlement, unexposed.ties_larger,
                                               use_cache=run.cache, progress=run.progress,
                                               jobs=run.jobs)
    found = with_dealer_flop(found, solution, ordinary, flop_bets, informed)
    return with_dealer_river(found, solution, ordinary, flop_bets, informed, run)


def river_players(ordinary: Sequence[tuple[str, str, npt.NDArray[np.int8]]],
                  flop_bets: dict[str, npt.NDArray[np.uint8]]
                  ) -> tuple[list[str], list[dealer_rivers.RiverPlayer],
                             list[StreetPlan | None]]:
    """The ordinary players of ``flop_bets`` as the river pass reads them (their names, the
    players, the river rules: None for basic strategy's, played by basic strategy and the
    player who never raises preflop, then each named chart's own river plan)."""
    from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy
    plans: list[StreetPlan | None] = [None]
    names, players = [], []
    for name, _, choice in ordinary:
        if name not in flop_bets:
            continue
        rule = 0
        if name in ORDINARY_CHARTS:
            plans.append(UthStrategy.resolve(name).river)
            rule = len(plans) - 1
        names.append(name)
        players.append(dealer_rivers.RiverPlayer(np.asarray(choice == 0), flop_bets[name], rule))
    return names, players, plans


def with_dealer_river(found: Tells, solution: ExposedSolution,
                      ordinary: Sequence[tuple[str, str, npt.NDArray[np.int8]]],
                      flop_bets: dict[str, npt.NDArray[np.uint8]],
                      informed: dealer_flops.InformedFlops, run: RunSettings) -> Tells:
    """The tells ``found`` of ``dealer-1`` or ``dealer-1,flop-1`` with the river added,
    exactly (:mod:`.dealer_rivers`: kept in the disk cache), on the hands the informed player
    and each ordinary player both check preflop and on the flop; and on the row of decisions
    none of them makes, when every ordinary player is counted, the river decisions each of
    those who reach the river makes the other way."""
    names, players, plans = river_players(ordinary, flop_bets)
    river = dealer_rivers.river_tells(informed, solution, players, plans, use_cache=run.cache,
                                      progress=run.progress, jobs=run.jobs)
    return added_tells(found, solution, dict(zip(names, river.tells, strict=True)), KINDS[2:],
                       river.every if len(names) == len(ordinary) else None, EVERY_RIVER,
                       dealer_one_note(solution.scenario))


def added_tells(found: Tells, solution: ExposedSolution,
                per_player: Mapping[str, Sequence[int]], kinds: Sequence[str],
                every: Sequence[int] | None, every_kinds: Sequence[str], note: str) -> Tells:
    """``found`` with tells added as deals of the exposed cycle: ``per_player[name]`` (of
    ``kinds``) to the player so named, and ``every`` (of ``every_kinds``; None when not every
    ordinary player is counted) to the row of decisions none of them makes."""
    def shares(named: Sequence[str], deals: Sequence[int]) -> tuple[tuple[str, Fraction], ...]:
        return tuple((kind, Fraction(count, solution.cycle))
                     for kind, count in zip(named, deals, strict=True))
    players = tuple(replace(player, tells=player.tells + shares(kinds, per_player[player.name]))
                    if player.name in per_player else player for player in found.players)
    row = found.every if every is None else replace(
        found.every, tells=found.every.tells + shares(every_kinds, every))
    return replace(found, players=players, every=row, note=note)


def with_dealer_two(found: Tells, solution: ExposedSolution,
                    ordinary: Sequence[tuple[str, str, npt.NDArray[np.int8]]],
                    flop_bets: dict[str, npt.NDArray[np.uint8]], run: RunSettings) -> Tells:
    """The tells ``found`` of ``dealer-2`` with the flop and river added, exactly
    (:mod:`.dealer_two_tells`: kept in the disk cache), against each ordinary player whose flop
    decisions are in ``flop_bets``, and on the row of decisions none of them makes when every
    one is counted."""
    names, players, plans = river_players(ordinary, flop_bets)
    streets = dealer_two_tells.street_tells_of(solution, players, plans, use_cache=run.cache,
                                               progress=run.progress, jobs=run.jobs)
    return with_street_tells(found, solution, names, streets, len(ordinary), NOTE_DEALER_2)


def with_turn_river(found: Tells, solution: ExposedSolution,
                    ordinary: Sequence[tuple[str, str, npt.NDArray[np.int8]]],
                    flop_bets: dict[str, npt.NDArray[np.uint8]], run: RunSettings) -> Tells:
    """The tells ``found`` of ``dealer-1,turn-river-1`` with the flop and river added, exactly
    (:mod:`.turn_river_tells`: kept in the disk cache), against each ordinary player whose flop
    decisions are in ``flop_bets``, and on the row of decisions none of them makes when every
    one is counted."""
    names, players, plans = river_players(ordinary, flop_bets)
    streets = turn_river_tells.street_tells_of(solution, players, plans, use_cache=run.cache,
                                               progress=run.progress, jobs=run.jobs)
    return with_street_tells(found, solution, names, streets, len(ordinary), NOTE_DEALER_1)


def with_street_tells(found: Tells, solution: ExposedSolution, names: Sequence[str],
                      streets: turn_river_tells.StreetTells, ordinary: int, note: str) -> Tells:
    """``found`` with a pass's flop and river tells added to the players ``names`` (in the
    pass's order), and to the row of decisions none makes when they are all the ``ordinary``
    players."""
    per_player = {name: (*flop, *river) for name, flop, river
                  in zip(names, streets.flop, streets.river, strict=True)}
    return added_tells(found, solution, per_player, KINDS,
                       (*streets.every_flop, *streets.every_river)
                       if len(names) == ordinary else None, (*EVERY_FLOP, *EVERY_RIVER), note)


def ordinary_flop_bets(unexposed: solver.Solution, jobs: int | None = None
                       ) -> dict[str, npt.NDArray[np.uint8]]:
    """Each ordinary player's flop decisions by flop id and holding id (1: bet 2x): basic
    strategy's (the unexposed solve's; the player who never raises preflop plays them too) and
    each named chart's own (its exact evaluation)."""
    from edge.games.ultimate_texas_holdem.strategy import practical
    from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy
    basic = solver.flop_decisions_by_flop(unexposed)
    found = {"basic strategy": basic, "never raises preflop": basic}
    for name in ORDINARY_CHARTS:
        evaluation = practical.evaluate_cached(UthStrategy.resolve(name), unexposed, jobs=jobs)
        found[name] = solver.flop_decisions_by_flop(
            replace(unexposed, flop_decisions=evaluation.flop_decisions))
    return found
