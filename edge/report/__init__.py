"""Game-submission math reports: everything a test lab reviews, built from the exact tables.

A report covers every wager of one game: the rules as edge implements them, every variant option
(assumptions flagged), every pay table, the full return tables with exact and decimal figures, a
side-by-side summary, the player's strategy, how the return moves with each pay, the volatility an
operator should expect, and what is needed to reproduce it. It is built once as a small document
(sections of paragraphs, lists, tables, charts) and rendered as one self-contained HTML file
(charts as inline SVG, no scripts, print styles), as GitHub markdown, or as LaTeX.

>>> report = make_report("triple-bet", options={"decks": 1})
>>> ", ".join(section.title for section in report.sections[:3])
'Certification, Rules of play, Glossary'
>>> "house edge" in report.render("markdown")
True

A game adds sections of its own (a strategy chart, a comparison of settings) through
``Game.report_sections``: a function of a :class:`ReportContext` returning :class:`Section` s.
"""

from edge.comparison import comparison_document as comparison_document
from edge.comparison import comparison_section as comparison_section
from edge.comparison import strategy_document as strategy_document
from edge.document.document import Block as Block
from edge.document.document import Cell as Cell
from edge.document.document import CellLike as CellLike
from edge.document.document import Chart as Chart
from edge.document.document import Columns as Columns
from edge.document.document import Items as Items
from edge.document.document import Paragraph as Paragraph
from edge.document.document import Preformatted as Preformatted
from edge.document.document import Report as Report
from edge.document.document import Section as Section
from edge.document.document import Table as Table
from edge.document.layout import slug as slug
from edge.document.render import FORMAT_NAMES as FORMAT_NAMES
from edge.document.render import FORMATS as FORMATS
from edge.document.render import SUFFIXES as SUFFIXES
from edge.document.render import format_name as format_name
from edge.document.render import render as render
from edge.document.render_html import CSS as CSS
from edge.document.render_html import PRINT_CSS as PRINT_CSS
from edge.document.render_html import SCREEN_CSS as SCREEN_CSS
from edge.document.render_html import scoped_css as scoped_css
from edge.document.render_tex import TEX_PREAMBLE as TEX_PREAMBLE
from edge.document.render_tex import tex_escape as tex_escape
from edge.games.sweeps import linear_option as linear_option
from edge.games.sweeps import option_sweep as option_sweep
from edge.report.build import check_writable as check_writable
from edge.report.build import index_report as index_report
from edge.report.build import make_report as make_report
from edge.report.build import report_command as report_command
from edge.report.build import write_all as write_all
from edge.report.build import write_report as write_report
from edge.report.context import Analyses as Analyses
from edge.report.context import ReportContext as ReportContext
from edge.report.context import resolve_paytables as resolve_paytables
from edge.report.sections import figures_digest as figures_digest
from edge.report.sections import options_section as options_section
from edge.report.sections import paytables_section as paytables_section
from edge.report.sections import reproducibility_section as reproducibility_section
from edge.report.sections import rules_section as rules_section
from edge.report.sections import strategies_compared as strategies_compared
from edge.report.sections import strategy_bets as strategy_bets
from edge.report.sections import strategy_choices as strategy_choices
from edge.report.sections import strategy_sections as strategy_sections
from edge.report.sections import summary_section as summary_section
from edge.report.sections import wager_section as wager_section
from edge.report.sections import wagers_section as wagers_section
from edge.report.sweeps import pay_lines as pay_lines
from edge.report.sweeps import pay_section as pay_section
from edge.report.volatility import HANDS as HANDS
from edge.report.volatility import Z95 as Z95
from edge.report.volatility import Spread as Spread
from edge.report.volatility import spreads as spreads
from edge.report.volatility import volatility_section as volatility_section
