"""The front of a report: the title and certification block, the rules of play, a glossary and
the method statement, in that order before the figures.

The certification block comes from the submission's :class:`~edge.report.metadata.Metadata`
(fields not given read "not stated") and states each wager's theoretical hold with its basis.
The rules of play are the game's own description (``Game.describe_rules``) followed by what the
game adds through ``Game.rules_sections``: hand rankings, equipment and shuffle, and worked
examples settled by the game's own settlement.
"""

from __future__ import annotations

from fractions import Fraction

from edge.document.document import Block, Cell, Items, Paragraph, Section, Table, edge_version
from edge.games import Game, Rules, is_builtin
from edge.options import options_dict
from edge.report.context import ReportContext
from edge.report.metadata import Metadata
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


def certification_section(context: ReportContext[Rules], meta: Metadata) -> Section:
    """The title and certification block: who, what, which document; each wager's hold."""
    game = context.game
    shown = meta.shown
    items: tuple[tuple[str, str], ...] = (
        ("game as submitted", shown("game")),
        ("game as analysed", game.title),
        ("rules version", shown("rules_version")),
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
        for basis, hold in hold_bases(bet.name, table):
            rows.append((bet.name, paytable, basis, Cell(percent(hold), "strong"),
                         Cell(exact(hold), "exact")))
    analyst = meta.analyst or ""
    blocks: list[Block] = [
        Items(items, aligned=True),
        Paragraph(
            f"Certification. The theoretical hold (house edge) of each wager of {game.title}, "
            "under the rules of play, options and pay tables stated in this report and with the "
            "player's strategy it states, is the player's expected loss given below. Each "
            "figure was computed by exhaustive enumeration of every equally likely deal, in "
            "exact rational arithmetic, and is exact; the percentage is rounded for print."),
        Table(("wager", "pay table", "basis", "hold", "exact"), tuple(rows),
              "Theoretical hold of every wager", align="lllrr"),
        Table(("name", "signature", "date"), ((analyst, "", ""),),
              "Signed for the analyst", align="lll"),
    ]
    return Section("Certification", tuple(blocks))


def rules_of_play_section(context: ReportContext[Rules]) -> Section:
    """The complete rules of play as edge implements them (the game's description, its wagers,
    its source: :func:`~edge.report.sections.rules_section`), then the game's own parts."""
    game = context.game
    described = rules_section(context)
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


def glossary_section() -> Section:
    """The terms the report uses, defined."""
    return Section("Glossary", (Items(GLOSSARY),))


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
    return ("The method is described in full in \"How edge computes\", a document that ships "
            "with edge; this game is not one of edge's own, and its rules and any published "
            f"figures are those of its source: {game.source or 'not stated'}.")


def method_section(context: ReportContext[Rules]) -> Section:
    """How the figures were computed: enumeration, strategy, ties; sources cited by title."""
    decisions = any(table.has_decisions for table in context.tables.values())
    items: list[str] = [
        "Exhaustive enumeration: every deal the rules allow is counted once, with its weight "
        "where deals are grouped by symmetry; each outcome's count is an integer, and every "
        "probability, return, variance and hold is an exact fraction of those counts. "
        "Decimals appear only when a figure is printed.",
        "Each round is independent: the cards (or tiles) are shuffled completely before every "
        "round, as the equipment section of the rules of play states.",
    ]
    if decisions:
        items.append(
            "The player's strategy is solved exactly: at each decision the expected values of "
            "the choices are compared as integers over a common denominator, so no comparison "
            "is decided by rounding. Where the strategy option names a fixed rule instead, that "
            "rule is applied as stated.")
    ties = "ties" in options_dict(context.rules)
    if ties:
        items.append(
            "Tie rule: where two choices are worth exactly the same, the player takes the one "
            "the ties option names (this report: the "
            f"{options_dict(context.rules)['ties']} wager). The house edge does not change "
            "with it; the average wager and the element of risk can.")
    items += [
        checks_statement(context.game),
        sources_statement(context.game),
    ]
    return Section("Method", (Items(tuple(items)),))
