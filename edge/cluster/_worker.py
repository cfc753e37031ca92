"""Preloaded by each worker process of a local cluster
(:func:`edge.cluster.start_local_cluster`)."""

from __future__ import annotations

import signal


def dask_setup(worker: object) -> None:
    """Ignore SIGINT: Ctrl-C at the terminal reaches every process of the foreground group,
    and the caller alone handles it (it cancels the tasks and closes the cluster, which ends
    the workers); without this each worker would print a traceback of its own. (Workers
    spawned while the cluster starts ignore it from birth; this covers any a nanny restarts.)"""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
