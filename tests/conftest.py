"""The fixtures every test may ask for: ENABLE2K from ../shared/data (``enable_path``,
``enable``), a module's own small word list in a file (``small_list``), a small real disk
to fill (``full_disk``), ``frozen_heap``, a Dask ``cluster``, and the browser tests'
(browser_fixtures.py, loaded as a plugin); and what every test runs under: a cache and a
data folder of the suite's own, never the user's, and the Hypothesis profile. The other
shared helpers are the modules beside it (docs/architecture.md, "Where the tests are")."""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from dask_helpers import TestCluster, dask_cluster
from hypothesis import HealthCheck, settings

# Hypothesis fails an example that takes over 200 ms, a timed assertion: on a loaded CI machine
# a first call (a cold cache, a busy core) took 400-540 ms and failed the test as flaky.
# The examples are the same each run (derandomize: Hypothesis's own "ci" profile, which it
# loads only where $CI is set; `bash .ci/run` does not set it), so a run passes or fails
# by the code, not by the examples it happened to draw; and "too slow", which times how long
# the examples take to make, is not checked (a timed assertion too). New examples are one
# option away: `python -m pytest --hypothesis-profile=explore` (random, saved when they fail).
settings.register_profile(
    "boggle",
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", deadline=None)
settings.load_profile("boggle")

# The suite never writes into the user's real cache (~/.cache/boggle): every test, and
# every command a test runs in a subprocess, uses this temporary one.
_TEST_CACHE = tempfile.mkdtemp(prefix="boggle-test-cache-")
os.environ["BOGGLE_CACHE_DIR"] = _TEST_CACHE
# Likewise the rooms' results of `boggle serve` without --data (~/.local/share/boggle).
_TEST_DATA = tempfile.mkdtemp(prefix="boggle-test-data-")
os.environ["BOGGLE_DATA_DIR"] = _TEST_DATA

from boggle import Lexicon  # noqa: E402 - after the cache is redirected

pytest_plugins = ["browser_fixtures"]  # server, browser, pages: shared by the browser tests

SHARED_DATA = Path(
    os.environ.get("BOGGLE_SHARED_DATA") or Path(__file__).resolve().parents[2] / "shared" / "data"
)
"""The public word lists: ../shared/data beside the repo, or $BOGGLE_SHARED_DATA (a machine
where the repo travels alone, such as a GPU machine given a copy of enable.txt)."""
ENABLE_PATH = SHARED_DATA / "enable.txt"


def need_shared_file(path: Path) -> Path:
    """The path, or a skip that says why (a failure in CI, where the file must exist)."""
    if not path.is_file():
        message = (
            f"{path} is absent: the reference-figure tests need ../shared/data beside the repo"
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def enable_path() -> Path:
    return need_shared_file(ENABLE_PATH)


@pytest.fixture(scope="session")
def enable(enable_path: Path) -> Lexicon:
    return Lexicon.from_file(enable_path)


@pytest.fixture()
def small_list(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The path (as ``--dict`` takes it) of ``small.txt`` in the test's ``tmp_path``: the
    asking module's ``SMALL_LIST_WORDS``, or without them its ``WORDS``, one a line."""
    module = request.module
    words = getattr(module, "SMALL_LIST_WORDS", None) or module.WORDS
    path = tmp_path / "small.txt"
    path.write_text("\n".join(words) + "\n")
    return str(path)


@pytest.fixture()
def frozen_heap() -> Iterator[None]:
    """The objects the tests before this one left are set apart from the garbage collector
    (``gc.freeze``) while it runs: memory measuring calls ``gc.collect()`` dozens of times,
    and over the whole suite's heap each call takes a second instead of a millisecond."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@pytest.fixture()
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 64 KiB file system (tmpfs) in the test's ``tmp_path``, so that a write really
    meets ENOSPC once the test has filled it; needs root to mount it (skips, saying why)."""
    mount = shutil.which("mount")
    folder = tmp_path / "small"
    folder.mkdir()
    if os.geteuid() != 0 or mount is None:
        pytest.skip(
            "a real full disk needs root to mount a small tmpfs (the ENOSPC path "
            "is also tested above with a simulated error)"
        )
    done = subprocess.run(
        [mount, "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
        capture_output=True,
        timeout=10,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], timeout=10, check=False)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestCluster]:
    """A ``dask scheduler`` and two single-threaded ``dask worker`` processes on 127.0.0.1,
    one cluster per test module that asks (skips, saying why, without Dask)."""
    with dask_cluster(2, tmp_path_factory.mktemp("dask-logs")) as running:
        yield running


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_TEST_CACHE, ignore_errors=True)
    shutil.rmtree(_TEST_DATA, ignore_errors=True)
