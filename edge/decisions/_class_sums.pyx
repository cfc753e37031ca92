# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Sums of weighted rows by class, in one pass: the board solves add each state's counts and
values (a row of integers, given in blocks side by side) to the states of the first decision it
belongs to (one or more classes per row). No game is named here: rows, weights and classes are
integers. A class's sums lie side by side in memory, so each (row, class) is one stretch of
memory read and written, not one per block."""

from libc.stdint cimport int64_t
from libc.stdlib cimport free, malloc


def add_by_class(int64_t[:, ::1] into, const int64_t[:, ::1] classes,
                 const int64_t[::1] weights, blocks: list[object]) -> None:
    """Add ``weights[r]`` times row ``r`` to ``into[c]`` for each class ``c`` of ``classes[r]``
    (one column per class the row is added to); the row is the blocks' rows side by side (each
    block 2-D int64, its rows in any stride, the columns next to each other), their widths
    adding up to ``into``'s. In 64-bit integers: the caller bounds the sums. A class outside
    ``into`` or blocks that do not fit are a ValueError, nothing added."""
    cdef Py_ssize_t n = classes.shape[0], ways = classes.shape[1], count = into.shape[0]
    cdef Py_ssize_t r, w, k, b, c = 0, at, bad = -1, width = 0, parts = len(blocks)
    cdef int64_t weight
    cdef int64_t* target
    cdef const int64_t* row
    cdef const int64_t[:, :] view
    views = []
    for block in blocks:
        view = block
        if view.shape[0] != n or (view.shape[1] > 1 and view.strides[1] != sizeof(int64_t)):
            raise ValueError(f"add_by_class: a block of {view.shape[0]} rows (strides "
                             f"{view.strides[0]}, {view.strides[1]}) for {n} rows")
        width += view.shape[1]
        views.append(view)
    if weights.shape[0] != n or width != into.shape[1]:
        raise ValueError(f"add_by_class: {n} rows, {weights.shape[0]} weights, blocks "
                         f"{width} wide for sums {into.shape[1]} wide")
    with nogil:
        for r in range(n):
            for w in range(ways):
                c = classes[r, w]
                if c < 0 or c >= count:
                    bad = r
                    break
            if bad >= 0:
                break
    if bad >= 0:
        raise ValueError(f"add_by_class: row {bad} names class {c}, of {count}")
    if n == 0 or width == 0:
        return
    cdef const int64_t** starts = <const int64_t**>malloc(parts * sizeof(int64_t*))
    cdef Py_ssize_t* steps = <Py_ssize_t*>malloc(parts * sizeof(Py_ssize_t))
    cdef Py_ssize_t* widths = <Py_ssize_t*>malloc(parts * sizeof(Py_ssize_t))
    if starts == NULL or steps == NULL or widths == NULL:
        free(starts)
        free(steps)
        free(widths)
        raise MemoryError()
    try:
        for b in range(parts):
            view = views[b]
            widths[b] = view.shape[1]
            steps[b] = view.strides[0] // <Py_ssize_t>sizeof(int64_t)
            starts[b] = &view[0, 0] if widths[b] else NULL
        with nogil:
            for r in range(n):
                weight = weights[r]
                for w in range(ways):
                    target = &into[classes[r, w], 0]
                    at = 0
                    for b in range(parts):
                        if widths[b] == 0:
                            continue
                        row = starts[b] + r * steps[b]
                        for k in range(widths[b]):
                            target[at + k] += weight * row[k]
                        at += widths[b]
    finally:
        free(starts)
        free(steps)
        free(widths)
