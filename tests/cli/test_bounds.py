"""Work a command line can ask for is bounded, and a bound hit is said in one line (issue 32:
`--jobs 200` forked 193 processes, `prove --above 0` kept every board until memory ran out,
`search --pool 100000000 --seconds 1` ignored `--seconds`)."""

from __future__ import annotations

import importlib
import itertools
import json
import random
from pathlib import Path
from typing import ClassVar

import pytest

from boggle import Lexicon
from boggle.cli.main import main
from boggle.model.errors import BoggleError
from boggle.model.rules import CLASSIC
from boggle.search import job, local, search
from boggle.search.branch_and_bound import Prover
from boggle.search.classes import ClassTask
from boggle.search.faces import board_text, canonical
from boggle.search.local import MAX_POOL, START_BATCH, hillclimb
from boggle.search.objective import with_objective
from boggle.search.results import ClassResult
from boggle.search.scorer import Scorer
from boggle.search.space import LetterSpace
from boggle.search.tracker import Tracker

prove = importlib.import_module("boggle.search.prove")  # the package names a function so

WORDS = ["tea", "eat", "ate", "tee", "seat", "eats", "east", "sate", "teas", "tease"]


def one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and says in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "command",
    [["search", "--size", "3x3"], ["prove", "--size", "2x2"], ["stats", "--random", "2"]],
)
@pytest.mark.parametrize("jobs", ["0", "257", "9999"])
def test_jobs_are_bounded_like_the_other_commands(
    command: list[str], jobs: str, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*command, "--jobs", jobs, "--dict", small_list]
    if command[0] == "prove":
        argv += ["--above", "3"]
    one_line_error(capsys, argv, f"argument --jobs: must be from 1 to 256, got {int(jobs):,}")


def test_prove_runs_one_thread_per_core_at_most_and_says_so(
    small_list: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(prove, "default_jobs", lambda: 1)
    started: list[int] = []
    real_on_threads = prove.on_threads

    def counting(prover: object, tasks: object, jobs: int) -> object:
        started.append(jobs)
        return real_on_threads(prover, tasks, jobs)  # type: ignore[arg-type]

    monkeypatch.setattr(prove, "on_threads", counting)
    status = main(["prove", "--size", "2x2", "--above", "7", "--jobs", "8", "--dict", small_list])
    out, err = capsys.readouterr()
    assert status == 0 and started == [] and "aest 8" in out  # one thread: no pool at all
    assert "boggle prove: --jobs 8: one thread per core at most, 1 here" in err


def test_prove_keeps_a_bounded_number_of_boards(
    small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    one_line_error(
        capsys,
        ["prove", "--size", "2x2", "--above", "0", "--max-boards", "5", "--dict", small_list],
        "more than 5 boards may score above 0, and a proof keeps at most 5",
    )
    argv = ["prove", "--size", "2x2", "--above", "7", "--max-boards", "3", "--dict", small_list]
    assert main(argv) == 0
    assert capsys.readouterr().out.split() == ["aest", "8", "aets", "8", "aste", "8"]


def test_one_class_stops_at_the_bound_inside_the_core() -> None:
    """The compiled search stops once the boards pass the bound: it never holds them all."""
    lexicon = Lexicon.from_words(WORDS)
    letters = "aest"
    task = ClassTask(0, 3, 3, (letters,) * 9, 0)  # 4**9 = 262,144 boards, nearly all above 0
    with pytest.raises(BoggleError, match="more than 1,000 boards may score above 0"):
        Prover(lexicon, CLASSIC, max_boards=1_000).run(task)
    with pytest.raises(BoggleError, match="more than 1,000 boards may score above 0"):
        prove.prove(3, 3, lexicon, CLASSIC, 0, max_boards=1_000)
    kept = Prover(lexicon, CLASSIC, max_boards=10**6)
    leaves, _, _ = kept.bound.tree_search(
        kept.masks(task.cells), 3, 3, 0, kept.order(3, 3, task.cells), 0, 9, 101 * 9
    )
    assert len(leaves) == 101 * 9  # stopped at the bytes given, not at 262,144 boards


CROWDED = ["tea", "eat", "ate", "tee", "seat", "eats", "east", "sate", "teas", "tease", "seas"]
CROWDED += ["sees", "tees", "stat", "test", "sets", "ates", "tsetse", "asset", "tastes"]
CROWDED += ["estates", "seats", "states"]


@pytest.mark.parametrize(("objective", "above"), [("points", 35), ("words", 21)])
def test_a_class_keeps_only_the_boards_that_score(objective: str, above: int) -> None:
    """The core scores each board whose bound passes as it finds it: a class whose bound lets
    through ~50,000 boards (the proof used to hold them all, and stopped past 16 per board
    kept) finishes with the boards that score above, as brute force finds them."""
    lexicon = Lexicon.from_words(CROWDED)
    rules = with_objective(CLASSIC, objective)
    cells = ("aest", "ast", "aest", "est", "aest", "aest", "aet", "aest", "aest")
    boards = list(itertools.product(*cells))
    scores = Scorer(lexicon, rules).score_many(boards, 3, 3)
    brute = {
        board_text(canonical(b, 3, 3), 3, 3): s
        for b, s in zip(boards, scores, strict=True)
        if s > above
    }
    task = ClassTask(0, 3, 3, cells, above)
    prover = Prover(lexicon, rules, max_boards=len(brute))
    masks, order = prover.masks(cells), prover.order(3, 3, cells)
    leaves, _, _ = prover.bound.tree_search(masks, 3, 3, above, order, int(above * 2.5), 9)
    assert len(leaves) // 9 > 16 * len(brute)  # whose bound passes: past the old cap
    assert dict(prover.run(task).boards) == brute
    with pytest.raises(BoggleError, match=f"more than {len(brute) - 1:,} boards"):
        Prover(lexicon, rules, max_boards=len(brute) - 1).run(task)


def test_search_refuses_a_pool_past_the_bound(
    small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    one_line_error(
        capsys,
        ["search", "--size", "3x3", "--pool", "100000000", "--seconds", "1", "--dict", small_list],
        f"--pool must be from 1 to {MAX_POOL:,}, got 100,000,000",
    )
    with pytest.raises(BoggleError, match="the pool holds"):
        search(3, 3, Lexicon.from_words(WORDS), CLASSIC, pool=MAX_POOL + 1)


def test_a_large_pool_keeps_the_deadline_while_it_fills() -> None:
    """The starts are scored in batches with the clock read between: time up after the first
    batch, no more are scored (before, all ``pool`` were, whatever ``--seconds`` said)."""
    ticks = iter(range(1000))
    space = LetterSpace(3, 3, ("a", "e", "s", "t"))
    scorer = Scorer(Lexicon.from_words(WORDS), CLASSIC)
    tracker = Tracker(3, 3, 5, seconds=1.5, clock=lambda: float(next(ticks)))
    hillclimb(space, scorer, random.Random(1), tracker, pool=MAX_POOL)
    assert START_BATCH <= scorer.boards_scored < 2 * START_BATCH
    assert local.START_BATCH < MAX_POOL


def test_runs_past_the_cores_share_the_search_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--jobs` past the cores: the runs go one per core, and a run waiting when the time is up
    stops at once instead of running its own `--seconds` (4 runs on 1 core: about 2 s, not 8).
    The three that waited are given 1.5 runs' worth between them: room for a loaded machine,
    half of what running their own time would take."""
    monkeypatch.setattr(job, "default_jobs", lambda: 1)
    seconds = 2.0
    result = search(3, 3, Lexicon.from_words(WORDS), CLASSIC, seconds=seconds, seed=1, jobs=4)
    runs = result.extra["runs"]
    assert len(runs) == 4 and [r["seed"] for r in runs] == [1, 2, 3, 4]
    assert sum(r["seconds"] for r in runs[1:]) < 1.5 * seconds, runs


class FakeBar:
    """Stands for the terminal's progress bar: what it was made with and where it ended."""

    made: ClassVar[list[FakeBar]] = []

    def __init__(
        self, unit: str, total: int | None = None, initial: int = 0, lines_for: str = ""
    ) -> None:
        self.total, self.initial, self.n, self.closed = total, initial, initial, False
        self.lines_for = lines_for
        FakeBar.made.append(self)

    def update(self, steps: int) -> None:
        self.n += steps

    def close(self) -> None:
        self.closed = True


def test_a_resumed_proof_s_bar_counts_the_classes_done_before(
    small_list: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 32: the bar of a resumed proof ended at 12/21 (57%) while the summary said 21."""
    commands_prove = importlib.import_module("boggle.cli.commands.prove")
    monkeypatch.setattr(commands_prove, "progress_bar", FakeBar)
    FakeBar.made.clear()
    path = tmp_path / "proof.jsonl"
    argv = ["prove", "--size", "3x3", "--above", "12", "--dict", small_list]
    assert main([*argv, "--checkpoint", str(path)]) == 0
    header, *classes = path.read_text().splitlines()
    path.write_text("\n".join([header, *classes[:9]]) + "\n")
    capsys.readouterr()
    assert main([*argv, "--checkpoint", str(path)]) == 0
    assert "21 of 21 top-level classes" in capsys.readouterr().err
    first, resumed = FakeBar.made
    assert (first.total, first.initial, first.n) == (21, 0, 21)
    assert (resumed.total, resumed.initial, resumed.n, resumed.closed) == (21, 9, 21, True)


def test_a_proof_estimated_over_an_hour_needs_yes(
    small_list: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32: a 4x4 proof started without a terminal gave no warning of its cost."""
    commands_prove = importlib.import_module("boggle.cli.commands.prove")
    hours = prove.CostEstimate(21, 2, 400.0, True, 1)
    monkeypatch.setattr(commands_prove, "estimate_cost", lambda *args: hours)
    argv = ["prove", "--size", "3x3", "--above", "12", "--dict", small_list]
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1, err
    assert err.startswith("boggle: error: this proof would take at least 2.3 CPU-hours")
    assert err.rstrip().endswith("give --yes to run it")
    assert main([*argv, "--yes"]) == 0
    minutes = prove.CostEstimate(21, 3, 10.0, False, 1)
    monkeypatch.setattr(commands_prove, "estimate_cost", lambda *args: minutes)
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "boggle prove: estimate: about 3.5 CPU-minutes (3.5 minutes on 1 thread" in err


def test_the_estimate_times_sample_classes_within_its_budget() -> None:
    lexicon = Lexicon.from_words(WORDS)
    tasks = list(prove.top_level_classes(3, 3, prove.Layout.of(list("aest"), 3, 3, 3), 12))
    whole = prove.estimate_cost(tasks, lexicon, CLASSIC, budget=60.0, enough_below=0.0)
    assert whole.sampled == min(prove.ESTIMATE_SAMPLES, len(tasks)) and not whole.at_least
    assert whole.classes == len(tasks)
    assert whole.cpu_seconds == pytest.approx(whole.seconds_per_class * len(tasks))
    cut = prove.estimate_cost(tasks, lexicon, CLASSIC, budget=0.0)
    assert cut.sampled == 0 and cut.cpu_seconds == 0.0


def spin(seconds: float) -> None:
    """Work (CPU time of this thread) for ``seconds``."""
    import time

    started = time.thread_time()
    while time.thread_time() - started < seconds:
        pass


def test_the_sample_classes_are_drawn_across_the_proof_the_same_each_time() -> None:
    """Not the classes at even steps of the list (the 3x4 proof's 0, 621 and 1,242 are among
    its cheapest, and put it at a fifth of its cost): a draw with a fixed seed."""
    tasks = [ClassTask(k, 3, 3, ("aest",) * 9, 12) for k in range(1000)]
    drawn: list[list[int]] = []
    for _ in range(2):
        estimate = prove.estimate_cost(
            tasks, Lexicon.from_words(WORDS), CLASSIC, budget=60.0, enough_below=0.0
        )
        drawn.append([result.index for result in estimate.results])
    assert drawn[0] == drawn[1] and len(drawn[0]) == prove.ESTIMATE_SAMPLES
    assert drawn[0] != list(range(0, 1000, 1000 // prove.ESTIMATE_SAMPLES))


def test_a_class_cut_by_the_budget_counts_what_it_took_in_the_mean(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two classes cost 0.05 CPU s each, and the budget cuts the third after some 0.4: the
    mean is of what each took (about 0.17), not the longest class's time given to every
    class, nor the mean of the finished ones.

    The box counts the CPU seconds of the whole process (``process_time``, ``ITIMER_PROF``),
    a class's cost those of its thread: on a loaded machine another thread of the test
    process (xdist's, one an earlier test left) adds to the first, the more the longer the
    classes take in wall-clock time.  So the cut class has a wide margin (0.4 s: a tighter
    one, 0.05, was once eaten, and no class cut), the wall-clock box is out of the way, and
    the mean is checked against the costs the classes measured themselves."""
    took: list[float] = []

    def works(self: prove.Prover, task: ClassTask) -> ClassResult:
        import time

        began = time.thread_time()
        try:
            spin(0.05 if len(took) < 2 else 60.0)  # the third runs until the budget cuts it
        finally:
            took.append(time.thread_time() - began)
        return ClassResult(task.index, (), 1, 0.05)

    monkeypatch.setattr(prove.Prover, "run", works)
    monkeypatch.setattr(prove, "ESTIMATE_WALL_FACTOR", 1000)  # its own test is below
    tasks = [ClassTask(k, 3, 3, ("aest",) * 9, 12) for k in range(100)]
    estimate = prove.estimate_cost(
        tasks, Lexicon.from_words(WORDS), CLASSIC, budget=0.5, enough_below=0.0
    )
    assert estimate.at_least and estimate.sampled == 3 and len(estimate.results) == 2, took
    # cut, not run to its end: the process's CPU timer fires at a scheduler tick the process
    # is running at, which on a machine at load 20 came 3.2 CPU s late, not 0.4
    assert took[2] < 30.0, took
    assert took[2] > 2 * max(took[:2]), took  # so the three figures below differ
    assert estimate.seconds_per_class == pytest.approx(sum(took) / 3, abs=0.005), took
    assert sum(took[:2]) / 2 + 0.02 < estimate.seconds_per_class < took[2] - 0.02, took


def test_a_timer_that_fires_as_it_is_armed_cuts_the_class_and_nothing_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A box of a few microseconds left (the wall-clock one is exact to the microsecond)
    fires as it is armed, before the class has begun: its signal stops the class, which
    counts what it took (nothing), not the estimate with an exception of its own."""
    import signal

    armed = signal.setitimer

    def fires_at_once(which: int, seconds: float, interval: float = 0.0) -> tuple[float, float]:
        before = armed(which, seconds, interval)
        if which == signal.ITIMER_REAL and seconds > 0:
            signal.raise_signal(signal.SIGALRM)  # its handler runs before this returns
        return before

    monkeypatch.setattr(signal, "setitimer", fires_at_once)
    monkeypatch.setattr(prove.Prover, "run", lambda self, task: spin(5.0))
    tasks = [ClassTask(k, 3, 3, ("aest",) * 9, 12) for k in range(10)]
    cut = prove.estimate_cost(tasks, Lexicon.from_words(WORDS), CLASSIC, budget=0.3)
    assert cut.at_least and cut.sampled == 1 and not cut.results
    assert cut.seconds_per_class < 0.1
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


def test_the_budget_counts_the_sampling_thread_s_cpu_seconds_not_the_process_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another thread of the process at work while the classes are sampled (a Dask client's,
    a server's; here 0.5 CPU s of hashing, which runs beside the GIL, during the first
    class): the box counted the process's CPU seconds, its seconds too, and cut a class well
    inside the budget, which the estimate then gave as a lower bound. The box counts the
    sampling thread's seconds, as the classes' costs do: six classes of 0.05 CPU s fit in 0.4."""
    import hashlib
    import threading
    import time

    burnt: list[float] = []

    def burn() -> None:
        data = bytes(1 << 20)
        began = time.thread_time()
        while time.thread_time() - began < 0.5:
            hashlib.sha256(data).digest()
        burnt.append(time.thread_time() - began)

    def works(self: prove.Prover, task: ClassTask) -> ClassResult:
        if not burnt:
            other = threading.Thread(target=burn)
            other.start()
            other.join()
        spin(0.05)
        return ClassResult(task.index, (), 1, 0.05)

    monkeypatch.setattr(prove.Prover, "run", works)
    monkeypatch.setattr(prove, "ESTIMATE_WALL_FACTOR", 1000)  # the CPU box alone
    tasks = [ClassTask(k, 3, 3, ("aest",) * 9, 12) for k in range(100)]
    estimate = prove.estimate_cost(
        tasks, Lexicon.from_words(WORDS), CLASSIC, budget=0.4, samples=6, enough_below=0.0
    )
    assert burnt and burnt[0] >= 0.5  # the other thread's seconds, all spent
    assert not estimate.at_least and estimate.sampled == 6 and len(estimate.results) == 6
    assert estimate.seconds_per_class < 0.1


def test_a_sample_class_past_the_budget_makes_a_lower_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A class still running when the budget is spent is stopped (a timer signal), and the
    estimate says "at least"."""
    import time

    monkeypatch.setattr(prove.Prover, "run", lambda self, task: time.sleep(300))
    tasks = [ClassTask(k, 3, 3, ("aest",) * 9, 12) for k in range(10)]
    started = time.monotonic()
    cut = prove.estimate_cost(tasks, Lexicon.from_words(WORDS), CLASSIC, budget=0.3)
    assert time.monotonic() - started < 120  # not the 300 s of the class, even on a busy machine
    assert cut.at_least and cut.sampled == 1
    assert cut.seconds_per_class < 0.3  # its CPU seconds: the class slept
    assert cut.text().startswith("at least ")


def test_the_budget_counts_cpu_seconds_so_a_slow_cheap_class_is_not_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a busy machine a sample class takes more wall-clock than CPU seconds: the box
    counts CPU seconds (up to ``ESTIMATE_WALL_FACTOR`` times the budget in wall-clock
    seconds), so such a class is finished and its result kept for the proof, not stopped
    and proved again."""
    import time

    def slow_but_cheap(self: prove.Prover, task: ClassTask) -> ClassResult:
        time.sleep(0.6)  # waiting for a core: wall-clock time, no CPU time
        return ClassResult(task.index, (), 1, 0.6)

    monkeypatch.setattr(prove.Prover, "run", slow_but_cheap)
    tasks = [ClassTask(k, 3, 3, ("aest",) * 9, 12) for k in range(10)]
    estimate = prove.estimate_cost(tasks, Lexicon.from_words(WORDS), CLASSIC, budget=0.3, samples=1)
    assert not estimate.at_least and estimate.sampled == 1
    assert len(estimate.results) == 1 and estimate.results[0].index in range(10)
    assert estimate.seconds_per_class < 0.3  # the CPU cost, not the 0.6 s it waited


def test_the_estimate_counts_the_cpu_seconds_of_its_sample_classes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The audit's busy machine: the 3x3 proof was estimated at "about 3.1 CPU-minutes"
    from the wall-clock seconds of its sample classes, then took 11 CPU s.  A class that
    waits for a core costs nothing, one that works costs the CPU seconds it works."""
    import time

    def waits_then_works(self: prove.Prover, task: ClassTask) -> ClassResult:
        time.sleep(0.4)  # waiting for a core: no CPU time
        spin(0.05)
        return ClassResult(task.index, (), 1, 0.45)

    monkeypatch.setattr(prove.Prover, "run", waits_then_works)
    tasks = [ClassTask(k, 3, 3, ("aest",) * 9, 12) for k in range(600)]
    estimate = prove.estimate_cost(
        tasks, Lexicon.from_words(WORDS), CLASSIC, budget=60.0, samples=2, enough_below=0.0
    )
    assert estimate.sampled == 2 and not estimate.at_least
    assert 0.05 <= estimate.seconds_per_class < 0.3
    assert estimate.cpu_seconds < 180  # 600 classes of about 0.05 CPU s, not of 0.45 s
    assert "CPU s each" in estimate.text()


def test_the_classes_timed_for_the_estimate_are_not_proved_again(
    small_list: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[int] = []
    real_run = prove.Prover.run

    def counted_run(self: Prover, task: ClassTask) -> prove.ClassResult:
        ran.append(task.index)
        return real_run(self, task)

    monkeypatch.setattr(prove.Prover, "run", counted_run)
    argv = ["prove", "--size", "3x3", "--above", "12", "--dict", small_list, "--json"]
    assert main(argv) == 0
    assert sorted(ran) == list(range(21))  # each class once, the timed one included
    timed = json.loads(capsys.readouterr().out)
    assert main([*argv, "--yes"]) == 0  # nothing timed
    untimed = json.loads(capsys.readouterr().out)
    assert timed["boards"] == untimed["boards"] and timed["classes"] == untimed["classes"]


@pytest.mark.parametrize("size", ["5x5", "8x8", "4x5"])
def test_a_proof_of_too_many_top_level_classes_is_refused_before_listing_them(
    size: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``prove --size 5x5`` listed its 1,308,097,917 top-level classes before anything else:
    no estimate, no output, the memory of the machine filling for hours (a MemoryError
    traceback under a limit). It is refused at once; the estimate, which lists none, runs."""
    words = tmp_path / "words.txt"
    words.write_text("tea\neat\nate\nseat\neast\n")
    checkpoint = tmp_path / "proof.jsonl"
    argv = ["prove", "--size", size, "--above", "100", "--dict", str(words)]
    assert main([*argv, "--checkpoint", str(checkpoint)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "top-level classes, more than a proof lists" in err
    assert not checkpoint.exists()
    if size == "5x5":  # one 8x8 class takes seconds to prove
        assert main([*argv, "--estimate", "--samples", "1", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["classes_total"] == 1_308_097_917


def test_a_class_bound_past_32_bits_is_refused_not_wrapped(enable: Lexicon) -> None:
    """With ``--scoring 3:1000000`` a 4x4 class's orderly-tree bound (3,888 words: 3.9e9
    points) wrapped round in the prover's 32-bit trees to a negative number: the class was
    dropped at once (0 bounds) whatever it held, so the proof could miss boards. The class's
    64-bit max bound is checked first now, and such a class refused in one line."""
    from boggle.search.estimate import random_classes
    from boggle.search.prove import layout_for

    rules = CLASSIC.with_overrides(scoring=((3, 1_000_000),))
    layout = layout_for(enable, 4, 4, 4, None, None)
    (task,) = random_classes(4, 4, layout, 1_000_000_000, 1, 1)
    prover = Prover(enable, rules)
    assert prover.class_bound(4, 4, task.cells) > 2**31 - 1
    with pytest.raises(BoggleError, match=r"\(3:1000000\) are too large for the prover"):
        prover.run(task)
