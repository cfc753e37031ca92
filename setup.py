"""Build the Cython enumeration core; all metadata lives in pyproject.toml.

The build uses every core: Cython translates the modules in parallel (``nthreads``) and
build_ext compiles them in parallel (its ``parallel`` option, ``-j``; a plain ``pip install .``
gets one job per core, ``-j N`` on the command line still wins). Cython's utility code shared
by every module (typed memoryviews above all) is generated and compiled once, as the module
``edge._cyutility``, instead of once per module.
"""

import os

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# EDGE_DEBUG=1: the checked build, for testing and debugging the kernels (scripts/sanitize.sh
# builds it under the sanitizers). Cython's bounds and initialisation checks are on; wraparound
# stays off, as in the build that ships, so a negative index is an IndexError here where it
# would read outside the array there.
DEBUG = os.environ.get("EDGE_DEBUG", "") not in ("", "0")
JOBS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": False,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
}

# The shared evaluators (edge._core, with edge/_core.pxd for game kernels to cimport), then one
# kernel module per game, each in its game's folder.
MODULES = [
    "edge._core",
    "edge.bets._kernels",
    "edge.bets._showdown",
    "edge.bets._seen_showdown",
    "edge.decisions._upcard",
    "edge.decisions._class_sums",
    "edge.games.triple_bet._kernels",
    "edge.games.three_card_poker._kernels",
    "edge.games.double_hand_poker._kernels",
    "edge.games.ultimate_texas_holdem.solve._kernels",
    "edge.games.ultimate_texas_holdem.simulation._exposure_play",
    "edge.games.ultimate_texas_holdem.exposure._two",
    "edge.games.ultimate_texas_holdem.exposure._rule_two",
    "edge.games.ultimate_texas_holdem.exposure._rule_one",
    "edge.games.ultimate_texas_holdem.exposure._rule_flop",
    "edge.games.ultimate_texas_holdem.exposure._one",
    "edge.games.ultimate_texas_holdem.exposure._river",
    "edge.games.ultimate_texas_holdem.exposure._dealer_rivers",
    "edge.games.ultimate_texas_holdem.collusion._collusion",
]
# Cython's utility code, generated once for all the modules above (Cython 3.1 or later)
SHARED = "edge._cyutility"

# -g0: no debugging information (Python's own flags ask for it), a quarter of the compile time
# saved. The checked build: -O1 and line tables only (-g1: a report names file and line),
# about 2.5 times quicker to compile than -O3, and the level AddressSanitizer is meant for.
OPTIMIZE = ["/O2"] if os.name == "nt" else ["-O1", "-g1"] if DEBUG else ["-O3", "-g0"]
# The modules use numpy from Python only (no numpy C API): no numpy headers to compile against.
# The checked build defines EDGE_DEBUG, which compiles in the kernels' bound assertions (the
# UTH kernels' cy_assert_bound, edge/games/ultimate_texas_holdem/holdem.pxd).
MACROS = [("EDGE_DEBUG", "1")] if DEBUG else []
extensions = [Extension(name, [name.replace(".", "/") + (".c" if name == SHARED else ".pyx")],
                        extra_compile_args=OPTIMIZE, define_macros=MACROS)
              for name in (SHARED, *MODULES)]


class ParallelBuildExt(build_ext):
    """build_ext with one compile job per core unless ``-j``/``--parallel`` says otherwise."""

    def finalize_options(self) -> None:
        if self.parallel is None:
            self.parallel = JOBS
        super().finalize_options()


setup(
    ext_modules=cythonize(extensions, compiler_directives=directives, nthreads=JOBS,
                          shared_utility_qualified_name=SHARED),
    cmdclass={"build_ext": ParallelBuildExt},
)
