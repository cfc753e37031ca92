"""The disk cache of long solves, for every game, and what keeps a long solve usable on a
shared machine (docs/method.md, "The cache of solves").

- An entry's name is a SHA-256 of everything its result depends on (:func:`entry_path`): the
  inputs the caller names (pays, rules, scenario, the arrays it stores) and the code that
  computes it, read from the source files of its modules (:func:`code_digest`: the Python
  modules and the Cython kernels with what they ``cimport`` and include). A change to that
  code names another entry, so a stale result is never read, and no version number is kept by
  hand.
- An entry is an ``.npz`` of named arrays and their SHA-256 (``checksum``), checked on every
  read and written atomically (:func:`read_cache_file`, :func:`write_cache_file`); small
  results are JSON files, written atomically too (:func:`read_json`, :func:`write_json`).
- A lock file beside it (``ENTRY.lock``) makes a second process solving the same entry wait
  for the first and read its result (:func:`cache_lock`). The waiting process says so at once
  on stderr, with how far the other has got: the solving process keeps that in a small JSON
  file beside the lock (``ENTRY.progress``), which the waiter reads and reports periodically
  (a bar on a terminal, a line a minute otherwise).
- A solve split in blocks of flop classes (:class:`Blocks`) draws the progress bar with an
  estimate of the time left, and writes the sums of its finished blocks to a checkpoint beside
  the entry (``ENTRY.checkpoint``, checksummed like it) every so often and, where it can at
  once, when interrupted; the next run resumes from it, and it is removed once the entry is
  written. Sums of integers do not depend on their order, so a resumed solve gives the same
  result as one that was never interrupted.
- :class:`Entry` holds one entry's path and its one warning per run; :func:`read_or_solve`
  is the read, lock, read again, solve, store sequence every solve goes through.
- :class:`Memo` keeps a few results in the process (bounded: least recently used first out).
"""

from edge.cache.blocks import Blocks as Blocks
from edge.cache.blocks import Checkpoint as Checkpoint
from edge.cache.entry import Entry as Entry
from edge.cache.entry import read_or_solve as read_or_solve
from edge.cache.key import code_digest as code_digest
from edge.cache.key import entry_path as entry_path
from edge.cache.key import source_files as source_files
from edge.cache.lock import cache_lock as cache_lock
from edge.cache.lock import progress_path as progress_path
from edge.cache.lock import progress_words as progress_words
from edge.cache.lock import read_progress as read_progress
from edge.cache.lock import write_progress as write_progress
from edge.cache.memo import Memo as Memo
from edge.cache.store import arrays_digest as arrays_digest
from edge.cache.store import cache_dir as cache_dir
from edge.cache.store import load_arrays as load_arrays
from edge.cache.store import read_cache_file as read_cache_file
from edge.cache.store import read_json as read_json
from edge.cache.store import warn as warn
from edge.cache.store import write_cache_file as write_cache_file
from edge.cache.store import write_json as write_json
