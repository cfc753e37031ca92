#!/usr/bin/env bash
# The compiled kernels checked (issue 26): build every extension in a copy of the checkout as the
# checked build (EDGE_DEBUG=1, setup.py: Cython's bounds and initialisation checks, the kernels'
# own bound assertions, -O1) under AddressSanitizer and UndefinedBehaviorSanitizer, then run the
# kernel tests (marker `kernels`) on their reduced cases (not `slow`) against that build. A bad
# index into a typed array is an IndexError (the bounds checks), any other read or write outside
# memory the kernel owns, and undefined behaviour, a sanitizer report; either fails the run: ASan
# stops at its first error, UBSan is made fatal (-fno-sanitize-recover, halt_on_error), and
# every report written is printed at the end. One build and one run for both kinds of check (a
# separate debug build and sanitizer build ran the same tests twice: 9 min 49 s against 5 min 50
# s for this one, measured on the 2-core machine).
#
#     scripts/sanitize.sh [PYTEST ARGS...]     # e.g. scripts/sanitize.sh -k exposure
#
# Needs gcc and its sanitizer runtimes (Debian: libasan8, libubsan1; .ci/run installs them) and
# an environment with edge's build and test requirements (pip install -e ".[dev]"). Python and
# numpy are not instrumented: the ASan runtime is preloaded into the interpreter, and leak
# detection is off (CPython keeps memory to the end by design, every run would "leak").
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/edge-sanitize.XXXXXX")
trap 'rm -rf "$work"' EXIT

asan=$(gcc -print-file-name=libasan.so)
[[ -e $asan ]] || { echo "sanitize: gcc has no libasan.so (Debian: apt-get install libasan8)" >&2; exit 1; }
# libstdc++ preloaded with it: ASan's C++ exception interceptor must find it at start-up, or the
# first C++ exception in an extension loaded later (matplotlib's ft2font) stops the process
# ("CHECK failed ... real___cxa_throw")
preload="$asan:$(gcc -print-file-name=libstdc++.so.6)"

# a copy of the sources only, no build products (the tests read scripts/ and examples/)
tar -C "$root" --exclude=build --exclude='*.so' --exclude='*.c' --exclude=__pycache__ \
    -cf - edge tests scripts examples docs setup.py pyproject.toml README.md LICENSE | tar -C "$work" -xf -

flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
started=$SECONDS
(cd "$work" && EDGE_DEBUG=1 CFLAGS="$flags" LDFLAGS="$flags" \
    python setup.py build_ext --inplace -j 2 > "$work/build.log" 2>&1) || {
    cat "$work/build.log"; exit 1; }
grep -q "__Pyx_RaiseBufferIndexError" "$work/edge/_core.c"      # bounds checks compiled in
# every module was compiled with the sanitizers (its .so needs their runtimes)
while IFS= read -r module; do
    # (grep reads all of ldd's output: grep -q would stop early, and pipefail fail the pipe)
    ldd "$module" | grep libasan > /dev/null || {
        echo "sanitize: $module is not instrumented" >&2; exit 1; }
done < <(find "$work/edge" -name '*.so')
echo "checked build under the sanitizers: $((SECONDS - started)) s"

started=$SECONDS
status=0
# The reports go to files (log_path: pytest captures a test's stderr, and a process stopped by
# a report would take it along), one per process, read at the end.
reports="$work/reports"
mkdir "$reports"
(
    cd "$work"
    export PYTHONPATH="$work"
    python -c 'import edge._core, sys; sys.exit(not edge._core.__file__.startswith(sys.argv[1]))' "$work"
    # halt_on_error: the first report stops the process (a pytest worker's crash fails the run)
    LD_PRELOAD="$preload" \
    ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:log_path=$reports/asan${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
    UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$reports/ubsan${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}" \
        python -m pytest -p no:cacheprovider -m "kernels and not slow" "$@" tests
) || status=$?
echo "kernel tests against it: $((SECONDS - started)) s"
shopt -s nullglob
found=("$reports"/*)
if ((${#found[@]})); then
    cat "${found[@]}"
    echo "sanitize: the sanitizers reported errors (above)" >&2
    exit 1
fi
exit "$status"
