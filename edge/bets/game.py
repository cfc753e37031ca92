"""A bet file as a :class:`~edge.games.Game` like any other: tables, reports, tuning, simulation.

The game has one option, ``decks`` (the file's own number is the default), and one wager named
after the file. Its analysis enumerates every deal of the cards the conditions look at
(:mod:`edge.bets.enumeration`), settles each deal to the first outcome whose condition holds,
and builds the :class:`~edge.table.ReturnTable` from the integer counts. Its simulator deals
every place of the file from a shuffled shoe of physical cards (the cards nobody looks at too)
and settles each hand by the same compiled conditions.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import _core
from edge import deal as card_sets
from edge.bets.classes import (
    best_five_only,
    count_by_class,
    count_by_held,
    count_with_joker,
    held_only,
    joker_set,
)
from edge.bets.compile import Deals, count_and_hint
from edge.bets.drawing import (
    FACES,
    LEVELS,
    VALUES,
    DrawnDeals,
    card_classes,
    column_levels,
    deal_by_rules,
    drawn_deals,
    face_classes,
    first_columns,
)
from edge.bets.enumeration import (
    MOST_ROWS,
    Counts,
    Weighing,
    count_outcomes,
    cycle_size,
    deal_rows,
    rows_to_deal,
)
from edge.bets.file import LEAST_PAY, MOST_DECKS, BetFile, BetFileError, Outcome
from edge.bets.showdown import (
    board_showdown,
    count_board_showdown,
    count_two_hands,
    two_hands,
)
from edge.bets.tableau import drawing_tables
from edge.bets.words import condition_in_words
from edge.cache import Entry, entry_path, read_json, read_or_solve, write_json
from edge.cards import format_card
from edge.document.document import Items, Section, Table
from edge.games import EXHAUSTIVE_ENUMERATION, Bet, Game, ReportContext, Rules, Wager
from edge.games.worked import Deal, examples_section
from edge.options import option, options_dict
from edge.parallel import Progress, available_cores
from edge.paytables import PayTable, format_pay
from edge.run import RunSettings
from edge.table import ReturnTable, Row

IntArray = npt.NDArray[np.int64]
LOSE = "lose"
# an enumeration of this many rows of cards or more (some seconds) shows a progress bar
SHOWN_ROWS = 20_000_000
# the held-cards route shows one from this many (set, subset) visits of its kernel (seconds)
SHOWN_WORK = 1_000_000_000
PLAIN_RUN = RunSettings()        # the cache used, no progress shown
# What the report's Method section may claim for a bet file: the check every analysis makes,
# and how its simulator settles (by the file's conditions, not by code of its own).
TOTAL_CHECK = ("the number of deals of the cards looked at, computed apart from the "
               "enumeration (the weighted deals of every analysis must sum to it)")
SETTLEMENT = ("by the bet file's own conditions, the same as the enumeration's (it checks the "
              "dealing, the shoe's weights and the counting, not the conditions themselves)")


JOKER_FACES = 53                   # one deck and the joker (face 52)


def deck_faces(bet: BetFile) -> int:
    """The faces the file's deck holds: 52, or 53 with the joker."""
    return JOKER_FACES if bet.rules.jokers else 52


def card_text(face: int) -> str:
    """A card's name, ``As``, or ``joker`` for the joker (face 52)."""
    return "joker" if face == 52 else format_card(face)


def rules_type(bet: BetFile, game: str | None = None) -> type[Rules]:
    """The file's rules: one option, ``decks``, defaulting to the file's own number; one deck
    only when a condition needs distinct cards (``poker5``) or when a shoe of more would be
    too many rows of cards to enumerate (:data:`~edge.bets.enumeration.MOST_ROWS`); named after
    ``game`` (the file's name when ``None``)."""
    name = "".join(part.title() for part in (game or bet.name).split("-")) + "Rules"
    shoe_rows = rows_to_deal(bet.layout.slots, 2)        # the same at any number of decks > 1
    if not bet.single_deck and (bet.decks > 1 or shoe_rows <= MOST_ROWS):
        return dataclasses.make_dataclass(
            name, [("decks", int, option(bet.decks, "decks in the shoe", minimum=1, maximum=8))],
            bases=(Rules,), frozen=True)
    why, short = (("a joker is in a single deck (Pai Gow Poker's 53 cards)",
                   "the joker's 53 cards") if bet.rules.jokers else
                  ("poker5() needs a single deck (the best five of distinct cards)",
                   "poker5() needs distinct cards") if bet.single_deck else
                  (f"more than one deck is too many deals to enumerate ({shoe_rows:,} rows of "
                   "cards)", "more are too many deals to enumerate"))

    def one_deck(rules: Rules) -> None:
        if isinstance(getattr(rules, "decks", None), int) and _decks(rules) > 1:
            raise BetFileError(f"{bet.path.name}: {why}, not decks={_decks(rules)}.")
        Rules.__post_init__(rules)

    # the range says so too, so the report's variants do not sweep decks it cannot deal
    return dataclasses.make_dataclass(
        name, [("decks", int, option(1, f"decks in the shoe (one: {short})",
                                     minimum=1, maximum=1))],
        bases=(Rules,), frozen=True, namespace={"__post_init__": one_deck})


def _decks(rules: Rules) -> int:
    decks = getattr(rules, "decks", None)
    assert isinstance(decks, int)
    return decks


@dataclass
class BetAnalysis:
    """The file, with its outcome counts for each number of decks analysed (at most eight)."""

    bet: BetFile
    # SHA-256 of the file's bytes: the key of its counts in the disk cache ("": not cached)
    digest: str = ""
    # the game the tables name: the file's own name, or the game the file is a wager of
    # (edge.bets.bundle)
    game: str = ""
    counted: dict[int, Counts] = dataclasses.field(default_factory=dict)
    # every row of faces the shoe can deal (sorted by outcome) and where each outcome's rows
    # start: classified once, weighed again for each shoe (shoe_counts)
    classified: tuple[Weighing, IntArray] | None = None
    # a file with drawing rules: its deals by classes, for each shoe enumerated (a shoe of
    # the most decks stands for every smaller one: its deals are weighed for each shoe)
    drawn: dict[tuple[int, ...], DrawnDeals] = dataclasses.field(default_factory=dict)

    def drawn_deals(self, decks: int, copies: tuple[int, ...] | None = None) -> DrawnDeals:
        """The deals of a file with drawing rules from ``decks`` decks (or the shoe of
        ``copies``), made once and kept."""
        shoe = (decks,) * 52 if copies is None else copies
        # which rows a shoe can deal depends on its cards of each face, rank and value only up
        # to the most cards a deal holds: shoes alike up to that deal the same rows (weighed
        # apart for each shoe by counts()), so baccarat's 2 to 8 decks share one enumeration
        most = self.bet.layout.cards
        by_rank = np.asarray(shoe, dtype=np.int64).reshape(13, 4).sum(axis=1)
        by_value = (*by_rank[:8], by_rank[8:12].sum(), by_rank[12])
        levels = set(column_levels(self.bet))
        kinds = ((*shoe,) if LEVELS.index(FACES) in levels else ()) + (
            (*by_rank,) if levels - {LEVELS.index(VALUES)} else ()) + by_value
        key = tuple(min(int(c), most) for c in kinds)
        if key not in self.drawn:
            if len(self.drawn) >= 8:
                self.drawn.pop(next(iter(self.drawn)))
            self.drawn[key] = drawn_deals(self.bet, self.classify, shoe)
        return self.drawn[key]

    def most_cards(self, decks: int) -> int:
        """The most cards a deal uses (the rows :meth:`BetSimulator.settle` takes)."""
        if self.bet.draws:
            return self.drawn_deals(decks).most
        return self.bet.layout.dealt

    def classify(self, deals: Deals) -> IntArray:
        """Each deal's outcome index (the first condition that holds; the last index: lose)."""
        tests = [outcome.condition.test(deals) for outcome in self.bet.outcomes]
        if self.bet.exclusive and len(tests) > 1:
            met = np.sum(tests, axis=0)
            if met.max(initial=0) > 1:
                row = int(np.argmax(met > 1))
                both = [o.name for o, t in zip(self.bet.outcomes, tests, strict=True) if t[row]]
                cards = " ".join(card_text(int(face)) for face in deals.rows[row]
                                 if face >= 0)
                raise BetFileError(f"{self.bet.path.name}: the outcomes {both[0]!r} and "
                                   f"{both[1]!r} both hold for the deal {cards} "
                                   f"({self.looked_at()}), but [rules] outcomes = "
                                   "\"exclusive\".")
        return np.asarray(np.select(tests, np.arange(len(tests)), len(tests)), dtype=np.int64)

    def looked_at(self) -> str:
        """The cards enumerated, in column order: ``player (2 cards), dealer[1]``; with drawing
        rules, each place's cards: ``player (2 dealt, up to 1 drawn)``."""
        layout = self.bet.layout
        if self.bet.draws:
            return ", ".join(f"{place.name} ({place.cards} dealt"
                             + (f", up to {place.drawn} drawn)" if place.drawn else ")")
                             for place in layout.places
                             if any(place.name in slot.places for slot in layout.slots))
        return ", ".join(slot.describe() for slot in layout.slots)

    def counts(self, decks: int, by_class: bool | None = None,
               run: RunSettings = PLAIN_RUN) -> Counts:
        """Every deal's outcome at ``decks`` decks, counted once and kept (on disk too, for a
        file read by :func:`edge.bets.load_bet_file`: :func:`cached_counts`). A bet that looks
        at the best five of all its cards, and apart at one to three of them at most, is
        counted through the ten classes (:mod:`edge.bets.classes`) unless ``by_class`` is
        False (the same counts, by every row)."""
        if by_class is not None:
            found = self._count(decks, by_class, run)
        elif decks in self.counted:
            return self.counted[decks]
        else:
            found = cached_counts(self, decks, run)
        never = [o.name for o, n in zip(self.bet.outcomes, found.counts, strict=False) if n == 0]
        if never and decks == self.bet.decks:
            raise BetFileError(
                f"{self.bet.path.name}: the outcome {never[0]!r} can never happen at {decks} "
                f"deck{'s' if decks != 1 else ''} (its condition never holds, or an earlier "
                "outcome takes every deal it holds for)"
                f"{count_and_hint(next(o.node for o in self.bet.outcomes if o.name == never[0]))}.")
        if by_class is None:
            self.counted[decks] = found
        return found

    def shoe_counts(self, copies: tuple[int, ...]) -> tuple[int, ...]:
        """The weighted deals of each outcome (the last: lose) from the shoe of ``copies`` (52
        counts, face = rank * 4 + suit): every row of faces is classified once and weighed
        for each shoe (:func:`~edge.bets.enumeration.weigh_rows`); the total is checked."""
        if self.bet.rules.jokers:
            raise BetFileError(f"{self.bet.path.name}: a deck with the joker is a single deck "
                               "(Pai Gow Poker's 53 cards), not a shoe.")
        if self.bet.single_deck:
            raise BetFileError(f"{self.bet.path.name}: poker5() needs a single deck (the best "
                               "five of distinct cards), not a shoe.")
        if self.bet.draws:
            # by faces, a shoe of many decks is too many rows: each shoe is enumerated
            faces = card_classes(self.bet) == FACES
            found = self.drawn_deals(MOST_DECKS, copies if faces else None)
            return found.counts(copies, len(self.bet.outcomes)).counts
        slots = self.bet.layout.slots
        if self.classified is None:
            most = sum(slot.size for slot in slots)      # a face in every column
            rows = np.concatenate([r for r, _ in deal_rows(slots, most, (most,) * 52)])
            index = self.classify(Deals(rows))
            order = np.argsort(index, kind="stable")
            starts = np.searchsorted(index[order], np.arange(len(self.bet.outcomes) + 2))
            self.classified = (Weighing.of(np.ascontiguousarray(rows[order]), slots), starts)
        weighing, starts = self.classified
        weights = weighing.weigh(copies)
        counts = tuple(int(weights[starts[i]:starts[i + 1]].sum())
                       for i in range(len(starts) - 1))
        if sum(counts) != cycle_size(slots, 1, copies):
            raise AssertionError(f"the weighted deals sum to {sum(counts)}, not "
                                 f"{cycle_size(slots, 1, copies)}")
        return counts

    def shoe_return(self, wager: Wager[Rules], copies: tuple[int, ...]) -> Fraction:
        """The exact expected return per unit wagered from the shoe of ``copies``."""
        table = wager.paytable or self.bet.presets[self.bet.default_paytable]
        counts = self.shoe_counts(copies)
        pays = [table[outcome.name] for outcome in self.bet.outcomes] + [Fraction(-1)]
        return sum((pay * count for pay, count in zip(pays, counts, strict=True)),
                   Fraction(0)) / sum(counts)

    def _count(self, decks: int, by_class: bool | None, run: RunSettings) -> Counts:
        """The counts, by the quickest route the file allows (see :meth:`counts`)."""
        if self.bet.single_deck and decks > 1:
            raise BetFileError(f"{self.bet.path.name}: poker5() needs a single deck (the "
                               f"best five of distinct cards), not decks={decks}.")
        layout, outcomes = self.bet.layout, len(self.bet.outcomes)
        if self.bet.draws:
            return self.drawn_deals(decks).counts([decks] * 52, outcomes)
        nodes = [o.node for o in self.bet.outcomes]
        if self.bet.rules.jokers:
            return self._count_joker(by_class, run)
        if by_class is not False and decks == 1:
            if best_five_only(layout, nodes):
                return count_by_class(layout, outcomes, self.classify)
            rest = held_only(layout, nodes)
            if rest is not None:
                work = math.comb(52, layout.cards) * math.comb(layout.cards,
                                                               layout.cards - rest.size)
                with Progress(f"counting {self.bet.path.name} "
                              f"({cycle_size(layout.slots, 1):,} deals)",
                              math.comb(52, layout.cards), run.progress and work >= SHOWN_WORK,
                              unit=f"{layout.cards}-card sets") as bar:
                    bar.update(0)
                    return count_by_held(layout, rest, outcomes, self.classify, bar.advance)
        shape = None if by_class is False or decks != 1 else board_showdown(
            layout, nodes, self.bet.rules)
        if shape is not None:
            with Progress(f"counting {self.bet.path.name} "
                          f"({cycle_size(layout.slots, 1):,} deals)",
                          math.comb(52, layout.slots[shape.board].size), run.progress,
                          unit="boards") as bar:
                bar.update(0)
                return count_board_showdown(layout, shape, outcomes, self.classify,
                                            run.jobs or available_cores(), bar.advance)
        showdown = None if by_class is False else two_hands(layout, nodes, self.bet.rules, decks)
        if showdown is not None:
            return count_two_hands(layout, self.bet.rules, showdown, decks, outcomes,
                                   self.classify)
        shown = run.progress and rows_to_deal(layout.slots, decks) >= SHOWN_ROWS
        with Progress(f"counting {self.bet.path.name}", cycle_size(layout.slots, decks), shown,
                      unit="deals") as bar:
            bar.update(0)            # at once: how many deals, before the first chunk
            return count_outcomes(layout.slots, decks, outcomes, self.classify,
                                  progress=bar.advance)

    def _count_joker(self, by_class: bool | None, run: RunSettings) -> Counts:
        """The counts of a file with the joker: through the cells of the whole set when it
        looks at one set (:func:`~edge.bets.classes.count_with_joker`), else deal by deal."""
        layout, outcomes = self.bet.layout, len(self.bet.outcomes)
        sets = math.comb(53, layout.cards)
        if by_class is not False and joker_set(layout):
            with Progress(f"counting {self.bet.path.name} ({sets:,} deals)", sets,
                          run.progress and sets >= SHOWN_ROWS,
                          unit=f"{layout.cards}-card sets") as bar:
                bar.update(0)
                return count_with_joker(layout, [o.node for o in self.bet.outcomes], outcomes,
                                        self.classify, bar.advance, self.bet.exclusive)
        shown = run.progress and rows_to_deal(layout.slots, 1, JOKER_FACES) >= SHOWN_ROWS
        with Progress(f"counting {self.bet.path.name}",
                      cycle_size(layout.slots, 1, faces=JOKER_FACES), shown, unit="deals") as bar:
            bar.update(0)
            return count_outcomes(layout.slots, 1, outcomes, self.classify,
                                  progress=bar.advance, faces=JOKER_FACES)

    def analyze(self, paytable: PayTable | None, rules: Rules,
                run: RunSettings = PLAIN_RUN) -> ReturnTable:
        """The exact return table at these pays and decks."""
        decks = _decks(rules)
        found = self.counts(decks, run=run)
        table = paytable or self.bet.presets[self.bet.default_paytable]
        rows = [Row(outcome.name, table[outcome.name], count)
                for outcome, count in zip(self.bet.outcomes, found.counts, strict=False)]
        rows.append(Row(LOSE, Fraction(-1), found.counts[-1]))
        never = [o.name for o, n in zip(self.bet.outcomes, found.counts, strict=False) if n == 0]
        if self.bet.draws:
            most = self.drawn_deals(decks).most
            notes = [f"Every ordered sequence of the {most} cards a deal can use at most "
                     f"(the first cards, then those the drawing rules give), from a shoe of "
                     f"{decks} deck{'s' if decks != 1 else ''}: {found.cycle:,} sequences, each "
                     "equally likely; a deal that uses fewer stands for every order of the "
                     "cards it leaves unused."]
        else:
            notes = [f"Every deal of the {self.bet.layout.cards} card"
                     f"{'s' if self.bet.layout.cards != 1 else ''} the outcomes look at "
                     f"({self.looked_at()}) from a shoe of {decks} deck"
                     f"{'s' if decks != 1 else ''}"
                     f"{' and the joker' if self.bet.rules.jokers else ''}: "
                     f"{found.cycle:,} deals, each equally likely"
                     + self._left_out() + "."]
        notes.append("Each deal is the first outcome, in the order listed, whose condition "
                     "holds; a deal that meets none loses the wager.")
        if never:
            notes.append(f"Cannot happen with {decks} deck{'s' if decks != 1 else ''}: "
                         f"{', '.join(never)}.")
        return ReturnTable(self.game or self.bet.name, self.bet.name, tuple(rows), table,
                           options_dict(rules), notes=tuple(notes),
                           title=f"{self.bet.title}, {decks} deck"
                           f"{'s' if decks != 1 else ''}")

    def _left_out(self) -> str:
        layout = self.bet.layout
        if layout.dealt == layout.cards:
            return ""
        other = layout.dealt - layout.cards
        return (f" (the other {other} card{'s' if other != 1 else ''} dealt "
                f"{'are' if other != 1 else 'is'} looked at by no outcome and change"
                f"{'' if other != 1 else 's'} no probability)")


def cached_counts(analysis: BetAnalysis, decks: int, run: RunSettings) -> Counts:
    """The file's counts at ``decks`` decks from the disk cache (:mod:`edge.cache`), else
    counted and stored there. The entry is named by the file's bytes (any edit names another
    entry), the decks, and the code of every module of :mod:`edge.bets` and the kernels it
    uses, as a game's solves are; pays are not in it (the counts do not depend on them).
    ``run.cache`` False counts afresh (and stores)."""
    if not analysis.digest:
        return analysis._count(decks, None, run)
    bet = analysis.bet
    # the held-cards kernel is in every entry's code, imported or not yet (none when not built:
    # then no file is counted by it, and none read as if it were)
    with contextlib.suppress(ImportError):
        importlib.import_module("edge.bets._kernels")
    code = sorted((module for name, module in list(sys.modules.items())
                   if name.startswith("edge.bets.") and module is not None),
                  key=lambda module: module.__name__)
    path = entry_path("bet-counts", {"file": analysis.digest, "decks": decks,
                                     "stores": ["counts", "examples", "cycle"]},
                      (*code, _core, card_sets), suffix=".json")
    entry = Entry(path, f"{bet.path.name} at {decks} deck{'s' if decks != 1 else ''}")
    expected = cycle_size(bet.layout.slots, decks, faces=deck_faces(bet))

    def load() -> Counts | None:
        try:
            data = read_json(path)
            counts = tuple(int(n) for n in data["counts"])
            examples = tuple(None if e is None else tuple(int(f) for f in e)
                             for e in data["examples"])
            found = Counts(counts, examples, int(data["cycle"]))
        except (OSError, ValueError, TypeError, KeyError):
            return None
        whole = (len(counts) == len(examples) == len(bet.outcomes) + 1
                 and sum(counts) == found.cycle == expected
                 and all((e is None) == (n == 0) for n, e in zip(counts, examples, strict=True)))
        return found if whole else None

    def store(found: Counts) -> None:
        write_json(path, {"counts": list(found.counts), "cycle": found.cycle,
                          "examples": [None if e is None else list(e) for e in found.examples]})

    return read_or_solve(entry, load, lambda _: analysis._count(decks, None, run), store,
                         use_cache=run.cache)


@dataclass(frozen=True)
class BetSimulator:
    """Deals every place of the file from a shoe of physical cards and settles each hand by the
    file's compiled conditions (see :mod:`edge.simulation.engine`)."""

    analysis: BetAnalysis
    decks: int
    pays: IntArray
    scale: int
    outcomes: tuple[str, ...]
    initial_wager: Fraction = Fraction(1)

    @property
    def cards_dealt(self) -> int:
        """Cards dealt a hand (every place of the file, looked at or not): the rows of
        :meth:`settle`."""
        return self.analysis.most_cards(self.decks)

    @property
    def drawn(self) -> bool:
        """Whether cards are drawn by rule, so that a hand uses a varying number of cards."""
        return bool(self.analysis.bet.draws)

    def settle_coups(self, dealt: npt.NDArray[np.int16]) -> tuple[IntArray, IntArray]:
        """Settle hands dealt by the drawing rules from the next cards of the shoe (one row per
        card, :attr:`cards_dealt` rows, in the shoe's order): each hand's net x scale and the
        cards it used (the rest stay in the shoe)."""
        faces = np.ascontiguousarray(np.asarray(dealt, dtype=np.int64).T)
        rows = deal_by_rules(self.analysis.bet, faces)
        index = self.analysis.classify(Deals(rows))
        return self.pays[index], (rows >= 0).sum(axis=1).astype(np.int64)

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` hands, each from a freshly shuffled shoe, and settle them."""
        from edge.sampling import deal
        if self.analysis.bet.rules.jokers:           # one deck and the joker: faces 0..52
            return self.settle(deal(rng, hands, self.cards_dealt, JOKER_FACES))
        dealt = deal(rng, hands, self.cards_dealt, 52 * self.decks) % 52
        return self.settle(dealt)

    def settle(self, dealt: npt.NDArray[np.int16]) -> tuple[IntArray, IntArray]:
        """Settle dealt cards (one row per card, in the order of the file's places; with
        drawing rules, in the order the shoe gives them, the rules deciding who gets each)."""
        bet = self.analysis.bet
        if bet.draws:
            faces = np.ascontiguousarray(np.asarray(dealt, dtype=np.int64).T)
            index = self.analysis.classify(Deals(deal_by_rules(bet, faces)))
            return index, self.pays[index]
        positions = self.analysis.bet.layout.deal_positions()
        rows = np.ascontiguousarray(np.asarray(dealt, dtype=np.int64)[positions].T)
        index = self.analysis.classify(Deals(rows))
        return index, self.pays[index]


def simulator(analysis: BetAnalysis, paytable: PayTable | None, rules: Rules) -> BetSimulator:
    """The simulator at these pays and decks."""
    from edge.sampling import common_scale, scaled
    table = paytable or analysis.bet.presets[analysis.bet.default_paytable]
    pays = [table[outcome.name] for outcome in analysis.bet.outcomes] + [Fraction(-1)]
    scale = common_scale(pays)
    return BetSimulator(analysis, _decks(rules), scaled(pays, scale), scale,
                        tuple(o.name for o in analysis.bet.outcomes) + (LOSE,))


def outcome_words(bet: BetFile, outcome: Outcome) -> str:
    """An outcome in words: the file's own ``text``, else its condition read out."""
    places = {place.name: place.cards for place in bet.layout.places}
    return outcome.text or condition_in_words(outcome.node, places)


def describe_rules(bet: BetFile, rules: Rules) -> list[str]:
    """The file's rules in words."""
    order = ("no deal meets two outcomes" if bet.exclusive
             else "a deal is the first outcome, in this order, whose condition holds")
    lines = deal_in_words(bet, rules)
    lines.append(f"The outcomes ({order}); a deal that meets none loses the wager:")
    for outcome in bet.outcomes:
        lines.append(f"{outcome.name}: {outcome_words(bet, outcome)}")
    return lines


def deal_in_words(bet: BetFile, rules: Rules) -> list[str]:
    """The file's shoe, deal and card rules in words (what files dealt alike share)."""
    decks = _decks(rules)
    places = ", ".join(f"{place.name} {place.cards} card{'s' if place.cards != 1 else ''}"
                       for place in bet.layout.places)
    joker = (" and one joker (it completes a straight, a flush or a straight flush, else it "
             "counts as an ace)" if bet.rules.jokers else "")
    lines = [f"A shoe of {decks} standard 52-card deck{'s' if decks != 1 else ''}{joker}, "
             f"freshly shuffled for every round; cards are dealt without replacement to: "
             f"{places}."]
    for rule in bet.draws:
        how = ("one card at a time while" if rule.repeat else "one more card when")
        lines.append(f"Then {rule.place} receives {how}: {rule.when}")
    ace = "high (above the king)" if bet.rules.ace_high else "low (below the deuce)"
    lines.append(f"Ranks run 2 to 10, J, Q, K, A; the ace counts {ace} in rank comparisons"
                 + ("; A-2-3 and Q-K-A are both runs." if bet.rules.ace_low_straights
                    else "; only Q-K-A is a run with an ace."))
    return lines


def drawn_example(bet: BetFile, faces: Sequence[int]) -> tuple[str, tuple[int, ...]]:
    """A deal of a file with drawing rules in words, and its cards in the order the shoe
    deals them: the enumeration's row (one face standing for each class of cards), each card
    made a different face of its class where it can be."""
    taken: set[int] = set()
    row = []
    for face, level in zip(faces, column_levels(bet), strict=True):
        if face >= 0:
            classes, _ = face_classes(LEVELS[level])
            same = [f for f in range(52) if classes[f] == classes[face] and f not in taken]
            face = same[0] if same else face
            taken.add(face)
        row.append(face)
    first = first_columns(bet)
    order = [row[column] for column in first]
    dealt = np.full((1, len(row)), -1, dtype=np.int64)
    dealt[0, first] = order
    for rule in bet.draws:
        columns = bet.layout.place_columns(rule.place)
        while bool(rule.condition.test(Deals(dealt))[0]):
            given = [c for c in columns if dealt[0, c] < 0]
            if not given or row[given[0]] < 0:
                break
            dealt[0, given[0]] = row[given[0]]
            order.append(row[given[0]])
            if not rule.repeat:
                break
    parts = []
    for place in bet.layout.places:
        if any(place.name in slot.places for slot in bet.layout.slots):
            cards = [format_card(row[c]) for c in bet.layout.place_columns(place.name)
                     if row[c] >= 0]
            parts.append(f"{place.name} {' '.join(cards)}")
    return ", ".join(parts), tuple(order)


def _deal_text(bet: BetFile, dealt: Sequence[int]) -> str:
    parts = []
    positions = bet.layout.deal_positions()
    for place in bet.layout.places:
        start = bet.layout.offset(place.name)
        cards = [card_text(dealt[p]) for p in range(start, start + place.cards)
                 if p in positions]
        if cards:
            parts.append(f"{place.name} {' '.join(cards)}")
    return ", ".join(parts)


def _example_deal(bet: BetFile, faces: Sequence[int], decks: int) -> tuple[int, ...]:
    """A whole deal (every place) holding ``faces`` where the enumeration looks, other cards
    filled in from what the shoe has left."""
    positions = bet.layout.deal_positions()
    dealt = [-1] * bet.layout.dealt
    left = {face: decks for face in range(deck_faces(bet))}
    for position, face in zip(positions, faces, strict=True):
        dealt[position] = face
        left[face] -= 1
    spare = iter(face for face in range(51, -1, -1) for _ in range(max(left[face], 0)))
    return tuple(card if card >= 0 else next(spare) for card in dealt)


def _pays_text(pay: Fraction) -> str:
    if pay < 0:
        return ("loses the wager" if pay == -1
                else f"loses {format_pay(-pay)} of the wager (the rest returned)")
    return "push (wager returned)" if pay == 0 else f"{format_pay(pay)} to 1"


def rules_sections(analysis: BetAnalysis, context: ReportContext[Any]) -> list[Section]:
    """The outcome table and worked examples (one deal per outcome, found by the enumeration
    and settled by the file's own conditions)."""
    return [Section("Equipment and shuffle",
                    (equipment(analysis, context), *drawing_tables(analysis.bet))),
            Section("Outcomes", (outcomes_table(analysis, context),)),
            examples_section(context, worked_deals(analysis, context))]


def outcomes_table(analysis: BetAnalysis, context: ReportContext[Any]) -> Table:
    """The file's outcomes, their conditions and pays, in the order they are checked."""
    bet = analysis.bet
    table = context.paytables.get(bet.name)
    rows = [(outcome.name, outcome_words(bet, outcome), outcome.when,
             _pays_text(table[outcome.name]) if table is not None else "")
            for outcome in bet.outcomes]
    rows.append((LOSE, "no outcome above", "", "loses the wager"))
    return Table(("outcome", "in words", "condition in the bet file", "pays"), tuple(rows),
                 "The outcomes, checked in this order (the first whose condition holds); "
                 "conditions in the bet file's language (docs/bets.md)", align="llll")


def worked_deals(analysis: BetAnalysis, context: ReportContext[Any]) -> list[Deal]:
    """One deal of each outcome, found by the enumeration (for the worked examples)."""
    bet = analysis.bet
    decks = _decks(context.rules)
    found = analysis.counts(decks)
    deals = []
    for faces in found.examples:
        if faces is None:
            continue
        if bet.draws:
            text, cards = drawn_example(bet, faces)
            deals.append(Deal(bet.name, text, cards))
            continue
        dealt = _example_deal(bet, faces, decks)
        deals.append(Deal(bet.name, _deal_text(bet, dealt), dealt))
    return deals


def equipment(analysis: BetAnalysis, context: ReportContext[Any]) -> Items:
    """The shoe, the places dealt and the cards the outcomes look at."""
    bet = analysis.bet
    decks = _decks(context.rules)
    joker = "and one joker" if bet.rules.jokers else "no jokers"
    return Items((f"A shoe of {decks} standard 52-card deck{'s' if decks != 1 else ''}, "
                  f"{joker}, completely shuffled for every round (what the enumeration "
                  "assumes).",
                  "Cards dealt, in order: " + ", ".join(
                      f"{p.name} {p.cards}" for p in bet.layout.places)
                  + ("; then the cards the drawing rules give, each the next card of "
                     "the shoe" if bet.draws else "") + ".",
                  f"Cards the outcomes look at: {analysis.looked_at()}."))


def file_bet(analysis: BetAnalysis) -> Bet[Any]:
    """The wager a bet file describes: its outcomes, pay tables, analysis and simulator."""
    bet = analysis.bet
    outcomes = tuple(outcome.name for outcome in bet.outcomes)

    def analyze(wager: Wager[Rules]) -> ReturnTable:
        return analysis.analyze(wager.paytable, wager.rules, wager.run)

    def simulate(wager: Wager[Rules]) -> BetSimulator:
        return simulator(analysis, wager.paytable, wager.rules)

    return Bet(bet.name, bet.description.rstrip(".") or bet.title, analyze, outcomes,
               bet.presets, bet.default_paytable, simulate=simulate, linear=True,
               shoe_return=None if bet.single_deck else analysis.shoe_return,
               least_pay=LEAST_PAY)


def make_game(bet: BetFile, digest: str = "") -> Game[Any]:
    """The :class:`Game` of a bet file; ``digest`` (of the file's bytes, as
    :func:`edge.bets.load_bet_file` read them) keeps its counts in the disk cache."""
    analysis = BetAnalysis(bet, digest)
    source = bet.source or f"the bet file {bet.path.name} (no source stated)"
    game: Game[Any] = Game(
        name=bet.name, title=bet.title, rules=rules_type(bet), bets=(file_bet(analysis),),
        source=source,
        describe_rules=lambda r: describe_rules(bet, r), invoked_as=str(bet.path),
        checks=(TOTAL_CHECK,), settlement=SETTLEMENT, method=(EXHAUSTIVE_ENUMERATION,),
        rules_sections=lambda context: rules_sections(analysis, context))
    return game

