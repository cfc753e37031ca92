"""Card counting as a document: ``edge counting GAME`` and the report's "Card counting" section.

For one wager dealt from a shoe (its ``shoe_return`` hook): the exact effects of removal, the
best linear count with its betting correlation, slope and break-even true count, how often a
shoe reaches that count, and, where the suit mix moves the wager, the suit-mix analysis
(:mod:`edge.counting.suits`). Every figure is exact until it is printed, but for the shares of
shoes in the player's favour or past the break-even true count and the return by true count,
which are simulated (:mod:`edge.counting.sampled`: shoes dealt at random to the depth, each
shoe's return and true count exact) and printed with their standard errors.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from edge.counting.count import Candidate, CountFit, best_of, candidates
from edge.counting.play import (
    MIN_BUCKET_ROUNDS,
    CounterPlay,
    line_first_bet,
    simulated_json,
    simulated_method,
    with_error,
)
from edge.counting.removal import Effects, effects_of_removal, shoe_of
from edge.counting.sampled import (
    COUNT_SHOES,
    FAVOUR_SHOES,
    PER_TRUE_COUNT,
    POOL_SHOES,
    SEED,
    CountReturn,
    Share,
    Tagged,
    favour_share,
    first_positive,
    reach_share,
    returns_by_count,
)
from edge.counting.suits import Depth, SuitMix, depth, suit_counts, suit_mix
from edge.document import Chart, Document, Items, Paragraph, Section, Table
from edge.document.document import Block, JsonValue
from edge.errors import EdgeError
from edge.games import AnyGame, Bet, ReportContext, Rules
from edge.options import options_dict
from edge.paytables import PayTable
from edge.table import decimal, exact, percent

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from edge.counting.simulation import WinRate

# the largest standard error of a true count's simulated edge the chart draws
CHART_ERROR = 0.0025
# penetrations (share of the shoe dealt) at which the shares of shoes are shown
PENETRATIONS = (Fraction(1, 2), Fraction(2, 3), Fraction(3, 4), Fraction(5, 6))
# the whole true counts whose exact return the counter's first bet is chosen from: from this
# many below the first-order line's first bet to this many above it
LOOK_BELOW = 4
LOOK_ABOVE = 1


@dataclass(frozen=True)
class Counting:
    """Everything ``edge counting`` prints for one wager."""

    game: str
    title: str
    bet: str
    paytable: str
    options: dict[str, str]
    effects: Effects
    candidates: tuple[Candidate, ...]
    best: Candidate | None
    mix: SuitMix
    # the shoe dealt down to each of PENETRATIONS (cards in proportion; one suit rich enough)
    depths: tuple[Depth, ...] = ()
    # how the counter played the simulated shoes, and the win rate at each of PENETRATIONS
    play: CounterPlay | None = None
    simulated: tuple[WinRate, ...] = ()
    # simulated at each of PENETRATIONS: the shoes in the player's favour (where the suits
    # matter) and the shoes whose true count reaches break-even (where a count turns the wager)
    favour: tuple[Share, ...] = ()
    reach: tuple[Share, ...] = ()
    # the exact return of simulated shoes by whole true count (for the counter's first bet)
    by_count: tuple[CountReturn, ...] = ()


def cards_left(total: int, penetration: Fraction) -> int:
    """Cards left when ``penetration`` of the shoe is dealt, to a whole number per rank."""
    return max(13, round(total * (1 - penetration) / 13) * 13)


def analyse(game: AnyGame, bet: Bet[Rules], paytable: PayTable | None,
            rules: Rules, play: CounterPlay | None = None) -> Counting:
    """The counting analysis of one wager (an error when it is not dealt from a shoe of more
    than one deck); with ``play``, the counter's win rates simulated on the best count."""
    hook = bet.shoe_return
    if hook is None:
        raise EdgeError(f"The {bet.name} wager of {game.command_name} is not dealt from a shoe "
                        "(edge has no shoe analysis for it): card counting needs a wager dealt "
                        "from a shoe of more than one deck.")
    shoe = shoe_of(rules, bet.name, game.command_name)

    asked = game.wager(paytable, rules)

    def returns(copies: tuple[int, ...]) -> Fraction:
        return hook(asked, copies)

    effects = effects_of_removal(bet.name, returns, shoe)
    found = tuple(candidates(effects))
    table = paytable or bet.paytable(None)
    mix = suit_mix(effects, returns)
    depths = tuple(depth(shoe, cards_left(sum(shoe), pen), returns, effects.full,
                         mix.suits_matter, mix.favoured)
                   for pen in PENETRATIONS)
    best = best_of(found)
    lefts = [deep.left for deep in depths]
    favour = (tuple(favour_share(shoe, left, returns) for left in lefts)
              if mix.suits_matter else ())
    break_even = best.fit.break_even if best is not None else None
    reach: tuple[Share, ...] = ()
    by_count: tuple[CountReturn, ...] = ()
    if best is not None and break_even is not None:
        counted = Tagged(best.fit.count.tags, shoe)
        reach = tuple(reach_share(counted, left, break_even) for left in lefts)
        if play is not None and play.rounds and play.start is None:
            line = line_first_bet(break_even)
            looked = range(max(1, line - LOOK_BELOW), line + LOOK_ABOVE + 1)
            by_count = returns_by_count(counted, lefts, returns, looked, play.seed)
            play = dataclasses.replace(play, by_count=by_count)
    simulated: tuple[WinRate, ...] = ()
    if play is not None and play.rounds and (best is not None or mix.suits_matter):
        simulated = tuple(play.win_rates(
            bet, table, rules, best.fit.count if best is not None else None,
            best.fit.break_even if best is not None else None, PENETRATIONS, sum(shoe),
            returns if mix.suits_matter else None))
    return Counting(game.name, game.title, bet.name, table.name if table else "",
                    {k: str(v) for k, v in options_dict(rules).items()}, effects, found,
                    best, mix, depths, play, simulated, favour, reach, by_count)


def tc_spread(fit: CountFit, left: int) -> float:
    """The standard deviation of the true count (per deck left) with ``left`` cards left of a
    shoe dealt at random: RC' sums the centred tags of R cards drawn without replacement,
    Var = R (N - R) / (N - 1) * sum n t'^2 / N."""
    total = sum(fit.copies)
    gone = total - left
    variance = gone * (total - gone) / (total - 1) * fit.tag_square / total
    return 52 * math.sqrt(float(variance)) / left


def _pct(value: Fraction, places: int = 4) -> str:
    return percent(value, places)


def _effects_blocks(c: Counting) -> list[Block]:
    e = c.effects
    decks = e.copies[0]
    by = "rank" if e.suit_symmetric else "card"
    rows = []
    for label, faces, effect in e.groups():
        rows.append((label, str(sum(e.copies[f] for f in faces)), exact(effect),
                     decimal(effect * 100, 5)))
    intro = Paragraph(
        f"From a full shoe of {decks} decks ({e.cards} cards) the {c.bet} wager returns "
        f"{_pct(e.full)} per unit wagered (house edge {_pct(-e.full)}). The effect of removal "
        "of a card is the exact change in that return when one such card is taken out of the "
        "full shoe, from an exact enumeration of every deal of the shoe less that card. "
        + ("Removing any suit of a rank gives the same return, found by comparing the 52 exact "
           "returns: the effects are given per rank." if e.suit_symmetric else
           "The suits do not all give the same return: the effects are given per card."))
    table = Table((by, "cards in the shoe", "effect of removal (exact)",
                   "per card removed, % of the wager"), tuple(rows),
                  f"Effects of removal, {c.bet} wager, {decks} decks", align="lrrr")
    check = Paragraph(f"Check: the effects weighted by the cards in the shoe sum to "
                      f"{exact(e.zero_sum)} exactly (burning an unseen card changes no "
                      "expectation).", "note")
    return [intro, table, check]


def _count_blocks(c: Counting) -> list[Block]:
    if c.best is None:
        return [Paragraph(
            "No single card moves this wager's return: every effect of removal is exactly zero "
            "(each card is as good as any other to it), so no linear count can follow it. What "
            "moves it is the mix of the cards left, below.")]
    rows = []
    for cand in c.candidates:
        fit = cand.fit
        be = fit.break_even
        rows.append((str(cand.level), "yes" if cand.balanced else "no",
                     "every count" if cand.exhaustive else "the best found",
                     fit.count.text(), f"{fit.bc:.4f}", decimal(fit.slope * 100, 5),
                     decimal(be, 2) if be is not None else "never"))
    table = Table(("level", "balanced", "searched", "tags", "betting correlation",
                   "slope, % per true count", "break-even true count"), tuple(rows),
                  "The best count found at each level, balanced and unbalanced", align="lllllrr")
    best = c.best.fit
    be = best.break_even
    partial = [cand for cand in c.candidates if not cand.exhaustive]
    words = [
        f"The best count found: {best.count.text()} (level {c.best.level}, "
        f"{'balanced' if c.best.balanced else 'unbalanced'}), betting correlation "
        f"{best.bc:.4f}, {c.best.search}. A count's true count is in its own units: a "
        "level-3 count's runs about three times a level-1 count's, so its slope per true count "
        "is smaller.",
        *(["Searched: 'every count' scored every count of its level (it is the best of them); "
           "'the best found' is a local search from the effects (rounded at many scales, then "
           "one or two tags changed at a time while the betting correlation grows), which does "
           "not try every count of its level: a count of a higher betting correlation may "
           "exist."] if partial else []),
        f"First order, the return at true count TC (the count per deck left) is E(TC) = "
        f"{_pct(best.full)} + TC x {decimal(best.slope * 100, 5)}% (slope exactly "
        f"{exact(best.slope)}).",
    ]
    if not c.best.balanced:
        words.append(f"For this unbalanced count the true count is of its balanced "
                     f"equivalent: the running count less {exact(best.mean_tag)} per card "
                     "seen, divided by the decks left.")
    if be is None:
        words.append("The slope is not positive: no true count turns the wager in the "
                     "player's favour.")
    else:
        words.append(f"The wager turns in the player's favour at a true count of "
                     f"{decimal(be, 2)} (exactly {exact(be)}).")
    spread = []
    if be is not None:
        total = c.effects.cards
        for pen, deep, reached in zip(PENETRATIONS, c.depths, c.reach, strict=True):
            sd = tc_spread(best, deep.left)
            spread.append((f"{decimal(pen * 100, 0)}%", str(deep.left), f"{sd:.3f}",
                           f"{float(be) / sd:.2f}", share_text(reached)))
        words.append(
            f"How often a shoe reaches that count: the spread of the true count is exact for "
            f"cards dealt at random from the {total}; the share of rounds at break-even or "
            f"past it is simulated ({COUNT_SHOES:,} shoes dealt at random to each depth from "
            f"seed {SEED}, each shoe's true count exact), ± one standard error. E(TC) is first "
            "order: the return averaged over the shoes of a true count, which at every depth "
            "averages the full shoe's return at TC = 0 (an unseen card changes no expectation).")
    blocks: list[Block] = [table, Items(tuple(words))]
    if spread:
        blocks.append(Table(("depth (share of the shoe dealt)", "cards left",
                             "spread of the true count", "break-even in spreads",
                             "rounds at that depth at or past break-even (simulated)"),
                            tuple(spread), "How often the true count reaches break-even, by "
                            "depth in the shoe", align="rrrrr"))
        blocks.append(Paragraph(
            "Each row is the share of the rounds dealt at that one depth (with that many cards "
            "left) whose true count is at or past break-even, from shoes dealt at random to "
            "that depth: not the share of all rounds of a shoe dealt to that depth, most of "
            "which are dealt nearer the shuffle where the true count strays less, nor the share "
            "a counter bets, which starts at a whole true count (--from).", "note"))
    if c.by_count:
        blocks += by_count_blocks(c)
    return blocks


def share_text(found: Share) -> str:
    """A simulated share ± its standard error, in percent, to the error's second significant
    figure; "none of N shoes" ("all N shoes") when no shoe drawn has it (every one has it): no
    error to give."""
    if found.hits == 0:
        return f"none of {found.shoes:,} shoes"
    if found.hits == found.shoes:
        return f"all {found.shoes:,} shoes"
    value, error = found.share * 100, found.standard_error * 100
    places = max(0, 1 - math.floor(math.log10(error))) if error > 0 else 1
    return f"{value:.{places}f} ± {error:.{places}f}%"


def by_count_blocks(c: Counting) -> list[Block]:
    """The exact return of simulated shoes at each whole true count, beside the first-order
    line's."""
    assert c.best is not None
    fit = c.best.fit
    rows = tuple((str(r.true_count), str(r.shoes),
                  with_error(r.mean * 100, r.standard_error * 100) + "%",
                  f"{r.mean_true_count:.2f}",
                  f"{float(fit.full) + float(fit.slope) * r.mean_true_count:+.3%}")
                 for r in c.by_count)
    return [
        Table(("true count (floored)", "shoes", "exact return of the shoes (simulated)",
               "their mean true count", "first-order line E(TC) there"), rows,
              "The return at each whole true count: simulated shoes, each return exact",
              align="rrrrr"),
        Paragraph(
            f"At each depth of the table above, {POOL_SHOES:,} shoes are dealt at random "
            f"(seed {c.play.seed if c.play is not None else SEED}); at each whole true count "
            f"(floored, as the counter bets) up to {PER_TRUE_COUNT} of the shoes of that true "
            "count are each given their exact return, and the depths are weighted by how often "
            "each deals that true count: the mean ± one standard error, beside the line E(TC) "
            "at the shoes' mean true count. The counter's default first bet is the lowest of "
            "these true counts from which every one's return is above zero (the mean: the "
            "bet that gains most on average), the line's where there is none.", "note"),
    ]


def simulated_blocks(c: Counting) -> list[Block]:
    """The counter's win rates, simulated on the best count at each penetration (when the
    analysis was asked to play the shoes, ``edge counting --rounds``, a report's
    ``--counting``)."""
    if c.play is None or not c.simulated:
        return []
    from edge.counting.play import simulated_blocks as blocks_of
    return blocks_of(c.simulated, c.play, c.best.fit if c.best is not None else None,
                     c.effects.full, c.bet)


def _mix_blocks(c: Counting) -> list[Block]:
    mix = c.mix
    if not mix.matters:
        return [Paragraph("The suits left in the shoe do not move this wager: its return with "
                          "13 cards gone is the same whether they are of one suit or of mixed "
                          "suits (exactly), so it looks at ranks only.")]
    suit = "cdhs"[mix.suit]
    rows = []
    for step in mix.steps:
        left = "/".join(str(n) for n in suit_counts(step.copies))
        rows.append((str(step.sets), str(step.removed), left, decimal(step.imbalance, 5),
                     _pct(step.value), decimal((step.value - mix.full) * 100, 4),
                     decimal((step.value - mix.full) * 100 / step.sets ** 2, 4)))
    same = (" (the first-order estimate from the single-card effects is the same for both)"
            if c.effects.suit_symmetric else "")
    words = [
        f"What moves this wager is the mix of the cards left, not any single card: with one "
        f"card of each rank of one suit gone the return is {_pct(mix.one_suit)}, with one card "
        f"of each rank gone in mixed suits it is {_pct(mix.mixed)}{same}. The table follows a "
        "shoe growing short of one suit: the change grows about as the square of the "
        "imbalance (the last column changes slowly)."]
    if not mix.suits_matter:
        words = [
            "No single card moves this wager, and neither do the suits' totals: with one card of "
            "each rank gone its return is the same whether the 13 are of one suit or of mixed "
            f"suits ({_pct(mix.one_suit)}). What moves it is how unevenly the cards of each "
            "rank (and, for suited pays, of each face) are left: a second-order effect of the "
            "shoe's make-up that no running count of single cards, and no count of suits, "
            "follows. The table shows one such direction, a shoe growing short of one suit, "
            "which leaves fewer faces to pair with each other card of that suit and more with "
            "the others."]
    table = Table(("sets of the suit gone", "cards gone", "suits left c/d/h/s",
                   "imbalance Q", "return", "change, points", "change / sets^2"),
                  tuple(rows), f"The shoe with j cards of every rank of one suit ({suit}) gone: "
                  "the ranks stay in proportion, only the suits move", align="rrlrrrr")
    if not mix.suits_matter:
        return [Paragraph(words[0]), table]
    shares = []
    for pen, deep, favour in zip(PENETRATIONS, c.depths, c.favour, strict=True):
        q = deep.imbalance
        turning = ("never" if deep.turning is None or q is None else
                   "/".join(str(n) for n in suit_counts(deep.turning)))
        shares.append((f"{decimal(pen * 100, 0)}%", str(deep.left), _pct(deep.proportional),
                       turning, decimal(q, 5) if q is not None else "",
                       decimal(deep.mean_imbalance, 5), share_text(favour)))
    words.append(
        "Deeper in the shoe, every depth still averages the full shoe's return over the shoes "
        "it can be, but the suits stray further: the imbalance Q (the sum over suits of "
        "(share of the cards left - 1/4) squared) has the exact mean E[Q] below for cards "
        "dealt at random. At each depth the table gives the exact return of the cards left "
        "in proportion, and the least uneven shoe of that size (one suit richest, the ranks "
        "in proportion) at which a suit counter's return, E0 + b (Q - E[Q]) with b read off "
        "that shoe's exact return, reaches zero: a model, for where the turn lies. The share "
        "of shoes in the player's favour is simulated, not modelled: "
        f"{FAVOUR_SHOES:,} shoes dealt at random to each depth (seed {SEED}), each given its "
        "exact return, the share above zero ± one standard error.")
    deepest = max(c.favour, key=lambda found: found.share, default=None)
    if deepest is not None:
        at = next(pen for pen, found in zip(PENETRATIONS, c.favour, strict=True)
                  if found is deepest)
        words.append(
            "A suit-imbalance count (the four suits kept apart) "
            + (f"would find the wager in the player's favour in {share_text(deepest)} of "
               f"shoes at {at.numerator}/{at.denominator} of the shoe dealt, the most of these "
               f"depths (simulated, {deepest.shoes:,} shoes): the suit mix makes it beatable "
               "in principle; what that is worth per hour depends on penetration, spread and "
               "how few rounds are dealt that deep." if deepest.share >= 0.01 else
               "would find the wager in the player's favour too rarely to matter at these "
               f"depths (at most {share_text(deepest)} of shoes, simulated, "
               f"{deepest.shoes:,} shoes a depth)."))
    spread = Table(("dealt", "cards left", "return, in proportion", "turning shoe c/d/h/s",
                    "its imbalance Q", "mean Q (exact)",
                    "shoes in the player's favour (simulated)"), tuple(shares),
                   "How uneven the suits must be for the wager to turn, at each depth",
                   align="rrrlrrr")
    return [Paragraph(words[0]), table, Items(tuple(words[1:])), spread]


def _reach(c: Counting) -> float | None:
    """Two spreads of the true count at 3/4 of the shoe dealt (None without a count)."""
    deep = next((d for p, d in zip(PENETRATIONS, c.depths, strict=True)
                 if p == Fraction(3, 4)), None)
    if c.best is None or deep is None:
        return None
    return 2 * tc_spread(c.best.fit, deep.left)


def _draw(c: Counting) -> Figure:
    """The house edge (-E(TC)) against the true count, zero marked where the wager turns."""
    from edge.document.charts import Series, edge_chart
    assert c.best is not None
    fit = c.best.fit
    be = fit.break_even
    top = max(6.0, 1.3 * float(be)) if be is not None else 10.0
    xs = tuple(top * i / 50 for i in range(51))
    line = Series(f"house edge at true count TC, {fit.count.name}", xs,
                  tuple(-float(fit.at(Fraction(x))) for x in xs),
                  (float(be),) if be is not None else ())
    lines = [line]
    deep = next((rate for rate in c.simulated if rate.penetration == 0.75), None)
    if deep is not None:
        # the simulated edge of the rounds dealt at each true count, where there are enough
        # of them to read it to a quarter of a point (one standard error)
        seen = [b for b in deep.buckets if 0 <= b.true_count <= top
                and b.rounds >= MIN_BUCKET_ROUNDS and b.standard_error <= CHART_ERROR]
        if len(seen) > 1:
            lines.append(Series("simulated, 3/4 of the shoe dealt (where read to 0.25 points)",
                                tuple(float(b.true_count) for b in seen),
                                tuple(b.edge for b in seen)))
    return edge_chart(lines, "true count (per deck left)", current=_reach(c),
                      title=f"{c.title}: {c.bet} wager")


def blocks(c: Counting) -> list[Block]:
    """Every block of the analysis (effects, count, chart, suit mix)."""
    out = _effects_blocks(c) + _count_blocks(c)
    if c.best is not None:
        reach = _reach(c)
        where = (f"; dotted: two spreads of the true count at 3/4 of the shoe dealt ({reach:.1f})"
                 if reach is not None else "")
        out.append(Chart("The house edge against the true count (first order), zero where the "
                         f"wager turns in the player's favour{where}", functools.partial(_draw, c)))
    return out + _mix_blocks(c) + simulated_blocks(c)


def data(c: Counting) -> dict[str, JsonValue]:
    """The analysis as ``--format json`` prints it (exact values as strings)."""
    e = c.effects
    best = c.best
    return {
        "game": c.game, "bet": c.bet, "paytable": c.paytable, "options": dict(c.options),
        "copies": list(e.copies), "return": exact(e.full),
        "suit_symmetric": e.suit_symmetric,
        "effects": {label: exact(effect) for label, _, effect in e.groups()},
        "counts": [{"name": cand.fit.count.name, "level": cand.level,
                    "balanced": cand.balanced, "exhaustive": cand.exhaustive,
                    "tags": list(cand.fit.count.tags),
                    "betting_correlation": cand.fit.bc,
                    "betting_correlation_squared": exact(cand.fit.bc_squared),
                    "slope": exact(cand.fit.slope),
                    "break_even": exact(cand.fit.break_even)
                    if cand.fit.break_even is not None else None}
                   for cand in c.candidates],
        "best": best.fit.count.name if best is not None else None,
        "suit_mix": {"matters": c.mix.matters, "suit": "cdhs"[c.mix.suit],
                     "steps": [{"sets": s.sets, "imbalance": exact(s.imbalance),
                                "return": exact(s.value)} for s in c.mix.steps],
                     "depths": [{"left": d.left, "proportional": exact(d.proportional),
                                 "turning_suits": list(suit_counts(d.turning))
                                 if d.turning is not None else None,
                                 "turning_return": exact(d.turning_return)
                                 if d.turning_return is not None else None,
                                 **({"favour": share_json(f)} if f is not None else {})}
                                for d, f in zip(c.depths, c.favour or [None] * len(c.depths),
                                                strict=True)]},
        "reach": [share_json(r) for r in c.reach],
        "by_true_count": [{"true_count": r.true_count, "shoes": r.shoes, "mean": r.mean,
                           "standard_error": r.standard_error,
                           "mean_true_count": r.mean_true_count} for r in c.by_count],
        "seed": SEED,
        **({"simulated": simulated_json(c.simulated, c.play,
                                        best.fit if best is not None else None, e.full)}
           if c.play is not None and c.simulated else {}),
    }


def share_json(found: Share) -> dict[str, JsonValue]:
    """A simulated share for ``--format json``."""
    return {"left": found.left, "hits": found.hits, "shoes": found.shoes,
            "share": found.share, "standard_error": found.standard_error}


def counting_document(c: Counting) -> Document:
    """``edge counting GAME``: the whole analysis of one wager."""
    rows = tuple((label, str(sum(c.effects.copies[f] for f in faces)), exact(effect),
                  decimal(effect * 100, 6)) for label, faces, effect in c.effects.groups())
    records = Table(("card", "copies", "effect", "effect_percent"), rows)
    title = f"{c.title}: card counting, the {c.bet} wager ({c.effects.copies[0]} decks)"
    return Document(title, tuple(blocks(c)),
                    context=(("game", c.game), ("bet", c.bet), ("paytable", c.paytable)),
                    records=records, data=data(c))


def counting_section(c: Counting) -> Section:
    """One wager's part of the report's "Card counting" section."""
    title = f"Card counting: the {c.bet} wager"
    return Section(title, tuple(blocks(c)), method=counting_method(c, title))


def counting_method(c: Counting, title: str) -> tuple[str, ...]:
    """The Method section's sentence on one wager's counting analysis: what in it is a
    first-order estimate, a model or simulated (with the shoes and seed; nothing: all exact)."""
    said = []
    if c.best is not None:
        said.append("the return at a true count, E(TC), is the first-order (linear) estimate "
                    "from the effects of removal")
        if c.reach:
            said.append(f"the share of rounds at or past the break-even true count is "
                        f"simulated ({c.reach[0].shoes:,} shoes dealt at random to each depth "
                        f"from seed {SEED}, each shoe's true count exact; the spread of the true "
                        "count is exact)")
        if c.by_count:
            said.append(f"the return at each whole true count near break-even is simulated "
                        f"(at each depth up to {PER_TRUE_COUNT} shoes of that true count among "
                        f"{POOL_SHOES:,} dealt at random from seed "
                        f"{c.play.seed if c.play is not None else SEED}, each shoe's return "
                        "exact)")
    if c.favour:
        said.append(f"the share of shoes in the player's favour is simulated "
                    f"({c.favour[0].shoes:,} shoes dealt at random to each depth from seed "
                    f"{SEED}, each shoe's return exact), and the turning shoe is found on the "
                    "model E0 + b (Q - E[Q]) (its return exact)")
    if c.play is not None and c.simulated:
        round_ = "coup" if any(rate.coups for rate in c.simulated) else "round"
        said.append(f"the counter's win rates are simulated ({c.play.rounds:,} {round_}s at "
                    f"each depth from seed {c.play.seed}"
                    + (", on the best count" if c.best is not None else "")
                    + "), with their standard errors; the simulation is checked by the flat "
                    f"bet of every {round_} dealt, whose expectation is the exact house edge "
                    "off the top (a z at each depth"
                    + ("; to within the cut-card effect, coups being dealt whole"
                       if round_ == "coup" else "") + ")"
                    + first_bet_method(c))
        if simulated_method(c.simulated, c.play):
            said.append(simulated_method(c.simulated, c.play))
    return (f"The \"{title}\" section: {'; '.join(said)}.",) if said else ()


def first_bet_method(c: Counting) -> str:
    """Where the counter's default first bet comes from, for the Method section."""
    if c.play is None or c.play.start is not None or c.best is None \
            or c.best.fit.break_even is None:
        return ""
    if first_positive(c.by_count) is not None:
        return ("; the counter's first bet is the lowest whole true count from which the "
                "simulated shoes' mean exact return is above zero at every true count looked at")
    return ("; the counter's first bet is the first-order break-even rounded up (no simulated "
            "true count near it had a mean exact return above zero)")


def shoe_method(found: Sequence[Counting]) -> str:
    """The Method section's sentence on the "Card counting" section as a whole: the shoe it
    deals down, and what in it is exact."""
    dealt = [f"{p.numerator}/{p.denominator}" for p in PENETRATIONS]
    shoe = found[0].effects
    return (f"The \"Card counting\" section deals the shoe down ({shoe.copies[0]} decks, "
            f"{shoe.cards} cards, no shuffle between rounds; the shoe looked at with "
            f"{', '.join(dealt[:-1])} and {dealt[-1]} of it dealt), where the rest of the "
            "report shuffles before every round. Its effects of removal, the counts' betting "
            "correlations, slopes and break-even true counts, and the return of every shoe it "
            "names are exact, each from the wager's exact return from that shoe.")


def report_section(context: ReportContext[Rules], play: CounterPlay | None = None,
                   figures: dict[str, JsonValue] | None = None) -> Section:
    """The report's "Card counting" section (``edge report GAME --counting``): each wager
    dealt from the shoe, analysed at the report's pay tables and options, with the counter's
    win rates simulated as ``play`` says (None: not simulated); ``figures`` receives each
    wager's figures (:func:`data`, as ``edge counting --format json`` gives them)."""
    game = context.game
    shoe_dealt = [bet for bet in game.bets if bet.shoe_return is not None]
    if not shoe_dealt:
        raise EdgeError(f"No wager of {game.command_name} is dealt from a shoe edge can "
                        "analyse: --counting applies to shoe-dealt wagers (a bet file with a "
                        "shoe, the Hybrid Triple Bet).")
    shoe_of(context.rules, shoe_dealt[0].name, game.command_name)    # one deck: an error
    found = [analyse(game, bet, context.paytables[bet.name], context.rules, play)
             for bet in shoe_dealt]
    children = tuple(counting_section(c) for c in found)
    if figures is not None:
        figures.update({c.bet: data(c) for c in found})
    left_out = [bet.name for bet in game.bets if bet.shoe_return is None]
    intro = Paragraph(
        "Whether a card counter can beat a shoe-dealt wager: for each wager, the exact effect "
        "on its return of removing each card from the full shoe, the best linear count made "
        "from those effects with the true count at which the wager turns in the player's "
        "favour, and, where the suits left move the wager more than any single card, what a "
        "count of suits could find"
        + (", and the counter's win rate at each depth of the shoe, simulated"
           if play is not None and play.rounds else "")
        + ". The method is in docs/counting.md; `edge counting "
        f"{game.command_name} --bet BET` prints each part alone."
        + (f" Not in this section: {', '.join(left_out)} (not dealt from a shoe edge can "
           "analyse card by card, so a count has nothing to read)." if left_out else ""))
    return Section("Card counting", (intro,), children, page_break=True,
                   method=(shoe_method(found),))
