"""A Ctrl-C in ``stats --random N --engine gpu``: the device run stops with the summary of
the batches the host had summarised, equal to that of ``--random DONE --seed SEED`` (on the
device and on the native engine), checked without a GPU.

The device is a stand-in (:class:`NativeDevice`) with the runner's interface: NumPy
arrays, and each launch of the stats kernels computed at once by the native engine
(board ``i`` made by :func:`board_lines`), its scores written and counted in the
histogram as the kernel does.  A board scoring more than ``small_limit`` comes back as
``OVERFLOW`` from the first pass, more than ``large_limit`` from the second too, so the
second pass and the CPU path run.  A Ctrl-C is raised where the device may be when it
comes: before a launch reaches it, after it, while the host reads a batch back, or in
the progress callback; and once as a real SIGINT from another thread.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from boggle import Board, Lexicon
from boggle.cli.commands import stats as stats_command
from boggle.cli.main import main
from boggle.dice.bulk import BoardSource, board_lines
from boggle.engines import gpu
from boggle.engines.gpu import OVERFLOW, KernelScorer, device
from boggle.engines.native import compiled
from boggle.model.rules import CLASSIC, Rules
from boggle.scale.threads import score_many
from boggle.study import device_stats
from boggle.study.device_stats import RandomStats, random_stats
from boggle.study.stats import ScoreStats, score_stats

numpy = pytest.importorskip("numpy", reason="the device path's arrays need NumPy")

WORDS = ["tea", "eat", "ate", "seat", "east", "rest", "stare", "tears", "rates", "treats"]
SEED, TOP, BATCH = 6, 5, 300


@contextlib.contextmanager
def whole_launch() -> Iterator[None]:
    """A kernel the device has begun runs to its end: a SIGINT while the stand-in writes a
    launch's scores and counts is raised after them."""
    caught: list[int] = []
    before = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if caught:
        raise KeyboardInterrupt


class NativeDevice:
    """The device runner's interface (:class:`~boggle.engines.gpu.KernelRunner`) over
    NumPy, each launch computed by the native engine; ``ctrl_c(event, number)`` is called
    at each event (``"launch"``/``"launched"`` with the first pass's launch number,
    ``"read"`` with the read-backs so far) and may raise ``KeyboardInterrupt``."""

    name = "native stand-in"

    def __init__(
        self,
        lexicon: Lexicon,
        source: BoardSource,
        rules: Rules,
        batch_boards: int = 100,
        small_limit: int = 4,
        large_limit: int = 7,
    ) -> None:
        self.lexicon, self.source, self.rules = lexicon, source, rules
        core = compiled(lexicon)
        assert core is not None
        self.core = core
        self.batch_boards = batch_boards
        self.small_limit, self.large_limit = small_limit, large_limit
        self.launches: list[tuple[str, int]] = []
        self.reads = 0
        self.ctrl_c: Callable[[str, int], None] = lambda event, number: None

    @property
    def xp(self) -> Any:
        return numpy

    def upload(self, array: Any) -> Any:
        return numpy.array(array, copy=True, order="C")

    def to_host(self, array: Any) -> Any:
        self.reads += 1
        self.ctrl_c("read", self.reads)
        return numpy.array(array, copy=True)

    def stream(self, index: int) -> contextlib.AbstractContextManager[None]:
        assert index in (0, 1)
        return contextlib.nullcontext()

    def synchronize(self) -> None:
        return None

    def numbers(self, items: int, base: int, indices: Any) -> list[int]:
        return list(range(base, base + items)) if indices is None else indices.tolist()

    def lines(self, numbers: list[int], seed: int) -> list[str]:
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            return board_lines(self.source, seed, numbers[0], len(numbers))
        return [board_lines(self.source, seed, number, 1)[0] for number in numbers]

    def launch(self, kernel: str, items: int, *arguments: Any) -> None:
        if kernel == "bg_roll_boards":
            *_, cells, seed, base, indices, faces = arguments
            assert cells == self.source.cells
            for row, line in enumerate(self.lines(self.numbers(items, base, indices), seed)):
                code = self.core.encode_board(Board.parse(line))
                faces[row] = numpy.frombuffer(code, dtype=numpy.uint32)
            return
        small = kernel == "bg_random_stats_small"
        assert small or kernel == "bg_random_stats_large", kernel
        number = sum(name == kernel for name, _ in self.launches)
        if small:
            self.ctrl_c("launch", number)
        self.launches.append((kernel, items))
        _, cells, *_, seed, base, indices, out, hist, low, bins = arguments
        assert cells == self.source.cells and (hist is None) != small
        numbers = self.numbers(items, base, indices)
        scores = score_many(self.lines(numbers, seed), self.lexicon, self.rules, jobs=1)
        limit = self.small_limit if small else self.large_limit
        with whole_launch():
            for item, score in enumerate(scores):
                out[item] = OVERFLOW if score is None or score > limit else score
                if hist is not None and out[item] != OVERFLOW and 0 <= out[item] - low < bins:
                    hist[out[item] - low] += 1
        if small:
            self.ctrl_c("launched", number)


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.from_words(WORDS)


def on_device(lexicon: Lexicon, **limits: int) -> tuple[NativeDevice, KernelScorer]:
    runner = NativeDevice(lexicon, BoardSource.named("new"), CLASSIC, **limits)
    return runner, KernelScorer(lexicon, runner)


def summary(scorer: KernelScorer, boards: int, **options: Any) -> RandomStats:
    found = random_stats(
        scorer, BoardSource.named("new"), SEED, boards, CLASSIC, TOP, batch=BATCH, **options
    )
    assert found is not None
    return found


def as_native(found: RandomStats, native: ScoreStats) -> bool:
    """The device's summary says what the native engine's says."""
    best = [(board.score, board.index) for board in native.best]
    return (found.boards, found.counts, found.best) == (native.boards, dict(native.counts), best)


def ctrl_c_at(event: str, number: int) -> Callable[[str, int], None]:
    def maybe(seen: str, count: int) -> None:
        if (seen, count) == (event, number):
            raise KeyboardInterrupt

    return maybe


# (event, number, batches summarised): a launch interrupted before it reaches the device
# or just after leaves the batch before it on the device too (two on two streams)
STOPS = [
    ("launch", 0, 0),
    ("launch", 1, 0),
    ("launch", 4, 3),
    ("launched", 0, 0),
    ("launched", 1, 0),
    ("launched", 4, 3),
    ("launched", 6, 5),  # the last, shorter batch
]


@pytest.mark.parametrize(("event", "number", "batches"), STOPS)
@pytest.mark.parametrize(
    ("low", "bins"), [(device_stats.HISTOGRAM_LOW, device_stats.HISTOGRAM_BINS), (0, 7)]
)
def test_a_ctrl_c_on_the_device_summarises_the_batches_done(
    lexicon: Lexicon,
    event: str,
    number: int,
    batches: int,
    low: int,
    bins: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Wherever the launches stand, the summary is that of the batches the host summarised:
    the run ``--random DONE`` on the device, and on the native engine.  (A histogram of
    scores 0 to 6 leaves the others to the host.)"""
    monkeypatch.setattr(device_stats, "HISTOGRAM_LOW", low)
    monkeypatch.setattr(device_stats, "HISTOGRAM_BINS", bins)
    runner, scorer = on_device(lexicon)
    runner.ctrl_c = ctrl_c_at(event, number)
    stopped = summary(scorer, 2000)
    assert stopped.interrupted and stopped.boards == batches * BATCH
    again = summary(on_device(lexicon)[1], stopped.boards)
    assert not again.interrupted and again == RandomStats(
        stopped.counts, stopped.best, stopped.boards
    )
    native = score_stats(stopped.boards, BoardSource.named("new"), lexicon, seed=SEED, top=TOP)
    assert as_native(stopped, native)


def test_the_stand_in_reaches_the_second_pass_and_the_cpu(lexicon: Lexicon) -> None:
    """The cases above go through every path of a batch: boards rescored by the large word
    set, and boards even that cannot hold, rolled on the device and scored on the CPU."""
    runner, scorer = on_device(lexicon)
    whole = summary(scorer, 2000)
    native = score_stats(2000, BoardSource.named("new"), lexicon, seed=SEED, top=TOP)
    assert as_native(whole, native) and not whole.interrupted
    assert any(score > runner.small_limit for score in whole.counts)
    assert any(score > runner.large_limit for score in whole.counts)
    assert {name for name, _ in runner.launches} == {
        "bg_random_stats_small",
        "bg_random_stats_large",
    }


@pytest.mark.parametrize("reads", range(1, 22))
def test_a_ctrl_c_while_a_batch_is_read_back_drops_that_batch_whole(
    lexicon: Lexicon, reads: int
) -> None:
    """A Ctrl-C while the host reads a batch's boards back (overflows, candidates for the
    best): that batch is not counted at all, the ones before are."""
    runner, scorer = on_device(lexicon)
    runner.ctrl_c = ctrl_c_at("read", reads)
    stopped = summary(scorer, 2000)
    assert stopped.interrupted and stopped.boards % BATCH == 0 and stopped.boards < 2000
    native = score_stats(stopped.boards, BoardSource.named("new"), lexicon, seed=SEED, top=TOP)
    assert as_native(stopped, native)


@pytest.mark.parametrize("after", [1, 3])
def test_a_ctrl_c_in_the_progress_callback_keeps_the_batch_it_reported(
    lexicon: Lexicon, after: int
) -> None:
    seen: list[int] = []

    def progress(count: int) -> None:
        seen.append(count)
        if len(seen) == after:
            raise KeyboardInterrupt

    stopped = summary(on_device(lexicon)[1], 2000, progress=progress)
    assert stopped.interrupted and stopped.boards == sum(seen) == after * BATCH
    native = score_stats(stopped.boards, BoardSource.named("new"), lexicon, seed=SEED, top=TOP)
    assert as_native(stopped, native)


def test_one_launch_a_batch_and_no_read_back_a_board(lexicon: Lexicon) -> None:
    """The batches stay whole launches: one first-pass launch a batch, and a few reads of
    each batch back to the host, however many boards it holds (no board by board sync)."""
    runner, scorer = on_device(lexicon, small_limit=10**6, large_limit=10**6)
    summary(scorer, 2000)
    first_pass = [items for name, items in runner.launches if name == "bg_random_stats_small"]
    assert first_pass == [BATCH] * 6 + [200]
    assert runner.reads <= 4 * len(first_pass) + 1


@pytest.mark.parametrize("pause", [0.0, 0.02, 0.05])
def test_a_real_sigint_from_another_thread_lands_anywhere_and_still_summarises(
    lexicon: Lexicon, pause: float
) -> None:
    """A SIGINT sent while the run goes on (as a terminal's Ctrl-C), ``pause`` seconds
    after the first batch is summarised, becomes the ``KeyboardInterrupt`` wherever the
    main thread then is; the summary is still a run's."""
    assert threading.current_thread() is threading.main_thread()
    started = threading.Event()

    def send() -> None:
        started.wait()
        time.sleep(pause)  # somewhere else in the run: no timing is asserted
        os.kill(os.getpid(), signal.SIGINT)

    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    sender = threading.Thread(target=send)
    sender.start()
    try:
        stopped = summary(on_device(lexicon)[1], 10**7, progress=lambda count: started.set())
    finally:
        sender.join()
        signal.signal(signal.SIGINT, before)
    assert stopped.interrupted and 0 < stopped.boards < 10**7 and stopped.boards % BATCH == 0
    native = score_stats(stopped.boards, BoardSource.named("new"), lexicon, seed=SEED, top=TOP)
    assert as_native(stopped, native)


# ---------------------------------------------------------------- the command


@pytest.fixture
def stand_in_gpu(lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``--engine gpu`` runs on the stand-in, batches of 400 boards (4 x 100)."""

    def scorer(words: Lexicon) -> KernelScorer:
        return KernelScorer(words, NativeDevice(words, BoardSource.named("new"), CLASSIC))

    monkeypatch.setattr(device, "device_missing", lambda: None)
    monkeypatch.setattr(gpu, "device_scorer", scorer)
    yield


@pytest.fixture
def words(tmp_path: Path) -> str:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("form", [[], ["--json"]])
def test_the_command_stopped_on_the_device_prints_what_random_done_prints(
    stand_in_gpu: None,
    words: str,
    form: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    counted = stats_command._Pace.update
    plotted: list[ScoreStats] = []

    def ctrl_c_after_two_batches(pace: Any, count: int) -> None:
        counted(pace, count)
        if pace.done == 800:
            raise KeyboardInterrupt

    monkeypatch.setattr(stats_command._Pace, "update", ctrl_c_after_two_batches)
    monkeypatch.setattr(stats_command, "write_plot", lambda stats, path: plotted.append(stats))
    run = ["stats", "--seed", "3", "--top", "4", "--dict", words, *form]
    plot = ["--plot", str(tmp_path / "stopped.svg")]
    status = main([*run, "--random", "100000", "--engine", "gpu", *plot])
    stopped = capsys.readouterr()
    monkeypatch.setattr(stats_command._Pace, "update", counted)
    assert status == 130
    wrote, *said = stopped.err.splitlines()
    assert wrote == f"wrote '{tmp_path / 'stopped.svg'}'"  # the plot of the boards done
    assert len(said) == 1 and said[0].startswith(
        "boggle stats: interrupted after 800 of 100,000 boards in "
    )
    assert said[0].endswith("; --random 800 --seed 3 summarises those")
    for engine in ("gpu", "native"):
        assert main([*run, "--random", "800", "--engine", engine, *plot]) == 0
        shorter = capsys.readouterr()
        if form:
            summary, whole = json.loads(stopped.out), json.loads(shorter.out)
            assert (summary.pop("interrupted"), whole.pop("interrupted")) == (True, False)
            assert summary == whole and summary["boards"] == 800
        else:
            assert stopped.out == shorter.out and stopped.out.startswith(
                "boards       800 (new 4x4, seed 3)"
            )
    assert plotted[0] == plotted[1] == plotted[2] and plotted[0].boards == 800
    assert plotted[0].interrupted and not plotted[1].interrupted


def test_the_command_stopped_before_a_device_batch_prints_no_summary(
    stand_in_gpu: None,
    words: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def ctrl_c_at_once(self: NativeDevice, kernel: str, items: int, *arguments: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(NativeDevice, "launch", ctrl_c_at_once)
    argv = ["stats", "--random", "100000", "--seed", "3", "--engine", "gpu", "--dict", words]
    status = main(argv)
    captured = capsys.readouterr()
    assert status == 130 and captured.out == ""
    assert captured.err.count("\n") == 1 and "--random 0" not in captured.err
    assert "before a board of the 100,000 was scored" in captured.err
