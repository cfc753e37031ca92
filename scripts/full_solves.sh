#!/usr/bin/env bash
# Every full Ultimate Texas Hold'em solve made afresh and checked (issues 26 and 33): the optimal
# solve at the default rules and Blind table and each of the eight protection scenarios, in an
# empty cache folder of their own (about 20 minutes of both cores on the quiet 2-core machine).
# Each is checked against its SHA-256 in tests/digests/uth_full_solves.toml, the committed
# protection tables against them, then the published figures and the simulations (which read
# the same folder), and one whole holding class of the two-player collusion against the
# game's own solve. Every check must run (a skipped one fails). When all pass, the code keys
# beside the pins are refreshed (scripts/pin_digests.py --check --refresh-keys, seconds: the
# solves are read back from the folder): commit tests/digests/uth_full_solves.toml if it moved.
#
#     scripts/full_solves.sh             # all of them, keys refreshed
#     scripts/full_solves.sh --changed   # only those whose code key moved since its pin
#
# --changed is .ci/run's last step: a check whose solves' code keys are all the pinned ones is
# skipped ("code unchanged since the pin": the code that made the pinned results is today's);
# any other skip fails; the keys are not written (a moved key with an identical result is
# reported: refresh it with this script or `python scripts/pin_digests.py --check --changed
# --refresh-keys`). Run it in the environment edge is installed in (python on the PATH).
set -euo pipefail

changed=0
case "${1-}" in
    "") ;;
    --changed) changed=1 ;;
    *) echo "usage: scripts/full_solves.sh [--changed]" >&2; exit 2 ;;
esac

cd "$(dirname "${BASH_SOURCE[0]}")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/edge-full-solves.XXXXXX")
trap 'rm -rf "$work"' EXIT
started=$SECONDS

# the checks: the solves first (each against its pin, then the protection tables), then the
# tests that read the solves from $EDGE_PUBLISHED_CACHE; each is marked uses_solve (its solves)
checks=(
    tests/test_uth_full_solves.py
    tests/test_uth_exposure_one.py::test_published_player_edges
    tests/test_uth_exposure_dealer_two.py::test_published_figures
    tests/test_uth_exposure_dealer_two.py::test_sampled_states_against_a_direct_computation
    tests/test_uth_exposure_play.py::test_the_simulation_agrees_with_the_exact_solve
    tests/test_uth_collusion_run.py::test_a_whole_class_against_the_games_own_solve
    tests/test_uth_tells.py::test_share_totals_against_the_solves_own_counts
    tests/test_uth_tells.py::test_flop_three_states_of_the_full_solve_against_a_plain_enumeration
    tests/test_uth_tells.py::test_the_game_as_dealt_agrees_with_the_strategy_comparisons_departures
)
if ((changed)); then option=--full-solves-changed; else option=--full-solves; fi
mkdir "$work/cache"
status=0
EDGE_PUBLISHED_CACHE="$work/cache" python -m pytest -p no:cacheprovider -n 0 "$option" \
    "${checks[@]}" 2>&1 | tee "$work/checks.log" || status=$?
((status == 0)) || exit "$status"

# those tests skip where a solve is missing from the folder: every one must have run, but
# with --changed those whose code is unchanged since the pin
skipped=$(grep "^SKIPPED" "$work/checks.log" || true)
if ((changed)); then
    skipped=$(grep -v "code unchanged since the pin" <<< "$skipped" || true)
fi
if [[ -n $skipped ]]; then
    echo "a full-solve check was skipped:" >&2
    echo "$skipped" >&2
    exit 1
fi

if ((!changed)); then
    EDGE_CACHE_DIR="$work/cache" python scripts/pin_digests.py --check --refresh-keys
fi
echo "the full solves and their checks: $((SECONDS - started)) s"
