"""The front of a report: the title and certification block, the rules of play, a glossary and
the method statement, in that order before the figures.

The certification block comes from the submission's :class:`~edge.report.metadata.Metadata`
(fields not given read "not stated") and states each wager's theoretical hold with its basis.
The rules of play are the game's own description (``Game.describe_rules``) followed by what the
game adds through ``Game.rules_sections``: hand rankings, equipment and shuffle, and worked
examples settled by the game's own settlement.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from edge.document.document import Block, Cell, Items, Paragraph, Section, Table, edge_version
from edge.games import EXHAUSTIVE_ENUMERATION, AnyGame, Game, Rules, is_builtin
from edge.options import describe, options_dict
from edge.report.context import ReportContext
from edge.report.metadata import NOT_STATED, Metadata
from edge.report.sections import rules_section
from edge.table import ReturnTable, amount, exact, percent


def hold_bases(bet: str, table: ReturnTable) -> list[tuple[str, Fraction]]:
    """Each basis the wager's hold is quoted on, with the hold (expected loss) per unit of it.

    One unit wagered; or the units initially wagered where a round starts with more than one;
    and, where every round stakes more than the unit the figures are quoted per (Ultimate Texas
    Hold'em's Ante and Blind), per unit of that total initial wager as well.
    """
    wager = table.initial_wager
    if wager != 1:
        first = f"per unit of the {exact(wager)} units initially wagered on the {bet} wager"
    else:
        first = f"per {table.basis} on the {bet} wager"
    bases = [(first, table.house_edge)]
    if table.quotes_stake:
        bases.append((f"per unit of the total initial wager on the {bet} wager "
                      f"({amount(table, table.stake)} staked before any decision)",
                      table.house_edge_per_stake))
    return bases


def wager_assumptions(context: ReportContext[Rules], bet: str) -> list[str]:
    """What a wager's figures rest on that no source gives: its table's own assumptions (an
    assumed pay) or else the assumed options it depends on, then what its certified holds add
    (a progressive's reset value and increment)."""
    table = context.tables[bet]
    assumed = {info.name for info in describe(context.game.rules) if info.assumption}
    values = options_dict(context.rules, every=True)
    found = list(table.assumptions) or [f"{name}={values[name]}" for name in table.options
                                         if name in assumed and name in values]
    if context.game.bet(bet).certify is not None:
        found += [rests for _, _, rests in certified_holds(context, bet) if rests]
    return list(dict.fromkeys(found))


def certified_holds(context: ReportContext[Rules], bet: str) -> list[tuple[str, Fraction, str]]:
    """Each hold the report certifies for a wager: (basis, hold, what it rests on, "" for
    nothing assumed). The wager's own hook where it has one (a progressive at its reset value
    and in the long run), else its table's hold on every basis."""
    found = context.game.bet(bet)
    if found.certify is not None:
        return list(found.certify(context.game.wager(context.paytables[bet], context.rules)))
    table = context.tables[bet]
    rests = "; ".join(table.assumptions) + (" (assumed)" if table.assumptions else "")
    if not rests:
        assumed = {info.name for info in describe(context.game.rules) if info.assumption}
        values = options_dict(context.rules, every=True)
        rests = ", ".join(f"{name}={values[name]}" for name in table.options
                          if name in assumed and name in values)
        rests += " (assumed)" if rests else ""
    return [(basis, hold, rests) for basis, hold in hold_bases(bet, table)]


def edge_counts(game: AnyGame) -> bool:
    """Whether edge made the game's counts by its own exhaustive enumeration (one of its own
    games, or a bet file's), so that a report may say so; a game from another package counts
    by code edge cannot vouch for."""
    return is_builtin(game) or EXHAUSTIVE_ENUMERATION in (game.method or ())


def attestation(context: ReportContext[Rules], meta: Metadata) -> str:
    """The analyst's statement, in the first person, over the signature line."""
    who = meta.analyst or "the analyst named below"
    if meta.organisation:
        who += f", of {meta.organisation}"
    text = (f"I, {who}, certify that the theoretical hold (house edge) of each wager of "
            f"{context.game.title}, under the rules of play, options and pay tables stated in "
            "this report and with the player's strategy it states, is the player's expected "
            "loss given in the table above. I computed each figure with edge, "
            + ("by exhaustive enumeration of every equally likely deal in exact rational "
               "arithmetic" if edge_counts(context.game) else
               "in exact rational arithmetic from the counts of the game's own analysis, as "
               "the Method section states")
            + "; each is exact, and only its percentage is rounded for print. Where a figure "
            "rests on a "
            "value the rules of play do not give, its row says so and what value was assumed.")
    text += (f" My qualifications: {meta.qualifications.rstrip('.')}." if meta.qualifications
             else " My qualifications: not stated.")
    text += (f" My independence: {meta.independence.rstrip('.')}." if meta.independence
             else " My independence from the applicant: not stated.")
    # ends in a colon: the renderers keep it on one page with the signature line below it
    return text + " Signed:"


def certification_section(context: ReportContext[Rules], meta: Metadata) -> Section:
    """The title and certification block: who, what, which document; each wager's hold, and
    the analyst's attestation over the signature line."""
    game = context.game
    shown = meta.shown
    items: tuple[tuple[str, str], ...] = (
        ("game as submitted", shown("game")),
        ("game as analysed", game.title),
        ("rules version", shown("rules_version")),
        ("rules source", "; ".join(rules_sources(game, meta)) or NOT_STATED),
        ("applicant or inventor", shown("applicant")),
        ("analyst", shown("analyst")),
        ("analyst's organisation", shown("organisation")),
        ("jurisdictions", shown("jurisdictions")),
        ("document ID", shown("document_id")),
        ("revision", shown("revision")),
        ("date of issue", shown("date")),
        ("edge version", edge_version()),
        ("options", ", ".join(f"{k}={v}" for k, v in options_dict(context.rules).items())
         or "none"),
    )
    rows = []
    for bet in game.bets:
        table = context.tables[bet.name]
        paytable = table.paytable.name if table.paytable is not None else "none"
        for basis, hold, rests in certified_holds(context, bet.name):
            shown_basis = f"{basis}; rests on: {rests}" if rests else basis
            rows.append((bet.name, paytable, shown_basis, Cell(percent(hold), "strong"),
                         Cell(exact(hold), "exact")))
    analyst = meta.analyst or ""
    blocks: list[Block] = [
        Items(items, aligned=True),
        Table(("wager", "pay table", "basis", "hold", "exact"), tuple(rows),
              "Theoretical hold of every wager", align="lllrr"),
        Paragraph(attestation(context, meta)),
        Table(("name", "signature", "date"), ((analyst, "", ""),),
              "Signed for the analyst", align="lll"),
    ]
    # the statement, the holds and the signature on one page
    return Section("Certification", tuple(blocks), keep_last=len(blocks) - 1)


def rules_sources(game: AnyGame, meta: Metadata) -> list[str]:
    """The rules documents the report cites: the applicant's own (``rules_source`` in the
    metadata) where given, else the game's sources as a lab files them, else its source line."""
    if meta.rules_source:
        return [f"{meta.rules_source} (the applicant's rules document)"]
    if game.sources:
        return [cite.text() for cite in game.sources]
    return [f"{game.source} (title, issuer, date, version and where to obtain it not stated)"
            ] if game.source else []


def rules_of_play_section(context: ReportContext[Rules], meta: Metadata) -> Section:
    """The complete rules of play as edge implements them (the game's description, its wagers,
    its source: :func:`~edge.report.sections.rules_section`), then the game's own parts."""
    game = context.game
    described = rules_section(context, rules_sources(game, meta))
    children = tuple(game.rules_sections(context)) if game.rules_sections is not None else ()
    return Section("Rules of play", described.blocks, described.children + children,
                   page_break=True)


GLOSSARY: tuple[tuple[str, str], ...] = (
    ("return", "the player's expected net result per unit of the basis wagered (negative when "
     "the house has the advantage)"),
    ("house edge", "the player's expected loss per unit of the basis: minus the return"),
    ("hold", "the share of the amount wagered the house keeps in the long run; in this "
     "report the theoretical hold of a wager is its house edge"),
    ("hit frequency", "the probability that a round ends with a net win for the player"),
    ("push", "a round in which the wager is returned: a net result of exactly zero"),
    ("net zero (of a combined wager)", "a round of a wager made of others (one unit on each "
     "of its parts) whose parts' results add to exactly zero: every part returned, or a win "
     "on one cancelling a loss on another; what the summary counts as the combined wager's "
     "push"),
    ("figures per", "the unit every figure of a wager is quoted per (house edge, variance, "
     "standard deviation, each row's return): one unit wagered, or the unit the trade quotes "
     "the wager in{example}; in brackets, what a round stakes before any decision, in that "
     "unit"),
    ("cycle", "the number of equally likely deals the analysis enumerates; every probability "
     "is a count of deals over the cycle"),
    ("variance", "the expected squared distance of one round's net result from its mean, per "
     "unit of the basis squared"),
    ("standard deviation", "the square root of the variance: the typical size of one round's "
     "swing around its mean"),
    ("average wager", "the average total amount wagered in a round, raises and other "
     "wagers made during the round included"),
    ("element of risk", "the expected loss per unit of the average total wager (for wagers "
     "where the player adds to the stake during the round)"),
    ("break-even", "the value of a pay or of a progressive meter at which the player's "
     "expected return is exactly zero"),
)


# The terms of the game-protection section (``--protection``), and of the collusion table.
PROTECTION_GLOSSARY: tuple[tuple[str, str], ...] = (
    ("exposure", "a way a player sees cards he should not before his decision (a dealer's "
     "card flashed or seen by hole-carding, the high or low cards told apart by edge sorting), "
     "named by its seen= value"),
    ("informed player", "a player who sees the exposed cards and plays the exact best "
     "decision given them"),
    ("basic strategy", "the exact best play of the game as dealt, with nothing seen: what the "
     "informed player is compared with"),
    ("value of the information", "the informed player's return minus the return of basic "
     "strategy with nothing seen"),
    ("player edge", "a positive return: the player's expected gain per unit of the basis"),
    ("exposure rate", "the share of hands on which the card is seen; the other hands are "
     "played by basic strategy"),
    ("break-even exposure rate", "the exposure rate at which the player's return is exactly "
     "zero; above it the player has the edge"),
    ("win per hour", "the informed player's expected win in money over an hour: hands an hour "
     "x the bet x the return per unit of the basis at that exposure rate"),
    ("ordinary player", "a player a floor actually sees, following a fixed rule with nothing "
     "seen: basic strategy, or a poor rule such as raising every hand (raise-all) or raising "
     "what the dealer needs to qualify (mimic)"),
    ("tell", "a decision the informed player makes on a hand where an ordinary player, "
     "following his rule, never makes it"),
    ("hands to watch", "the least number of hands after which an officer has seen at least "
     "one tell with the stated confidence (95% unless said): ceil(ln(1 - confidence) / ln(1 - "
     "q)) for a share q of hands showing a tell"),
    ("N0", "the hands after which the informed player's expected win equals one standard "
     "deviation of his total result: the variance over the squared return, per hand"),
    ("look the same", "two exposures look the same on a player hand when the informed "
     "player's decisions on it are the same in the same shares under both: an officer who sees "
     "the hand and the decision cannot tell which exposure it is"),
)
COLLUSION_GLOSSARY: tuple[tuple[str, str], ...] = (
    ("collusion", "players who show each other their cards, so that one decides knowing his "
     "partners' cards too"),
    ("partners", "the other players whose cards the colluding player sees"),
    ("situation", "one deal of the colluding player's and his partners' cards; situations in "
     "all: how many distinct ones there are"),
)
# The terms of the card counting section (``--counting``).
COUNTING_GLOSSARY: tuple[tuple[str, str], ...] = (
    ("shoe", "the cards of several decks dealt from without shuffling until the cut card"),
    ("penetration", "how far the shoe is dealt before the shuffle (in cards, or as a share of "
     "the shoe)"),
    ("continuous shuffler", "a machine that shuffles the cards of every round back into the "
     "shoe: every round is dealt from the full shoe, so there is no penetration"),
    ("suit counter", "a counter who keeps the cards left of each of the four suits and bets "
     "when the return estimated from them is positive"),
    ("effect of removal", "how much the wager's exact return changes when one card of a rank "
     "(or suit) is taken out of the full shoe"),
    ("tags", "the whole number a count adds for each card seen, by rank (or suit)"),
    ("running count", "the sum of the tags of the cards seen since the shuffle"),
    ("true count", "the running count divided by the decks left in the shoe"),
    ("balanced count", "a count whose tags add to zero over a full shoe"),
    ("betting correlation", "the correlation of a count's tags with the effects of removal: "
     "how well the count tracks the wager's return"),
    ("break-even count", "the true count at and above which the wager's return is positive"),
    ("flat bet", "the same bet on every round, whatever the count"),
    ("standard error", "the typical size of a simulated figure's sampling error: the sample "
     "standard deviation over the square root of the number of rounds or situations drawn"),
    ("95% interval", "a simulated figure ± 1.96 standard errors (from few draws, ± Student's t "
     "quantile standard errors, as each interval says)"),
)


def glossary_section(context: ReportContext[Rules], sections: Sequence[Section] = ()
                     ) -> Section:
    """The terms the report uses, defined ("figures per" with this game's own example, and the
    net zero of a combined wager only where the game has one); with ``sections`` (the report's
    others), the terms of its game-protection, collusion and card counting sections where they
    are there."""
    staked = [table for table in context.tables.values() if table.quotes_stake]
    example = "".join(f" (one {table.basis} for the {table.bet} wager, though each round "
                      f"stakes {amount(table, table.stake)})" for table in staked[:1])
    combined = any(bet.parts for bet in context.game.bets)
    terms = [(term, text.format(example=example)) for term, text in GLOSSARY
             if combined or not term.startswith("net zero")]
    present = titles(sections)
    if "Game protection" in present:
        terms += PROTECTION_GLOSSARY
    if "Collusion" in present:
        terms += COLLUSION_GLOSSARY
    if "Card counting" in present:
        terms += COUNTING_GLOSSARY
    elif "Game protection" in present:
        terms += COUNTING_GLOSSARY[-2:]           # the simulated rows' standard error
    return Section("Glossary", (Items(tuple(dict(terms).items())),))


SIMULATION = "a simulation that deals and settles rounds by its own code"


def checks_statement(game: Game[Rules]) -> str:
    """The Method section's independent checks: only those the game declares
    (``Game.checks``), and the simulation where its bets have ``simulate`` hooks (naming the
    bets when only some have one)."""
    checks = list(game.checks)
    simulated = [bet.name for bet in game.bets if bet.simulate is not None]
    simulation = (SIMULATION if not game.settlement else
                  f"a simulation that deals rounds apart from the enumeration and settles "
                  f"them {game.settlement}")
    if simulated and len(simulated) < len(game.bets):
        checks.append(f"{simulation} (the {', '.join(simulated)} "
                      f"wager{'s' if len(simulated) > 1 else ''})")
    elif simulated:
        checks.append(simulation)
    if not checks:
        return ("Independent checks: none is stated for this game; its figures rest on the "
                "enumeration alone.")
    said = checks[0] if len(checks) == 1 else (
        ", with ".join(checks[:-1]) + ("," if len(checks) > 2 else "") + " and with "
        + checks[-1])
    return f"Independent checks: every count is compared with {said}."


def sources_statement(game: Game[Rules]) -> str:
    """Where the method, rules and published figures are written: edge's documents cover its
    own games only; a game from another package is pointed to its own source."""
    if is_builtin(game):
        return ("The method is described in full in \"How edge computes\", the rules in "
                "\"Rules of the games, as edge implements them\", and the published figures "
                "compared in \"Published figures and sources\", documents that ship with edge.")
    return ("edge's part of the method is described in full in \"How edge computes\", a "
            "document that ships with edge; this game is not one of edge's own, and its rules "
            f"and any published figures are those of its source: {game.source or 'not stated'}.")


PLUG_IN_METHOD = (
    "The counts come from the game's own analysis (code of the package that provides the game, "
    "not edge's): edge did not make them, and cannot say how they were found or whether the "
    "player's choices in them are the best. edge checked that they add up (no count negative, "
    "a total above zero) and derives every probability, return, variance and hold as an exact "
    "fraction of that total.")
STRATEGY_SOLVED = (
    "The player's strategy is solved exactly: at each decision the expected values of the "
    "choices are compared as integers over a common denominator, so no comparison is decided "
    "by rounding. Where the strategy option names a fixed rule instead, that rule is applied "
    "as stated.")
EQUIPMENT = "Equipment and shuffle"
COUNTING = "Card counting"


def titles(sections: Sequence[Section]) -> list[str]:
    """The title of every section and subsection, in order."""
    return [title for section in sections
            for title in (section.title, *titles(section.children))]


def section_methods(sections: Sequence[Section]) -> list[str]:
    """What the sections state of how their figures were made (``Section.method``), in the
    order they appear, each sentence once."""
    found = [line for section in sections
             for line in (*section.method, *section_methods(section.children))]
    return list(dict.fromkeys(found))


def method_section(context: ReportContext[Rules], sections: Sequence[Section]) -> Section:
    """How the figures were computed, from what the report holds (``sections``, every other
    section as built): the game's own method or edge's enumeration, the strategy, ties, what
    any section simulated, approximated or dealt from a shoe, the checks and the sources.
    Every section a sentence names is one of ``sections``."""
    game = context.game
    builtin = is_builtin(game)
    items: list[str] = list(game.method if game.method is not None else
                            (EXHAUSTIVE_ENUMERATION,) if builtin else (PLUG_IN_METHOD,))
    present = titles(sections)
    if EQUIPMENT in present:
        outside = ("Outside the \"Card counting\" section, each round is independent"
                   if COUNTING in present else "Each round is independent")
        items.append(f"{outside}: the cards (or tiles) are shuffled completely before every "
                     "round, as the equipment section of the rules of play states.")
    decisions = any(table.has_decisions for table in context.tables.values())
    if decisions and builtin and game.method is None:
        items.append(STRATEGY_SOLVED)
    if "ties" in options_dict(context.rules):
        items.append(
            "Tie rule: where two choices are worth exactly the same, the player takes the one "
            "the ties option names (this report: the "
            f"{options_dict(context.rules)['ties']} wager). The house edge does not change "
            "with it; the average wager and the element of risk can.")
    made = section_methods(sections)
    items += made
    if made:
        items.append("Every other figure in this report is exact: an exact fraction of counts, "
                     "rounded only when printed.")
    items += [checks_statement(game), sources_statement(game)]
    return Section("Method", (Items(tuple(items)),))
