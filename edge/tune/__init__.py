"""Pay-table tuning: the pay tables (or numeric options) that give a target house edge.

A wager without player decisions is linear in its pays: each row of its return table pays a
fixed amount (a loss, a push) plus the pays of the pay-table outcomes it is paid on. ``tune``
analyses such a wager once, at a *probe* table whose pays spell out which outcomes each row is
paid on (outcome k pays ``1024 * 2**k``), writes that down as a :class:`LinearModel`, checks
the model against a second analysis at other pays, and then scores every candidate table at
once with numpy on the integer counts. Exact fractions are computed only for the tables it
prints. A wager whose optimal strategy depends on the pays is re-solved for each candidate.

>>> from fractions import Fraction
>>> result = tune("triple-bet", "block", "4%..5%", ["ultimate=30..40", "pair-block=8..12"])
>>> result.method, result.scored
('linear', 55)
>>> all(Fraction(4, 100) <= c.figures.house_edge <= Fraction(5, 100) for c in result.candidates)
True
"""

from edge.tune.grid import CHUNK as CHUNK
from edge.tune.grid import DEFAULT_MAX_CANDIDATES as DEFAULT_MAX_CANDIDATES
from edge.tune.grid import BoolArray as BoolArray
from edge.tune.grid import FloatArray as FloatArray
from edge.tune.grid import Grid as Grid
from edge.tune.grid import Int64Array as Int64Array
from edge.tune.grid import make_grid as make_grid
from edge.tune.model import PROBE_UNIT as PROBE_UNIT
from edge.tune.model import LinearModel as LinearModel
from edge.tune.model import Terms as Terms
from edge.tune.model import build_model as build_model
from edge.tune.model import linear_model as linear_model
from edge.tune.progress import PROGRESS_AFTER as PROGRESS_AFTER
from edge.tune.progress import Reporter as Reporter
from edge.tune.progress import StderrReporter as StderrReporter
from edge.tune.progress import duration as duration
from edge.tune.render import render_solve as render_solve
from edge.tune.render import render_tune as render_tune
from edge.tune.render import solve_dict as solve_dict
from edge.tune.render import solve_document as solve_document
from edge.tune.render import tune_dict as tune_dict
from edge.tune.render import tune_document as tune_document
from edge.tune.scoring import MARGIN as MARGIN
from edge.tune.scoring import Candidate as Candidate
from edge.tune.scoring import scan as scan
from edge.tune.scoring import score_units as score_units
from edge.tune.setting import Parameter as Parameter
from edge.tune.setting import Setting as Setting
from edge.tune.setting import Steps as Steps
from edge.tune.setting import default_step as default_step
from edge.tune.setting import make_setting as make_setting
from edge.tune.setting import numeric_options as numeric_options
from edge.tune.setting import parse_steps as parse_steps
from edge.tune.setting import step_for as step_for
from edge.tune.solve import SOLVE_ANALYSES as SOLVE_ANALYSES
from edge.tune.solve import SolveResult as SolveResult
from edge.tune.solve import solve as solve
from edge.tune.targets import Bounds as Bounds
from edge.tune.targets import Figures as Figures
from edge.tune.targets import Filters as Filters
from edge.tune.targets import Range as Range
from edge.tune.targets import Target as Target
from edge.tune.targets import parse_bounds as parse_bounds
from edge.tune.targets import parse_target as parse_target
from edge.tune.targets import parse_vary as parse_vary
from edge.tune.targets import percent_text as percent_text
from edge.tune.tuning import DEFAULT_LIMIT as DEFAULT_LIMIT
from edge.tune.tuning import MAX_EXACT_SORT as MAX_EXACT_SORT
from edge.tune.tuning import TuneResult as TuneResult
from edge.tune.tuning import tune as tune
from edge.tune.write import check_folder as check_folder
from edge.tune.write import write_candidates as write_candidates
