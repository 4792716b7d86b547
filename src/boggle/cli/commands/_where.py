"""``--scheduler ADDRESS`` and ``--cluster local[:N]``: where a long command runs."""

from __future__ import annotations

import argparse
import logging
import os

from boggle.scale.cluster import ClusterError, load_distributed, parse_local


def add_cluster_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("where it runs (needs: pip install 'boggle[dask]')")
    choice = group.add_mutually_exclusive_group()
    choice.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run on the Dask cluster of this running scheduler, e.g. tcp://10.0.0.5:8786 "
        "(default: in this process)",
    )
    choice.add_argument(
        "--cluster",
        default=None,
        metavar="local[:N]",
        help="start a local Dask cluster of N worker processes (default N: one per core)",
    )


def where_from_args(args: argparse.Namespace) -> str | None:
    """The ``where`` the options name (see :mod:`boggle.scale.cluster`), or ``None``: in-process."""
    if args.cluster is not None:
        if parse_local(args.cluster) is None:
            raise ClusterError(f"--cluster takes 'local' or 'local:N', got {args.cluster!r}")
        _quiet_dask()
        return str(args.cluster)
    if args.scheduler is not None:
        if not args.scheduler.strip():
            raise ClusterError("--scheduler needs an address, e.g. tcp://127.0.0.1:8786")
        _quiet_dask()
        return str(args.scheduler)
    return None


def _quiet_dask() -> None:
    """Dask's own log lines stay off the terminal: an error is one line of ours."""
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "critical")  # local worker processes
    load_distributed()  # it sets its loggers' levels when imported
    for name in ("distributed", "bokeh", "tornado", "asyncio"):
        logger = logging.getLogger(name)
        logger.setLevel(logging.CRITICAL)
        for child in list(logging.root.manager.loggerDict):
            if child.startswith(f"{name}."):
                logging.getLogger(child).setLevel(logging.CRITICAL)
