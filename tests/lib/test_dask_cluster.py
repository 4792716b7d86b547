"""Through a real Dask cluster (a ``dask scheduler`` and ``dask worker`` processes on
127.0.0.1): the same answers as in-process, a worker killed mid-run changes nothing, a
scheduler that is unreachable or goes away is one line on stderr and exit status 2."""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, cast

import pytest
from dask_helpers import (
    TestCluster,
    boggle,
    dask_cluster,
    need_distributed,
    unreachable_address,
)

import boggle as boggle_package
from boggle.dice.bulk import BoardSource, board_lines
from boggle.study.stats import score_stats
from boggle.wordlists.loading import load_lexicon

PACKAGE_ROOT = Path(boggle_package.__file__).resolve().parents[1]
"""The folder of the boggle package these tests import (installed, with its built core:
the checkout's ``src`` has none in CI)."""


@pytest.fixture(scope="module")
def boards_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40,000 boards over three cluster chunks, with malformed and blank lines among them."""
    lines = board_lines(BoardSource.named("new"), seed=11, first=0, count=40_000)
    lines[3] = "not a board!"
    lines[17_000] = "abc"
    lines[39_999] = "ab cd efg"
    lines.insert(500, "")
    lines.insert(20_000, "fxie/amlo/ewbx/astu")
    lines.insert(30_000, "  qest ansi xweo yrsn  ")
    path = tmp_path_factory.mktemp("boards") / "boards.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_score_through_the_cluster_equals_in_process(
    cluster: TestCluster, boards_file: Path
) -> None:
    local = boggle("score", str(boards_file))
    remote = boggle("score", str(boards_file), "--scheduler", cluster.address)
    assert local.returncode == remote.returncode == 1
    assert remote.stdout == local.stdout
    assert remote.stderr == local.stderr
    assert len(local.stdout.splitlines()) == 40_002 - 3
    errors = remote.stderr.splitlines()
    assert [line.split(":")[2] for line in errors] == ["4", "17002", "40003"]


def test_stats_same_in_process_and_on_two_workers_for_two_chunk_sizes(
    cluster: TestCluster,
) -> None:
    source = BoardSource.named("new")
    here = score_stats(30_000, source, seed=3, top=5, jobs=1)
    on_cluster = [
        score_stats(30_000, source, seed=3, top=5, where=cluster.address, chunk_size=size)
        for size in (1_000, 7_919)
    ]
    assert on_cluster == [here, here]
    assert here.boards == sum(count for _, count in here.counts) == 30_000
    from distributed import Client

    def lexicons_held() -> list[tuple[str, bool]]:
        """On a worker: the lists its plugin installed, and whether each is compiled."""
        from boggle.scale.installed import installed_lexicons

        return [
            (digest, lexicon.cached("native", lambda _: None) is not None)
            for digest, lexicon in sorted(installed_lexicons.items())
        ]

    with Client(cluster.address, timeout=30) as client:
        held = client.run(lexicons_held)
    assert len(held) == 2  # both workers took part, each holding the one list, compiled
    assert all(lists == [(load_lexicon(None).digest, True)] for lists in held.values())


def test_stats_cli_json_same_in_process_and_on_the_cluster(cluster: TestCluster) -> None:
    argv = ["stats", "--random", "5000", "--seed", "8", "--size", "5x5", "--json"]
    local = boggle(*argv)
    remote = boggle(*argv, "--scheduler", cluster.address, "--chunk-size", "999")
    assert local.returncode == remote.returncode == 0, remote.stderr
    assert remote.stdout == local.stdout
    assert remote.stderr == ""


def test_a_worker_killed_mid_run_changes_nothing(tmp_path: Path) -> None:
    source = BoardSource.named("new")
    expected = score_stats(60_000, source, seed=21, top=8, jobs=2)
    with dask_cluster(2, tmp_path) as running:
        killed: list[int] = []

        def kill_after_first_chunk(_boards: int) -> None:
            if not killed:
                running.kill_worker(0)
                killed.append(1)

        result = score_stats(
            60_000,
            source,
            seed=21,
            top=8,
            where=running.address,
            chunk_size=2_000,
            progress=kill_after_first_chunk,
        )
        assert killed and running.workers[0].wait(timeout=30) is not None
        assert result == expected
        one_worker = score_stats(60_000, source, seed=21, top=8, where=running.address)
        assert one_worker == expected


def test_unreachable_scheduler_is_one_line_and_status_2() -> None:
    need_distributed()
    started = time.monotonic()
    with unreachable_address() as address:
        run = boggle("stats", "--random", "100", "--scheduler", address)
    assert run.returncode == 2
    assert run.stdout == ""
    assert len(run.stderr.splitlines()) == 1
    assert run.stderr.startswith("boggle: error: cannot reach the Dask scheduler at tcp://")
    assert time.monotonic() - started < 60


def _wait_for_tasks(address: str, timeout: float = 90) -> None:
    """Until the scheduler holds some task of the run (bounded)."""
    from distributed import Client

    def task_count(dask_scheduler: Any) -> int:
        return len(dask_scheduler.tasks)

    with Client(address, timeout=30) as client:
        deadline = time.monotonic() + timeout
        while client.run_on_scheduler(task_count) == 0:
            assert time.monotonic() < deadline, "the run never reached the scheduler"
            time.sleep(0.2)


def test_scheduler_gone_mid_run_is_one_line_and_status_2(tmp_path: Path) -> None:
    with dask_cluster(1, tmp_path) as running:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "boggle",
                "stats",
                "--random",
                "3000000",
                "--seed",
                "1",
                "--scheduler",
                running.address,
                "--chunk-size",
                "2000",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            _wait_for_tasks(running.address)
            running.kill_scheduler()
            killed_at = time.monotonic()
            out, err = process.communicate(timeout=90)
            assert time.monotonic() - killed_at < 30
        finally:
            process.kill()
            process.wait(timeout=10)
    assert process.returncode == 2, err
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("boggle: error: lost the Dask scheduler")


def test_score_on_a_local_cluster_equals_in_process(tmp_path: Path) -> None:
    need_distributed()
    lines = board_lines(BoardSource.named("uniform", 5, 5), seed=2, first=0, count=3000)
    lines[10] = "5x5?"
    path = tmp_path / "boards.txt"
    path.write_text("\n".join(lines) + "\n")
    local = boggle("score", str(path))
    cluster = boggle("score", str(path), "--cluster", "local:1")
    assert (cluster.returncode, cluster.stdout, cluster.stderr) == (
        local.returncode,
        local.stdout,
        local.stderr,
    )
    assert local.returncode == 1 and ":11:" in local.stderr


def test_bad_cluster_option_is_one_line() -> None:
    run = boggle("stats", "--random", "5", "--cluster", "remote:3")
    assert run.returncode == 2 and len(run.stderr.splitlines()) == 1
    assert "'local' or 'local:N'" in run.stderr
    both = boggle("score", "--cluster", "local", "--scheduler", "tcp://127.0.0.1:1")
    assert both.returncode == 2 and "not allowed with" in both.stderr


@pytest.mark.parametrize("count", ["0", "99999", "9" * 5000])
def test_a_local_cluster_of_more_workers_than_the_machine_holds_is_refused(count: str) -> None:
    """``--cluster local:99999`` started worker processes one after another, ignoring Ctrl-C
    while it did (10 minutes and 1.5 GB before it was killed); a local cluster has 1 to 4
    worker processes a core (at most 256), refused in one line before any starts."""
    from boggle.scale.cluster import ClusterError, local_worker_limit, parse_local

    assert 4 <= local_worker_limit() <= 256
    assert parse_local(f"local:{local_worker_limit()}") == local_worker_limit()
    with pytest.raises(ClusterError, match=r"with N from 1 to \d+ \(4 worker processes a core"):
        parse_local(f"local:{count}")
    run = boggle("score", "--cluster", f"local:{count}", timeout=60)
    assert run.returncode == 2 and len(run.stderr.splitlines()) == 1, run.stderr


def test_a_local_cluster_that_fails_to_start_leaves_nothing_for_the_exit_to_wait_on() -> None:
    """With ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=garbage`` the local cluster failed
    while closing again after its failed start: its one line came, then 10 s more before the
    process ended, Dask's exit handler waiting on that cluster, "closing" for good with its
    scheduler still running."""
    need_distributed()
    import dask.config
    import distributed

    from boggle.scale.cluster import ClusterError, open_client

    registry = distributed.SpecCluster._instances
    before = set(registry)
    with (
        dask.config.set({"distributed.comm.timeouts.connect": "garbage"}),
        pytest.raises(ClusterError, match="Invalid time unit: garbage"),
        open_client("local:1"),
    ):
        pass
    started = set(registry) - before
    waited_on = [c for c in started if c.shutdown_on_close and c.status.name != "closed"]
    assert waited_on == []
    assert all(c.scheduler is None or c.scheduler.status.name == "closed" for c in started)


def test_a_local_cluster_whose_close_fails_leaves_nothing_for_the_exit_to_wait_on() -> None:
    """``DASK_DISTRIBUTED__DEPLOY__LOST_WORKER_TIMEOUT=garbage``: the run's report came, then
    10 s more before the process ended: the cluster's close failed on the setting, leaving it
    "closing" for Dask's exit handler to wait on."""
    need_distributed()
    import dask.config

    from boggle.scale.cluster import map_ordered, open_client

    with (
        dask.config.set({"distributed.deploy.lost-worker-timeout": "garbage"}),
        open_client("local:1") as client,
    ):
        assert list(map_ordered(abs, [-1, -2], client)) == [1, 2]
        cluster = cast(Any, client).cluster
    assert not (cluster.shutdown_on_close and cluster.status.name != "closed")
    assert cluster.scheduler.status.name == "closed"


@pytest.mark.slow
def test_score_streams_millions_of_lines_in_bounded_memory(
    cluster: TestCluster, tmp_path: Path
) -> None:
    import psutil

    lines = board_lines(BoardSource.named("new"), seed=5, first=0, count=2_000_000)
    source = tmp_path / "boards.txt"
    source.write_text("\n".join(lines) + "\n")
    del lines
    with (tmp_path / "scores.txt").open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "boggle", "score", str(source), "--scheduler", cluster.address],
            stdout=out,
            stderr=subprocess.PIPE,
        )
        watched = psutil.Process(process.pid)
        peak = 0
        deadline = time.monotonic() + 900
        while process.poll() is None:
            assert time.monotonic() < deadline
            with contextlib.suppress(psutil.Error):
                peak = max(peak, watched.memory_info().rss)
            time.sleep(0.2)
    assert process.returncode == 0, process.stderr.read() if process.stderr else ""
    with (tmp_path / "scores.txt").open() as scores:
        assert sum(1 for _ in scores) == 2_000_000
    assert peak < 250 * 2**20  # the 2,000,000 lines and scores alone would take more


# A command typed at a terminal takes Ctrl-C; one started in the background by a shell (as a
# CI runner may start the tests) inherits SIGINT ignored, which Python keeps: each script below
# starts as the terminal's would.
AS_AT_A_TERMINAL = """
import signal
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
"""

INTERRUPTED_START = (
    AS_AT_A_TERMINAL
    + """
import os, signal, sys
import distributed
from boggle.cli.main import main

starting = distributed.LocalCluster.__init__

def start(self, *args, **kwargs):
    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C as the cluster starts
    starting(self, *args, **kwargs)

distributed.LocalCluster.__init__ = start
sys.exit(main(["score", sys.argv[1], "--cluster", "local:1", "--dict", "en-50"]))
"""
)


def test_ctrl_c_while_a_local_cluster_starts_stops_the_run(tmp_path: Path) -> None:
    """Ctrl-C while the local cluster started was ignored (SIGINT was ignored in this process
    so that the workers would inherit it) and the whole run went on; it now stops, once the
    cluster can be closed, with the CLI's one line and status 130, no board scored."""
    need_distributed()
    path = tmp_path / "boards.txt"
    path.write_text("fxie amlo ewbx astu\n" * 3)
    run = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_START, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert (run.returncode, run.stdout, run.stderr) == (130, "", "boggle: interrupted\n")


WORKERS_SIGNAL_MASK = (
    AS_AT_A_TERMINAL
    + """
import os
from boggle.scale.cluster import open_client

def blocks_ctrl_c():
    status = dict(line.split(":", 1) for line in open(f"/proc/{os.getpid()}/status"))
    return (int(status["SigBlk"], 16) | int(status["SigIgn"], 16)) >> 1 & 1  # SIGINT: 2

with open_client("local:2") as client:
    print(sorted(client.run(blocks_ctrl_c).values()), blocks_ctrl_c())
"""
)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc")
def test_local_workers_never_see_ctrl_c_and_this_process_does() -> None:
    """Ctrl-C on a terminal reaches the whole process group: the workers never take SIGINT
    (blocked: multiprocessing's resource tracker, started first, would unblock it for them),
    and this process, which stops the run and closes the cluster, takes it as before."""
    need_distributed()
    run = subprocess.run(
        [sys.executable, "-c", WORKERS_SIGNAL_MASK],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == "[1, 1] 0\n"


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks (Windows)")
def test_a_ctrl_c_while_workers_start_is_noted_not_raised() -> None:
    """Pressed in there, Ctrl-C raises nothing (the cluster would be left half started): it is
    noted for the caller; a process started in there holds SIGINT blocked; on leaving, the
    handler and the mask are as they were."""
    from boggle.scale.cluster import _workers_ignore_ctrl_c

    handler = signal.getsignal(signal.SIGINT)
    code = "import signal; print(signal.SIGINT in signal.pthread_sigmask(0, []))"
    with _workers_ignore_ctrl_c() as pressed:
        os.kill(os.getpid(), signal.SIGINT)
        started = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert pressed == [True] and started.stdout == "True\n"
    assert signal.getsignal(signal.SIGINT) is handler
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])


UNGUARDED_SCRIPT = """
from boggle import Lexicon
from boggle.study.stats import score_stats

score_stats(10, "new", Lexicon.from_words(["tea", "eat"]), seed=1, where="local:1")
"""


def test_a_script_that_starts_a_local_cluster_unguarded_is_told_why_it_failed(
    tmp_path: Path,
) -> None:
    """Research 33: a researcher's script calling ``score_stats(..., where="local:2")`` at its top
    level failed with "cannot start a local Dask cluster: Nanny failed to start." alone: each
    worker process imports the script again and starts a cluster of its own.  The line now
    says what to do."""
    need_distributed()
    script = tmp_path / "study.py"
    script.write_text(UNGUARDED_SCRIPT)
    run = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert run.returncode == 1
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("boggle.scale.cluster.ClusterError: cannot start a local Dask cluster")
    assert "under 'if __name__ == \"__main__\":'" in last, last


def _failed_start(*causes: BaseException) -> RuntimeError:
    """A "Nanny failed to start." caused by ``causes[0]``, each raised in handling the next."""
    for outer, inner in itertools.pairwise(causes):
        outer.__context__ = inner
    error = RuntimeError("Nanny failed to start.")
    error.__cause__ = causes[0]
    return error


def test_a_cluster_short_of_file_descriptors_says_so_not_scripts() -> None:
    """``ulimit -n 20``: "Nanny failed to start" came with the hint about scripts that
    start a cluster outside ``if __name__ == "__main__":``."""
    from boggle.scale.cluster import start_failure

    error = _failed_start(AssertionError("Status.init"), OSError(24, "Too many open files"))
    said = start_failure(error)
    assert "too few file descriptors" in said and "ulimit -n" in said, said
    assert "__main__" not in said, said


@pytest.mark.parametrize("cluster", ["local:1", "local"])
def test_a_local_cluster_under_ulimit_n_12_is_one_line_at_once(cluster: str) -> None:
    """``ulimit -n 12``: the local cluster's start hung for good, Dask's event loop printing
    psutil's "Too many open files" tracebacks (outside ``open_client``, which never heard of
    it); 16 failed in one line after 31 s. A limit under what a cluster of that many
    workers needs is refused before anything starts (an unreadable limit, or none, is let
    through as before)."""
    need_distributed()
    started = time.monotonic()
    run = subprocess.run(
        ["bash", "-c", f'ulimit -n 12 && exec "$0" -m boggle stats --random 5 --cluster {cluster}',
         sys.executable],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert run.returncode == 2 and len(run.stderr.splitlines()) == 1, run.stderr[-2000:]
    assert run.stderr.startswith("boggle: error: cannot start a local Dask cluster of "), run.stderr
    assert "too few file descriptors (this process may open 12" in run.stderr, run.stderr
    assert "ulimit -n" in run.stderr and "Traceback" not in run.stderr
    assert time.monotonic() - started < 60


@pytest.mark.parametrize(
    ("raised", "says"),
    [
        (OSError(errno.EADDRINUSE, "Address already in use"), "no free network port"),
        (OSError(errno.EADDRNOTAVAIL, "Cannot assign requested address"), "no free network port"),
        (OSError(errno.EMFILE, "Too many open files"), "too few file descriptors"),
        (OSError(errno.EAGAIN, "Resource temporarily unavailable"), "not enough memory or"),
        (TimeoutError(), "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=30s"),
        (OSError("Timed out trying to connect to tcp://127.0.0.1:40001 after 30 s"), "timed out"),
        (OSError(errno.EIO, "Input/output error"), "Input/output error; start fewer workers"),
    ],
)
@pytest.mark.parametrize("stage", ["start", "connect"])
def test_a_local_cluster_s_own_failure_is_not_an_unreachable_scheduler(
    monkeypatch: pytest.MonkeyPatch, raised: Exception, says: str, stage: str
) -> None:
    """An OSError or TimeoutError of ``--cluster local`` (ports used up, too many open
    files, a worker slow to answer) was "cannot reach the Dask scheduler at local:1",
    a scheduler nobody named: it says what failed on this machine, and what to try."""
    need_distributed()
    import distributed

    from boggle.scale.cluster import ClusterError, open_client

    closed: list[bool] = []

    class StartedCluster:
        def close(self, timeout: float) -> None:
            closed.append(True)

    def fail(*args: object, **kwargs: object) -> None:
        raise raised

    if stage == "start":
        monkeypatch.setattr(distributed, "LocalCluster", fail)
    else:
        monkeypatch.setattr(distributed, "LocalCluster", lambda **kwargs: StartedCluster())
        monkeypatch.setattr(distributed, "Client", fail)
    with pytest.raises(ClusterError) as caught, open_client("local:1"):
        pass
    said = str(caught.value)
    begins = {
        "start": "cannot start a local Dask cluster of 1 worker: ",
        "connect": "cannot connect to the local Dask cluster of 1 worker it started: ",
    }[stage]
    assert said.startswith(begins), said
    assert says in said and "cannot reach" not in said and "\n" not in said, said
    assert "local:N" in said, said  # what to try
    assert closed == ([True] if stage == "connect" else [])


def test_a_named_scheduler_that_cannot_be_reached_keeps_its_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    need_distributed()
    import distributed

    from boggle.scale import cluster
    from boggle.scale.cluster import ClusterError, open_client

    def time_out(*args: object, **kwargs: object) -> None:
        raise OSError("Timed out trying to connect to tcp://10.0.0.5:8786 after 10 s")

    monkeypatch.setattr(cluster, "probe_scheduler", lambda address, timeout: None)
    monkeypatch.setattr(distributed, "Client", time_out)
    with pytest.raises(ClusterError) as caught, open_client("tcp://10.0.0.5:8786"):
        pass
    assert str(caught.value) == (
        "cannot reach the Dask scheduler at tcp://10.0.0.5:8786: "
        "Timed out trying to connect to tcp://10.0.0.5:8786 after 10 s"
    )


def test_a_local_cluster_lost_mid_run_is_not_called_a_scheduler() -> None:
    """A client of a local cluster (it holds the cluster) that fails mid-run says so; one of
    a named scheduler still names its address."""
    from boggle.scale.cluster import ClusterError, worker_threads

    class Scheduler:
        address = "tcp://10.0.0.5:8786"

    class Client:
        scheduler = Scheduler()
        cluster: object = None

        def nthreads(self) -> dict[str, int]:
            raise OSError(errno.EMFILE, "Too many open files")

    remote, local = Client(), Client()
    local.cluster = object()
    with pytest.raises(ClusterError, match=r"^lost the Dask scheduler: \[Errno 24\] Too many"):
        worker_threads(cast(Any, remote))
    with pytest.raises(ClusterError) as caught:
        worker_threads(cast(Any, local))
    said = str(caught.value)
    assert said.startswith("the local Dask cluster failed while it ran the work: too few file"), (
        said
    )
    assert "scheduler" not in said and "ulimit -n" in said, said


def test_the_open_files_a_local_cluster_needs_grow_with_its_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from boggle.scale import cluster
    from boggle.scale.cluster import ClusterError, check_open_files

    monkeypatch.setattr(cluster, "_open_files_allowed", lambda: 40)
    check_open_files(2)  # measured: 2 workers started with 40
    with pytest.raises(ClusterError, match=r"of 3 workers: .* may open 40, the cluster needs"):
        check_open_files(3)
    monkeypatch.setattr(cluster, "_open_files_allowed", lambda: None)
    check_open_files(256)


def test_a_soft_file_limit_is_raised_up_to_the_hard_one_not_refused() -> None:
    """A soft limit under what the cluster needs was refused ("raise it with 'ulimit -n'")
    where the hard limit allowed it (macOS's soft 256: 30 workers; Linux's 1,024: 126), and
    one just above it failed to start (3 workers under 48): a soft limit under twice that is
    raised, as 'ulimit -n' would, no further than the hard limit, which still refuses."""
    script = (
        "import resource\n"
        "from boggle.scale.cluster import ClusterError, check_open_files\n"
        "check_open_files(2)\n"
        "print(resource.getrlimit(resource.RLIMIT_NOFILE)[0])\n"
        "try:\n"
        "    check_open_files(20)\n"
        "except ClusterError as error:\n"
        "    print(error)\n"
    )
    source = PACKAGE_ROOT
    run = subprocess.run(
        ["bash", "-c", 'ulimit -Sn 30 && ulimit -Hn 100 && exec "$0" -c "$1"', sys.executable,
         script],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(source)},
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:]
    raised, refused = run.stdout.splitlines()
    assert int(raised) > 2 * 32, run.stdout  # 2 workers need more than 16 + 8 x 2
    assert "of 20 workers: too few file descriptors (this process may open 100" in refused


def _raised(function: Any, *args: object) -> BaseException:
    """The error ``function(*args)`` raises, with its traceback."""
    try:
        function(*args)
    except Exception as error:
        return error
    raise AssertionError("nothing raised")


def test_only_an_error_reading_dask_s_configuration_is_called_one() -> None:
    """Any KeyError, TypeError or ValueError of a local cluster's start (a worker's, or the
    client's) was called "its configuration is not valid": only one raised reading Dask's
    configuration (a time or size it parses, its config modules) is now; the others say
    the start failed and what they said."""
    need_distributed()
    from dask.utils import parse_bytes, parse_timedelta

    from boggle.scale.cluster import _client_failure, read_configuration, start_failure

    unit = _raised(parse_timedelta, "3 fortnights")
    size = _raised(parse_bytes, "garbage")
    lookup = _raised(lambda key: {}[key], "worker")
    own = _raised(int, "x")
    assert read_configuration(unit) and read_configuration(size)
    assert not read_configuration(lookup) and not read_configuration(own)
    assert "configuration is not valid (ValueError: Could not interpret" in start_failure(
        _failed_start(size)
    )
    said = start_failure(_failed_start(lookup))
    assert said == "cannot start a local Dask cluster: Nanny failed to start (KeyError: worker)"
    assert "configuration" not in start_failure(_failed_start(own))
    assert _client_failure(cast(Exception, unit), "local:1", True).startswith(
        "Dask cannot start: its configuration is not valid (KeyError: Invalid time unit"
    )
    assert _client_failure(cast(Exception, own), "local:1", True) == (
        "cannot start a local Dask cluster (ValueError: invalid literal for int() with base 10: "
        "'x')"
    )
    assert _client_failure(cast(Exception, lookup), "tcp://10.0.0.5:8786", False) == (
        "cannot connect to the Dask scheduler at tcp://10.0.0.5:8786 (KeyError: worker)"
    )


def test_dask_that_fails_to_import_for_another_reason_is_not_called_a_setting(
    tmp_path: Path,
) -> None:
    """Any error importing Dask's ``distributed`` was called its configuration's; one that
    is not (a broken installation) says the import failed."""
    fake = tmp_path / "distributed"
    fake.mkdir()
    (fake / "__init__.py").write_text('raise TypeError("a broken installation")\n')
    source = PACKAGE_ROOT
    run = subprocess.run(
        [sys.executable, "-m", "boggle", "stats", "--random", "3", "--cluster", "local:1"],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(source)])},
    )
    assert run.returncode == 2 and len(run.stderr.splitlines()) == 1, run.stderr
    assert run.stderr.startswith(
        "boggle: error: Dask cannot start: importing distributed failed "
        "(TypeError: a broken installation); check Dask's installation"
    ), run.stderr


@pytest.mark.parametrize(
    ("raised", "says"),
    [
        (
            "ImportError(\"cannot import name 'parse_timedelta' from 'dask.utils'\")",
            "Dask cannot start: importing distributed failed (ImportError: cannot import name "
            "'parse_timedelta' from 'dask.utils'); check Dask's installation",
        ),
        (
            "ModuleNotFoundError(\"No module named 'tornado'\", name='tornado')",
            "Dask cannot start: importing distributed failed (ModuleNotFoundError: No module "
            "named 'tornado'); check Dask's installation",
        ),
        (
            "ModuleNotFoundError(\"No module named 'dask'\", name='dask')",
            "running on a Dask cluster needs Dask: pip install 'boggle[dask]'",
        ),
    ],
)
def test_an_installed_dask_that_fails_to_import_is_not_called_missing(
    tmp_path: Path, raised: str, says: str
) -> None:
    """An ``ImportError`` raised inside an installed ``distributed`` (a ``dask`` of another
    version, a dependency missing) was "running on a Dask cluster needs Dask: pip install
    'boggle[dask]'", Dask installed: only ``distributed`` or ``dask`` not found is that."""
    fake = tmp_path / "distributed"
    fake.mkdir()
    (fake / "__init__.py").write_text(f"raise {raised}\n")
    source = PACKAGE_ROOT
    run = subprocess.run(
        [sys.executable, "-m", "boggle", "stats", "--random", "3", "--cluster", "local:1"],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(source)])},
    )
    assert run.returncode == 2 and len(run.stderr.splitlines()) == 1, run.stderr
    assert run.stderr == f"boggle: error: {says}\n", run.stderr


def test_the_script_hint_is_given_only_for_a_script_without_the_main_guard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hint came for every failed start; it applies where a worker process ended without
    a word and the program's main file has no ``if __name__ == "__main__":``."""
    import types

    from boggle.scale.cluster import SCRIPT_HINT, start_failure

    error = _failed_start(RuntimeError("Nanny failed to start worker process"))
    for source, hinted in [
        ("from boggle.scale.cluster import open_client\nopen_client('local:1')\n", True),
        ("def main(): ...\nif __name__ == '__main__':\n    main()\n", False),
    ]:
        script = tmp_path / "script.py"
        script.write_text(source)
        main = types.ModuleType("__main__")
        main.__file__ = str(script)
        monkeypatch.setitem(sys.modules, "__main__", main)
        assert (SCRIPT_HINT in start_failure(error)) is hinted, source
