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

from edge.tune.grid import (
    CHUNK,
    DEFAULT_MAX_CANDIDATES,
    BoolArray,
    FloatArray,
    Grid,
    Int64Array,
    make_grid,
)
from edge.tune.model import (
    PROBE_UNIT,
    LinearModel,
    Terms,
    build_model,
    linear_model,
)
from edge.tune.progress import (
    PROGRESS_AFTER,
    Reporter,
    StderrReporter,
    duration,
)
from edge.tune.render import (
    TUNE_FORMATS,
    render_solve,
    render_tune,
    tune_dict,
)
from edge.tune.scoring import (
    MARGIN,
    Candidate,
    scan,
    score_units,
)
from edge.tune.setting import (
    Parameter,
    Setting,
    Steps,
    default_step,
    make_setting,
    numeric_options,
    parse_steps,
    step_for,
)
from edge.tune.solve import (
    SOLVE_ANALYSES,
    SolveResult,
    solve,
)
from edge.tune.targets import (
    Bounds,
    Figures,
    Filters,
    Range,
    Target,
    parse_bounds,
    parse_target,
    parse_vary,
    percent_text,
)
from edge.tune.tuning import (
    DEFAULT_LIMIT,
    MAX_EXACT_SORT,
    TuneResult,
    tune,
)

__all__ = [
    "BoolArray",
    "Bounds",
    "CHUNK",
    "Candidate",
    "DEFAULT_LIMIT",
    "DEFAULT_MAX_CANDIDATES",
    "Figures",
    "Filters",
    "FloatArray",
    "Grid",
    "Int64Array",
    "LinearModel",
    "MARGIN",
    "MAX_EXACT_SORT",
    "PROBE_UNIT",
    "PROGRESS_AFTER",
    "Parameter",
    "Range",
    "Reporter",
    "SOLVE_ANALYSES",
    "Setting",
    "SolveResult",
    "StderrReporter",
    "Steps",
    "TUNE_FORMATS",
    "Target",
    "Terms",
    "TuneResult",
    "build_model",
    "default_step",
    "duration",
    "linear_model",
    "make_grid",
    "make_setting",
    "numeric_options",
    "parse_bounds",
    "parse_steps",
    "parse_target",
    "parse_vary",
    "percent_text",
    "render_solve",
    "render_tune",
    "scan",
    "score_units",
    "solve",
    "step_for",
    "tune",
    "tune_dict",
]
