"""Proofs on threads (issue 29): classes run at once on threads of one process sharing one
compiled word list (the C works without the GIL), with the boards of one thread; Ctrl-C
stops them, writes the checkpoint and the proof resumes from it."""

from __future__ import annotations

import importlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import ENABLE_PATH
from interruptible import interruptible

from boggle import Lexicon
from boggle.model.rules import CLASSIC
from boggle.search import prove
from boggle.search.branch_and_bound import Prover
from boggle.search.classes import ClassTask, Layout, top_level_classes
from boggle.search.job import letter_alphabet
from boggle.search.prove import on_threads

WORDS = [
    "tea", "eat", "ate", "tee", "east", "seat", "teas", "sate", "tease", "ease", "stat",
    "rate", "tear", "star", "rats", "arts", "tsar", "ears", "sear", "rest", "tree", "trees",
    "steer", "reset", "treat", "state", "taste", "tester", "street", "setter", "eater",
]  # fmt: skip
LEXICON = Lexicon.from_words(WORDS, name="threads")
prove_module = importlib.import_module("boggle.search.prove")  # the module, not the function
ENABLE = ENABLE_PATH  # ../shared/data beside the repo, or $BOGGLE_SHARED_DATA


def _tasks(above: int) -> list[ClassTask]:
    """The 55 top-level classes of a 3x3 proof of LEXICON (4 buckets)."""
    letters = ["q" if face == "qu" else face for face in letter_alphabet(LEXICON)]
    return list(top_level_classes(3, 3, Layout.of(letters, 3, 3, 4), above))


def test_threads_give_the_boards_of_one_thread() -> None:
    prover = Prover(LEXICON, CLASSIC)
    tasks = _tasks(35)
    one = {task.index: prover.run(task) for task in tasks}
    assert any(result.boards for result in one.values())
    threaded = {result.index: result for result in on_threads(prover, tasks, 3)}
    assert threaded.keys() == one.keys()
    for index, result in one.items():
        assert threaded[index].boards == result.boards
        assert threaded[index].bounds == result.bounds


@pytest.mark.skipif(not ENABLE.exists(), reason=f"needs ENABLE2K at {ENABLE} (shared data)")
def test_a_tree_search_lets_go_of_the_gil() -> None:
    """While one thread is in a long tree search (a class of the 3x3 proof, above 460: some
    seconds), the main thread runs Python and stops it: held, the GIL would let stop() in
    only after the search."""
    lexicon = Lexicon.from_file(str(ENABLE))
    prover = Prover(lexicon, CLASSIC)
    letters = ["q" if face == "qu" else face for face in letter_alphabet(lexicon)]
    cells = list(top_level_classes(3, 3, Layout.of(letters, 3, 3, 3), 540))[12].cells
    masks, order = prover.masks(cells), Prover.order(3, 3, cells)
    entered, outcome = threading.Event(), []

    def search() -> None:
        entered.set()
        try:
            prover.bound.tree_search(masks, 3, 3, 460, order, 1150, 9, 1 << 20)
            outcome.append("finished")
        except KeyboardInterrupt:
            outcome.append("stopped")

    worker = threading.Thread(target=search)
    worker.start()
    entered.wait()
    time.sleep(0.1)
    prover.bound.stop()
    worker.join()
    prover.bound.stop(False)
    assert outcome == ["stopped"]


def test_stop_stops_running_searches_until_cleared() -> None:
    prover = Prover(LEXICON, CLASSIC)
    task = _tasks(35)[0]
    prover.bound.stop()
    with pytest.raises(KeyboardInterrupt):
        prover.run(task)
    prover.bound.stop(False)
    assert prover.run(task).index == task.index


def test_prove_on_threads_equals_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prove_module, "default_jobs", lambda: 4)  # three threads anywhere
    one = prove(3, 3, LEXICON, CLASSIC, 30, bucket_count=4)
    threaded = prove(3, 3, LEXICON, CLASSIC, 30, jobs=3, bucket_count=4)
    assert one.boards and threaded.boards == one.boards and threaded.classes == one.classes


@pytest.mark.skipif(not ENABLE.exists(), reason=f"needs ENABLE2K at {ENABLE} (shared data)")
def test_ctrl_c_on_threads_writes_the_checkpoint_and_the_proof_resumes(tmp_path: Path) -> None:
    checkpoint = tmp_path / "proof.jsonl"
    argv = [sys.executable, "-m", "boggle", "prove", "--size", "3x3", "--above", "540"]
    argv += ["--rules", "classic", "--dict", str(ENABLE), "--jobs", "2", "--yes"]
    argv += ["--checkpoint", str(checkpoint)]
    child = interruptible(argv)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and child.poll() is None:
            if checkpoint.exists() and len(checkpoint.read_text().splitlines()) >= 3:
                break  # the header and two classes
            time.sleep(0.05)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert child.returncode == 130, err
    assert "interrupted:" in err and "Traceback" not in err, err
    assert f"the same command goes on from the checkpoint '{checkpoint}'" in err
    written = len(checkpoint.read_text().splitlines()) - 1
    assert 2 <= written < 21
    again = subprocess.run(
        [*argv, "--json"], capture_output=True, text=True, env=dict(os.environ), timeout=600
    )
    assert again.returncode == 0, again.stderr
    result = json.loads(again.stdout)
    assert result["resumed_classes"] == written and result["finished_classes"] == 21
    assert [(b["board"], b["score"]) for b in result["boards"]] == [
        ("deslatper", 545),
        ("leprasset", 542),
    ]


@pytest.mark.skipif(not ENABLE.exists(), reason=f"needs ENABLE2K at {ENABLE} (shared data)")
def test_a_prover_stopped_by_the_estimates_time_box_proves_the_next_classes_the_same() -> None:
    """The proof goes on with the prover that timed its estimate (its trees and buffers
    kept), even one whose sample class the time box stopped midway: later classes give
    the boards and bounds of a new prover."""
    lexicon = Lexicon.from_file(str(ENABLE))
    letters = ["q" if face == "qu" else face for face in letter_alphabet(lexicon)]
    tasks = list(top_level_classes(3, 3, Layout.of(letters, 3, 3, 3), 500))
    cut = prove_module.estimate_cost(tasks, lexicon, CLASSIC, budget=0.02)
    assert cut.at_least and not cut.results and cut.prover is not None
    fresh = Prover(lexicon, CLASSIC)
    found = []
    for task in (tasks[0], tasks[12], tasks[20]):
        again, new = cut.prover.run(task), fresh.run(task)
        assert again.boards == new.boards and again.bounds == new.bounds
        found.extend(new.boards)
    assert found  # the classes compared hold boards (class 12 does)


def test_the_proof_goes_on_with_the_estimates_prover(monkeypatch: pytest.MonkeyPatch) -> None:
    """An ``on_plan`` that returns its estimate: its classes are not proved again and no
    second prover is built (unless the word list or the rules differ)."""
    tasks = _tasks(30)
    estimate = prove_module.estimate_cost(tasks, LEXICON, CLASSIC, budget=60.0, enough_below=0.0)
    assert estimate.results and estimate.prover is not None
    plain = prove(3, 3, LEXICON, CLASSIC, 30, bucket_count=4)
    built: list[Prover] = []
    real_init = Prover.__init__

    def counted_init(self: Prover, *args: object, **kwargs: object) -> None:
        built.append(self)
        real_init(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Prover, "__init__", counted_init)
    reused = prove(3, 3, LEXICON, CLASSIC, 30, bucket_count=4, on_plan=lambda *_: estimate)
    assert built == [] and reused.boards == plain.boards and reused.classes == plain.classes
    other = Lexicon.from_words(WORDS, name="threads again")
    again = prove(3, 3, other, CLASSIC, 30, bucket_count=4, on_plan=lambda *_: estimate)
    assert len(built) == 1 and again.boards == plain.boards
