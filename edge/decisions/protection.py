"""Game protection from a game file: the ``[protection]`` table (docs/games-from-files.md).

Each scenario names what a player may see that he should not, before his decision::

    [protection.dealer-1]
    dealer = 1        # one of the dealer's face-down cards, seen before the decision
    published = "player edge 3.4829% (E. Jacobson, Three Card Poker Hole-Card Play)"

A scenario is a value of the game's ``seen`` option (``--set seen=dealer-1``; ``none``: the game
as dealt), so that ``edge protection FILE``, ``edge table FILE --set seen=...`` and ``edge report
FILE --protection`` treat it as they treat edge's own games (:mod:`edge.protection`). One of the
dealer's hidden cards seen before the player's one decision is the game with that card dealt
face up: the file is solved exactly as if it said ``[dealer] up = 1``, by the up-card solve
(:mod:`edge.decisions.upcard`), every deal counted once for each of the dealer's cards that may
be the one seen. Known only by its group of ranks (``ranks = "Q-A/2-J"``, edge sorting), the
same states are summed over the cards of each group before each option is chosen
(:func:`solve_grouped`). Every dealer card seen, the player knows the showdown's result: the
best option is taken for each result and hand (:func:`solve_known`). Other sights are refused
in one error line naming the file, line and column. The exposed player's strategy is put in
words (``edge strategy FILE --set seen=...``, the report's plain rules) by
:mod:`edge.decisions.seen_strategy`.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from edge.bets.file import BetFileError
from edge.decisions.analysis import GameAnalysis, played_strategy
from edge.decisions.dealer import hand_values, showdown_result, where
from edge.decisions.file import GameFile
from edge.decisions.solve import DECK, Problem, Solution, all_sets, set_index, tie_rank
from edge.decisions.upcard import suit_classes_of, upcard_showdown
from edge.errors import EdgeError
from edge.files import TomlErrors, read_text, read_toml
from edge.games import Exposed, Game, Rules, Wager
from edge.options import option
from edge.paytables import PayTable
from edge.player import SEEN, seeing
from edge.protection import NONE, Protection, Scenario, information_note
from edge.table import ReturnTable

IntArray = npt.NDArray[np.int64]
PROTECTION = "protection"
SCENARIO_KEYS = ("dealer", "published", "ranks")
RANK_NAMES = "23456789TJQKA"
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_ERRORS = TomlErrors(BetFileError, unreadable="Cannot read the file {path!r}: {reason}.",
                     invalid="{name}: not valid TOML: {error}.",
                     too_deep="{name}: its tables or arrays nest too deeply to read.")


@dataclass(frozen=True)
class Sight:
    """One scenario of the file: its ``seen=`` name, how many of the dealer's face-down cards
    the player sees before his decision, and the published figure the file cites (or "")."""

    name: str
    dealer: int
    published: str = ""
    # the groups of ranks the seen card is known by (edge sorting: high Q-A, low 2-J); ():
    # the card itself
    ranks: tuple[tuple[int, ...], ...] = ()
    ranks_text: str = ""


def fail_at(path: Path, text: str, name: str, key: str, message: str) -> BetFileError:
    """One error line naming the file, the line and column of ``key`` in the scenario
    ``name`` (of its header when ``key`` is empty) and what is wrong."""
    header = f"{PROTECTION}.{name}" if name else PROTECTION
    if name and not re.search(rf"^[ \t]*\[{re.escape(header)}\]", text, re.MULTILINE):
        at = where(text, name, PROTECTION)            # written as name = { ... } in [protection]
    else:
        at = where(text, key, header)
    return BetFileError(f"{path.name}: {at}: [{header}] {message}")


def _fail(file: GameFile, text: str, name: str, key: str, message: str) -> BetFileError:
    return fail_at(file.path, text, name, key, message)


def scenario_entries(path: Path, keys: tuple[str, ...], example: str
                     ) -> tuple[str, list[tuple[str, dict[str, Any], str]]]:
    """The file's text and its ``[protection]`` scenarios (name, table, published figure),
    each checked for its name, its keys (``keys``) and its published figure; ``example``: a
    scenario's line the errors suggest (``dealer = 1``). Empty: the file has none."""
    data = read_toml(path, _ERRORS)
    if PROTECTION not in data:
        return "", []
    text = read_text(path, _ERRORS)
    table = data[PROTECTION]
    if not isinstance(table, dict) or not table:
        raise fail_at(path, text, "", "", "must hold one table per scenario, such as "
                      f"[protection.NAME] with {example}.")
    found = []
    for name, entry in table.items():
        if not _NAME.match(name) or name == NONE:
            raise fail_at(path, text, name, "", f"the scenario name {name!r} must be lower "
                          "case letters, digits and hyphens, and not "
                          f"{NONE!r} (the game as dealt).")
        if not isinstance(entry, dict):
            raise fail_at(path, text, name, "", f"must be a table, such as "
                          f"[protection.{name}] with {example}.")
        for key in entry:
            if key not in keys:
                raise fail_at(path, text, name, key, f"unknown key {key!r}; the keys are "
                              f"{', '.join(keys)}.")
        published = entry.get("published", "")
        if not isinstance(published, str):
            raise fail_at(path, text, name, "published", "published must be a string: the "
                          "published figure and its source.")
        found.append((name, entry, published))
    return text, found


def read_sights(file: GameFile) -> tuple[Sight, ...]:
    """The file's ``[protection]`` scenarios read and checked (empty: it has none)."""
    text, entries = scenario_entries(file.path, SCENARIO_KEYS, "dealer = 1")
    dealer = file.dealer
    found = []
    for name, entry, published in entries:
        seen = entry.get("dealer")
        if seen is None:
            raise _fail(file, text, name, "", "says nothing seen: give dealer = 1 (one of the "
                        "dealer's face-down cards seen before the decision).")
        if dealer is None:
            raise _fail(file, text, name, "dealer", "dealer: the game has no dealer's hand "
                        "([dealer]) whose cards could be seen.")
        hidden = dealer.cards - dealer.up
        if isinstance(seen, bool) or not isinstance(seen, int) or not 1 <= seen <= hidden:
            raise _fail(file, text, name, "dealer", f"dealer = {seen!r} must be the number of "
                        f"the dealer's {hidden} face-down cards seen, 1 to {hidden}.")
        if seen != hidden and (dealer.up or seen != 1):
            shown = (f"with the dealer's card face up, {seen} more" if dealer.up
                     else f"{seen} of the dealer's cards")
            raise _fail(file, text, name, "dealer", f"dealer = {seen}: {shown} seen is not "
                        "solved from a file yet; one of the dealer's face-down cards seen "
                        f"(dealer = 1, in a game with no card face up), or all {hidden} "
                        f"(dealer = {hidden}), is.")
        if len(file.decisions) != 1 or file.decisions[0].seen != file.bet.layout.cards \
                + dealer.up:
            raise _fail(file, text, name, "dealer", f"dealer = {seen} is solved for one "
                        "decision, made on the player's whole hand.")
        ranks = entry.get("ranks")
        groups: tuple[tuple[int, ...], ...] = ()
        if ranks is not None:
            groups = rank_groups(ranks) if isinstance(ranks, str) else ()
            if not groups:
                raise _fail(file, text, name, "ranks", f"ranks = {ranks!r} must put every rank "
                            "in one of two or more groups, separated by / (Q-A/2-J: high and "
                            "low, as edge sorting tells them).")
            if seen != 1 or every_card(file, Sight(name, seen)):
                raise _fail(file, text, name, "ranks", "ranks is solved for one of the "
                            "dealer's face-down cards seen (dealer = 1).")
        found.append(Sight(name, seen, published, groups, ranks or ""))
    return tuple(found)


def rank_groups(text: str) -> tuple[tuple[int, ...], ...]:
    """The groups of ranks ``Q-A/2-J`` names (each a rank or a range, 10 or T for ten), every
    rank in exactly one of two or more groups; () when it does not."""
    groups = []
    for part in text.upper().replace("10", "T").split("/"):
        ends = [end.strip() for end in part.split("-")]
        if not 1 <= len(ends) <= 2 or not all(len(e) == 1 and e in RANK_NAMES for e in ends):
            return ()
        low, high = sorted(RANK_NAMES.index(end) for end in ends)
        groups.append(tuple(range(low, high + 1)))
    given = sorted(rank for group in groups for rank in group)
    return tuple(groups) if len(groups) > 1 and given == list(range(13)) else ()


def every_card(file: GameFile, sight: Sight) -> bool:
    """Whether the player sees every card of the dealer's before his decision."""
    assert file.dealer is not None
    return sight.dealer == file.dealer.cards - file.dealer.up


def exposed_file(file: GameFile, sight: Sight) -> GameFile:
    """The game as the exposed player meets it: one seen card dealt face up and the decision
    made with it seen; every card seen: the dealer's hand counted whole (no card face up),
    each deal's result known before the decision (:class:`KnownDealer`)."""
    assert file.dealer is not None
    decision = file.decisions[0]
    up, seen = ((0, file.bet.layout.cards) if every_card(file, sight) else
                (file.dealer.up + sight.dealer, decision.seen + sight.dealer))
    return dataclasses.replace(file, dealer=dataclasses.replace(file.dealer, up=up),
                               decisions=(dataclasses.replace(decision, seen=seen),))


def solve_known(problem: Problem) -> Solution:
    """The exact optimal play of one decision made knowing the dealer's whole hand: for each
    showdown result and hand outcome the option of the highest net (a tie as the file says),
    every deal counted by ``problem.settlement.counts`` (the dealer's hands by result, for
    every final set of the player's)."""
    settlement = problem.settlement
    assert settlement is not None and settlement.counts is not None
    decision, = problem.decisions
    outcomes, results = len(problem.pays), settlement.results
    total = sum(problem.start, Fraction(0))
    stakes = {i: tuple(option.amount if option.wager == w else amount
                       for w, amount in enumerate(problem.start))
              for i, option in enumerate(decision.options) if not option.fold}
    order = sorted(range(len(decision.options)),
                   key=lambda i: tie_rank(problem, decision.options[i]))
    dealt = np.stack([settlement.counts[problem.outcome_of == p].sum(axis=0)
                      for p in range(outcomes)], axis=1)        # [result, outcome] -> deals
    chosen = np.zeros((results, outcomes), dtype=np.int8)
    settled: dict[tuple[int, Fraction], int] = {}
    folded: dict[tuple[int, Fraction], int] = {}
    lines: dict[tuple[int, ...], int] = {}
    nets: dict[tuple[int, Fraction], Fraction] = {}
    found = Fraction(0)
    for r in range(results):
        for p in range(outcomes):
            best: tuple[Fraction, int] | None = None
            for i in order:
                net = (-total if i not in stakes else
                       settlement.net(r * outcomes + p, stakes[i]))
                if best is None or net > best[0] or (net == best[0]
                                                     and problem.larger_on_ties):
                    best = (net, i)
            assert best is not None
            net, i = best
            chosen[r, p] = i
            deals = int(dealt[r, p])
            if not deals:
                continue
            lines[(i,)] = lines.get((i,), 0) + deals
            found += net * deals
            if i not in stakes:
                folded[(0, total)] = folded.get((0, total), 0) + deals
                continue
            key = (r * outcomes + p, sum(stakes[i], Fraction(0)))
            settled[key], nets[key] = deals, net
    cycle = math.comb(DECK, problem.cards) * settlement.completions
    if sum(lines.values()) != cycle:
        raise AssertionError("the dealer's hands do not add up to every deal")
    return Solution(problem, found / cycle, cycle, settled, folded, (chosen,), ((total,),),
                    lines, nets)


def rank_of_state(players: IntArray, deck: int, groups: tuple[tuple[int, ...], ...]
                  ) -> IntArray:
    """``group[c, j]``: the group of ranks of the j-th card not in the player's hand ``c``
    (rows of ``players``, cards 0 .. deck - 1 of the top ``deck`` of the 52)."""
    of_rank = np.zeros(13, dtype=np.int64)
    for g, ranks in enumerate(groups):
        of_rank[list(ranks)] = g
    held = np.zeros((len(players), deck), dtype=bool)
    held[np.arange(len(players))[:, None], players] = True
    others = np.nonzero(~held)[1].reshape(len(players), deck - players.shape[1])
    return np.asarray(of_rank[(others + DECK - deck) >> 2], dtype=np.int64)


def solve_grouped(problem: Problem, outcome: IntArray, sizes: IntArray, counts: IntArray,
                  group: IntArray, deck: int = DECK) -> Solution:
    """The exact optimal play of one decision made on the player's hand and the group of
    ranks of one dealer card seen: each state (a hand class and a group) takes the option of
    the highest value summed over the seen cards of that group; ``outcome``, ``sizes``,
    ``counts`` as :func:`~edge.decisions.upcard.upcard_showdown` gives them (``counts[c, j,
    r]``: the dealer's hidden hands by result with the j-th card not in hand ``c`` seen),
    ``group`` as :func:`rank_of_state`."""
    settlement = problem.settlement
    assert settlement is not None
    decision, = problem.decisions
    outcomes = len(problem.pays)
    total = sum(problem.start, Fraction(0))
    hidden = math.comb(deck - problem.cards - 1, settlement.hidden - 1)
    cycle = math.comb(deck, problem.cards) * (deck - problem.cards) * hidden
    stakes = {i: tuple(option.amount if option.wager == w else amount
                       for w, amount in enumerate(problem.start))
              for i, option in enumerate(decision.options) if not option.fold}
    net = {i: [[settlement.net(r * outcomes + p, stake) for p in range(outcomes)]
               for r in range(settlement.results)] for i, stake in stakes.items()}
    scale = math.lcm(total.denominator, *(x.denominator for rows in net.values()
                                          for row in rows for x in row))
    groups = int(group.max()) + 1
    members = np.arange(len(sizes))
    best = chosen = None
    for i in sorted(range(len(decision.options)),
                    key=lambda i: tie_rank(problem, decision.options[i])):
        if i in stakes:           # each seen card's value: its hidden hands by result, paid
            pays = np.array([[int(x * scale) for x in row] for row in net[i]], dtype=object)
            card = sum((counts[:, :, r].astype(object) * pays[r][outcome][:, None]
                        for r in range(settlement.results)), np.zeros(group.shape, object))
        else:
            card = np.full(group.shape, -int(total * scale) * hidden, dtype=object)
        value = np.zeros((len(sizes), groups), dtype=object)
        np.add.at(value, (members[:, None], group), card)
        if best is None or chosen is None:
            best, chosen = value, np.full(value.shape, i, dtype=np.int8)
            continue
        better = value >= best if problem.larger_on_ties else value > best
        best = np.where(better, value, best)
        chosen[better] = i
    assert best is not None and chosen is not None
    found = Fraction(int((best.sum(axis=1) * sizes.astype(object)).sum()), cycle * scale)
    by_card = chosen[members[:, None], group]            # the option of every (hand, card)
    return _counted(problem, found, cycle, hidden, by_card, outcome, sizes, counts, stakes,
                    net)


def _counted(problem: Problem, found: Fraction, cycle: int, hidden: int,
             by_card: npt.NDArray[np.integer[Any]],
             outcome: IntArray, sizes: IntArray, counts: IntArray,
             stakes: dict[int, tuple[Fraction, ...]], net: dict[int, list[list[Fraction]]]
             ) -> Solution:
    """The deals under the options chosen for every (hand class, seen card), by row."""
    outcomes = len(problem.pays)
    total = sum(problem.start, Fraction(0))
    settled: dict[tuple[int, Fraction], int] = {}
    folded: dict[tuple[int, Fraction], int] = {}
    lines: dict[tuple[int, ...], int] = {}
    nets: dict[tuple[int, Fraction], Fraction] = {}
    for i in range(len(problem.decisions[0].options)):
        taken = by_card == i
        if i not in stakes:
            deals = int((taken.sum(axis=1) * sizes).sum()) * hidden
            if deals:
                folded[(0, total)] = lines[(i,)] = deals
            continue
        weighted = (counts * taken[:, :, None]).sum(axis=1) * sizes[:, None]   # [c, r]
        for p in range(outcomes):
            for r, deals in enumerate(weighted[outcome == p].sum(axis=0).tolist()):
                if deals:
                    key = (r * outcomes + p, sum(stakes[i], Fraction(0)))
                    settled[key], nets[key] = deals, net[i][r][p]
                    lines[(i,)] = lines.get((i,), 0) + deals
    solution = Solution(problem, found, cycle, settled, folded, (by_card.astype(np.int8),),
                        ((total,),), lines, nets)
    if sum(lines.values()) != cycle or found * cycle != sum(
            (nets[key] * d for key, d in settled.items()), -total * sum(folded.values())):
        raise AssertionError("the counted deals do not give every deal once, or not the "
                             "return of the values")
    return solution


class ExposedAnalysis(GameAnalysis):
    """A file's analysis under an exposure the up-card solve does not make: the same problem
    as :meth:`GameAnalysis.solution`'s, solved by :meth:`solve`."""

    def solve(self, problem: Problem) -> Solution:
        """The exposed solve of one problem."""
        raise NotImplementedError

    def solution(self, paytable: PayTable | None, larger_on_ties: bool,
                 start: tuple[Fraction, ...] | None = None) -> Solution:
        """The exact solve at these pays (made once)."""
        file = self.file
        start = start or file.start
        key = ((paytable or file.bet.presets[file.bet.default_paytable]).pays,
               larger_on_ties, start)
        if key not in self.solved:
            unit = start[file.wagers.index(file.unit)]
            options = tuple(dataclasses.replace(o, amount=o.amount / unit)
                            for o in file.decisions[0].options)
            self.solved[key] = self.solve(Problem(
                file.bet.layout.cards, file.first,
                (dataclasses.replace(file.decisions[0], options=options),),
                tuple(amount / unit for amount in start), self.outcomes(),
                self.pays(paytable), larger_on_ties, self.settlement(paytable)))
        return self.solved[key]


class KnownDealer(ExposedAnalysis):
    """A file's analysis when the player sees the dealer's whole hand before his decision
    (the file's dealer has no card face up here: every card is counted in the showdown)."""

    def solve(self, problem: Problem) -> Solution:
        """The solve knowing the result (:func:`solve_known`)."""
        return solve_known(problem)


@dataclass
class GroupSeen(ExposedAnalysis):
    """A file's analysis when the player knows one dealer card only by its group of ranks
    (the file has that card face up; the states are counted once)."""

    groups: tuple[tuple[int, ...], ...] = ()
    states: tuple[IntArray, IntArray, IntArray, IntArray] | None = None

    def solve(self, problem: Problem) -> Solution:
        """The solve by hand class and group (:func:`solve_grouped`)."""
        file = self.file
        assert file.dealer is not None
        if self.states is None:
            n = file.bet.layout.cards
            members, _, _ = suit_classes_of(all_sets(n))
            self.states = (*upcard_showdown(file.dealer, file.bet.layout.places,
                                            file.bet.rules,
                                            [o.condition for o in file.bet.outcomes]),
                           rank_of_state(all_sets(n)[members], DECK, self.groups))
        return solve_grouped(problem, *self.states)


@dataclass(frozen=True)
class KnownSimulator:
    """Deals hands, plays the option the known-dealer solve takes for each result and hand,
    and settles each by the file's conditions (the rows of :class:`KnownDealer`'s table)."""

    solution: Solution
    outcomes: tuple[str, ...]
    keys: dict[tuple[str, int, Fraction], int]
    nets: npt.NDArray[np.int64]
    scale: int
    showdown: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.bool_]]
    initial_wager: Fraction = Fraction(1)

    def play(self, rng: np.random.Generator, hands: int
             ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Deal and play ``hands`` hands."""
        from edge.sampling import deal
        problem = self.solution.problem
        cards = np.asarray(deal(rng, hands, problem.cards + problem.hidden, DECK),
                           dtype=np.int64).T
        mine = set_index(np.sort(cards[:, :problem.cards], axis=1))
        dealer = set_index(np.sort(cards[:, problem.cards:], axis=1))
        ours, theirs, qualifies = self.showdown
        result = showdown_result(ours[mine], theirs[dealer], qualifies[dealer])
        outcome = problem.outcome_of[mine]
        picks = self.solution.choices[0][result, outcome]
        total = sum(problem.start, Fraction(0))
        row = np.zeros(hands, dtype=np.int64)
        for hand in range(hands):
            option = problem.decisions[0].options[int(picks[hand])]
            row[hand] = (self.keys[("f", 0, total)] if option.fold else self.keys[(
                "o", int(result[hand] * len(problem.pays) + outcome[hand]),
                option.amount - problem.start[option.wager] + total
                if option.wager is not None else total)])
        return row, self.nets[row]


def known_simulator(analysis: GameAnalysis, paytable: PayTable | None,
                    rules: Rules) -> KnownSimulator:
    """The simulator of the known-dealer solve at these pays and rules."""
    from edge.sampling import common_scale, scaled
    file = analysis.file
    assert file.dealer is not None
    solution = analysis.played(paytable, rules)
    rows = analysis.rows(solution)
    nets = [net for _, net, _, _, _ in rows]
    scale = common_scale(nets)
    return KnownSimulator(solution, tuple(name for name, *_ in rows),
                          {key: i for i, (*_, key) in enumerate(rows)}, scaled(nets, scale),
                          scale, hand_values(file.dealer, file.bet.layout.places,
                                             file.bet.rules))


def scenario_of(file: GameFile, sight: Sight) -> Scenario:
    """The scenario as reports and ``edge protection`` describe it."""
    dealer = file.dealer
    assert dealer is not None
    hidden = dealer.cards - dealer.up
    known = (f"the group of ranks ({sight.ranks_text}) of " if sight.ranks else "")
    seen = (f"{known}one of the dealer's {_words(hidden)} face-down cards"
            if sight.dealer < hidden
            else f"the dealer's {_words(hidden)} face-down cards" if dealer.up else
            f"the dealer's whole hand ({_words(hidden)} cards)")
    return Scenario(sight.name, seen, f"before {file.decisions[0].name}",
                    math.comb(hidden, sight.dealer), sight.published)


def _words(n: int) -> str:
    """A small number in words (``three``), a larger one in digits."""
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


def seen_rules(rules: type[Rules], names: tuple[str, ...]) -> type[Rules]:
    """The file's rules with the ``seen`` option: ``none`` or one of the scenarios."""
    return dataclasses.make_dataclass(
        rules.__name__, [(SEEN, str, option(
            NONE, "game protection: what the player sees before his decision, one of the "
            "file's [protection] scenarios (none: the game as dealt)",
            choices=(NONE, *names), quiet_default=True))],
        bases=(rules,), frozen=True)


@dataclass
class Exposures:
    """The file's scenarios and their analyses (each exposed file solved once per pays)."""

    file: GameFile
    analysis: GameAnalysis
    sights: dict[str, Sight]
    # the simulator of a solved file (edge.decisions.game.simulator)
    simulator: Callable[[GameAnalysis, PayTable | None, Rules], Any]
    exposed: dict[str, GameAnalysis] = dataclasses.field(default_factory=dict)

    def of(self, wager: Wager[Rules]) -> tuple[Scenario, GameAnalysis]:
        """The wager's scenario and the analysis of the game as the player sees it; a
        strategy file is refused (the exposed player's strategy is solved)."""
        scenario = wager.player.scenario
        assert scenario is not None
        strategy = played_strategy(wager.rules)
        if not strategy.is_optimal:
            raise EdgeError(f"seen={scenario.name}: the exposed player's strategy is solved "
                            f"exactly (strategy=optimal); the strategy file {strategy} is "
                            "played in the game as dealt (seen=none).")
        if scenario.name not in self.exposed:
            sight = self.sights[scenario.name]
            seen = exposed_file(self.file, sight)
            self.exposed[scenario.name] = (
                KnownDealer(seen) if every_card(self.file, sight) else
                GroupSeen(seen, groups=sight.ranks) if sight.ranks else GameAnalysis(seen))
        return scenario, self.exposed[scenario.name]

    def analyze(self, wager: Wager[Rules]) -> ReturnTable:
        """The exposed return table, with what is seen and the value of the information."""
        scenario, analysis = self.of(wager)
        table = analysis.analyze(wager.paytable, wager.rules)
        dealer = self.file.dealer
        assert dealer is not None
        unexposed = self.analysis.analyze(wager.paytable, seeing(wager.rules, NONE))
        cards = self.file.bet.layout.cards
        rest = dealer.cards - dealer.up - 1
        if isinstance(analysis, KnownDealer):
            dealt = (f"Every deal from one deck: the player's {cards} cards and the dealer's "
                     f"{dealer.cards}, each as a set: C(52, {cards}) x C({52 - cards}, "
                     f"{dealer.cards}) = {table.cycle:,} deals, each equally likely.")
            seen = (f"Seen: {scenario.description}. The player knows the showdown's result "
                    "before he decides: for each result and hand he takes the option of the "
                    "highest net, every deal counted by result.")
        else:
            dealt = (f"Every deal from one deck: the player's {cards} cards as a set, the "
                     f"dealer's card seen, and the dealer's {rest} other cards as a set: "
                     f"C(52, {cards}) x {52 - cards} x C({51 - cards}, {rest}) = "
                     f"{table.cycle:,} deals, each equally likely (each deal of the game "
                     f"counted {scenario.ways} times, once for each of the dealer's cards that "
                     "may be the one seen).")
            seen = (f"Seen: {scenario.description}. The game is solved exactly as if that "
                    "card were dealt face up: the player decides on his cards and the seen "
                    "card" + (", known only by its group of ranks (each decision the best "
                              "over every card of the group)." if isinstance(
                                  analysis, GroupSeen) else "."))
        return dataclasses.replace(table, notes=(
            seen, information_note(table, unexposed), dealt, *table.notes[1:]))

    def strategy(self, wager: Wager[Rules]) -> Any:
        """The exposed player's strategy in words (:mod:`edge.decisions.seen_strategy`)."""
        from edge.decisions.seen_strategy import exposed_report
        scenario, analysis = self.of(wager)
        return exposed_report(self.file, self.sights[scenario.name].ranks, scenario, self.analysis,
                              analysis, isinstance(analysis, KnownDealer), wager)

    def rules_of_play(self, wager: Wager[Rules]) -> list[str]:
        """The exposed player's strategy in plain lines (the report's game protection)."""
        from edge.decisions.seen_strategy import exposed_report
        scenario, analysis = self.of(wager)
        data = exposed_report(self.file, self.sights[scenario.name].ranks, scenario, self.analysis,
                              analysis, isinstance(analysis, KnownDealer), wager,
                              face_up=False).data
        assert data is not None and isinstance(data["rules"], list)
        return [str(line) for line in data["rules"]]

    def simulate(self, wager: Wager[Rules]) -> Any:
        """Deals hands with the dealer's seen card and plays the exposed solve."""
        _, analysis = self.of(wager)
        if isinstance(analysis, KnownDealer):
            return known_simulator(analysis, wager.paytable, wager.rules)
        return self.simulator(analysis, wager.paytable, wager.rules)


def protected(file: GameFile, analysis: GameAnalysis, game: Game[Any],
              simulator: Callable[[GameAnalysis, PayTable | None, Rules], Any]) -> Game[Any]:
    """The game with the file's ``[protection]`` scenarios (the game itself when none);
    ``simulator``: the simulator of a solved file."""
    sights = read_sights(file)
    if not sights:
        return game
    exposures = Exposures(file, analysis, {sight.name: sight for sight in sights}, simulator)
    main = dataclasses.replace(game.bets[0], exposed=Exposed(
        exposures.analyze, strategy=exposures.strategy, simulate=exposures.simulate,
        rules_of_play=exposures.rules_of_play))
    return dataclasses.replace(
        game, rules=seen_rules(game.rules, tuple(sight.name for sight in sights)),
        bets=(main, *game.bets[1:]), protection=Protection(
            main.name, tuple(scenario_of(file, sight) for sight in sights),
            stakes=(file.unit.title(),)))
