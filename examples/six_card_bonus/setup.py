"""Build the example's Cython kernel against edge's public evaluator declarations.

``edge.get_include()`` is the folder holding the installed ``edge`` package, so ``from
edge._core cimport ...`` in the kernel finds edge/_core.pxd. pip installs edge-casino-math in
the isolated build environment first ([build-system] requires in pyproject.toml).
"""

import os

from Cython.Build import cythonize
from setuptools import Extension, setup

import edge

kernel = Extension(
    "six_card_bonus._kernel",
    ["src/six_card_bonus/_kernel.pyx"],
    extra_compile_args=["-O3"] if os.name != "nt" else ["/O2"],
)

setup(ext_modules=cythonize([kernel], include_path=[edge.get_include()]))
