"""Game-submission math reports: everything a test lab reviews, built from the exact tables.

A report covers every wager of one game: the rules as edge implements them, every variant option
(assumptions flagged), every pay table, the full return tables with exact and decimal figures, a
side-by-side summary, the player's strategy, how the return moves with each pay, the volatility an
operator should expect, and what is needed to reproduce it. It is built once as a small document
(sections of paragraphs, lists, tables, charts) and rendered as one self-contained HTML file
(charts as inline SVG, no scripts, print styles), as GitHub markdown, or as LaTeX.

>>> report = make_report("triple-bet", options={"decks": 1})
>>> [section.title for section in report.sections][:3]
['Summary of wagers', 'Rules as implemented', 'Variant options']
>>> "house edge" in report.render("markdown")
True

A game adds sections of its own (a strategy chart, a comparison of settings) through
``Game.report_sections``: a function of a :class:`ReportContext` returning :class:`Section` s.
"""


from edge.report.build import (
    index_report,
    make_report,
    report_command,
    write_all,
    write_report,
)
from edge.report.context import (
    Analyses,
    ReportContext,
    resolve_paytables,
)
from edge.report.document import (
    Block,
    Cell,
    CellLike,
    Chart,
    Columns,
    Items,
    Paragraph,
    Preformatted,
    Report,
    Section,
    Table,
)
from edge.report.layout import (
    slug,
)
from edge.report.render import (
    FORMAT_NAMES,
    FORMATS,
    SUFFIXES,
    format_name,
    render,
)
from edge.report.render_html import (
    CSS,
    PRINT_CSS,
    SCREEN_CSS,
    scoped_css,
)
from edge.report.render_tex import (
    TEX_PREAMBLE,
    tex_escape,
)
from edge.report.sections import (
    figures_digest,
    options_section,
    paytables_section,
    reproducibility_section,
    rules_section,
    strategies_compared,
    strategy_bets,
    strategy_choices,
    strategy_sections,
    summary_section,
    wager_section,
    wagers_section,
)
from edge.report.sweeps import (
    linear_option,
    option_sweep,
    pay_lines,
    pay_section,
)
from edge.report.volatility import (
    HANDS,
    Z95,
    Spread,
    spreads,
    volatility_section,
)

__all__ = [
    "Analyses",
    "Block",
    "CSS",
    "Cell",
    "CellLike",
    "Chart",
    "Columns",
    "FORMATS",
    "FORMAT_NAMES",
    "HANDS",
    "Items",
    "PRINT_CSS",
    "Paragraph",
    "Preformatted",
    "Report",
    "ReportContext",
    "SCREEN_CSS",
    "SUFFIXES",
    "Section",
    "Spread",
    "TEX_PREAMBLE",
    "Table",
    "Z95",
    "figures_digest",
    "format_name",
    "index_report",
    "linear_option",
    "make_report",
    "option_sweep",
    "options_section",
    "pay_lines",
    "pay_section",
    "paytables_section",
    "render",
    "report_command",
    "reproducibility_section",
    "resolve_paytables",
    "rules_section",
    "scoped_css",
    "slug",
    "spreads",
    "strategies_compared",
    "strategy_bets",
    "strategy_choices",
    "strategy_sections",
    "summary_section",
    "tex_escape",
    "volatility_section",
    "wager_section",
    "wagers_section",
    "write_all",
    "write_report",
]
