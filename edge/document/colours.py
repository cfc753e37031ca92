"""The colours of edge's charts and strategy grids, apart from the charts themselves so that a
grid's cells are coloured without matplotlib being imported (:mod:`edge.document.charts`
draws with them)."""

from __future__ import annotations

# Okabe and Ito's colour-blind-safe palette (blue, orange, bluish green, reddish purple,
# vermillion, sky blue, black); a chart's series also differs by line style and marker
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000")
WIN, PUSH, LOSS = "#0072B2", "#999999", "#D55E00"
# the strategy grids' cell colours, tints of the same palette, one meaning each everywhere:
# the largest wager made, a decision that depends on a further card, no raise (fold or check)
GRID_RAISE, GRID_DEPENDS, GRID_NO_RAISE = "#99c7e0", "#f5e08a", "#f2bf99"


def grid_shade(mix: float) -> str:
    """A heat-map cell's colour: a pale green (0) to bluish green (1), a colour no other grid
    cell has (not white: the least share is told from an empty cell)."""
    low, high = (222, 242, 235), (0, 158, 115)
    return "#" + "".join(f"{round(a + (b - a) * mix):02x}"
                         for a, b in zip(low, high, strict=True))
