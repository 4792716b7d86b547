"""``boggle search`` and ``boggle prove`` through a real Dask cluster (a ``dask scheduler``
and two ``dask worker`` processes on 127.0.0.1): the same proofs as in-process, through an
interruption and its checkpoint; a search finds the known best board of a tiny case, gives
the same boards as in-process for the same seed and number of runs, and stops at its time
limit; an unreachable scheduler is one line and exit status 2."""

from __future__ import annotations

import itertools
import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from dask_helpers import TestCluster, boggle, need_distributed, unreachable_address

from boggle import Board, Lexicon, SearchOptions, solve
from boggle.model.rules import CLASSIC
from boggle.search import prove, search
from boggle.search.branch_and_bound import MAX_BOARDS, Prover
from boggle.search.distributed import _Watch
from boggle.search.job import SearchJob
from boggle.search.results import ClassResult, ProofResult

PROOF_TEXT = (
    "tea eat ate tee sea seat east teas eats sate set sat rat tar art star rats tars arts "
    "rest ears era sear tear rate later alert alter step pest pets spat past taps pats pal "
    "lap laps pals plea leap pale peal"
)
PROOF_WORDS = PROOF_TEXT.split()
TINY_WORDS = ("tea", "eat", "ate", "tee", "seat", "east", "teas", "eats", "sate")


@pytest.fixture(scope="module")
def proof_lexicon() -> Lexicon:
    return Lexicon.from_words(PROOF_WORDS)


@pytest.fixture(scope="module")
def proof_here(proof_lexicon: Lexicon) -> ProofResult:
    """The 3x3 proof in this process, the answer the cluster must give."""
    return prove(3, 3, proof_lexicon, CLASSIC, above=40, bucket_count=2)


def proof_json(result: ProofResult) -> dict[str, object]:
    """A proof's JSON without the figures that depend on the clock."""
    data = result.to_json()
    data.pop("seconds")
    return data


def test_prove_through_the_cluster_equals_in_process(
    cluster: TestCluster, proof_lexicon: Lexicon, proof_here: ProofResult
) -> None:
    here = proof_here
    there = prove(3, 3, proof_lexicon, CLASSIC, above=40, bucket_count=2, where=cluster.address)
    assert [(b.board, b.score) for b in here.boards] == [("arstepsal", 42), ("eplsaeltr", 41)]
    assert proof_json(there) == proof_json(here)
    assert not there.interrupted and there.extra["finished_classes"] == here.top_level


def test_interrupted_cluster_proof_resumes_from_its_checkpoint(
    cluster: TestCluster, proof_lexicon: Lexicon, proof_here: ProofResult, tmp_path: Path
) -> None:
    checkpoint = str(tmp_path / "proof.jsonl")
    seen: list[int] = []

    def interrupt_after_five(result: ClassResult, total: int) -> None:
        seen.append(result.index)
        if len(seen) == 5:
            raise KeyboardInterrupt

    arguments = (3, 3, proof_lexicon, CLASSIC, 40)
    first = prove(
        *arguments, checkpoint=checkpoint, bucket_count=2, on_class=interrupt_after_five,
        where=cluster.address,
    )  # fmt: skip
    assert first.interrupted and first.extra["finished_classes"] == 5
    recorded = Path(checkpoint).read_text().splitlines()
    assert sorted(json.loads(line)["index"] for line in recorded[1:]) == sorted(seen)
    rest = prove(*arguments, checkpoint=checkpoint, bucket_count=2, where=cluster.address)
    whole = proof_here
    assert rest.resumed == 5 and not rest.interrupted
    assert [(b.board, b.score) for b in rest.boards] == [(b.board, b.score) for b in whole.boards]
    assert rest.classes == whole.classes
    assert len(Path(checkpoint).read_text().splitlines()) == 1 + whole.top_level


def test_prove_cli_through_the_cluster_equals_in_process(
    cluster: TestCluster, proof_here: ProofResult, tmp_path: Path
) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(PROOF_WORDS) + "\n")
    argv = ["prove", "--size", "3x3", "--above", "40", "--buckets", "2", "--dict", str(words)]
    remote = boggle(*argv, "--json", "--scheduler", cluster.address)
    assert remote.returncode == 0, remote.stderr
    data = json.loads(remote.stdout)
    data.pop("seconds")
    assert data == proof_json(proof_here)


SPLIT_WORDS = [
    "tea", "eat", "ate", "tee", "east", "seat", "teas", "sate", "tease", "ease", "stat",
    "rate", "tear", "star", "rats", "arts", "tsar", "ears", "sear", "rest", "tree", "trees",
    "steer", "reset", "treat", "state", "taste", "tester", "street", "setter", "eater",
]  # fmt: skip


def test_the_cluster_s_classes_take_the_memory_cap(cluster: TestCluster) -> None:
    """``--memory`` reaches the workers: a cap that splits classes here splits them there
    (the bounds counted are the parts'), and 0 proves them whole there too."""
    lexicon = Lexicon.from_words(SPLIT_WORDS)
    tiny = Prover(lexicon, CLASSIC).class_bytes(1, 3, ["t", "e", "a"]) * 8  # 8 records
    arguments = (2, 5, lexicon, CLASSIC, 40)
    here = prove(*arguments, bucket_count=2, memory=tiny)
    whole = prove(*arguments, bucket_count=2, memory=0)
    assert here.classes != whole.classes  # the cap splits classes
    there = prove(*arguments, bucket_count=2, memory=tiny, where=cluster.address)
    assert there.classes == here.classes and there.boards == here.boards
    there_whole = prove(*arguments, bucket_count=2, memory=0, where=cluster.address)
    assert there_whole.classes == whole.classes and there_whole.boards == whole.boards


def test_the_workers_compile_only_the_words_that_fit_the_board(cluster: TestCluster) -> None:
    """A proof in this process compiles only the words that fit its board
    (``Prover(..., cells=N)``); the workers' provers compiled the whole list. They get the
    board's cells now, their provers kept per cells, and prove the same classes."""
    from distributed import Client

    lexicon = Lexicon.from_words([*TINY_WORDS, "eateries", "seatmates"])
    here = prove(2, 2, lexicon, CLASSIC, above=1, bucket_count=2)
    there = prove(2, 2, lexicon, CLASSIC, above=1, bucket_count=2, where=cluster.address)
    assert there.classes == here.classes and there.boards == here.boards

    def held_provers() -> list[tuple[str, int | None]]:  # on a worker, in its one thread
        from boggle.search.distributed import _provers

        held = _provers.__dict__.get("held", {})
        return [(key[0], prover.cells) for key, prover in held.items()]

    with Client(cluster.address, timeout=60) as client:
        held = [
            entry
            for worker in client.scheduler_info()["workers"]
            for entry in client.submit(held_provers, workers=[worker], pure=False).result(60)
        ]
    cells = [cells for digest, cells in held if digest == lexicon.digest]
    assert cells and set(cells) == {4}, held


def test_a_worker_thread_keeps_only_its_last_provers() -> None:
    """Each worker thread kept a prover per (word list, rules, limits, cells) for good, each
    with its compiled words and the trees and buffers its classes left (a worker that
    proved 2x2 to 3x4 boards of ENABLE2K held 6, 660 MB): it keeps its last two now, and
    other limits share one's compiled word list."""
    from boggle.search.classes import ClassTask
    from boggle.search.distributed import HELD_PROVERS, _provers, prove_classes_task

    lexicon = Lexicon.from_words(TINY_WORDS)

    def on_a_fresh_thread() -> list[tuple[int | None, int]]:
        shapes = [(1, 2), (2, 2), (2, 3), (3, 3), (2, 2)]
        for rows, cols in shapes:
            task = ClassTask(0, rows, cols, ("aest",) * (rows * cols), 1)
            prove_classes_task(lexicon, CLASSIC, [task], cells=rows * cols)
        bound = _provers.held[(lexicon.digest, CLASSIC, 4)].bound
        prove_classes_task(lexicon, CLASSIC, [task], max_boards=50, cells=4)
        assert _provers.held[(lexicon.digest, CLASSIC, 4)].bound is bound
        return [(key[2], prover.max_boards) for key, prover in _provers.held.items()]

    with ThreadPoolExecutor(1) as pool:
        held = pool.submit(on_a_fresh_thread).result(60)
    assert HELD_PROVERS == 2 and held == [(9, MAX_BOARDS), (4, MAX_BOARDS)], held


def best_of_every_board(lexicon: Lexicon, letters: str) -> int:
    """The best score of any 2x2 board of ``letters``, by scoring every one."""
    return max(
        solve(Board.parse("".join(cells)), lexicon, CLASSIC).score
        for cells in itertools.product(letters, repeat=4)
    )


def test_search_through_the_cluster_finds_the_best_board(cluster: TestCluster) -> None:
    lexicon = Lexicon.from_words(TINY_WORDS)
    optimum = best_of_every_board(lexicon, "aest")
    there = search(2, 2, lexicon, CLASSIC, seed=7, where=cluster.address)
    assert there.best[0].score == optimum == 8
    assert [run["seed"] for run in there.extra["runs"]] == [7, 8]  # one run per worker
    here = search(2, 2, lexicon, CLASSIC, seed=7, jobs=2)
    assert [(f.board, f.score) for f in there.best] == [(f.board, f.score) for f in here.best]
    assert there.boards_scored == here.boards_scored and not there.interrupted


def test_search_on_the_cluster_stops_every_run_at_its_time_limit(cluster: TestCluster) -> None:
    lexicon = Lexicon.from_words(TINY_WORDS)
    seconds = 2
    result = search(2, 2, lexicon, CLASSIC, seconds=seconds, seed=1, jobs=6, where=cluster.address)
    # six runs on two workers: without the client's stop, the four that wait would run their
    # own 2 s each (8 s between them); told to stop at 2 s, they end at once with their best.
    # Their time is measured by the runs, not the test: a run hears the stop within a
    # report (0.5 s) of the client's look (every 0.5 s), and 4 s between them leaves a
    # loaded machine room on top of that, half of their own time.
    runs = result.extra["runs"]
    assert [run["seed"] for run in runs] == [1, 2, 3, 4, 5, 6]
    waited = sorted(run["seconds"] for run in runs)[:-2]  # the two that ran first took 2 s
    assert sum(waited) < 2 * seconds, runs
    assert result.best[0].score == 8 and not result.interrupted


def test_the_client_stops_the_runs_at_a_wall_clock_limit_not_a_cpu_one() -> None:
    # the workers run the whole SearchJob, its clock included: a CPU-time limit is each
    # run's own (its CPU seconds), which the client's wall clock must not cut short
    lexicon = Lexicon.from_words(TINY_WORDS)
    an_hour_ago = time.monotonic() - 3600
    for clock, stops in (("wall", True), ("cpu", False)):
        job = SearchJob(2, 2, lexicon, CLASSIC, SearchOptions(seconds=1, clock=clock))
        assert _Watch(job, None, an_hour_ago).should_stop() is stops


def test_search_cli_on_the_cluster_with_a_target(cluster: TestCluster, tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(TINY_WORDS) + "\n")
    run = boggle(
        "search", "--size", "2x2", "--dict", str(words), "--seed", "3", "--target", "8",
        "--seconds", "60", "--top", "1", "--json", "--scheduler", cluster.address,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    # On 2x2 every cell touches every other, so each order of a, e, s, t scores 8 and the
    # run that reaches the target first decides which one is reported.
    [best] = result["best"]
    assert (sorted(best["board"]), best["score"]) == (sorted("aest"), 8)
    assert result["seconds"] < 60  # the target stopped it, not --seconds


def test_unreachable_scheduler_is_one_line_and_status_2() -> None:
    need_distributed()
    commands = [["search", "--size", "2x2"], ["prove", "--size", "2x2", "--above", "1"]]
    with (
        unreachable_address() as address,
        ThreadPoolExecutor(len(commands)) as pool,  # each waits out the connect timeout
    ):
        runs = list(
            pool.map(
                lambda argv: boggle(*argv, "--dict", "en-50", "--scheduler", address), commands
            )
        )
    for run in runs:
        assert (run.returncode, run.stdout) == (2, "")
        assert run.stderr.startswith(f"boggle: error: cannot reach the Dask scheduler at {address}")
        assert len(run.stderr.splitlines()) == 1
