"""Random 4x4 boards scored per second: in-process (--jobs 1, --jobs 2) and on a local
2-worker Dask cluster, side by side; then `boggle stats --random 1000000` end to end.

    python benchmarks/dask_throughput.py [--boards 10000000] [--slices 10] [--dict en-70]

The same boards (dice 'new', seed 1) go through each way, cut into ``--slices``
slices run in turn (jobs 1, jobs 2, cluster, next slice ...) so that load from
other programs falls on all three alike.  The three summaries must be equal
(exit status 1 if not).  Needs ``pip install '.[dask]'``.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from typing import Any

from boggle.dice.bulk import BoardSource
from boggle.scale.cluster import open_client
from boggle.study.stats import ScoreStats, score_stats
from boggle.wordlists.loading import load_lexicon

MODES = ("in-process --jobs 1", "in-process --jobs 2", "local cluster, 2 workers")


def cpu_seconds() -> float:
    """User + system CPU seconds of this process so far (every thread)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def cluster_cpu_seconds(client: Any) -> float:
    """CPU seconds of every worker process so far, plus this (client) process."""
    per_worker: dict[str, float] = client.run(cpu_seconds)
    return sum(per_worker.values()) + cpu_seconds()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=10_000_000)
    parser.add_argument("--slices", type=int, default=10)
    parser.add_argument("--dict", default="en-70")
    parser.add_argument("--skip-cli", action="store_true", help="skip the end-to-end stats run")
    args = parser.parse_args()
    source = BoardSource.named("new")
    lexicon = load_lexicon(args.dict)
    per_slice = args.boards // args.slices
    seconds = dict.fromkeys(MODES, 0.0)
    cpu = dict.fromkeys(MODES, 0.0)
    results: dict[str, list[ScoreStats]] = {mode: [] for mode in MODES}
    start = time.perf_counter()
    with open_client("local:2") as client:
        print(f"local cluster up in {time.perf_counter() - start:.1f} s", flush=True)
        for number in range(args.slices):
            for mode in MODES:
                where = client if mode.startswith("local") else None
                jobs = 2 if "2" in mode else 1
                used = cluster_cpu_seconds(client) if where else cpu_seconds()
                began = time.perf_counter()
                stats = score_stats(
                    per_slice, source, lexicon, seed=1 + number, top=5, where=where, jobs=jobs
                )
                seconds[mode] += time.perf_counter() - began
                cpu[mode] += (cluster_cpu_seconds(client) if where else cpu_seconds()) - used
                results[mode].append(stats)
            print(f"slice {number + 1}/{args.slices} done", flush=True)
    total = per_slice * args.slices
    print(
        f"\n{total:,} random 4x4 boards (dice new), word list {lexicon.name}, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"{'way':26} {'seconds':>8} {'boards/s':>10} {'vs jobs 2':>9} "
        f"{'CPU s':>8} {'boards/CPU s':>12}"
    )
    reference = total / seconds[MODES[1]]
    for mode in MODES:
        rate = total / seconds[mode]
        print(
            f"{mode:26} {seconds[mode]:8.1f} {rate:10,.0f} {rate / reference:9.0%} "
            f"{cpu[mode]:8.1f} {total / cpu[mode]:12,.0f}"
        )
    same = results[MODES[0]] == results[MODES[1]] == results[MODES[2]]
    print("summaries equal:", same)
    if not args.skip_cli:
        command = ["boggle", "stats", "--random", "1000000", "--dice", "new", "--seed", "1"]
        began = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        print(
            f"{' '.join(command)}: {time.perf_counter() - began:.1f} s "
            f"({used:.1f} CPU s; load average {os.getloadavg()[0]:.1f})"
        )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
