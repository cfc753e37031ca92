"""A game file's strategy as short rules in words (docs/games-from-files.md).

A rule names an option and conditions on the cards seen, all of which must hold; a decision's
rules are read in order, the first that holds decides, and a hand no rule names takes the
decision's ``otherwise`` option. The conditions are the features a player sees at a glance:

- ``made``: the best hand the seen cards make (``high-card``, ``pair``, ``two-pair``,
  ``three-of-a-kind``, ``four-of-a-kind``);
- ``pair``: the highest rank held twice or more lies in a range of ranks (``6-10``);
- ``high``: at least ``count`` cards rank ``from`` or higher (one or more such counts: a card J
  or higher and two cards 6 or higher);
- ``suited``: at least that many cards of one suit;
- ``within``: no two cards of a rank, and every rank within that many consecutive ranks (an ace
  high or low): to a straight;
- ``outs``: no two cards of a rank, and at least that many ranks would each put the cards
  within five in a row with one card more (with four cards seen: the ranks that complete a
  straight, two for an open-ended one);
- ``lowest``: no card ranks below it;
- ``in_play``: the total in play on arriving at the decision, in quote units;
- ``hands``: the hand classes listed (the exceptions a short rule cannot state).

The same rules are read from a strategy file (:mod:`edge.decisions.strategy_file`) and found
from the solve (:func:`find_rules`): greedily, the condition of at most two or three features
that settles the most hand classes the solve decides alike, until every class is settled or
what is left is listed as exceptions.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, fields
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.decisions.solve import Solution, all_sets
from edge.paytables import format_pay

RANK_NAMES = "23456789TJQKA"
RANK_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_PLURAL = ("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens",
               "kings", "aces")
MADE = ("high-card", "pair", "two-pair", "three-of-a-kind", "four-of-a-kind")
MADE_WORDS = ("no pair", "a pair", "two pair", "three of a kind", "four of a kind")
# the player's whole five-card hand, lowest first (``at_least``: with the dealer's card face up)
POKER = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house",
         "four-of-a-kind", "straight-flush", "royal-flush")
POKER_WORDS = ("high card", "a pair", "two pair", "three of a kind", "a straight", "a flush",
               "a full house", "four of a kind", "a straight flush", "a royal flush")
ORDINALS = ("", "", "2nd", "3rd", "4th", "5th", "6th")
ClassKey = tuple[tuple[int, ...], ...]
# the fewest hand classes a found rule settles; what no such rule settles is listed
FEWEST_SETTLED = 2
# conditions of up to three features are searched up to this many cards seen (two beyond)
MOST_CARDS_THREE = 3


def hand_class(cards: Sequence[int]) -> ClassKey:
    """The cards up to a renaming of suits: each suit's ranks (high first), the suits ordered
    by how many cards they hold, then by their ranks."""
    by_suit: dict[int, list[int]] = {}
    for card in cards:
        by_suit.setdefault(card % 4, []).append(card // 4)
    groups = [tuple(sorted(ranks, reverse=True)) for ranks in by_suit.values()]
    return tuple(sorted(groups, key=lambda g: (-len(g), [-r for r in g])))


def class_name(groups: ClassKey) -> str:
    """A hand class in words: ``A-K suited, Q``, ``9 9``, ``A K Q offsuit`` (no two of a
    suit)."""
    if all(len(group) == 1 for group in groups):
        ranks = sorted((group[0] for group in groups), reverse=True)
        return " ".join(RANK_NAMES[r] for r in ranks) + (" offsuit" if len(ranks) > 1 and
                                                         len(set(ranks)) == len(ranks) else "")
    suited = [("-".join(RANK_NAMES[r] for r in group) + " suited") for group in groups
              if len(group) > 1]
    singles = [RANK_NAMES[group[0]] for group in groups if len(group) == 1]
    return ", ".join(suited + singles)


def state_name(state: tuple[ClassKey, int, int]) -> str:
    """A hand class and the dealer's card face up in words: ``A-K suited, Q, 9, 5 against a 7
    of the suit of the A-K`` (``... of another suit``: a suit the hand does not hold)."""
    key, rank, place = state
    if place < len(key):
        group = key[place]
        suit = ("-".join(RANK_NAMES[r] for r in group) if len(group) > 1
                else RANK_NAMES[group[0]])
        return f"{class_name(key)} against a {RANK_NAMES[rank]} of the suit of the {suit}"
    return f"{class_name(key)} against a {RANK_NAMES[rank]} of another suit"


@dataclass(frozen=True)
class Condition:
    """What must hold of the cards seen (each field None or empty: no condition); see the
    module for each feature."""

    made: str | None = None
    pair_from: int | None = None
    pair_to: int | None = None
    high: tuple[tuple[int, int], ...] = ()    # (count, from rank), each must hold
    suited: int | None = None
    within: int | None = None
    outs: int | None = None
    lowest: int | None = None
    in_play: Fraction | None = None
    hands: frozenset[ClassKey] = frozenset()
    # with the dealer's card face up (:mod:`edge.decisions.upcard_rules`): the player's hand
    # this or better (POKER), its highest cards' ranks (high first), the up card's rank in
    # up_from .. up_to, whether it matches a rank the player holds, and below his n-th
    # highest card
    at_least: str | None = None
    top: tuple[int, ...] = ()
    up_from: int | None = None
    up_to: int | None = None
    matched: bool | None = None
    up_below: int | None = None
    up_suited: int | None = None         # exactly this many of the hand's cards of its suit
    # hands named with the up card: (class, up card's rank, its suit's place in the class)
    states: frozenset[tuple[ClassKey, int, int]] = frozenset()

    def words(self, seen: int) -> str:
        """The condition in words (``any hand`` when there is none)."""
        parts: list[str] = []
        if self.at_least is not None:
            parts.append(f"{POKER_WORDS[POKER.index(self.at_least)]} or better")
        if self.top:
            parts.append(f"{'-'.join(RANK_NAMES[r] for r in self.top)} as the highest cards")
        if self.made is not None and (self.made != "pair" or (self.pair_from is None
                                                              and self.pair_to is None)):
            parts.append(MADE_WORDS[MADE.index(self.made)])
        if self.pair_from is not None or self.pair_to is not None:
            low, high = self.pair_from or 0, 12 if self.pair_to is None else self.pair_to
            ranks = (f"{RANK_PLURAL[low]}" if low == high else
                     "any rank" if (low, high) == (0, 12) else
                     f"{RANK_PLURAL[low]} or higher" if high == 12 else
                     f"{RANK_PLURAL[high]} or lower" if low == 0 else
                     f"{RANK_PLURAL[low]} to {RANK_PLURAL[high]}")
            parts.append(f"a pair of {ranks}" if self.made == "pair" else
                         "a pair or better" if ranks == "any rank" else
                         f"a pair or more of {ranks}")
        for count, rank in sorted(self.high, key=lambda h: -h[1]):
            parts.append(f"every card {RANK_WORDS[rank]} or higher" if count == seen else
                         f"{count} or more cards {RANK_WORDS[rank]} or higher" if count > 1
                         else f"a card {RANK_WORDS[rank]} or higher")
        if self.suited is not None:
            parts.append("all of one suit" if self.suited == seen else
                         f"{self.suited} of one suit")
        if self.within is not None:
            parts.append(f"no pair, ranks within {self.within} in a row (to a straight)")
        if self.outs is not None:
            parts.append(f"no pair, {self.outs} or more ranks complete a straight" if seen == 4
                         else f"no pair, {self.outs} or more ranks each make {seen + 1} to a "
                         "straight")
        if self.lowest is not None:
            parts.append(f"no card below {RANK_WORDS[self.lowest]}")
        if self.in_play is not None:
            parts.append(f"{format_pay(self.in_play)} units in play")
        if self.hands:
            parts.append("the hands " + "; ".join(sorted(class_name(k) for k in self.hands)))
        parts += self._up_words()
        return ", ".join(parts) if parts else "any hand"

    def _up_words(self) -> list[str]:
        parts: list[str] = []
        if self.up_from is not None or self.up_to is not None:
            low, high = self.up_from or 0, 12 if self.up_to is None else self.up_to
            ranks = (f"a {RANK_WORDS[low]}" if low == high else
                     f"{RANK_WORDS[low]} or {RANK_WORDS[high]}" if high == low + 1 else
                     f"{RANK_WORDS[low]} to {RANK_WORDS[high]}")
            parts.append(f"the dealer's card {ranks}")
        if self.matched is not None:
            parts.append("the dealer's card matches one of yours" if self.matched else
                         "the dealer's card matches none of yours")
        if self.up_below is not None:
            parts.append("the dealer's card below your "
                         + (f"{ORDINALS[self.up_below]} highest card" if self.up_below > 1
                            else "highest card"))
        if self.up_suited is not None:
            held = ("none" if self.up_suited == 0 else "one" if self.up_suited == 1 else
                    str(self.up_suited))
            parts.append(f"{held} of your cards of the dealer's card's suit")
        if self.states:
            parts.append("the hands " + "; ".join(sorted(state_name(state)
                                                         for state in self.states)))
        return parts

    def as_file(self) -> dict[str, object]:
        """The condition as a strategy file writes it (:mod:`edge.decisions.strategy_file`)."""
        found: dict[str, object] = {}
        if self.made is not None:
            found["made"] = self.made
        if self.pair_from is not None or self.pair_to is not None:
            low, high = self.pair_from or 0, 12 if self.pair_to is None else self.pair_to
            found["pair"] = f"{RANK_WORDS[low]}-{RANK_WORDS[high]}"
        if self.high:
            counts = [{"count": count, "from": RANK_WORDS[rank]} for count, rank in self.high]
            found["high"] = counts[0] if len(counts) == 1 else counts
        for name in ("suited", "within", "outs"):
            if getattr(self, name) is not None:
                found[name] = getattr(self, name)
        if self.lowest is not None:
            found["lowest"] = RANK_WORDS[self.lowest]
        if self.in_play is not None:
            found["in_play"] = (int(self.in_play) if self.in_play.denominator == 1
                                else float(self.in_play))
        if self.hands:
            found["hands"] = sorted(class_name(key) for key in self.hands)
        if self.at_least is not None:
            found["at_least"] = self.at_least
        if self.top:
            found["top"] = "-".join(RANK_WORDS[r] for r in self.top)
        if self.up_from is not None or self.up_to is not None:
            low, high = self.up_from or 0, 12 if self.up_to is None else self.up_to
            found["up"] = f"{RANK_WORDS[low]}-{RANK_WORDS[high]}"
        if self.matched is not None:
            found["matched"] = self.matched
        if self.up_below is not None:
            found["up_below"] = self.up_below
        if self.up_suited is not None:
            found["up_suited"] = self.up_suited
        if self.states:
            found["hands"] = sorted(state_name(state) for state in self.states)
        return found

    @property
    def size(self) -> int:
        """How many features it names (each count of ``high`` one)."""
        return (sum(1 for f in fields(self) if f.name != "high"
                    and getattr(self, f.name) is not None
                    and getattr(self, f.name) not in (frozenset(), ())) + len(self.high))


@dataclass(frozen=True)
class Rule:
    """Take the option ``action`` (its index among the decision's options) when ``when``
    holds."""

    action: int
    when: Condition


@dataclass(frozen=True)
class DecisionRules:
    """A decision's rules in order, the option of a hand none of them names, and how many hand
    classes each rule settles (``settles``: found rules only; empty for a file's)."""

    decision: int
    rules: tuple[Rule, ...]
    otherwise: int
    settles: tuple[int, ...] = ()


@dataclass(frozen=True)
class Features:
    """The features of every k-card hand class (arrays over the classes, in the order of
    :func:`classes`)."""

    keys: tuple[ClassKey, ...]
    made: npt.NDArray[np.int64]        # index into MADE
    pair: npt.NDArray[np.int64]        # highest rank held twice or more; -1: none
    at_least: npt.NDArray[np.int64]    # [class, rank]: cards of that rank or higher
    suited: npt.NDArray[np.int64]      # most cards of one suit
    span: npt.NDArray[np.int64]        # consecutive ranks holding every rank; 99 with a pair
    outs: npt.NDArray[np.int64]        # ranks that, added, fit within five in a row (no pair)
    lowest: npt.NDArray[np.int64]


def _span(ranks: Sequence[int]) -> int:
    if len(set(ranks)) < len(ranks):
        return 99
    spans = [max(ranks) - min(ranks) + 1]
    if 12 in ranks:
        low = [-1 if r == 12 else r for r in ranks]
        spans.append(max(low) - min(low) + 1)
    return min(spans)


def features_of(key: ClassKey) -> tuple[int, int, tuple[int, ...], int, int, int, int]:
    """One class's features: made hand, pair rank, cards at or above each rank, most of a
    suit, span, straight outs, lowest rank."""
    ranks = [r for group in key for r in group]
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    made = (4 if counts[0] == 4 else 3 if counts[0] == 3 else
            2 if counts[:2] == [2, 2] else 1 if counts[0] == 2 else 0)
    paired = [r for r in set(ranks) if ranks.count(r) >= 2]
    return (made, max(paired) if paired else -1,
            tuple(sum(1 for r in ranks if r >= rank) for rank in range(13)),
            max(len(g) for g in key), _span(ranks),
            sum(1 for r in range(13) if r not in ranks and _span([*ranks, r]) <= 5),
            min(ranks))


@functools.cache
def classes(k: int) -> tuple[Features, npt.NDArray[np.int64], tuple[int, ...]]:
    """Every k-card hand class: its features, each set's class (by colex index) and each
    class's size (sets)."""
    found: dict[ClassKey, int] = {}
    of_set = np.zeros(len(all_sets(k)), dtype=np.int64)
    for index, row in enumerate(all_sets(k).tolist()):
        of_set[index] = found.setdefault(hand_class(row), len(found))
    keys = tuple(found)
    table = [features_of(key) for key in keys]
    sizes = np.bincount(of_set, minlength=len(keys))
    features = Features(keys, *(np.array([row[i] for row in table], dtype=np.int64)
                                for i in range(7)))
    return features, of_set, tuple(int(s) for s in sizes)


def holds(condition: Condition, features: Features, totals: Sequence[Fraction]
          ) -> npt.NDArray[np.bool_]:
    """Where the condition holds: a [class, total] array."""
    n = len(features.keys)
    ok = np.ones(n, dtype=bool)
    if condition.made is not None:
        ok &= features.made == MADE.index(condition.made)
    if condition.pair_from is not None or condition.pair_to is not None:
        ok &= features.pair >= (condition.pair_from or 0)
        ok &= features.pair <= (12 if condition.pair_to is None else condition.pair_to)
    for count, rank in condition.high:
        ok &= features.at_least[:, rank] >= count
    if condition.suited is not None:
        ok &= features.suited >= condition.suited
    if condition.within is not None:
        ok &= features.span <= condition.within
    if condition.outs is not None:
        ok &= features.outs >= condition.outs
    if condition.lowest is not None:
        ok &= features.lowest >= condition.lowest
    if condition.hands:
        ok &= np.array([key in condition.hands for key in features.keys])
    columns = np.array([condition.in_play is None or t == condition.in_play for t in totals])
    found: npt.NDArray[np.bool_] = ok[:, None] & columns[None, :]
    return found


def apply_rules(rules: DecisionRules, features: Features,
                totals: Sequence[Fraction]) -> tuple[npt.NDArray[np.int8],
                                                     npt.NDArray[np.int64]]:
    """The option the rules take for every [class, total], and which rule decided it
    (``len(rules.rules)``: none, the ``otherwise`` option)."""
    shape = (len(features.keys), len(totals))
    action = np.full(shape, rules.otherwise, dtype=np.int8)
    which = np.full(shape, len(rules.rules), dtype=np.int64)
    open_ = np.ones(shape, dtype=bool)
    for number, rule in enumerate(rules.rules):
        hit = holds(rule.when, features, totals) & open_
        action[hit] = rule.action
        which[hit] = number
        open_ &= ~hit
    return action, which


def class_choices(solution: Solution, decision: int, arrivals: npt.NDArray[np.int64]
                  ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.bool_]]:
    """The solve's option for every [class, total] of a decision, and whether play arrives
    there (``arrivals``: the deals arriving at each [set, total])."""
    seen = solution.problem.decisions[decision].seen
    features, of_set, _ = classes(seen)
    member = np.zeros(len(features.keys), dtype=np.int64)
    member[of_set[::-1]] = np.arange(len(of_set))[::-1]      # each class's first set
    reached = np.zeros((len(features.keys), arrivals.shape[1]), dtype=np.int64)
    np.add.at(reached, of_set, arrivals)
    return solution.choices[decision][member], reached > 0


def _atoms(seen: int, totals: Sequence[Fraction], features: Features) -> list[Condition]:
    atoms = [Condition(made=m) for i, m in enumerate(MADE) if (features.made == i).any()]
    atoms += [Condition(pair_from=r) for r in range(0, 13)]
    atoms += [Condition(pair_to=r) for r in range(0, 12)]
    atoms += [Condition(high=((c, r),)) for c in range(1, seen + 1) for r in range(1, 13)]
    atoms += [Condition(suited=s) for s in range(2, seen + 1)]
    atoms += [Condition(within=w) for w in range(seen, 6)]
    if seen >= 3:
        atoms += [Condition(outs=n) for n in (1, 2)]
    atoms += [Condition(lowest=r) for r in range(1, 13)]
    if len(totals) > 1:
        atoms += [Condition(in_play=t) for t in totals]
    return atoms


def join_conditions(parts: Sequence[Condition]) -> Condition | None:
    """The conditions all holding, as one (None: two of them name one feature)."""
    values: dict[str, object] = {}
    for part in parts:
        for f in fields(part):
            value = getattr(part, f.name)
            if value is None or value in (frozenset(), ()):
                continue
            if f.name == "high" and f.name in values:
                joined = (*values["high"], *value)       # type: ignore[misc]
                if len({rank for _, rank in joined}) < len(joined):
                    return None                          # two counts of one rank
                value = tuple(sorted(joined))
            elif f.name in values:
                return None
            values[f.name] = value
    return Condition(**values)  # type: ignore[arg-type]


def bits_of(mask: npt.NDArray[np.bool_]) -> int:
    """A boolean array as the bits of one integer (a set of places)."""
    packed = np.packbits(mask.ravel(), bitorder="little")
    return int.from_bytes(packed.tobytes(), "little")


def option_order(solution: Solution, decision: int) -> list[int]:
    """The options, the one a hand takes otherwise last: a fold if there is one, else the
    smallest wager; the others from the largest wager down."""
    options = solution.problem.decisions[decision].options
    start = solution.problem.start
    arriving = solution.totals[decision][0]

    def after(i: int) -> tuple[int, Fraction]:
        option = options[i]
        if option.fold:
            return (0, Fraction(0))
        if option.wager is None:
            return (1, arriving)
        return (1, arriving - start[option.wager] + option.amount)
    rank = sorted(range(len(options)), key=after)
    return [*reversed(rank[1:]), rank[0]]


def find_rules(solution: Solution, decision: int, arrivals: npt.NDArray[np.int64]
               ) -> DecisionRules:
    """Short rules that take the solve's option on every hand class and total play arrives
    at, option by option from the largest wager down (``bet-3x`` with ...; ``bet-1x`` with
    ...; otherwise ``fold``): each step the condition that settles the most classes of the
    option still open and none of a later option; then that option's classes left, listed."""
    seen = solution.problem.decisions[decision].seen
    totals = solution.totals[decision]
    features = classes(seen)[0]
    chosen, reached = class_choices(solution, decision, arrivals)
    options = option_order(solution, decision)
    labels = {o: bits_of(reached & (chosen == o)) for o in options}
    order = [o for o in options if labels[o]] or options
    atoms = _atoms(seen, totals, features)
    atom_bits = [bits_of(holds(atom, features, totals) & reached) for atom in atoms]
    terms: list[tuple[Condition, int]] = []
    most = 3 if seen <= MOST_CARDS_THREE else 2
    for size in range(1, most + 1):
        for chosen_atoms in itertools.combinations(range(len(atoms)), size):
            bits = functools.reduce(int.__and__, (atom_bits[i] for i in chosen_atoms))
            if bits:
                joined = join_conditions([atoms[i] for i in chosen_atoms])
                if joined is not None:
                    terms.append((joined, bits))
    if most == 2 and len(totals) > 1:      # with four cards or more: two features and a total
        plays = [i for i, atom in enumerate(atoms) if atom.in_play is not None]
        for condition, bits in list(terms):
            if condition.in_play is None and condition.size == 2:
                for i in plays:
                    if bits & atom_bits[i]:
                        terms.append((join_conditions([condition, atoms[i]]) or condition,
                                      bits & atom_bits[i]))
    rules: list[Rule] = []
    settles: list[int] = []
    later = bits_of(reached)
    for o in order[:-1]:
        later &= ~labels[o]          # the classes of the options after this one
        wanted = labels[o]
        while wanted:
            best: tuple[int, int, Condition, int] = (0, 0, Condition(), 0)
            for condition, bits in terms:
                count = (bits & wanted).bit_count()
                if count > best[0] and not bits & later:
                    best = (count, -condition.size, condition, bits)
            if best[0] < FEWEST_SETTLED:
                break
            rules.append(Rule(o, best[2]))
            settles.append(best[0])
            wanted &= ~best[3]
        if wanted:
            mask = np.array([(wanted >> i) & 1 for i in range(reached.size)],
                            dtype=bool).reshape(reached.shape)
            whole = (mask == reached).all(axis=1) & mask.any(axis=1)
            listed: list[tuple[Fraction | None, npt.NDArray[np.intp]]] = [
                (None, np.flatnonzero(whole))]
            if len(totals) > 1:
                listed += [(totals[c], np.flatnonzero(mask[:, c] & ~whole))
                           for c in range(len(totals))]
            for in_play, rows in listed:
                if len(rows):
                    rules.append(Rule(o, Condition(in_play=in_play, hands=frozenset(
                        features.keys[r] for r in rows))))
                    settles.append(int(mask[rows].sum()))
    return DecisionRules(decision, tuple(rules), order[-1],
                         (*settles, labels[order[-1]].bit_count()))


def rules_words(rules: DecisionRules, solution: Solution) -> list[str]:
    """The rules as lines a player can read: ``bet-3x: a pair``, ... ``otherwise fold``."""
    decision = solution.problem.decisions[rules.decision]
    lines = [f"{decision.options[rule.action].name}: {rule.when.words(decision.seen)}"
             for rule in rules.rules]
    lines.append(f"otherwise: {decision.options[rules.otherwise].name}")
    return lines
