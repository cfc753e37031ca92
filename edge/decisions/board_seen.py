"""The exposed player of a shared-board game file (:mod:`.board_protection`): his strategy as
the solve took it, in a form a surveillance officer can read, and the simulator that plays it.

With ``k`` of the flop's cards seen before the decision made with the player's cards, that
decision is taken per class of (holding, seen cards) under a renaming of suits
(:class:`~.board_protection.SeenBoard`). :func:`seen_choices` counts, for each holding class
(the two ranks, suited or not), the (holding, seen cards) states taking each option, each state
as likely as any other; with one card seen, also by the seen card's rank and whether it shares
a suit with the holding. Against the game as dealt it gives the states whose option changes and
each holding class's share of the value of the information: the sum over its states of the
value of the option taken less that of the option taken as dealt (the later decisions played
as solved in both), exact integers from the solve. With the whole flop seen the decision is one
made with the flop seen, kept by the solve per (flop, holding): counted the same way, by holding
class, with no value by class (the solve keeps none; the table gives the whole). One of the
dealer's cards seen (:mod:`.board_dealer_strategy`) is put in the same document, its states
given to :func:`state_choices`.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from edge.decisions.board import (
    FLOP,
    HOLDING,
    LATER,
    BoardSolution,
    flop_classes,
    holding_classes,
)
from edge.decisions.board_game import strength_order
from edge.decisions.board_strategy_file import RANK_LETTERS, class_name
from edge.document.document import Items, Paragraph, Report, Section, Table
from edge.paytables import PayTable
from edge.protection import Scenario
from edge.table import ReturnTable, decimal

Counts = npt.NDArray[np.int64]
KINDS = 169


def colex(cards: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Each row's index among the sets of its size (rows of positions, increasing)."""
    found = np.zeros(len(cards), dtype=np.int64)
    for i in range(cards.shape[1]):
        found += np.array([math.comb(int(c), i + 1) for c in range(int(cards.max(initial=0)) + 1)],
                          dtype=np.int64)[cards[:, i]]
    return found


@dataclass
class SeenBoard:
    """The states of the decision before the flop when ``seen`` of the flop's cards are seen
    with the player's holding: the classes of (holding, seen cards) under a renaming of suits
    (:class:`~edge.decisions.board.FirstStates`)."""

    deck: tuple[int, ...]
    seen: int
    count: int = 0
    ways: int = 1
    table: Counts = dataclasses.field(default_factory=lambda: np.zeros((0, 0), np.int64))
    position: Counts = dataclasses.field(default_factory=lambda: np.zeros(0, np.int64))

    def __post_init__(self) -> None:
        n = len(self.deck)
        self.ways = math.comb(FLOP, self.seen)
        self.position = np.full(52, -1, dtype=np.int64)
        self.position[list(self.deck)] = np.arange(n)
        pairs = np.array(list(itertools.combinations(range(n), HOLDING)), dtype=np.int64)
        sights = np.array(list(itertools.combinations(range(n), self.seen)), dtype=np.int64)
        rows, columns = colex(pairs), colex(sights)
        # positions are rank * 4 + suit (the deck's ranks in order, four suits each)
        least = np.full((len(pairs), len(sights)), np.iinfo(np.int64).max, dtype=np.int64)
        for renaming in itertools.permutations(range(4)):
            rename = (np.arange(n) & ~3) | np.array(renaming)[np.arange(n) & 3]
            mine = colex(np.sort(rename[pairs], axis=1))
            theirs = colex(np.sort(rename[sights], axis=1))
            np.minimum(least, mine[:, None] * len(sights) + theirs[None, :], out=least)
        apart = ~(pairs[:, :, None, None] == sights[None, None, :, :]).any(axis=(1, 3))
        codes, classes = np.unique(np.where(apart, least, -1), return_inverse=True)
        self.count = len(codes)             # the overlapping states are one unused class
        self.table = np.zeros((len(pairs), len(sights)), dtype=np.int64)
        self.table[rows[:, None], columns[None, :]] = classes.reshape(len(pairs), len(sights))

    def of(self, flop: tuple[int, ...], holdings: Counts) -> Counts:
        """Each holding's states with this flop: one for each choice of the seen cards."""
        mine = colex(np.sort(self.position[holdings], axis=1))
        shown = np.array(list(itertools.combinations(sorted(self.position[list(flop)]),
                                                     self.seen)), dtype=np.int64)
        return self.table[mine[:, None], colex(shown)[None, :]]


@dataclass(frozen=True)
class SeenChoices:
    """The exposed player's decision made with his cards, counted by holding class."""

    seen: int                                   # the flop's cards seen with the holding
    options: tuple[str, ...]
    taken: Counts                               # (holding class, option): states
    dealt: tuple[int, ...]                      # each class's option as dealt (-1: not dealt)
    gain: tuple[Fraction, ...] | None           # each class's share of the information's value
    # one card seen (or the dealer's with a board card): (class, rank, suited, option)
    by_rank: Counts | None = None
    # by how many seen cards pair a card of the holding and whether two seen cards pair each
    # other: (matches, paired, option) states, and (matches, paired) states changed
    by_relation: Counts = dataclasses.field(
        default_factory=lambda: np.zeros((FLOP + 1, 2, 0), np.int64))
    relation_changed: Counts = dataclasses.field(
        default_factory=lambda: np.zeros((FLOP + 1, 2), np.int64))
    # with the seen cards in view at the later decisions too: each class's gain from the first
    # decision alone (the option taken less the one as dealt, the later decisions seeing)
    first_gain: tuple[Fraction, ...] | None = None
    # when the game as dealt takes the decision on more than the holding (the flop seen): each
    # class's states by the option taken as dealt on the same state, and those that change
    dealt_taken: Counts | None = None
    dealt_changed: Counts | None = None
    words: str = ""                             # what a state is, when not the seen cards

    @property
    def classes(self) -> list[int]:
        """The holding classes dealt, strongest first."""
        return sorted((k for k in range(KINDS) if self.taken[k].sum()), key=strength_order)

    def changed(self, klass: int) -> int:
        """The states of a holding class whose option is not the one taken as dealt."""
        if self.dealt_changed is not None:
            return int(self.dealt_changed[klass])
        return int(self.taken[klass].sum() - self.taken[klass, self.dealt[klass]])


def first_tallies(exposed: BoardSolution) -> tuple[tuple[str, ...], Counts, Counts, Counts]:
    """The first decision's options and zero tallies of :class:`SeenChoices`: states by
    (holding class, option), by (matches, paired, option), and changed by (matches, paired)."""
    options = tuple(option.name for option in exposed.game.decisions[0].options)
    return (options, np.zeros((KINDS, len(options)), dtype=np.int64),
            np.zeros((FLOP + 1, 2, len(options)), dtype=np.int64),
            np.zeros((FLOP + 1, 2), dtype=np.int64))


def seen_choices(exposed: BoardSolution, dealt: BoardSolution, seen: int) -> SeenChoices:
    """The first decision of the exposed solve (``seen`` of the flop's cards seen with the
    holding) by holding class, against the game as dealt (``dealt``, the same pays)."""
    game = exposed.game
    options, taken, relation, moved = first_tallies(exposed)
    as_dealt = np.asarray(dealt.preflop, dtype=np.int64)
    if seen == FLOP:
        for flop, weight in flop_classes(exposed.deck):
            left = [card for card in exposed.deck if card not in flop]
            holdings = np.array(list(itertools.combinations(left, HOLDING)), dtype=np.int64)
            chosen = exposed.flop_choices[flop, 0, game.start].astype(np.int64)
            kinds = holding_classes(holdings)
            np.add.at(taken, (kinds, chosen), weight)
            sights = np.broadcast_to(np.array(flop, dtype=np.int64), (len(holdings), FLOP))
            matches, paired = _relations(holdings, sights)
            np.add.at(relation, (matches, paired, chosen), weight)
            np.add.at(moved, (matches, paired), weight * (chosen != as_dealt[kinds]))
        return SeenChoices(seen, options, taken, dealt.preflop, None, None, relation, moved)
    states = SeenBoard(exposed.deck, seen)
    n = len(exposed.deck)
    pairs = np.array(list(itertools.combinations(range(n), HOLDING)), dtype=np.int64)
    sights = np.array(list(itertools.combinations(range(n), seen)), dtype=np.int64)
    return state_choices(exposed, dealt, seen, states.table[
        colex(pairs)[:, np.newaxis], colex(sights)[np.newaxis, :]])


def state_choices(exposed: BoardSolution, dealt: BoardSolution, seen: int, ids: Counts,
                  later_seen: bool = False, sights: Counts | None = None, words: str = "",
                  by_first_rank: bool = False) -> SeenChoices:
    """:func:`seen_choices` from the solve's state of each (holding, seen cards): ``ids[h,
    s]``, ``h`` the holding's index among the pairs of the deck's positions and ``s`` the seen
    cards' among its sets of ``seen`` (both in the order of ``itertools.combinations``), or
    among the rows of ``sights`` (deck positions, each row as likely) when given.
    ``later_seen``: the seen cards are in view at the later decisions too, so each holding
    class's gain is its value seeing less its value as dealt (the gains add up to the value of
    the information), and its gain from the first decision alone is kept apart. ``words``:
    what a state is, when not the holding and the seen cards. The states are also counted by
    the seen card's rank (``by_rank``) with one card seen, and by the first seen card's with
    ``by_first_rank`` (the dealer's, with a board card seen too)."""
    options, taken, relation, moved = first_tallies(exposed)
    deck = np.array(exposed.deck, dtype=np.int64)
    as_dealt = np.asarray(dealt.preflop, dtype=np.int64)
    n = len(deck)
    pairs = np.array(list(itertools.combinations(range(n), HOLDING)), dtype=np.int64)
    if sights is None:
        sights = np.array(list(itertools.combinations(range(n), seen)), dtype=np.int64)
    apart = ~(pairs[:, :, None, None] == sights[None, None, :, :]).any(axis=(1, 3))
    rows, columns = np.nonzero(apart)
    state = ids[rows, columns]
    kinds = holding_classes(deck[pairs])[rows]
    choice = np.asarray(exposed.preflop, dtype=np.int64)[state]
    np.add.at(taken, (kinds, choice), 1)
    matches, paired = _relations(deck[pairs[rows]], deck[sights[columns]])
    np.add.at(relation, (matches, paired, choice), 1)
    np.add.at(moved, (matches, paired), (choice != as_dealt[kinds]).astype(np.int64))
    kind_of = np.zeros(int(ids.max()) + 1, dtype=np.int64)
    kind_of[state] = kinds
    counted = exposed.preflop_counts
    assert counted is not None
    whole = exposed.cycle * counted.pays.scale
    gains = [0] * KINDS
    values = counted.values
    for s in np.unique(state).tolist():
        kind = int(kind_of[s])
        gains[kind] += int(values[exposed.preflop[s], s]) - int(values[dealt.preflop[kind], s])
    shares = tuple(Fraction(gain, whole) for gain in gains)
    first_gain = None
    if later_seen:
        first_gain = shares
        before = dealt.preflop_counts
        assert before is not None
        seeing = [0] * KINDS
        for s in np.unique(state).tolist():
            seeing[int(kind_of[s])] += int(values[exposed.preflop[s], s])
        shares = tuple(Fraction(seeing[k], whole) - Fraction(
            int(before.values[dealt.preflop[k], k]), dealt.cycle * before.pays.scale)
            if taken[k].sum() else Fraction(0) for k in range(KINDS))
    by_rank = None
    if seen == 1 or by_first_rank:
        by_rank = np.zeros((KINDS, 13, 2, len(options)), dtype=np.int64)
        card = deck[sights[columns, 0]]
        holding = deck[pairs[rows]]
        suited = ((holding & 3) == (card[:, np.newaxis] & 3)).any(axis=1).astype(np.int64)
        np.add.at(by_rank, (kinds, card >> 2, suited, choice), 1)
    if sum(shares) != exposed.player_return - dealt.player_return:
        raise AssertionError("the holding classes' gains do not add up to the value of the "
                             "information")
    return SeenChoices(seen, options, taken, dealt.preflop, shares, by_rank, relation, moved,
                       first_gain, words=words)


def _relations(holdings: Counts, sights: Counts) -> tuple[Counts, Counts]:
    """For each (holding, seen cards) row: how many seen cards have the rank of a card of the
    holding, and whether two of the seen cards have one rank (1) or not (0)."""
    held, shown = holdings >> 2, sights >> 2
    matches = (shown[:, :, np.newaxis] == held[:, np.newaxis, :]).any(axis=2).sum(axis=1)
    paired = np.zeros(len(sights), dtype=np.int64)
    for i, j in itertools.combinations(range(sights.shape[1]), 2):
        paired |= (shown[:, i] == shown[:, j]).astype(np.int64)
    return matches.astype(np.int64), paired


@dataclass(frozen=True)
class SeenPlay:
    """The exposed decision made with the player's cards, for the simulator: the first
    ``seen`` of the flop's cards as dealt are the ones seen (every choice of them equally
    likely; from ``start`` on: the turn, one of the later cards), the option the solve took for
    the class of (holding, seen cards)."""

    states: SeenBoard
    preflop: tuple[int, ...]
    start: int = 0               # the first seen card's place on the board (3: the turn)

    def __call__(self, hole: Sequence[int], board: Sequence[int]) -> int:
        """The option taken with this holding and these board cards to come (the flop's
        first)."""
        position = self.states.position
        mine = colex(np.sort(position[list(hole)])[np.newaxis, :])
        shown = colex(np.sort(position[list(board[self.start:self.start + self.states.seen])])[
            np.newaxis, :])
        return self.preflop[int(self.states.table[mine[0], shown[0]])]


def _dealt_option(found: SeenChoices, klass: int) -> str:
    """A class's option as dealt (``mixed`` when the game as dealt takes it by the flop and
    the class's states take more than one)."""
    if found.dealt_taken is not None:
        return _cell(found.dealt_taken[klass], found.options)
    return found.options[found.dealt[klass]]


def _percent(share: Fraction, places: int = 2) -> str:
    return f"{decimal(share * 100, places)}%"


def _cell(counts: Counts, options: tuple[str, ...]) -> str:
    """One cell of the chart: the option when every state takes it, else ``mixed``."""
    used = np.flatnonzero(counts)
    return "" if not len(used) else options[int(used[0])] if len(used) == 1 else "mixed"


def seen_strategy(exposed: BoardSolution, dealt: BoardSolution, table: PayTable,
                  scenario: Scenario, seen: int, returns: ReturnTable,
                  found: SeenChoices | None = None, later: bool = False) -> Report:
    """The exposed player's strategy: the lines of play and how often, the decision made with
    his cards by holding class against the game as dealt (with one card seen, by its rank),
    and what the later decisions are; ``returns``: the exposed return table. ``found``: the
    first decision's choices when the seen card is the dealer's (in view at every decision,
    :func:`state_choices` with ``later_seen``), else those of ``seen`` of the flop's cards.
    ``later``: the board card seen with the dealer's is one of the later place's."""
    game = exposed.game
    first = game.decisions[0]
    place = game.board[0]
    dealer = found is not None
    found = found or seen_choices(exposed, dealt, seen)
    options = found.options
    information = exposed.player_return - dealt.player_return
    with_board = dealer and found.seen > 1     # a card of the board seen with the dealer's
    shown, count = (game.board[1], LATER) if later else (place, FLOP)
    each = (f"of the dealer's {HOLDING} cards and each of the {count} cards of the {shown} as "
            "the ones seen" if with_board else "of the dealer's cards as the one seen" if dealer
            else "choice of the seen cards")
    facts = Items((
        f"seen: {scenario.description}",
        f"expected return per {game.unit}: {_percent(exposed.player_return, 4)} (exactly "
        f"{exposed.player_return}); as dealt {_percent(dealt.player_return, 4)} (exactly "
        f"{dealt.player_return})",
        f"value of the information: {_percent(information, 4)} per {game.unit} (exactly "
        f"{information})" + ("" if found.first_gain is None else
                             f"; of it, {first.name} taken seeing: "
                             f"{_percent(sum(found.first_gain, Fraction(0)), 4)}, the later "
                             "decisions taken seeing: "
                             f"{_percent(information - sum(found.first_gain, Fraction(0)), 4)}"),
        *seen_lines(found, first.name, game.unit),
        (f"every deal counted: {exposed.cycle:,}" if scenario.ways == 1 else
         f"every deal counted {scenario.ways} times (once for each {each}): "
         f"{exposed.cycle:,}"),
        f"pay table: {table.name}",
        f"a tie between options of equal value goes to the "
        f"{'larger' if exposed.larger else 'smaller'} total wager",
    ))
    sections = [Section("The exposed player's strategy", (facts, lines_table(exposed, dealt)))]
    if dealer and first.seen != HOLDING:
        how = (f"{first.name} is made with the {place} seen and the dealer's card seen, "
               f"solved exactly for every holding, seen card and {place} (each of a class "
               "under a renaming of suits through the one the solve counted): too many to put "
               f"in words; here each holding class's (holding, seen card, {place}) states by "
               "the option taken, against the option taken on the same state as dealt. A "
               "class's gain is its share of the value of the information: its value seeing "
               f"less its value as dealt (per {game.unit}, over every deal; the gains add up to "
               "the whole).")
    elif dealer:
        sight, state = (("the dealer's card seen", "(holding, seen card)") if not with_board
                        else (f"the two seen cards, the dealer's and one of the {shown}",
                              f"(holding, dealer's card, {shown} card)"))
        how = (f"{first.name} is taken on the player's {HOLDING} cards and {sight}: every "
               f"{state} state, each as likely, takes the option of the highest exact value "
               "over the dealer's other card and every board holding the seen cards, the later "
               "decisions taken seeing the cards too, exactly as the solve took it. A class's "
               "gain is its share of the value of the information: its value seeing less its "
               f"value as dealt (per {game.unit}, over every deal; the gains add up to the "
               f"whole); its gain from {first.name} alone is the option taken less the option "
               "as dealt, the later decisions taken seeing in both."
               + ("" if not with_board else " With two cards seen there is no chart by one "
                  "seen rank here (the board card decides too); --format json gives each "
                  "class's states by the dealer card's rank (by_seen_rank)."))
    elif seen == FLOP:
        how = (f"With the whole {place} seen, {first.name} is a decision made with the {place} "
               f"seen, solved exactly for every holding and {place} (each {place} of a class "
               "under a renaming of suits through the one the solve counted): too many to put "
               f"in words; here each holding class's (holding, {place}) states by the option "
               "taken. The solve keeps no value by holding class for it: the whole value of "
               "the information is the table's.")
    else:
        how = (f"{first.name} is taken on the player's {HOLDING} cards and the "
               f"{'seen card' if seen == 1 else f'{seen} seen cards'} of the {place}: every "
               "(holding, seen cards) state, each as likely, takes the option of the highest "
               f"value over every {place} holding the seen cards, exactly as the solve took it. "
               "A class's gain is its share of the value of the information: the sum over its "
               "states of the option taken less the option as dealt (per "
               f"{game.unit}, over every deal; the gains add up to the whole).")
    blocks: list[Paragraph | Table | Items] = [
        Paragraph(how), Items(tuple(plain_rules(found))),
        class_table(found, first.name, game.unit), relation_table(found, first.name)]
    if found.by_rank is not None and not with_board:
        blocks += rank_tables(found, "dealer" if dealer else place)
    sections.append(Section(f"Decision: {first.name}", tuple(blocks)))
    for decision in game.decisions[1:]:
        on_flop = decision.seen == HOLDING + FLOP
        words = (f"the {place}" + (f" and the seen card of the {shown}" if later else "")
                 if on_flop else "the whole board")
        cards = decision.seen + (1 if later and on_flop else 0)
        sections.append(Section(f"Decision: {decision.name}", (Paragraph(
            f"Made with {cards} cards seen (the player's {HOLDING} and {words}) and "
            "the dealer's card seen: the decision is the solve's own, for every holding, seen "
            "card and board, given the wagers in play, the option of the highest exact value "
            "over the dealer's other card and the board cards to come; the lines of play (in "
            "the first section) give how often each option is taken.") if dealer else Paragraph(
            f"Made with {decision.seen} cards seen (the player's {HOLDING} and {words}): the "
            "player knows then what he knows in the game as dealt, and the decision is the "
            "solve's own, for every holding and board, given the wagers in play; the lines of "
            "play (in the first section) give how often each option is taken."),)))
    data: dict[str, Any] = {
        "game": game.bet.name, "seen": scenario.name,
        "player_return": str(exposed.player_return),
        "as_dealt_return": str(dealt.player_return), "information": str(information),
        "lines": dict(exposed.lines),
        first.name: {class_name(k): {
            "states": int(found.taken[k].sum()), "as_dealt": _dealt_option(found, k),
            **({} if found.dealt_taken is None else {"as_dealt_states": {
                name: int(found.dealt_taken[k, o]) for o, name in enumerate(options)}}),
            **{name: int(found.taken[k, o]) for o, name in enumerate(options)},
            **({} if found.gain is None else {"gain": str(found.gain[k])}),
            **({} if found.first_gain is None else
               {"first_decision_gain": str(found.first_gain[k])})}
            for k in found.classes}}
    data["by_seen_cards"] = [
        {"pair_the_holding": m, "two_of_one_rank": bool(p), "changed":
         int(found.relation_changed[m, p]),
         **{name: int(found.by_relation[m, p, o]) for o, name in enumerate(options)}}
        for m in range(FLOP + 1) for p in (0, 1) if found.by_relation[m, p].sum()]
    if found.by_rank is not None:
        data["by_seen_rank"] = {class_name(k): {
            RANK_LETTERS[r]: {name: int(found.by_rank[k, r, :, o].sum())
                              for o, name in enumerate(options)}
            for r in range(12, -1, -1) if found.by_rank[k, r].sum()} for k in found.classes}
    return Report(f"{game.bet.title}: the optimal strategy, the player seeing "
                  f"{scenario.description}", (), tuple(sections), game=game.bet.name,
                  game_title=game.bet.title, tables={game.bet.name: returns}, data=data)


def class_table(found: SeenChoices, decision: str, unit: str) -> Table:
    """The decision made with the player's cards: each holding class's states by the option
    taken seeing, the option as dealt, the share changed and the class's gains."""
    options = found.options
    heads = ("class", "states", "as dealt", *options, "changed")
    rows = []
    for k in found.classes:
        total = int(found.taken[k].sum())
        rows.append((class_name(k), f"{total:,}", _dealt_option(found, k),
                     *(_percent(Fraction(int(found.taken[k, o]), total), 1)
                       for o in range(len(options))),
                     _percent(Fraction(found.changed(k), total), 1),
                     *(() if found.gain is None else (_percent(found.gain[k], 4),)),
                     *(() if found.first_gain is None else
                       (_percent(found.first_gain[k], 4),))))
    heads += ((() if found.gain is None else (f"gain per {unit}",))
              + (() if found.first_gain is None else (f"of it from {decision}",)))
    return Table(heads, tuple(rows), f"{decision}: each holding class's states by the option "
                 "taken, seeing, against the option it takes as dealt",
                 align="lrl" + "r" * (len(heads) - 3))


def lines_table(exposed: BoardSolution, dealt: BoardSolution) -> Table:
    """How often each line of play is taken, seeing and as dealt."""
    lines = sorted(set(exposed.lines) | set(dealt.lines), key=lambda line: -exposed.lines.get(
        line, 0))
    rows = tuple((line, f"{exposed.lines.get(line, 0):,}",
                  _percent(Fraction(exposed.lines.get(line, 0), exposed.cycle), 4),
                  _percent(Fraction(dealt.lines.get(line, 0), dealt.cycle), 4))
                 for line in lines)
    return Table(("line of play (options taken in turn)", "deals", "share", "as dealt"), rows,
                 "How often each line of play is taken, seeing and as dealt", align="lrrr")


def seen_lines(found: SeenChoices, decision: str, unit: str, most: int = 5) -> list[str]:
    """The decision made with the player's cards in a few plain lines: how often each option
    is taken, seeing and as dealt, how often it changes, and the ``most`` holding classes that
    change most (by gain per ``unit``, or by the share of their states when there is none)."""
    options = found.options
    states = int(found.taken.sum())
    shares = [Fraction(int(found.taken[:, o].sum()), states) for o in range(len(options))]
    as_dealt = [Fraction(sum(int(found.taken[k].sum()) for k in found.classes
                             if found.dealt[k] == o) if found.dealt_taken is None else
                         int(found.dealt_taken[:, o].sum()), states)
                for o in range(len(options))]
    changed = sum(found.changed(k) for k in found.classes)
    words = found.words or ("(holding, flop)" if found.seen == FLOP else "(holding, seen card)"
             if found.seen == 1 else "(holding, seen cards)")
    lines = [f"{decision}: " + ", ".join(
                 f"{name} on {_percent(share)} (as dealt {_percent(as_dealt[o])})"
                 for o, (name, share) in enumerate(zip(options, shares, strict=True)))
             + f" of the {states:,} {words} states, each as likely",
             f"the option differs from the one taken as dealt on {changed:,} states "
             f"({_percent(Fraction(changed, states))})"]
    gain = found.gain
    moved = sorted((k for k in found.classes if found.changed(k)), key=lambda k: (
        -gain[k] if gain is not None else -Fraction(found.changed(k),
                                                     int(found.taken[k].sum())), k))
    if most and moved:
        lines.append("the holding classes that change most" + (
            f" (each one's gain per {unit})" if gain is not None else " (the share of its "
            "states that changes)")
            + ": " + ", ".join(
                f"{class_name(k)} "
                + (f"{_percent(gain[k], 4)}" if gain is not None else
                   f"on {_percent(Fraction(found.changed(k), int(found.taken[k].sum())), 1)}")
                for k in moved[:most]))
    return lines


def plain_rules(found: SeenChoices) -> list[str]:
    """The holding classes that take one option whatever is seen, by option, and how many
    take their option by what is seen."""
    lines = []
    for o, name in enumerate(found.options):
        always = [class_name(k) for k in found.classes
                  if found.taken[k, o] == found.taken[k].sum()]
        if always:
            lines.append(f"{name} whatever is seen ({len(always)} "
                         f"class{'es' if len(always) > 1 else ''}): "
                         + " ".join(always))
    mixed = [k for k in found.classes if np.count_nonzero(found.taken[k]) > 1]
    lines.append(f"by what is seen: {len(mixed)} of the {len(found.classes)} classes"
                 + (" (the table below gives each one's shares)" if mixed else ""))
    return lines


def relation_table(found: SeenChoices, decision: str) -> Table:
    """The states by what the seen cards do for the holding, the share taking each option
    and the share that changes from the game as dealt."""
    rows = []
    for matches in range(FLOP + 1):
        for paired in (0, 1):
            counts = found.by_relation[matches, paired]
            total = int(counts.sum())
            if not total:
                continue
            words = ("no seen card pairs the holding" if not matches else
                     "1 seen card pairs the holding" if matches == 1 else
                     f"{matches} seen cards pair the holding")
            rows.append((words + (", two seen cards of one rank" if paired else ""),
                         f"{total:,}", *(_percent(Fraction(int(c), total), 1) for c in counts),
                         _percent(Fraction(int(found.relation_changed[matches, paired]),
                                           total), 1)))
    return Table(("seen cards", "states", *found.options, "changed"), tuple(rows),
                 f"{decision} by what the seen cards do for the holding: the share of the "
                 "states taking each option, and the share whose option is not the one taken "
                 "as dealt", align="l" + "r" * (len(found.options) + 2))


def rank_tables(found: SeenChoices, place: str) -> list[Paragraph | Table | Items]:
    """With one card seen: the chart by the seen card's rank, and where the suits decide."""
    by_rank = found.by_rank
    assert by_rank is not None
    options = found.options
    ranks = [r for r in range(12, -1, -1) if by_rank[:, r].sum()]
    chart = tuple((class_name(k), *(_cell(by_rank[k, r].sum(axis=0), options) for r in ranks))
                  for k in found.classes)
    mixed = []
    for k in found.classes:
        for r in ranks:
            counts = by_rank[k, r].sum(axis=0)
            if np.count_nonzero(counts) < 2:
                continue
            mixed.append((class_name(k), RANK_LETTERS[r], *(
                _percent(Fraction(int(counts[o]), int(counts.sum())), 1)
                for o in range(len(options))), *(
                ", ".join(f"{options[o]} {_percent(Fraction(int(part[o]), int(part.sum())), 1)}"
                          for o in np.flatnonzero(part)) if part.sum() else "none"
                for part in (by_rank[k, r, 1], by_rank[k, r, 0]))))
    blocks: list[Paragraph | Table | Items] = [Table(
        ("class", *(RANK_LETTERS[r] for r in ranks)), chart,
        f"The option taken by the seen {place} card's rank (columns): "
        "mixed where the suits decide", align="l" + "c" * len(ranks))]
    if mixed:
        blocks.append(Table(("class", "seen", *options, "seen card suited with the holding",
                             "not suited"), tuple(mixed),
                            "Where the suits decide: the share of the states taking each "
                            "option, and by whether the seen card shares a suit with one of "
                            "the player's cards", align="ll" + "r" * (len(options) + 2)))
    else:
        blocks.append(Paragraph("The suits never decide: each holding class and seen rank "
                                "takes one option whatever the suits."))
    return blocks

