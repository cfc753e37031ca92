# cython: language_level=3
"""The radix sort the showdown kernels share: sort keys whose low ``index_bits`` hold an index
and whose bits above hold a strength (fewer than 32 of them)."""

from libc.stdint cimport int64_t


cdef inline void radix_sort(int64_t* keys, int64_t* spare, int count,
                            int index_bits) noexcept nogil:
    """Sort ``count`` keys in place by the bits above ``index_bits``: a stable radix sort of
    four passes of eight bits, ``spare`` as room for one copy (after four passes the sorted
    keys are back in ``keys``)."""
    cdef int[256] starts
    cdef int i, digit, total, shift, step
    cdef int64_t* source = keys
    cdef int64_t* target = spare
    cdef int64_t* swap
    for step in range(4):
        shift = index_bits + 8 * step
        for digit in range(256):
            starts[digit] = 0
        for i in range(count):
            starts[(source[i] >> shift) & 255] += 1
        total = 0
        for digit in range(256):
            i = starts[digit]
            starts[digit] = total
            total += i
        for i in range(count):
            digit = (source[i] >> shift) & 255
            target[starts[digit]] = source[i]
            starts[digit] += 1
        swap = source
        source = target
        target = swap
