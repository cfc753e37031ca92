"""The exposed player of a shared-board game file who sees one of the later place's cards (the
turn and river) with the flop (:func:`.board_protection.solve_later_seen`): his strategy
against the game as dealt, in a form a surveillance officer can read.

A state of a decision made with the flop seen is a (holding, flop, seen card): the player takes
the option the exposed solve took for his holding and the four board cards, where the game as
dealt takes the one its solve took for the holding and the flop. :func:`later_choices` counts
every such state the exposed player reaches (his options before taken as solved), each as
likely, by the option taken seeing and the option taken as dealt on the same state with the same
wagers in play: by the player's hand with the flop and with the seen card too (what the card
does for him), and by holding class. The decision made with the player's cards alone, taken
knowing the card will be seen, is compared by holding class. Every count is an exact integer
read off the two solves; the tests check them against a plain enumeration.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import _core
from edge.decisions.board import (
    CLASSES,
    FLOP,
    HOLDING,
    STAGES,
    BoardSolution,
    FirstStates,
    Stake,
    decision_made,
    flop_class,
    flop_classes,
    holding_classes,
    wagers_after,
)
from edge.decisions.board_game import strength_order
from edge.decisions.board_seen import (
    SeenChoices,
    class_table,
    plain_rules,
    rank_tables,
    relation_table,
    seen_lines,
    state_choices,
)
from edge.decisions.board_strategy_file import class_name
from edge.decisions.holdem_features import HAND_NAMES
from edge.document.document import Items, Paragraph, Report, Section, Table
from edge.paytables import PayTable
from edge.protection import Scenario
from edge.table import ReturnTable, decimal

Counts = npt.NDArray[np.int64]
KINDS = 169
Visit = tuple[int, Stake]                      # a decision made with the flop seen, the wagers
# the seen card's rank against the player's cards and the flop (1: a rank of his cards; 2: a
# rank of the flop; 3: both)
SEEN_RANKS = ("a new rank", "a rank of his cards", "a rank of the flop",
              "a rank of his cards and the flop")


@functools.cache
def _class_bounds() -> Counts:
    """The least strength of each hand class above high card (the classes rise with the
    strength): a strength's class is how many of these it reaches."""
    highest = int(_core.evaluate_cards([48, 44, 40, 36, 32]))           # the royal flush
    bounds = []
    for klass in range(1, CLASSES):
        low, high = 0, highest
        while low < high:
            middle = (low + high) // 2
            if _core.hand_class(middle) >= klass:
                high = middle
            else:
                low = middle + 1
        bounds.append(low)
    return np.array(bounds, dtype=np.int64)


def hand_classes(rows: Counts) -> Counts:
    """The poker class (0 high card .. 9 royal flush) of the best five of each row of 5 to 7
    cards."""
    return np.searchsorted(_class_bounds(), _core.evaluate_many(rows), side="right").astype(
        np.int64)


@dataclass(frozen=True)
class LaterChoices:
    """The exposed player's decisions against the game as dealt. For each decision made with
    the flop seen and the wagers in play there (``visits``, in the order made): the states by
    (hand with the flop, hand with the seen card too, option seeing, option as dealt) and by
    (holding class, option seeing, option as dealt); ``states``: every (holding, flop, seen
    card) state; ``preflop``: the holding classes whose option before the flop changes, with
    the option as dealt and seeing."""

    visits: tuple[Visit, ...]
    options: tuple[tuple[str, ...], ...]       # each visit's decision's options
    by_hand: tuple[Counts, ...]
    by_holding: tuple[Counts, ...]
    states: int
    preflop: tuple[tuple[int, int, int], ...] = ()
    # the card seen before the decision made with the player's cards too: that decision's
    # (holding, seen card) states by holding class, against the game as dealt
    first: SeenChoices | None = None

    def reached(self, v: int) -> int:
        """The states reaching the visit."""
        return int(self.by_hand[v].sum())

    def taken(self, v: int) -> tuple[Counts, Counts]:
        """The visit's states by option, seeing and as dealt."""
        counts = self.by_hand[v]
        return counts.sum(axis=(0, 1, 2, 4)), counts.sum(axis=(0, 1, 2, 3))

    def changed(self, v: int) -> Counts:
        """The visit's states by (option as dealt, option seeing), the diagonal cleared."""
        moved: Counts = self.by_hand[v].sum(axis=(0, 1, 2)).T.copy()
        np.fill_diagonal(moved, 0)
        return moved


def _index(holdings: Counts, left: Counts) -> Counts:
    """Each holding's (rows, increasing) position among the holdings of the cards ``left``
    (increasing), in the order of ``itertools.combinations``."""
    position = np.full(52, -1, dtype=np.int64)
    position[left] = np.arange(len(left))
    i, j, m = position[holdings[:, 0]], position[holdings[:, 1]], len(left)
    index: Counts = i * (2 * m - i - 1) // 2 + (j - i - 1)
    return index


def later_choices(exposed: BoardSolution, dealt: BoardSolution,
                  first_states: FirstStates | None = None) -> LaterChoices:
    """The exposed solve's decisions (``exposed.seen_board`` 4) against the game as dealt
    (``dealt``, the same pays and ties), counted over every (holding, flop, seen card);
    ``first_states``: the card is seen before the decision made with the player's cards too,
    taken on these states of (holding, seen card) (:class:`.board_protection.LaterCard`)."""
    game = exposed.game
    deck = np.array(exposed.deck, dtype=np.int64)
    first = game.decisions[0]
    before = first.seen == HOLDING and decision_made(first, game.start)
    preflop = tuple((k, dealt.preflop[k], exposed.preflop[k]) for k in range(KINDS)
                    if before and first_states is None and exposed.preflop[k] >= 0
                    and exposed.preflop[k] != dealt.preflop[k])
    tally = _Tally(exposed, dealt)
    for board, weight in flop_classes(exposed.deck, FLOP + 1):
        left = deck[~np.isin(deck, board)]
        holdings = np.array(list(itertools.combinations(left, HOLDING)), dtype=np.int64)
        kinds = holding_classes(holdings)
        after = hand_classes(np.concatenate([holdings, np.tile(board, (len(holdings), 1))],
                                            axis=1))
        # the option taken before the flop by each holding, with each card as the one seen
        taken = np.zeros((len(holdings), FLOP + 1), dtype=np.int64)
        if before:
            states = (kinds[:, np.newaxis] if first_states is None else
                      first_states.of(board, holdings))
            taken[:] = np.asarray(exposed.preflop, dtype=np.int64)[states]
        made = tally.reached(board, taken[:, 0]) if first_states is None else []
        for seen in range(FLOP + 1):
            flop = [card for i, card in enumerate(board) if i != seen]
            counted, renaming = flop_class(flop, dealt)
            renamed = (holdings & ~3) | np.array(renaming, dtype=np.int64)[holdings & 3]
            index = _index(np.sort(renamed, axis=1), deck[~np.isin(deck, counted)])
            hand = hand_classes(np.concatenate([holdings, np.tile(flop, (len(holdings), 1))],
                                               axis=1))
            rank = board[seen] >> 2
            relation = (((holdings >> 2) == rank).any(axis=1).astype(np.int64)
                        + 2 * int(any(card >> 2 == rank for card in flop)))
            tally.states += weight * len(holdings)
            if first_states is not None:
                made = tally.reached(board, taken[:, seen])
            for v, (d, stake), mask, seeing in made:
                options = len(game.decisions[d].options)
                as_dealt = dealt.flop_choices[counted, d, stake][index[mask]].astype(np.int64)
                chosen = seeing[mask].astype(np.int64)
                code = (((hand[mask] * CLASSES + after[mask]) * len(SEEN_RANKS)
                         + relation[mask]) * options + chosen)
                tally.by_hand[v] += weight * np.bincount(code * options + as_dealt,
                                                         minlength=len(tally.by_hand[v]))
                code = (kinds[mask] * options + chosen) * options + as_dealt
                tally.by_holding[v] += weight * np.bincount(
                    code, minlength=len(tally.by_holding[v]))
    shaped = [tuple(game.decisions[d].options) for d, _ in tally.visits]
    return LaterChoices(
        tuple(tally.visits), tuple(tuple(o.name for o in options) for options in shaped),
        tuple(counts.reshape(CLASSES, CLASSES, len(SEEN_RANKS), len(o), len(o))
              for counts, o in zip(tally.by_hand, shaped, strict=True)),
        tuple(counts.reshape(KINDS, len(o), len(o))
              for counts, o in zip(tally.by_holding, shaped, strict=True)),
        tally.states, preflop, None if first_states is None else _first_choices(
            exposed, dealt, first_states))


def _first_choices(exposed: BoardSolution, dealt: BoardSolution, states: FirstStates
                   ) -> SeenChoices:
    """The decision made with the player's cards and the seen card, by holding class against
    the game as dealt, the card in view at the later decisions too."""
    n = len(exposed.deck)
    pairs = np.array(list(itertools.combinations(range(n), HOLDING)), dtype=np.int64)
    cards = np.arange(n, dtype=np.int64)[:, np.newaxis]
    ids = np.zeros((len(pairs), n), dtype=np.int64)
    for column in range(n):
        # the (holding, seen card) states of the card at this position: a board of it alone
        ids[:, column] = states.of((exposed.deck[column],), np.array(exposed.deck)[pairs])[:, 0]
    return state_choices(exposed, dealt, 1, ids, later_seen=True, sights=cards,
                         words="(holding, seen card)")


Reached = list[tuple[int, Visit, npt.NDArray[np.bool_], npt.NDArray[np.int8]]]


@dataclass
class _Tally:
    """The counts :func:`later_choices` adds up, by visit (a decision made with the flop
    seen and the wagers in play there)."""

    exposed: BoardSolution
    dealt: BoardSolution
    visits: dict[Visit, int] = field(default_factory=dict)
    by_hand: list[Counts] = field(default_factory=list)
    by_holding: list[Counts] = field(default_factory=list)
    states: int = 0

    def reached(self, board: tuple[int, ...], first: Counts) -> Reached:
        """Each visit the holdings of ``board``'s cards left reach, the options before the
        flop ``first`` (by holding) and then the exposed solve's taken: the visit, the
        holdings reaching it and the option each holding takes there."""
        game = self.exposed.game
        stakes: list[Stake | None] = [game.start]
        at = np.zeros(len(first), dtype=np.int64)
        if game.decisions[0].seen == HOLDING and decision_made(game.decisions[0], game.start):
            stakes = [wagers_after(option, game.start) for option in game.decisions[0].options]
            at = first
        made: Reached = []
        for d, decision in enumerate(game.decisions):
            if decision.seen != STAGES[1]:
                continue
            moved = at.copy()
            for s in np.unique(at).tolist():
                stake = stakes[s]
                if stake is None or not decision_made(decision, stake):
                    continue
                v = self.visits.setdefault((d, stake), len(self.visits))
                if v == len(self.by_hand):
                    options = len(decision.options)
                    self.by_hand.append(np.zeros(
                        CLASSES * CLASSES * len(SEEN_RANKS) * options * options, np.int64))
                    self.by_holding.append(np.zeros(KINDS * options * options, np.int64))
                mask = at == s
                seeing = self.exposed.flop_choices[tuple(board), d, stake]
                made.append((v, (d, stake), mask, seeing))
                for o, option in enumerate(decision.options):
                    moved[mask & (seeing == o)] = len(stakes)
                    stakes.append(wagers_after(option, stake))
            at = moved
        return made


def _percent(share: Fraction, places: int = 2) -> str:
    return f"{decimal(share * 100, places)}%"


def _share(part: int, whole: int, places: int = 1) -> str:
    return _percent(Fraction(part, whole), places) if whole else ""


def _visit_name(exposed: BoardSolution, found: LaterChoices, v: int) -> str:
    """The decision's name, with the wagers in play when it is made with more than one."""
    game = exposed.game
    d, stake = found.visits[v]
    if sum(1 for other, _ in found.visits if other == d) == 1:
        return game.decisions[d].name
    wagers = ", ".join(f"{name} {amount}" for name, amount in zip(game.wagers, stake,
                                                                  strict=True) if amount)
    return f"{game.decisions[d].name} ({wagers} in play)"


def later_lines(exposed: BoardSolution, found: LaterChoices, unit: str) -> list[str]:
    """The exposed player's decisions in a few plain lines: the decision before the flop's
    changed classes, and for each decision made with the flop seen how often each option is
    taken, seeing and as dealt, and how often and which way it changes."""
    game = exposed.game
    lines = []
    if found.first is not None:
        lines += seen_lines(found.first, game.decisions[0].name, unit)
    elif game.decisions[0].seen == HOLDING:
        first = game.decisions[0]
        changes = ", ".join(f"{class_name(k)} {first.options[seeing].name} (as dealt "
                            f"{first.options[dealt].name})" for k, dealt, seeing in sorted(
                                found.preflop, key=lambda change: strength_order(change[0])))
        lines.append(f"{first.name}, taken knowing the card will be seen: "
                     + (f"as dealt but for {len(found.preflop)} holding class"
                        f"{'es' if len(found.preflop) > 1 else ''}: {changes}"
                        if found.preflop else "every holding class as dealt"))
    for v in range(len(found.visits)):
        options = found.options[v]
        seeing, as_dealt = found.taken(v)
        reached = found.reached(v)
        moved = found.changed(v)
        lines.append(f"{_visit_name(exposed, found, v)}: " + ", ".join(
            f"{name} on {_share(int(seeing[o]), reached, 2)} (as dealt "
            f"{_share(int(as_dealt[o]), reached, 2)})" for o, name in enumerate(options))
            + f" of the {reached:,} (holding, flop, seen card) states reached, each as likely")
        ways = [f"{options[a]} as dealt, {options[b]} seeing on {int(moved[a, b]):,}"
                for a, b in zip(*np.nonzero(moved), strict=True)]
        lines.append(f"its option differs from the one taken as dealt on {int(moved.sum()):,} "
                     f"states ({_share(int(moved.sum()), reached, 2)})"
                     + (": " + "; ".join(ways) if ways else ""))
    return lines


def later_strategy(exposed: BoardSolution, dealt: BoardSolution, table: PayTable,
                   scenario: Scenario, returns: ReturnTable, found: LaterChoices,
                   lines_table: Table) -> Report:
    """The exposed player's strategy seeing one of the later cards: the facts, the lines of
    play (``lines_table``), the decision before the flop by holding class and each decision
    made with the flop seen by what the card does for the player's hand and by holding class,
    against the game as dealt; ``returns``: the exposed return table."""
    game = exposed.game
    place = game.board[0]
    information = exposed.player_return - dealt.player_return
    facts = Items((
        f"seen: {scenario.description}" + ("" if found.first else f", with the {place}"),
        f"expected return per {game.unit}: {_percent(exposed.player_return, 4)} (exactly "
        f"{exposed.player_return}); as dealt {_percent(dealt.player_return, 4)} (exactly "
        f"{dealt.player_return})",
        f"value of the information: {_percent(information, 4)} per {game.unit} (exactly "
        f"{information})" + ("" if found.first is None or found.first.first_gain is None else
                             f"; of it, {game.decisions[0].name} taken seeing: "
                             f"{_percent(sum(found.first.first_gain, Fraction(0)), 4)}"),
        *later_lines(exposed, found, game.unit),
        f"every deal counted {scenario.ways} times (once for each of the later cards as the "
        f"one seen): {exposed.cycle:,}",
        f"pay table: {table.name}",
        f"a tie between options of equal value goes to the "
        f"{'larger' if exposed.larger else 'smaller'} total wager",
    ))
    sections = [Section("The exposed player's strategy", (facts, lines_table))]
    first = game.decisions[0]
    if found.first is not None:
        sections.append(Section(f"Decision: {first.name}", (
            Paragraph(f"{first.name} is taken on the player's {HOLDING} cards and the seen "
                      f"card of the {game.board[1]}: every (holding, seen card) state, each as "
                      "likely, takes the option of the highest exact value over every board "
                      "holding the card and the dealer's cards, the later decisions taken "
                      "seeing it too, exactly as the solve took it. A class's gain is its "
                      "share of the value of the information: its value seeing less its value "
                      f"as dealt (per {game.unit}, over every deal; the gains add up to the "
                      f"whole); its gain from {first.name} alone is the option taken less the "
                      "option as dealt, the later decisions taken seeing in both."),
            Items(tuple(plain_rules(found.first))),
            class_table(found.first, first.name, game.unit),
            relation_table(found.first, first.name),
            *rank_tables(found.first, game.board[1]))))
    elif first.seen == HOLDING:
        rows = tuple((class_name(k), first.options[d].name, first.options[s].name)
                     for k, d, s in sorted(found.preflop,
                                           key=lambda change: strength_order(change[0])))
        sections.append(Section(f"Decision: {first.name}", (Paragraph(
            f"{first.name} is taken on the player's {HOLDING} cards knowing a card of the "
            f"{game.board[1]} will be seen with the {place}: each holding class takes the "
            "option of the highest exact value, the later decisions taken seeing the card."
            + ("" if rows else " Every holding class takes its option as dealt.")),
            *((Table(("class", "as dealt", "seeing"), rows, f"{first.name}: the holding "
                     "classes whose option is not the one taken as dealt", align="lll"),)
              if rows else ()))))
    for v in range(len(found.visits)):
        sections.append(Section(f"Decision: {_visit_name(exposed, found, v)}",
                                _visit_blocks(exposed, found, v)))
    data: dict[str, Any] = {
        "game": game.bet.name, "seen": scenario.name,
        "player_return": str(exposed.player_return),
        "as_dealt_return": str(dealt.player_return), "information": str(information),
        "lines": dict(exposed.lines), "states": found.states,
        "before_the_flop_changed": {class_name(k): {"as_dealt": first.options[d].name,
                                                   "seeing": first.options[s].name}
                                    for k, d, s in found.preflop},
        "decisions": [_visit_data(exposed, found, v) for v in range(len(found.visits))]}
    if found.first is not None:
        # the decision made with the player's cards and the seen card, by holding class
        taken, options = found.first, found.first.options
        data["before_the_flop"] = {class_name(k): {
            "states": int(taken.taken[k].sum()),
            "as_dealt": options[taken.dealt[k]],
            **{name: int(taken.taken[k, o]) for o, name in enumerate(options)},
            **({} if taken.gain is None else {"gain": str(taken.gain[k])}),
            **({} if taken.first_gain is None else
               {"first_decision_gain": str(taken.first_gain[k])})}
            for k in taken.classes}
    return Report(f"{game.bet.title}: the optimal strategy, the player seeing "
                  f"{scenario.description}", (), tuple(sections), game=game.bet.name,
                  game_title=game.bet.title, tables={game.bet.name: returns}, data=data)


def _visit_blocks(exposed: BoardSolution, found: LaterChoices, v: int
                  ) -> tuple[Paragraph | Table, ...]:
    """One decision made with the flop seen: how it is taken, then its states by the
    player's hand with the flop and with the seen card, and the holding classes that change
    most."""
    game = exposed.game
    place, later = game.board
    options = found.options[v]
    counts = found.by_hand[v]
    rows = []
    for hand, after, rank in itertools.product(range(CLASSES), range(CLASSES),
                                               range(len(SEEN_RANKS))):
        cell = counts[hand, after, rank]
        total = int(cell.sum())
        if not total:
            continue
        moved = int(total - np.trace(cell))
        rows.append((HAND_NAMES[hand], HAND_NAMES[after], SEEN_RANKS[rank], f"{total:,}",
                     *(f"{_share(int(cell[o].sum()), total)} "
                       f"({_share(int(cell[:, o].sum()), total)})"
                       for o in range(len(options))), _share(moved, total)))
    holding = found.by_holding[v]
    ranked = sorted((k for k in range(KINDS) if holding[k].sum() > np.trace(holding[k])),
                    key=lambda k: (-Fraction(int(holding[k].sum() - np.trace(holding[k])),
                                             int(holding[k].sum())), strength_order(k)))
    most = tuple((class_name(k), f"{int(holding[k].sum()):,}",
                  *(f"{_share(int(holding[k, o].sum()), int(holding[k].sum()))} "
                    f"({_share(int(holding[k, :, o].sum()), int(holding[k].sum()))})"
                    for o in range(len(options))),
                  _share(int(holding[k].sum() - np.trace(holding[k])), int(holding[k].sum())))
                 for k in ranked[:12])
    heads = tuple(f"{name} (as dealt)" for name in options)
    return (
        Paragraph(f"Made with the player's {HOLDING} cards, the {FLOP} cards of the {place} "
                  f"and the seen card of the {later}: every (holding, {place}, seen card) "
                  "state the exposed player reaches, each as likely, takes the option of the "
                  "highest exact value over the other card to come and the dealer's cards, "
                  "exactly as the solve took it; as dealt, the same state takes the option the "
                  f"game as dealt takes on the holding and the {place}, with the same wagers in "
                  "play. What the seen card does for the player's hand tells the two apart: "
                  "the table gives the share of the states taking each option seeing (and as "
                  "dealt) by his hand with the flop and with the seen card (the best five of "
                  "his cards and the board seen, the board's own cards counting) and by whether "
                  "the seen card's rank is one of his cards' or the flop's (a seen card pairing "
                  "the flop makes a pair of a high card, one pairing his cards a pair of his "
                  "own)."),
        Table(("hand with the flop", "with the seen card", "the seen card's rank", "states",
               *heads, "changed"),
              tuple(rows), f"{_visit_name(exposed, found, v)} by what the seen card does for "
              "the player's hand: the share of the states taking each option, seeing (and as "
              "dealt), and the share whose option changes", align="lllr" + "r" * len(options)
              + "r"),
        Table(("class", "states", *heads, "changed"), most,
              f"{_visit_name(exposed, found, v)}: the holding classes whose option changes "
              "most often (the share of their states; at most 12)",
              align="lr" + "r" * len(options) + "r"),
    )


def _visit_data(exposed: BoardSolution, found: LaterChoices, v: int) -> dict[str, Any]:
    """One decision's counts for --format json: by (hand with the flop, with the seen card)
    and by holding class, each option's states seeing and as dealt and the states changed."""
    options = found.options[v]
    d, stake = found.visits[v]

    def cell(counts: Counts) -> dict[str, Any]:
        return {"states": int(counts.sum()),
                "seeing": {name: int(counts[o].sum()) for o, name in enumerate(options)},
                "as_dealt": {name: int(counts[:, o].sum()) for o, name in enumerate(options)},
                "changed": int(counts.sum() - np.trace(counts))}
    counts, holding = found.by_hand[v], found.by_holding[v]
    return {"decision": exposed.game.decisions[d].name,
            "wagers_in_play": [str(amount) for amount in stake],
            "by_hand": {f"{HAND_NAMES[a]} > {HAND_NAMES[b]} ({SEEN_RANKS[r]})":
                        cell(counts[a, b, r])
                        for a, b, r in itertools.product(range(CLASSES), range(CLASSES),
                                                         range(len(SEEN_RANKS)))
                        if counts[a, b, r].sum()},
            "by_holding_class": {class_name(k): cell(holding[k]) for k in range(KINDS)
                                 if holding[k].sum()}}
