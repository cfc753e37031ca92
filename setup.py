"""Build the Cython enumeration core; all metadata lives in pyproject.toml."""

import os

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

# EDGE_DEBUG=1 turns bounds and wraparound checks back on for debugging a kernel.
DEBUG = os.environ.get("EDGE_DEBUG", "") not in ("", "0")

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
}

# The shared evaluators (edge._core, with edge/_core.pxd for game kernels to cimport), then one
# kernel module per game, each in its game's folder.
MODULES = [
    "edge._core",
    "edge.games.triple_bet._kernels",
    "edge.games.three_card_poker._kernels",
    "edge.games.double_hand_poker._kernels",
    "edge.games.ultimate_texas_holdem._kernels",
    "edge.games.ultimate_texas_holdem._exposure_play",
    "edge.games.ultimate_texas_holdem._exposure_two",
    "edge.games.ultimate_texas_holdem._exposure_one",
]

extensions = [
    Extension(
        name,
        [name.replace(".", "/") + ".pyx"],
        include_dirs=[numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_22_API_VERSION")],
        extra_compile_args=["-O3"] if os.name != "nt" else ["/O2"],
    )
    for name in MODULES
]

setup(ext_modules=cythonize(extensions, compiler_directives=directives))
