"""The exposed player's strategy from a game file, in words (``edge strategy FILE --set
seen=NAME``; the scenarios of :mod:`edge.decisions.protection`).

One dealer card seen is solved as that card dealt face up, so the strategy is read from the
up-card solve's states (the player's hand class and the seen card, up to a renaming of suits):

- for each rank seen (or each group of ranks, edge sorting), a rule a surveillance officer can
  check at the table: the weakest hand that takes each option, by the showdown's order of the
  player's hands (``play Q-9-2 or better, fold the rest``), found so that it departs from the
  solve on the fewest states, and those states named one by one (:func:`seen_rules`); every
  state is decided by exactly one of the two, checked on every solve;
- how often the informed play departs from the game as dealt, and what the information is worth
  per rank seen: the exact value of the states of that rank under the informed choices less
  their value under the choices of the game as dealt (the values of :mod:`edge.decisions.upcard`;
  they sum to the value of the information, checked);
- the same strategy as the short rules of a dealer's card face up
  (:mod:`edge.decisions.upcard_rules`), as ``edge strategy`` gives them for a file that deals one.

The dealer's whole hand seen, the player knows the showdown's result, and the net of each
option depends only on that result and the player's hand outcome: the rule is the option of the
highest net for each (result, outcome), stated with those nets and how often each is dealt
(:func:`known_rows`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from edge.bets.compile import Deals
from edge.decisions.dealer import RESULT_WORDS, word_values
from edge.decisions.rules import RANK_NAMES, class_name, option_order, state_name
from edge.decisions.solve import Problem, Solution, set_index
from edge.decisions.strategy import strategy_report
from edge.decisions.upcard import (
    UpcardValues,
    file_states,
    option_values,
    upcard_hands,
    values_return,
)
from edge.decisions.upcard_rules import UpFeatures, deck_of, state_key, up_features
from edge.document.document import Items, Paragraph, Report, Section, Table
from edge.games import Rules, Wager
from edge.player import seeing
from edge.protection import NONE
from edge.table import decimal, exact

if TYPE_CHECKING:
    from edge.decisions.analysis import GameAnalysis
    from edge.decisions.file import GameFile
    from edge.protection import Scenario

IntArray = npt.NDArray[np.int64]
# each showdown result known, in words (RESULT_WORDS' order)
KNOWN_WORDS = ("the dealer does not qualify", "the dealer qualifies and the player wins",
               "the dealer qualifies and ties the player", "the dealer qualifies and wins")
# the exceptions a rule names in the document (the JSON output names them all)
MOST_NAMED = 12


@dataclass(frozen=True)
class SeenRule:
    """The rule for one thing seen (a rank, or a group of ranks): ``borders``, for each option
    but the last in turn, the weakest strength of hand that takes it (``None``: no hand does;
    the first that holds decides), ``otherwise`` the option of the rest; ``states`` the flat
    indices ([class, j] raveled) of the states seen this way, ``exceptions`` those of them the
    solve decides otherwise than the borders."""

    label: str
    borders: tuple[tuple[int, int | None], ...]
    otherwise: int
    states: IntArray
    exceptions: IntArray


def border_option(strength: IntArray, rule: SeenRule) -> IntArray:
    """The option the rule's borders take for hands of these strengths."""
    taken = np.full(len(strength), rule.otherwise, dtype=np.int64)
    open_ = np.ones(len(strength), dtype=bool)
    for option, border in rule.borders:
        if border is None:
            continue
        hit = open_ & (strength >= border)
        taken[hit] = option
        open_ &= ~hit
    return taken


def find_borders(strength: IntArray, chosen: IntArray, order: Sequence[int]
                 ) -> tuple[tuple[int, int | None], ...]:
    """For each option of ``order`` but the last, in turn, the weakest strength from which the
    hands still open take it, chosen to depart from ``chosen`` on the fewest states (``None``:
    no hand, when that departs less); ``strength`` and ``chosen`` over the states."""
    open_ = np.ones(len(strength), dtype=bool)
    borders: list[tuple[int, int | None]] = []
    for option in order[:-1]:
        here, mine = strength[open_], chosen[open_] == option
        if not mine.any():
            borders.append((option, None))
            continue
        candidates = np.unique(here)
        taking, others = np.sort(here[mine]), np.sort(here[~mine])
        wrong = (np.searchsorted(taking, candidates, "left")
                 + len(others) - np.searchsorted(others, candidates, "left"))
        best = int(np.argmin(wrong))
        if wrong[best] >= len(taking):
            borders.append((option, None))
            continue
        border = int(candidates[best])
        borders.append((option, border))
        open_ &= strength < border
    return tuple(borders)


def seen_rules(strength: IntArray, chosen: npt.NDArray[np.integer[Any]], group: IntArray,
               labels: Sequence[str], order: Sequence[int]) -> tuple[SeenRule, ...]:
    """The rule for each thing seen: ``strength`` per hand class, ``chosen`` and ``group``
    (an index into ``labels``) per state [class, j], ``order`` the options (the last: the rest,
    :func:`~edge.decisions.rules.option_order`)."""
    flat_group = group.ravel()
    flat_chosen = chosen.ravel().astype(np.int64)
    flat_strength = np.repeat(strength, chosen.shape[1])
    rules = []
    for g, label in enumerate(labels):
        states = np.flatnonzero(flat_group == g)
        borders = find_borders(flat_strength[states], flat_chosen[states], order)
        rule = SeenRule(label, borders, order[-1], states, np.zeros(0, dtype=np.int64))
        taken = border_option(flat_strength[states], rule)
        rules.append(SeenRule(label, borders, order[-1], states,
                              states[taken != flat_chosen[states]]))
    return tuple(rules)


def rules_choices(rules: Sequence[SeenRule], strength: IntArray, shape: tuple[int, int],
                  chosen: npt.NDArray[np.integer[Any]]) -> IntArray:
    """The option the rules take at every state [class, j]: each state by the borders of the
    one rule that holds it, or, an exception, the solve's option (``chosen``); an
    AssertionError when a state is held by no rule or by two."""
    taken = np.full(shape[0] * shape[1], -1, dtype=np.int64)
    flat_strength = np.repeat(strength, shape[1])
    for rule in rules:
        if (taken[rule.states] >= 0).any():
            raise AssertionError(f"the states seen as {rule.label} are held by two rules")
        taken[rule.states] = border_option(flat_strength[rule.states], rule)
        taken[rule.exceptions] = chosen.ravel()[rule.exceptions]
    if (taken < 0).any():
        raise AssertionError("a state is held by no rule")
    return taken.reshape(shape)


@dataclass(frozen=True)
class Words:
    """How the hands and options of one exposed solve are named."""

    names: tuple[str, ...]           # the options
    features: UpFeatures
    strength: IntArray               # per hand class
    outcome: IntArray                # per hand class (len(outcomes): none)
    outcomes: tuple[str, ...]
    by_class: bool = False           # an exception names the hand class alone (a group seen)

    def hand(self, c: int) -> str:
        """A hand class by its ranks, high first, and its outcome: ``K-K-Q (pair)``."""
        ranks = "-".join(RANK_NAMES[int(r)] for r in self.features.descending[c])
        p = int(self.outcome[c])
        return ranks + (f" ({self.outcomes[p]})" if p < len(self.outcomes) else "")

    def weakest(self, border: int) -> str:
        """The weakest hand of a strength, named."""
        return self.hand(int(np.flatnonzero(self.strength == border)[0]))

    def text(self, rule: SeenRule) -> str:
        """The rule in words: ``play Q-9-2 or better, fold the rest``."""
        least = int(self.strength[np.unique(rule.states // self.features.up.shape[1])].min())
        parts = []
        every = False
        for option, border in rule.borders:
            if border is None:
                continue
            if border <= least:
                parts.append(f"{self.names[option]} every hand")
                every = True
                break
            parts.append(f"{self.names[option]} {self.weakest(border)} or better")
        if not every:
            parts.append(f"{self.names[rule.otherwise]} "
                         + ("the rest" if parts else "every hand"))
        return ", ".join(parts)

    def exception_names(self, rule: SeenRule, chosen: npt.NDArray[np.integer[Any]]
                        ) -> list[str]:
        """The states the borders do not decide, each with its option: the hand and the seen
        card up to suits (a group seen: the hand class, whatever card of the group)."""
        found: dict[str, None] = {}
        width = self.features.up.shape[1]
        for state in rule.exceptions.tolist():
            c, j = divmod(state, width)
            named = (class_name(self.features.keys[c]) if self.by_class else
                     state_name(state_key(self.features, c, j)))
            found[f"{self.names[int(chosen[c, j])]} {named}"] = None
        return list(found)


def rule_line(words: Words, rule: SeenRule, chosen: npt.NDArray[np.integer[Any]]) -> str:
    """A rule and its exceptions as a line's end."""
    named = words.exception_names(rule, chosen)
    if not named:
        return words.text(rule)
    more = (f"; and {len(named) - MOST_NAMED:,} more (all in --format json)"
            if len(named) > MOST_NAMED else "")
    return f"{words.text(rule)}; but {'; '.join(named[:MOST_NAMED])}{more}"


def merged(words: Words, rules: Sequence[SeenRule], chosen: npt.NDArray[np.integer[Any]]
           ) -> list[tuple[str, str]]:
    """Consecutive things seen with the same rule and no exceptions, merged (``2 to J``)."""
    found: list[tuple[list[str], str, bool]] = []
    for rule in rules:
        line = rule_line(words, rule, chosen)
        plain = not len(rule.exceptions)
        if found and plain and found[-1][2] and found[-1][1] == line:
            found[-1][0].append(rule.label)
        else:
            found.append(([rule.label], line, plain))
    return [(names[0] if len(names) == 1 else f"{names[0]} to {names[-1]}", line)
            for names, line, _ in found]


def percent(value: Fraction, places: int = 4) -> str:
    """A fraction as a signed percentage."""
    return ("+" if value > 0 else "") + f"{decimal(value * 100, places)}%"


def class_strengths(file: GameFile, hands: IntArray) -> IntArray:
    """The player's strength (the showdown's side of the player) of each hand (rows)."""
    dealer = file.dealer
    assert dealer is not None
    mine = tuple(p for p in file.bet.layout.places if p.name != dealer.place)
    return word_values(dealer.player_side, mine, Deals(hands), file.bet.rules, False)


def dealt_choices(dealt: Solution, hands: IntArray) -> IntArray:
    """The option the game as dealt takes for each hand (rows of cards increasing)."""
    return np.asarray(dealt.choices[0][set_index(hands), 0], dtype=np.int64)


@dataclass(frozen=True)
class CardSeen:
    """One dealer card seen (or its group of ranks), everything the document says."""

    solution: Solution
    dealt: Solution
    words: Words
    rules: tuple[SeenRule, ...]
    values: UpcardValues
    sizes: IntArray
    dealt_chosen: IntArray          # [class, j]: the option of the game as dealt


def card_seen(analysis: GameAnalysis, dealt: Solution, solution: Solution,
              ranks: tuple[tuple[int, ...], ...] = ()) -> CardSeen:
    """The rules of one dealer card seen (``ranks``: known only by these groups of ranks), read
    from the exposed solve ``solution`` and checked on every state; ``dealt``: the solve of the
    game as dealt."""
    file = analysis.file
    problem = solution.problem
    chosen = solution.choices[0]
    n = problem.cards
    deck = deck_of(chosen, n)
    features = up_features(deck, n)
    outcome, sizes, counts = file_states(file)
    hands, _ = upcard_hands(deck, n)
    strength = class_strengths(file, hands)
    rank = features.up_rank
    if ranks:
        group = np.zeros(13, dtype=np.int64)
        for g, members in enumerate(ranks):
            group[list(members)] = g
        of_state, labels = group[rank], [_ranks_text(members) for members in ranks]
    else:
        present = sorted(set(rank.ravel().tolist()))
        of_state = np.searchsorted(present, rank)
        labels = [RANK_NAMES[r] for r in present]
    rules = seen_rules(strength, chosen, of_state, labels,
                       option_order(solution, 0))
    if (rules_choices(rules, strength, chosen.shape, chosen) != chosen).any():
        raise AssertionError("the rules by what is seen depart from the solve")
    names = tuple(option.name for option in problem.decisions[0].options)
    words = Words(names, features, strength, outcome,
                  tuple(o.name for o in file.bet.outcomes), by_class=bool(ranks))
    values = option_values(problem, outcome, counts, deck)
    dealt_chosen = np.broadcast_to(dealt_choices(dealt, hands)[:, None], chosen.shape)
    if values_return(values, dealt_chosen, sizes) != dealt.player_return or \
            values_return(values, chosen, sizes) != solution.player_return:
        raise AssertionError("the states' values do not give back the two returns")
    return CardSeen(solution, dealt, words, rules, values, sizes, np.asarray(dealt_chosen))


def _ranks_text(ranks: tuple[int, ...]) -> str:
    low, high = RANK_NAMES[min(ranks)], RANK_NAMES[max(ranks)]
    return low if low == high else f"{low}-{high}"


def _taken(solution: Solution) -> dict[str, int]:
    """The deals of each option taken."""
    names = [option.name for option in solution.problem.decisions[0].options]
    return {names[line[0]]: deals for line, deals in sorted(solution.lines.items())}


def _share(deals: dict[str, int], cycle: int) -> str:
    return "; ".join(f"{name} {decimal(Fraction(d, cycle) * 100, 4)}%"
                     for name, d in deals.items())


def card_document(seen: CardSeen, scenario: Scenario, head: list[tuple[str, str]],
                  found: Report | None, unit: str) -> tuple[tuple[Section, ...], dict[str, Any]]:
    """The sections and JSON data of one dealer card seen; ``found``: the up-card strategy
    report of the exposed file (its rules in words close the document; None: left out);
    ``unit``: the quote unit."""
    solution, chosen = seen.solution, seen.solution.choices[0]
    words, values, sizes = seen.words, seen.values, seen.sizes
    width = chosen.shape[1]
    per_state = np.broadcast_to(sizes[:, None], chosen.shape).ravel()
    gain = solution.player_return - seen.dealt.player_return
    rows, data_rows = [], []
    worth_sum = Fraction(0)
    departs_all = 0
    for rule in seen.rules:
        flat_mask = np.zeros(chosen.size, dtype=bool)
        flat_mask[rule.states] = True
        mask = flat_mask.reshape(chosen.shape)
        worth = (values_return(values, chosen, sizes, mask)
                 - values_return(values, seen.dealt_chosen, sizes, mask))
        worth_sum += worth
        situations = int(per_state[rule.states].sum())
        flat = chosen.ravel()[rule.states]
        taken = {words.names[o]: int(per_state[rule.states][flat == o].sum())
                 for o in range(len(words.names)) if o != rule.otherwise}
        other = seen.dealt_chosen.ravel()[rule.states] != flat
        departs = int(per_state[rule.states][other].sum())
        departs_all += departs
        moves: dict[str, int] = {}
        for state in rule.states[other].tolist():
            c, j = divmod(state, width)
            key = (f"{words.names[int(chosen[c, j])]} where dealt "
                   f"{words.names[int(seen.dealt_chosen[c, j])]}")
            moves[key] = moves.get(key, 0) + int(sizes[c])
        exceptions = words.exception_names(rule, chosen)
        rows.append((rule.label, words.text(rule), f"{len(exceptions):,}",
                     "; ".join(f"{k} {v:,}" for k, v in taken.items()) + f" of {situations:,}",
                     "; ".join(f"{k} {v:,}" for k, v in moves.items()) or "none",
                     percent(worth)))
        data_rows.append({"seen": rule.label, "rule": words.text(rule),
                          "exceptions": exceptions, "taken": taken,
                          "situations": situations, "departs": moves,
                          "worth": exact(worth)})
    if worth_sum != gain:
        raise AssertionError("the worth of the ranks seen does not add up to the information's")
    lines = [f"Seen {label}: {line}." for label, line in merged(words, seen.rules, chosen)]
    kind = "group of ranks" if words.by_class else "rank"
    total = int(per_state.sum())
    facts = Items((
        *head,
        ("hand and seen card situations (up to suits: states)",
         f"{total:,} ({chosen.size:,} states)"),
        ("situations played otherwise than as dealt",
         f"{departs_all:,} ({decimal(Fraction(departs_all, total) * 100, 4)}%)"),
        ("situations with two options of equal value", f"{_ties(values, chosen, sizes):,}"),
        ("options taken, informed", _share(_taken(solution), solution.cycle)),
        ("options taken, as dealt", _share(_taken(seen.dealt), seen.dealt.cycle)),
    ))
    dealer = seen.solution.problem.decisions[0].name
    intro = Paragraph(
        f"Seen: {scenario.description}. The player decides {dealer} on his hand and the seen "
        f"card{', known only by its group of ranks' if words.by_class else ''}, exactly as "
        "solved (card removal included). Each rule names the weakest hand that takes an "
        "option; a hand is better when it is higher in the file's showdown; the states the "
        "rule does not decide as the solve does are named after it (the dealer's card up to "
        "a renaming of suits). Every state is decided by exactly one rule or exception, "
        "checked against the solve.")
    chart = Table((kind, "rule", "exceptions", "taken (hand and card situations)",
                   "played otherwise than as dealt", "worth"), tuple(rows),
                  f"The rule by the {kind} seen (worth: per {unit}, the informed "
                  f"choices' exact value on these situations less the dealt game's; they add up "
                  f"to {percent(gain)})", align="llrlll")
    sections = (Section(f"{scenario.name}: the informed strategy", (intro, facts,
                                                                   Items(tuple(lines)))),
                Section(f"The rule by the {kind} seen", (chart,)),
                *(Section(f"{section.title}, as a card face up", section.blocks)
                  for section in (found.sections[1:] if found else ())))
    data = {"rules": lines, "chart": data_rows, "departs": departs_all,
            "situations": total}
    return sections, data


def _ties(values: UpcardValues, chosen: npt.NDArray[np.integer[Any]], sizes: IntArray) -> int:
    """Hand and card situations where another option is worth exactly the chosen one."""
    best = np.choose(chosen.astype(np.int64), values.values)
    tied = np.zeros(chosen.shape, dtype=bool)
    for i, value in enumerate(values.values):
        tied |= (value == best) & (chosen != i)
    return int((tied.sum(axis=1) * sizes).sum())


def known_rows(problem: Problem, chosen: npt.NDArray[np.integer[Any]], dealt: IntArray,
               per: Fraction) -> list[dict[str, Any]]:
    """The whole dealer's hand seen: for each showdown result and hand outcome dealt, the
    option taken, every option's net, the deals, the share of them the game as dealt plays
    otherwise and what the informed option gains on them (``dealt[r, p, i]``: the game as
    dealt's deals of result r and outcome p where it takes option i, each worth ``per`` of
    the exposed cycle's deals)."""
    settlement = problem.settlement
    assert settlement is not None and settlement.counts is not None
    decision, = problem.decisions
    outcomes = len(problem.pays)
    total = sum(problem.start, Fraction(0))
    nets = []
    for option in decision.options:
        stakes = tuple(option.amount if option.wager == w else amount
                       for w, amount in enumerate(problem.start))
        nets.append([[(-total if option.fold else settlement.net(r * outcomes + p, stakes))
                      for p in range(outcomes)] for r in range(settlement.results)])
    by_outcome = np.stack([settlement.counts[problem.outcome_of == p].sum(axis=0)
                           for p in range(outcomes)], axis=1)          # [result, outcome]
    found = []
    for r in range(settlement.results):
        for p in range(outcomes):
            deals = int(by_outcome[r, p])
            if int(dealt[r, p].sum()) * per != deals:
                raise AssertionError("the game as dealt and the exposed count differ")
            if not deals:
                continue
            i = int(chosen[r, p])
            worth = sum((int(dealt[r, p, k]) * per * (nets[i][r][p] - nets[k][r][p])
                         for k in range(len(nets))), Fraction(0))
            found.append({"result": r, "outcome": p, "option": i,
                          "nets": [net[r][p] for net in nets], "deals": deals,
                          "otherwise": (deals - int(dealt[r, p, i]) * per), "worth": worth})
    return found


def _net_text(net: Fraction) -> str:
    return ("+" if net > 0 else "") + str(net)


def known_document(solution: Solution, dealt: Solution, dealt_deals: IntArray,
                   dealt_cycle: int, scenario: Scenario, head: list[tuple[str, str]],
                   outcome_names: tuple[str, ...]) -> tuple[tuple[Section, ...], dict[str, Any]]:
    """The sections and JSON data of the dealer's whole hand seen; ``dealt_deals[r, p, i]``
    the deals of the game as dealt by result, outcome and its option, of ``dealt_cycle``."""
    problem, chosen = solution.problem, solution.choices[0]
    names = [option.name for option in problem.decisions[0].options]
    rows = known_rows(problem, chosen, dealt_deals, Fraction(solution.cycle, dealt_cycle))
    if sum(row["deals"] for row in rows) != solution.cycle or sum(
            (row["worth"] for row in rows), Fraction(0)) != (
            solution.player_return - dealt.player_return) * solution.cycle:
        raise AssertionError("the known results do not add up to every deal or to the "
                             "information's worth")
    table, lines, data = [], [], []
    for r, words in enumerate(KNOWN_WORDS[:len(RESULT_WORDS)]):
        mine = [row for row in rows if row["result"] == r]
        if not mine:
            continue
        by_option: dict[int, list[str]] = {}
        for row in mine:
            by_option.setdefault(row["option"], []).append(outcome_names[row["outcome"]])
            nets = ", ".join(f"{names[i]} {_net_text(net)}" for i, net in enumerate(row["nets"]))
            otherwise = Fraction(row["otherwise"], row["deals"])
            table.append((RESULT_WORDS[r], outcome_names[row["outcome"]],
                          names[row["option"]], nets, f"{row['deals']:,}",
                          f"{decimal(otherwise * 100, 2)}%",
                          percent(row["worth"] / solution.cycle)))
            data.append({"result": RESULT_WORDS[r], "hand": outcome_names[row["outcome"]],
                         "option": names[row["option"]],
                         "nets": {names[i]: str(net) for i, net in enumerate(row["nets"])},
                         "deals": row["deals"], "played_otherwise_as_dealt": exact(otherwise),
                         "worth": exact(row["worth"] / solution.cycle)})
        deals = sum(row["deals"] for row in mine)
        if len(by_option) == 1:
            rule = f"{names[next(iter(by_option))]} every hand"
        else:
            rest = max(by_option, key=lambda i: len(by_option[i]))
            rule = "; ".join(f"{names[i]} with "
                             + " or ".join(h if h == outcome_names[-1] else f"a {h}"
                                           for h in hands)
                             for i, hands in by_option.items() if i != rest)
            rule += f"; {names[rest]} the rest"
        lines.append(f"When {words} ({decimal(Fraction(deals, solution.cycle) * 100, 4)}% "
                     f"of deals): {rule}.")
    departs = sum((row["otherwise"] for row in rows), Fraction(0)) / solution.cycle
    tied = sum(row["deals"] for row in rows
               if sorted(row["nets"]).count(row["nets"][row["option"]]) > 1)
    intro = Paragraph(
        f"Seen: {scenario.description}. The player knows the showdown's result before he "
        "decides, and each option's net then depends only on that result and his hand's "
        "outcome (the first of the file's outcomes it meets; none: no outcome): he takes the "
        "option of the highest net (a tie as the file says), exactly as solved.")
    facts = Items((*head,
                   ("deals played otherwise than as dealt", f"{decimal(departs * 100, 4)}%"),
                   ("deals with two options of equal net (a tie as the file says)",
                    f"{tied:,}"),
                   ("options taken, informed", _share(_taken(solution), solution.cycle)),
                   ("options taken, as dealt", _share(_taken(dealt), dealt.cycle))))
    chart = Table(("the dealer's result", "the player's hand", "option", "net of each option",
                   "deals", "played otherwise as dealt", "worth"), tuple(table),
                  "The rule by the known result (net: per unit; worth: the informed option's "
                  "exact gain over the dealt game's on these deals, per unit, adding up to the "
                  "value of the information)", align="llllrrr")
    sections = (Section(f"{scenario.name}: the informed strategy", (intro, facts,
                                                                   Items(tuple(lines)))),
                Section("The rule by the known result", (chart,)))
    return sections, {"rules": lines, "chart": data, "departs": exact(departs), "ties": tied}


def known_dealt(file: GameFile, solution: Solution, dealt: Solution) -> IntArray:
    """The deals of the game as dealt (``file``; ``dealt`` its solve) by the dealer's result,
    the player's outcome and the option it takes there (of ``dealt.cycle``); ``solution``:
    the solve knowing the dealer's hand."""
    problem = solution.problem
    settlement = problem.settlement
    assert settlement is not None and settlement.counts is not None
    options = len(problem.decisions[0].options)
    outcomes, results = len(problem.pays), settlement.results
    found = np.zeros((results, outcomes, options), dtype=np.int64)
    if file.dealer is not None and file.dealer.up:      # the dealt game decides with a card up
        outcome, sizes, counts = file_states(file)
        chosen = dealt.choices[0]
        for i in range(options):
            weighted = np.where((chosen == i)[:, :, None], counts, 0).sum(axis=1) \
                * sizes[:, None]                                       # [class, result]
            for p in range(outcomes):
                found[:, p, i] = weighted[outcome == p].sum(axis=0)
        return found
    by_set = dealt.choices[0][:, 0].astype(np.int64)
    for i in range(options):
        for p in range(outcomes):
            found[:, p, i] = settlement.counts[(by_set == i)
                                               & (problem.outcome_of == p)].sum(axis=0)
    return found


def exposed_report(file: GameFile, ranks: tuple[tuple[int, ...], ...], scenario: Scenario,
                   unexposed: GameAnalysis, analysis: GameAnalysis, known: bool,
                   wager: Wager[Rules], face_up: bool = True) -> Report:
    """The exposed player's strategy in words (see the module); ``ranks``: the groups of ranks
    the seen card is known by (() : the card itself); ``face_up``: with the short rules of a
    card face up (one dealer card seen)."""
    paytable, rules = wager.paytable, wager.rules
    solution = analysis.played(paytable, rules)
    dealt = unexposed.played(paytable, seeing(rules, NONE))
    unit = file.unit
    gain = solution.player_return - dealt.player_return
    head = [
        ("pay table", (paytable or file.bet.presets[file.bet.default_paytable]).name),
        ("seen", scenario.description),
        ("every deal counted", f"{solution.cycle:,}" + (
            f" (each deal once for each of the {scenario.ways} ways the seen card may be "
            "chosen)" if scenario.ways > 1 else "")),
        ("expected return, informed", f"{percent(solution.player_return)} per {unit} "
                                      f"(exactly {solution.player_return})"),
        ("expected return, as dealt", f"{percent(dealt.player_return)} per {unit} "
                                      f"(exactly {dealt.player_return})"),
        ("value of the information", f"{percent(gain)} per {unit} (exactly {gain})"),
    ]
    outcome_names = (*(o.name for o in file.bet.outcomes), "no outcome")
    data: dict[str, Any] = {"game": file.bet.name, "seen": scenario.name,
                            "expected_return": exact(solution.player_return),
                            "dealt_return": exact(dealt.player_return),
                            "value_of_information": exact(gain)}
    if known:
        sections, more = known_document(solution, dealt, known_dealt(file, solution, dealt),
                                        dealt.cycle, scenario, head, outcome_names)
    else:
        seen = card_seen(analysis, dealt, solution, ranks)
        sections, more = card_document(
            seen, scenario, head, strategy_report(analysis, paytable, rules) if face_up
            else None, unit)
    return Report(f"{file.bet.title}: the exposed player's strategy, seen={scenario.name}", (),
                  sections, game=file.bet.name, game_title=file.bet.title,
                  data={**data, **more})
