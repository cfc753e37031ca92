"""The Ultimate Texas Hold'em kernels refuse bad arguments at their entry (issue 33): a card
outside 0..51, a card twice, an array of the wrong length, a permutation that is not one, a
weight or pay beyond the bound the kernel's integer types were sized for. Each is a ValueError
naming it, raised before the kernel's loops (which index tables by card, unchecked), so these
tests run no sweep and also hold against the debug build under the sanitizers (marker
``kernels``)."""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from edge.games.ultimate_texas_holdem.collusion import _collusion
from edge.games.ultimate_texas_holdem.exposure import _one, _river, _two, dealer_two

pytestmark = pytest.mark.kernels

Arguments = dict[str, Any]
Change = Callable[[Arguments], None]


def _set(name: str, value: Any, dtype: Any = None) -> Change:
    """A change that replaces one argument (an array of ``dtype`` when given)."""
    def change(arguments: Arguments) -> None:
        arguments[name] = value if dtype is None else np.array(value, dtype=dtype)
    return change


def _put(name: str, index: tuple[int, ...], value: int) -> Change:
    """A change that sets one element of an array argument."""
    def change(arguments: Arguments) -> None:
        arguments[name][index] = value
    return change


def _refused(call: Callable[..., object], arguments: Arguments, change: Change,
             message: str) -> None:
    change(arguments)
    with pytest.raises(ValueError, match=message):
        call(**arguments)


# --- exposure/_one: dealer_one_flops (seen=dealer-1 and its two companions) -------------------

def _dealer_one() -> Arguments:
    """One flop (2c 3d 4s), one unit: seen dealer card 7c (suit 0, the identity takes it to
    suit 0), weight 1; mode 0 fills only the int64 dealer-1 accumulator."""
    return {"flops": np.array([[0, 5, 10]], dtype=np.int32),
            "unit_offsets": np.array([0, 1], dtype=np.int32),
            "seen": np.array([20], dtype=np.int32),
            "perms": np.array([[0, 1, 2, 3]], dtype=np.int8),
            "weights": np.array([1], dtype=np.int64),
            "net": np.zeros((5, 17), dtype=np.int64), "fold_net": 0, "ties_larger": False,
            "mode": 0, "out_dealer": np.zeros((13, 1326, 56), dtype=np.int64)}


@pytest.mark.parametrize(("change", "message"), [
    (_put("flops", (0, 1), 52), "flop 0: card 52 is not a card 0..51"),
    (_put("flops", (0, 1), -1), "flop 0: card -1 is not a card 0..51"),
    (_put("flops", (0, 1), 0), "flop 0: card 0 appears twice"),
    (_put("seen", (0,), 52), "seen card of unit 0: card 52 is not a card"),
    (_put("seen", (0,), 5), "seen card of unit 0: card 5 is on its flop"),
    (_set("flops", [[0, 5, 10], [1, 6, 11]], np.int32), "n \\+ 1 unit offsets"),
    (_set("unit_offsets", [0, 2], np.int32), "end at 2, past the 1 rows"),
    (_set("unit_offsets", [-1, 1], np.int32), "start at -1, below 0"),
    (_set("perms", [[0, 1, 2]], np.int8), "perms must be \\[n, 4\\]"),
    (_put("perms", (0, 3), 7), "perms\\[0\\] = \\[0, 1, 2, 7\\] is not a permutation"),
    (_put("perms", (0, 3), 1), "is not a permutation of the suits"),
    (_put("seen", (0,), 21), "takes the seen card 21 to suit 1, not 0"),
    (_put("weights", (0,), 0), "weight 0 of unit 0 is not 1..6"),
    (_put("weights", (0,), 7), "weight 7 of unit 0 is not 1..6"),
    (_put("net", (1, 0), 2 ** 41), "pay 2199023255552 is beyond the kernel's limit"),
    (_set("fold_net", -(2 ** 41)), "fold pay -2199023255552 is beyond"),
    (_set("net", np.zeros((4, 17), dtype=np.int64)), "net must be \\[5, 17\\]"),
    (_set("out_dealer", np.zeros((13, 1326, 55), dtype=np.int64)), "out_dealer must be"),
    (_set("out_dealer", np.zeros((13, 1326, 56), dtype=np.int32)), "dtype mismatch"),
    (_set("flops", [[0, 5, 10]], np.int64), "dtype mismatch"),
    (_set("mode", 4), "mode 4 is not"),
])
def test_dealer_one_refuses(change: Change, message: str) -> None:
    _refused(_one.dealer_one_flops, _dealer_one(), change, message)


OVERFLOW = """
import numpy as np
from edge.games.ultimate_texas_holdem.exposure import _one
_one.dealer_one_flops(np.array([[0, 5, 10]], dtype=np.int32), np.array([0, 1], dtype=np.int32),
                      np.array([20], dtype=np.int32), np.array([[0, 1, 2, 3]], dtype=np.int8),
                      np.array([1], dtype=np.int64), np.zeros((5, 17), dtype=np.int64), 0,
                      False, 1, np.zeros((13, 1326, 56), dtype=np.int64),
                      np.full((676, 1326, 56), 2 ** 31 - 2, dtype=np.int32))
"""


def test_debug_build_asserts_the_int32_accumulators() -> None:
    """The debug build stops at an int32 accumulator that would pass 2**31 - 1 (here one that
    starts next to it); the release build leaves the check out."""
    if not _one.DEBUG:
        pytest.skip("the release build does not assert its bounds (EDGE_DEBUG=1 does)")
    ran = subprocess.run([sys.executable, "-c", OVERFLOW], capture_output=True, text=True,
                         timeout=600, check=False)
    assert ran.returncode == -signal.SIGABRT
    assert "edge: kernel bound broken: an int32 accumulator overflows" in ran.stderr


def test_dealer_one_falling_offsets() -> None:
    arguments = _dealer_one()
    arguments.update(flops=np.array([[0, 5, 10], [1, 6, 11]], dtype=np.int32),
                     unit_offsets=np.array([0, 1, 0], dtype=np.int32))
    with pytest.raises(ValueError, match="unit offsets fall from 1 to 0 at 2"):
        _one.dealer_one_flops(**arguments)


# --- exposure/_one: flop_one_flops (seen=flop-1) ----------------------------------------------

def _flop_one() -> Arguments:
    return {"flops": np.array([[0, 5, 10]], dtype=np.int32),
            "orbit_sizes": np.array([24], dtype=np.int64),
            "net": np.zeros((5, 17), dtype=np.int64), "fold_net": 0, "ties_larger": False,
            "out": np.zeros((52, 1326, 56), dtype=np.int64),
            "decisions": np.zeros((1, 1326), dtype=np.uint8)}


@pytest.mark.parametrize(("change", "message"), [
    (_put("flops", (0, 2), 52), "flop 0: card 52 is not a card 0..51"),
    (_put("flops", (0, 2), 5), "flop 0: card 5 appears twice"),
    (_put("orbit_sizes", (0,), 0), "orbit size 0 of flop 0 is not 1..24"),
    (_put("orbit_sizes", (0,), 25), "orbit size 25 of flop 0 is not 1..24"),
    (_set("orbit_sizes", [1, 1], np.int64), "n orbit sizes"),
    (_set("decisions", np.zeros((2, 1326), dtype=np.uint8)), "decisions must be"),
    (_set("out", np.zeros((52, 1326, 56), dtype=np.int32)), "dtype mismatch"),
    (_put("net", (2, 16), -(2 ** 41)), "beyond the kernel's limit"),
])
def test_flop_one_refuses(change: Change, message: str) -> None:
    _refused(_one.flop_one_flops, _flop_one(), change, message)


# --- collusion/_collusion: solve_flops ---------------------------------------------------------

def _collusion_flops() -> Arguments:
    """Player holding 2c 2d, one flop off it, the identity permutation."""
    return {"first": 0, "second": 1, "flops": np.array([[10, 20, 30]], dtype=np.int32),
            "offsets": np.array([0, 1], dtype=np.int32),
            "perms": np.array([[0, 1, 2, 3]], dtype=np.int8),
            "net": np.zeros((3, 17), dtype=np.int64), "fold": 0, "ties_larger": False,
            "out": np.zeros((1326, 4), dtype=np.int64)}


LIMIT = _collusion.PAY_LIMIT


@pytest.mark.parametrize(("change", "message"), [
    (_set("second", 0), "the player's holding: card 0 appears twice"),
    (_set("second", 52), "the player's holding: card 52 is not a card 0..51"),
    (_set("first", -3), "the player's holding: card -3 is not a card"),
    (_put("flops", (0, 0), 1), "flop 0: card 1 is the player's"),
    (_put("flops", (0, 0), 52), "flop 0: card 52 is not a card 0..51"),
    (_put("flops", (0, 0), 20), "flop 0: card 20 appears twice"),
    (_set("offsets", [0], np.int32), "n \\+ 1 offsets"),
    (_set("offsets", [0, 2], np.int32), "offsets end at 2, past the 1 rows"),
    (_set("perms", [[0, 1, 2, 3, 0]], np.int8), "perms must be \\[n, 4\\]"),
    (_put("perms", (0, 0), -1), "perms\\[0\\] = \\[-1, 1, 2, 3\\] is not a permutation"),
    (_set("perms", [[2, 1, 0, 3]], np.int8), "perms\\[0\\] moves the player's holding 0, 1"),
    (_put("net", (1, 4), LIMIT + 1), f"pay {LIMIT + 1} is beyond the kernel's limit"),
    (_put("net", (2, 15), -LIMIT - 1), "is beyond the kernel's limit"),
    (_set("fold", LIMIT + 1), f"fold pay {LIMIT + 1} is beyond"),
    (_set("net", np.zeros((2, 17), dtype=np.int64)), "Play sizes 0..2"),
    (_set("out", np.zeros((1326, 3), dtype=np.int64)), "out must be \\[1326, 4\\]"),
])
def test_collusion_refuses(change: Change, message: str) -> None:
    _refused(_collusion.solve_flops, _collusion_flops(), change, message)


def test_collusion_limit_is_the_drivers() -> None:
    from edge.games.ultimate_texas_holdem.collusion import classes
    assert classes.PAY_LIMIT == LIMIT == (2 ** 31 - 1) // (4 * classes.DEALERS)


# --- exposure/_two: solve_flops (seen=dealer-2) ------------------------------------------------

@pytest.mark.parametrize("bad", [-1, "rows"])
def test_dealer_two_refuses_a_state_index_off_its_rows(bad: int | str) -> None:
    table = dealer_two.states()
    rows = np.zeros((len(table.weight), dealer_two.ROW), dtype=np.int32)
    index = table.index.copy()
    index[1325, 0] = len(rows) if bad == "rows" else bad     # holdings {50, 51}, {0, 1}
    with pytest.raises(ValueError, match=f"state_index\\[1325, 0\\] = {index[1325, 0]} is not "
                                         "a row"):
        _two.solve_flops(np.array([[4, 8, 12]], dtype=np.int32), index,
                         np.zeros(17, dtype=np.int64), np.zeros(17, dtype=np.int64), False, rows)


def test_dealer_two_refuses_a_card_52() -> None:
    table = dealer_two.states()
    rows = np.zeros((len(table.weight), dealer_two.ROW), dtype=np.int32)
    with pytest.raises(ValueError, match="card 52 is not a card 0..51"):
        _two.solve_flops(np.array([[4, 8, 52]], dtype=np.int32), table.index,
                         np.zeros(17, dtype=np.int64), np.zeros(17, dtype=np.int64), False, rows)


# --- exposure/_river: river_dealer_lines (seen=dealer-1-river) ---------------------------------

def _river_lines() -> Arguments:
    return {"flop": np.array([0, 5, 10], dtype=np.int32),
            "net": np.zeros((5, 17), dtype=np.int64), "fold_net": 0, "ties_larger": False,
            "out": np.zeros((1326, 56), dtype=np.int64)}


@pytest.mark.parametrize(("change", "message"), [
    (_put("flop", (2,), 52), "three distinct cards 0..51"),
    (_put("flop", (2,), 0), "three distinct cards 0..51"),
    (_set("flop", [0, 5], np.int32), "three distinct cards 0..51"),
    (_put("net", (4, 0), 2 ** 41), "pay 2199023255552 is beyond the kernel's limit"),
    (_set("fold_net", 2 ** 41), "fold pay 2199023255552 is beyond"),
    (_set("out", np.zeros((1326, 55), dtype=np.int64)), "out must be \\[1326, 56\\]"),
])
def test_river_lines_refuse(change: Change, message: str) -> None:
    _refused(_river.river_dealer_lines, _river_lines(), change, message)
