"""Ultimate Texas Hold'em's main bet with cards exposed (game protection, docs/protection.md):
the return table, the exposed player's preflop strategy and its plain rules.

Every scenario's exact solve (:func:`.exposure.solvers.solve_exposed`) gives an
:class:`~.exposure.ExposedSolution`: the deals of every final line, as the unexposed solve
gives them, and each preflop state's choice (the player's two cards with the seen cards). The
return table is built from the counts by the same code as the unexposed one
(:func:`.main.outcome_rows`); the strategy document charts the preflop choice by the 169
starting classes and what is seen. The flop and river decisions follow from the seen cards
exactly (the simulation computes them on the spot, :mod:`.exposure_simulation`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt

from edge.cards import RANKS
from edge.document import Items, Paragraph, Report, Section, Table
from edge.document.document import JsonValue
from edge.errors import EdgeError
from edge.games import RunSettings
from edge.games.ultimate_texas_holdem.exposure import solvers as exposure
from edge.games.ultimate_texas_holdem.exposure.solution import WAYS, ExposedSolution
from edge.games.ultimate_texas_holdem.rules import GAME_NAME, Seen
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules as MainRules
from edge.games.ultimate_texas_holdem.solve import main_bet as uth_main
from edge.games.ultimate_texas_holdem.solve import solver
from edge.paytables import PayTable, format_pay
from edge.protection import Protection, Scenario, information_note
from edge.table import ReturnTable, exact, percent

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

SOURCE = ("E. Jacobson, 888casino blog \"Ultimate Texas Hold'em hole-card play\"; "
          "docs/references.md")
WHEN = "before the preflop decision"
SCENARIOS = (
    Scenario(str(Seen.DEALER_1), "one of the dealer's two hole cards", WHEN,
             WAYS[Seen.DEALER_1], f"player edge 13.5922% ({SOURCE})"),
    Scenario(str(Seen.DEALER_2), "both of the dealer's hole cards", WHEN, WAYS[Seen.DEALER_2],
             f"player edge 38.5816%, 4x on 34.7368% of hands ({SOURCE})"),
    Scenario(str(Seen.DEALER_1_FLOP_1), "one of the dealer's hole cards and one of the three "
             "flop cards", WHEN, WAYS[Seen.DEALER_1_FLOP_1], f"player edge 22.3286% ({SOURCE})"),
    Scenario(str(Seen.DEALER_1_TURN_RIVER_1), "one of the dealer's hole cards and the turn or "
             "the river card", WHEN, WAYS[Seen.DEALER_1_TURN_RIVER_1],
             f"player edge 26.1867%, 4x on 36.1368% of hands ({SOURCE})"),
    Scenario(str(Seen.FLOP_1), "one of the three flop cards", WHEN, WAYS[Seen.FLOP_1]),
    Scenario(str(Seen.FLOP_2), "two of the three flop cards", WHEN, WAYS[Seen.FLOP_2]),
    Scenario(str(Seen.FLOP_3), "the three flop cards", WHEN, WAYS[Seen.FLOP_3]),
    Scenario(str(Seen.DEALER_1_RIVER), "one of the dealer's two hole cards",
             "before the river decision only", WAYS[Seen.DEALER_1_RIVER]),
)

# How many of the dealer's cards and of the board's each scenario shows before the preflop
# decision (dealer-1-river shows its dealer card only before the river decision).
DEALER_SEEN = {Seen.DEALER_1: 1, Seen.DEALER_2: 2, Seen.DEALER_1_FLOP_1: 1,
               Seen.DEALER_1_TURN_RIVER_1: 1, Seen.FLOP_1: 0, Seen.FLOP_2: 0, Seen.FLOP_3: 0,
               Seen.DEALER_1_RIVER: 0}
BOARD_SEEN = {Seen.DEALER_1: 0, Seen.DEALER_2: 0, Seen.DEALER_1_FLOP_1: 1,
              Seen.DEALER_1_TURN_RIVER_1: 1, Seen.FLOP_1: 1, Seen.FLOP_2: 2, Seen.FLOP_3: 3,
              Seen.DEALER_1_RIVER: 0}
# Scenarios the simulation does not play: dealer-1-river's flop decision (checking is worth
# the river played with a dealer card seen) is not computed on the spot.
NOT_SIMULATED = {Seen.DEALER_1_RIVER}
# What the one seen card is called in the chart of the scenarios that show one card.
SEEN_CARD = {Seen.DEALER_1: "dealer card", Seen.FLOP_1: "flop card",
             Seen.DEALER_1_FLOP_1: "dealer card", Seen.DEALER_1_TURN_RIVER_1: "dealer card"}
# The scenarios that also show a board card: the chart by the dealer card's rank sums over it.
OTHER_CARD = {Seen.DEALER_1_FLOP_1: "flop card", Seen.DEALER_1_TURN_RIVER_1: "turn-river card"}


def scenario_of(seen: Seen) -> Scenario:
    """The :class:`~edge.protection.Scenario` of a ``seen`` value."""
    for scenario in SCENARIOS:
        if scenario.name == str(seen):
            return scenario
    raise EdgeError(f"seen={seen} is not an exposure.")


def states_total(seen: Seen) -> int:
    """How many preflop states there are: the player's two cards and the seen cards (the seen
    dealer cards a set, the seen board cards a set: they come from one group of cards)."""
    dealer, board = DEALER_SEEN[seen], BOARD_SEEN[seen]
    total: int = solver.HOLDINGS * comb(50, dealer) * comb(50 - dealer, board)
    return total


def solve_exposure(paytable: PayTable, rules: MainRules, run: RunSettings) -> ExposedSolution:
    """The exact solve of the exposure ``rules.seen`` (cached on disk by its solver)."""
    settle = solver.settlement(paytable.as_dict(), rules.dealer_no_qualify)
    solution = exposure.solve_exposed(rules.seen, settle, rules.ties_larger, jobs=run.jobs,
                                      use_cache=run.cache, progress=run.progress)
    check_solution(solution)
    return solution


def check_solution(solution: ExposedSolution) -> None:
    """A solve's counts must add up to its cycle and its states to every preflop state."""
    seen = solution.scenario
    if solution.cycle != solver.CYCLE * WAYS[seen]:
        raise RuntimeError(f"The seen={seen} solve has a cycle of {solution.cycle:,}, not "
                           f"{solver.CYCLE * WAYS[seen]:,}.")
    total = sum(int(solution.counts[p].sum()) for p in (1, 2, 3, 4)) + solution.folds
    if total != solution.cycle:
        raise RuntimeError(f"The seen={seen} solve's deals add up to {total:,}, not its cycle.")
    if int(solution.state_weight.sum()) != states_total(seen):
        raise RuntimeError(f"The seen={seen} solve's states stand for "
                           f"{int(solution.state_weight.sum()):,} preflop states, not "
                           f"{states_total(seen):,}.")


# --- the return table ------------------------------------------------------------------------

def preflop_shares(solution: ExposedSolution) -> dict[int, Fraction]:
    """The share of preflop states (each equally likely) where the player bets 4x, 3x, or
    checks (0)."""
    weight = solution.state_weight.astype(np.int64)
    total = int(weight.sum())
    return {play: Fraction(int(weight[solution.choice == play].sum()), total)
            for play in (4, 3, 0)}


def cycle_note(seen: Seen, cycle: int) -> str:
    """How the exposed cycle is counted."""
    ways = WAYS[seen]
    return (f"Deals are counted with the flop and the turn-river pair apart (the player decides "
            f"between them), each once for every way the seen cards can be chosen among the "
            f"cards they come from ({ways}): the cycle is C(52,2) C(50,3) C(47,2) C(45,2) x "
            f"{ways} = {solver.CYCLE:,} x {ways} = {cycle:,}.")


def exposed_table(solution: ExposedSolution, paytable: PayTable, rules: MainRules,
                  options: Mapping[str, str], game: str, unexposed: ReturnTable) -> ReturnTable:
    """The exact return table of the main bet for the exposed player, with the value of the
    information against ``unexposed`` (the game as dealt, optimal strategy)."""
    check_solution(solution)
    scenario = scenario_of(solution.scenario)
    settle = solution.settlement
    rows = uth_main.outcome_rows(settle, solution.counts, solution.folds, rules.all_push)
    decisions = solver.line_decisions(solution.counts, solution.folds)
    shares = preflop_shares(solution)
    checked = int(solution.counts[2].sum() + solution.counts[1].sum()) + solution.folds
    notes = [
        cycle_note(solution.scenario, solution.cycle),
        f"Seen: {scenario.description}. The player decides every street exactly given all he "
        "has seen (the seen cards are out of the deck; what is unseen is dealt from the rest); "
        f"the dealer plays as always. {states_total(solution.scenario):,} preflop states "
        f"(holding and seen cards), solved as {len(solution.choice):,}.",
        uth_main.PAYS_NOTE,
        f"Preflop: 4x on {percent(shares[4])} of the preflop states, 3x on "
        f"{percent(shares[3])}, check on {percent(shares[0])} (`edge strategy "
        f"{GAME_NAME} --set seen={solution.scenario}` charts them). "
        + uth_main.street_shares(solution.counts, solution.folds, solution.cycle, checked),
    ]
    if scenario.published:
        notes.append(f"Published: {scenario.published}.")
    title = (f"Ultimate Texas Hold'em: Ante, Blind and Play, the player seeing "
             f"{scenario.seen}, Blind {paytable.label()}")
    table = ReturnTable(game, "main", rows, paytable, dict(options), initial_wager=Fraction(1),
                        decisions=decisions, notes=tuple(notes), title=title, basis="Ante",
                        initial_stake=Fraction(2))
    notes.insert(3, information_note(table, unexposed))
    return dataclasses.replace(table, notes=tuple(notes))


# --- the preflop states by class ------------------------------------------------------------

LETTERS = "23456789TJQKA"


def chart_order() -> list[str]:
    """The 169 classes in chart order: pairs from aces down, then suited, then offsuit, each
    by the high card then the kicker, from the ace down."""
    order = [r * 2 for r in reversed(LETTERS)]
    for kind in "so":
        order += [f"{LETTERS[h]}{LETTERS[k]}{kind}" for h in range(12, 0, -1)
                  for k in range(h - 1, -1, -1)]
    return order


@dataclass(frozen=True)
class StateShares:
    """The exposed preflop choice summed by class: ``raised[key]`` and ``states[key]`` are the
    preflop states (weighted) of a class and, for one seen card, its rank, and how many of
    them bet 4x; ``suit_*`` the same split by whether the seen card shares a suit with the
    holding."""

    raised: dict[tuple[str, int], int]
    states: dict[tuple[str, int], int]
    suit_raised: dict[tuple[str, int, bool], int]
    suit_states: dict[tuple[str, int, bool], int]

    def share(self, name: str, rank: int = -1) -> Fraction:
        """The share of a class's (and seen rank's) states raised 4x."""
        return Fraction(self.raised.get((name, rank), 0), self.states[(name, rank)])


def class_index(first: IntArray, second: IntArray) -> IntArray:
    """Each pair of cards' class as a number 0..168 (high * 13 + low when suited, low * 13 +
    high when not: the cells of the 13 x 13 chart)."""
    high = np.maximum(first >> 2, second >> 2)
    low = np.minimum(first >> 2, second >> 2)
    suited = (first & 3) == (second & 3)
    index: IntArray = np.where(suited, high * 13 + low, low * 13 + high)
    return index


def index_names() -> list[str]:
    """The class name of each number of :func:`class_index`."""
    names = []
    for index in range(169):
        row, column = divmod(index, 13)
        if row == column:
            names.append(LETTERS[row] * 2)
        elif row > column:
            names.append(f"{LETTERS[row]}{LETTERS[column]}s")
        else:
            names.append(f"{LETTERS[column]}{LETTERS[row]}o")
    return names


def state_shares(solution: ExposedSolution, by_rank: bool) -> StateShares:
    """Sum the preflop states by class (and by the one seen card's rank with ``by_rank``)."""
    cards = solution.state_cards.astype(np.int64)
    weight = solution.state_weight.astype(np.int64)
    four = solution.choice == 4
    key = class_index(cards[:, 0], cards[:, 1]) * 13
    match = np.zeros(len(cards), dtype=np.int64)
    if by_rank:
        seen = cards[:, 2]
        key = key + (seen >> 2)
        match = (((seen & 3) == (cards[:, 0] & 3))
                 | ((seen & 3) == (cards[:, 1] & 3))).astype(np.int64)
    size = 169 * 13 * 2
    full = key * 2 + match
    states = np.bincount(full, minlength=size)      # rows per cell
    # integer sums by cell (bincount's weights would pass through float64)
    order = np.argsort(full, kind="stable")
    bounds = np.searchsorted(full[order], np.arange(size + 1))
    totals = np.add.reduceat(np.append(weight[order], 0), bounds[:-1])
    raised_totals = np.add.reduceat(np.append(np.where(four, weight, 0)[order], 0), bounds[:-1])
    names = index_names()
    result = StateShares({}, {}, {}, {})
    for cell in np.flatnonzero(states).tolist():
        name = names[cell // 26]
        rank = cell // 2 % 13 if by_rank else -1
        suited = bool(cell % 2)
        count, raised = int(totals[cell]), int(raised_totals[cell])
        result.suit_states[(name, rank, suited)] = count
        result.suit_raised[(name, rank, suited)] = raised
        result.states[(name, rank)] = result.states.get((name, rank), 0) + count
        result.raised[(name, rank)] = result.raised.get((name, rank), 0) + raised
    return result


def share_cell(share: Fraction) -> str:
    """A chart cell: ``4x`` (always), ``-`` (never) or the share raised, in whole percent
    (never rounded to 0% or 100%)."""
    if share == 1:
        return "4x"
    if share == 0:
        return "-"
    whole = round(float(share) * 100)
    return f"{min(max(whole, 1), 99)}%"


def shorthand(raised: Collection[str], partial: Collection[str] = ()) -> str:
    """Classes in the usual chart shorthand: pairs ``55+``, then per high card the kickers
    (``K7+`` when every king with a 7 or better is in, then any lower kicker on its own),
    suited before offsuit; ``partial`` classes follow, "depending on suits"."""
    parts: list[str] = []
    pairs = [r for r in range(13) if LETTERS[r] * 2 in raised]
    if pairs:
        low = pairs[0]
        if pairs == list(range(low, 13)):
            parts.append("pairs " + ("AA" if low == 12 else f"{LETTERS[low] * 2}+"))
        else:
            parts.append("pairs " + ", ".join(LETTERS[r] * 2 for r in reversed(pairs)))
    for kind, word in (("s", "suited"), ("o", "offsuit")):
        groups: list[str] = []
        for high in range(12, 0, -1):
            kickers = [k for k in range(high) if f"{LETTERS[high]}{LETTERS[k]}{kind}" in raised]
            if not kickers:
                continue
            top = high - 1                    # the run of kickers up to the one below high
            while top - 1 in kickers:
                top -= 1
            if top in kickers and high - top > 1:
                groups.append(f"{LETTERS[high]}{LETTERS[top]}+")
                kickers = [k for k in kickers if k < top]
            groups += [f"{LETTERS[high]}{LETTERS[k]}" for k in reversed(kickers)]
        if groups:
            parts.append(f"{word} {', '.join(groups)}")
    text = "; ".join(parts) if parts else "nothing"
    if partial:
        order = chart_order()
        text += "; depending on suits " + ", ".join(sorted(partial, key=order.index))
    return text


def seen_rank_rules(seen: Seen, shares: StateShares) -> list[str]:
    """Per rank of the one seen card, the classes raised 4x in the chart shorthand."""
    card = SEEN_CARD[seen]
    other = OTHER_CARD.get(seen)
    lines = []
    for rank in range(12, -1, -1):
        always = {name for name in chart_order() if shares.share(name, rank) == 1}
        partial = {name for name in chart_order() if 0 < shares.share(name, rank) < 1}
        if other is None:
            lines.append(f"{card.capitalize()} {RANKS[rank]}: 4x {shorthand(always, partial)}; "
                         "check the rest.")
        else:
            lines.append(f"{card.capitalize()} {RANKS[rank]}: 4x whatever the {other}: "
                         f"{shorthand(always)}; {len(partial)} classes by the {other} and the "
                         "suits; check the rest.")
    return lines


def class_rules(shares: StateShares) -> list[str]:
    """The classes raised 4x whatever is seen, and those never raised."""
    always = {name for name in chart_order() if shares.share(name) == 1}
    never = {name for name in chart_order() if shares.share(name) == 0}
    return [f"4x whatever is seen: {shorthand(always)}.",
            f"Never 4x: {shorthand(never)}.",
            f"The other {169 - len(always) - len(never)} classes: 4x or check by the seen "
            "cards' ranks and suits."]


def two_card_order(first: IntArray, second: IntArray) -> IntArray:
    """Two cards as a starting hand, ranked as hole cards are: any pair above any two unpaired
    cards, then by the pair's rank, else by the high card, then the low card."""
    high = np.maximum(first >> 2, second >> 2)
    low = np.minimum(first >> 2, second >> 2)
    order: IntArray = np.where(high == low, 1000 + high, high * 13 + low)
    return order


def ahead_rule_line(solution: ExposedSolution) -> str:
    """How the exact preflop choice with both dealer cards seen compares with the published
    rule of thumb "4x when ahead" (E. Jacobson: the player's two cards rank above the
    dealer's, as starting hands)."""
    cards = solution.state_cards.astype(np.int64)
    weight = solution.state_weight.astype(np.int64)
    ahead = two_card_order(cards[:, 0], cards[:, 1]) > two_card_order(cards[:, 2], cards[:, 3])
    four = solution.choice == 4
    total = int(weight.sum())
    agree = Fraction(int(weight[ahead == four].sum()), total)
    behind_raised = Fraction(int(weight[four & ~ahead].sum()), total)
    ahead_checked = Fraction(int(weight[~four & ahead].sum()), total)
    return (f"The published rule of thumb \"4x when your two cards rank above the dealer's\" "
            f"(E. Jacobson) takes the exact choice on {percent(agree)} of the states; the exact "
            f"player also raises {percent(behind_raised)} of the states behind and checks "
            f"{percent(ahead_checked)} ahead.")


def rules_lines(solution: ExposedSolution) -> list[str]:
    """The exposed player's preflop play in plain lines (the report's rules of play)."""
    seen = solution.scenario
    shares = preflop_shares(solution)
    head = [f"4x on {percent(shares[4])} of the preflop states"
            + (f", 3x on {percent(shares[3])}" if shares[3] else "")
            + ", check the rest; on the flop bet 2x and on the river play 1x exactly where "
            "that is worth more than checking (folding), given everything seen."]
    if seen in SEEN_CARD:
        return head + seen_rank_rules(seen, state_shares(solution, True))
    lines = head + class_rules(state_shares(solution, False))
    if seen is Seen.DEALER_2:
        lines.append(ahead_rule_line(solution))
    return lines


# --- the strategy document -------------------------------------------------------------------

def _rank_table(seen: Seen, shares: StateShares) -> Table:
    heads = ("class", *(RANKS[r] for r in range(12, -1, -1)))
    rows = tuple((name, *(share_cell(shares.share(name, r)) for r in range(12, -1, -1)))
                 for name in chart_order())
    other = OTHER_CARD.get(seen)
    what = "suit arrangements" if other is None else f"suit arrangements and {other}s"
    return Table(heads, rows, f"Preflop 4x by the seen {SEEN_CARD[seen]}'s rank (columns): 4x "
                 f"always, - never, else the share of {what} raised",
                 align="l" + "c" * 13)


def _mixed_table(seen: Seen, shares: StateShares) -> Table | None:
    rows = []
    for name in chart_order():
        for rank in range(12, -1, -1):
            share = shares.share(name, rank)
            if share in (0, 1):
                continue
            split = []
            for match in (True, False):
                states = shares.suit_states.get((name, rank, match), 0)
                split.append(share_cell(Fraction(shares.suit_raised.get((name, rank, match), 0),
                                                 states)) if states else "none")
            rows.append((name, RANKS[rank], percent(share, 1), *split))
    if not rows:
        return None
    card = SEEN_CARD[seen]
    return Table(("class", f"{card}", "4x share", f"{card} suited with the holding",
                  "not suited"), tuple(rows),
                 f"Where the suits decide: the share raised 4x, and by whether the seen {card} "
                 "shares a suit with one of the player's cards", align="llrrr")


def _class_grid(shares: StateShares) -> Table:
    order = list(reversed(LETTERS))
    rows = []
    for i, row_rank in enumerate(order):
        cells = [row_rank]
        for j, col_rank in enumerate(order):
            name = (row_rank * 2 if i == j else f"{row_rank}{col_rank}s" if i < j
                    else f"{col_rank}{row_rank}o")
            cells.append(share_cell(shares.share(name)))
        rows.append(tuple(cells))
    return Table(("", *order), tuple(rows), "Preflop: the share of each class's preflop states "
                 "(suits and seen cards) raised 4x: 4x always, - never (suited above the "
                 "diagonal, offsuit below, pairs on it)")


def _class_rows(shares: StateShares) -> Table:
    rows = tuple((name, f"{shares.states[(name, -1)]:,}", percent(shares.share(name), 2))
                 for name in chart_order())
    return Table(("class", "states", "4x share"), rows,
                 "Every class: its preflop states (holding and seen cards) and the share raised "
                 "4x", align="lrr")


def exposed_strategy(paytable: PayTable, rules: MainRules, options: Mapping[str, str],
                     run: RunSettings, table: Callable[[ExposedSolution], ReturnTable]
                     ) -> Report:
    """The exposed player's strategy as a document: the summary, the preflop chart by class
    and what is seen, the plain rules; ``table`` gives the scenario's return table."""
    solution = solve_exposure(paytable, rules, run)
    return strategy_report(solution, paytable, options, table(solution))


def strategy_report(solution: ExposedSolution, paytable: PayTable, options: Mapping[str, str],
                    returns: ReturnTable) -> Report:
    """The strategy document of a finished exposure solve (see :func:`exposed_strategy`)."""
    seen = solution.scenario
    scenario = scenario_of(seen)
    shares = preflop_shares(solution)
    by_rank = seen in SEEN_CARD
    per_class = state_shares(solution, by_rank)
    blind = ", ".join(f"{k} {format_pay(v)}" for k, v in paytable.pays)
    intro = (f"options: {', '.join(f'{k}={v}' for k, v in options.items())}",
             f"Blind pay table: {paytable.name} ({blind})")
    summary = [
        f"Seen: {scenario.description}; the player plays every street optimally given all he "
        "has seen.",
        f"4x on {percent(shares[4])} of the preflop states (holding and seen cards, each "
        "equally likely), "
        + (f"3x on {percent(shares[3])}, " if shares[3] else "3x never, ")
        + f"check on {percent(shares[0])}.",
        f"Player edge {percent(returns.expected_return)} per Ante (exactly "
        f"{exact(returns.expected_return)}), element of risk "
        f"{percent(-returns.element_of_risk)} in the player's favour.",
        "On the flop and the river the exposed player bets 2x, plays 1x or folds by the exact "
        "value of each choice over what is still unseen"
        + ("." if seen in NOT_SIMULATED else f"; `edge simulate {GAME_NAME} --bet main --set "
           f"seen={seen}` plays it so."),
    ]
    if scenario.published:
        summary.append(f"Published: {scenario.published}.")
    rule_lines = rules_lines(solution)[1:]
    sections = [Section("Summary", (Items(tuple(summary)),))]
    if by_rank:
        blocks: list[Table | Paragraph | Items] = [_rank_table(seen, per_class)]
        mixed = None if seen in OTHER_CARD else _mixed_table(seen, per_class)
        if mixed is not None:
            blocks.append(mixed)
        if seen in OTHER_CARD:
            every = state_shares(solution, False)
            blocks += [_class_grid(every), _class_rows(every)]
        sections.append(Section("Preflop chart", tuple(blocks)))
    else:
        every = state_shares(solution, False)
        sections.append(Section("Preflop chart", (_class_grid(every), _class_rows(every))))
    sections.append(Section("Plain rules", (
        Paragraph("Derived from the solve: the classes raised 4x in every case, in the usual "
                  "chart shorthand (A7+: an ace with a seven or better)."),
        Items(tuple(rule_lines)))))
    title = f"{uth_main.STRATEGY_TITLE}, the player seeing {scenario.seen}"
    return Report(title, intro, tuple(sections), game=GAME_NAME, tables={"main": returns},
                  game_title="Ultimate Texas Hold'em",
                  data=strategy_data(solution, options, paytable, returns, per_class, by_rank))


def strategy_data(solution: ExposedSolution, options: Mapping[str, str], paytable: PayTable,
                  returns: ReturnTable, per_class: StateShares, by_rank: bool
                  ) -> dict[str, JsonValue]:
    """The exposed strategy as ``edge strategy --format json`` gives it."""
    shares = preflop_shares(solution)
    classes: list[JsonValue] = []
    for name in chart_order():
        entry: dict[str, JsonValue] = {"class": name}
        if by_rank:
            entry["four_x_share_by_seen_rank"] = {
                RANKS[r]: exact(per_class.share(name, r)) for r in range(12, -1, -1)}
        else:
            entry["states"] = per_class.states[(name, -1)]
            entry["four_x_share"] = exact(per_class.share(name))
        classes.append(entry)
    return {
        "game": GAME_NAME,
        "seen": str(solution.scenario),
        "options": dict(options),
        "paytable": {k: exact(v) for k, v in paytable.pays},
        "expected_return": exact(returns.expected_return),
        "preflop_shares": {"4x": exact(shares[4]), "3x": exact(shares[3]),
                           "check": exact(shares[0])},
        "classes": classes,
        "rules": list(rules_lines(solution)),
    }


def protection() -> Protection:
    """The game's exposures (edge.protection), each solved in minutes (``slow``): the
    scenarios whose solver is in :data:`.exposure.solvers.SOLVERS`; and collusion with one
    partner's hole cards, exact in hours (docs/collusion-uth.md)."""
    from edge.protection import Collusion

    ready = tuple(scenario for scenario in SCENARIOS if Seen(scenario.name) in exposure.SOLVERS)
    return Protection("main", ready, slow=True, stakes=("Ante", "Blind"),
                      collusion=Collusion(shared="their two hole cards", partners=(1,),
                                          exact=(1,), slow=True))
