"""Ctrl-C during the compiled core's long score_* calls, which score without the GIL: the call
stops within BS_POLL_BOARDS boards (search.h) with KeyboardInterrupt, and the command line
says so in one line, status 130.  On other threads a call stops when its pool's StopFlag is
set, and only then: another pool's calls go on (#29).

Each case runs in a child process that gets a real SIGINT; the call's own CPU time is compared
with that of a call of a fiftieth of its boards, so the check holds on a loaded machine.
"""

from __future__ import annotations

import select
import signal
import subprocess
import sys
import textwrap
import threading
from typing import Any

import pytest
from interruptible import interruptible

from boggle import load_lexicon
from boggle._native.core import StopFlag, thread_stop_flag, use_stop_flag
from boggle.model.rules import CLASSIC
from boggle.scale.threads import ScoringPool, shut_down_interrupted
from boggle.search.scorer import Scorer

HANG_SECONDS = 120
"""How long a child may take to say what it must before the test calls it a hang (not a
time measured: a loaded machine takes seconds to start Python and read a word list)."""

CHILD = textwrap.dedent(
    """
    import os, random, signal, sys, threading, time
    from boggle import load_lexicon
    from boggle.model.rules import CLASSIC
    from boggle.search.scorer import Scorer

    scorer = Scorer(load_lexicon("en-50"), CLASSIC)
    rng = random.Random(7)
    side = 8
    board = scorer.encode([rng.choice("eeeaaiiotnsrldcmpgbh") for _ in range(side * side)])
    trie, points, boards = scorer.core.trie, list(scorer.points), 2000
    faces = board[:-4 * side]  # all but the last row: open faces of score_open
    calls = {
        "score_boards": lambda copies: trie.score_boards(board * copies, side, side, 3, points),
        "score_lines": lambda copies: trie.score_lines(
            [LINE] * copies, 3, 3, 25, points, 64, 4096
        ),
        "score_text": lambda copies: trie.score_text(
            "\\n".join([LINE] * copies), 3, 3, 25, points, 64, 4096
        ),
        "score_open": lambda copies: trie.score_open(
            board, side, side, 9, scorer.encode("e") * copies, 3, points
        ),
    }
    LINE = "/".join(
        "".join(rng.choice("eeeaaiiotnsrldcmpgbh") for _ in range(side)) for _ in range(side)
    )
    call = calls[sys.argv[1]]

    def cpu(copies):
        started = time.process_time()
        call(copies)
        return time.process_time() - started

    sample = cpu(boards)
    threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT)).start()
    started = time.process_time()
    try:
        call(50 * boards)
        outcome = "finished"
    except KeyboardInterrupt:
        outcome = "interrupted"
    print(outcome, time.process_time() - started, sample)
    """
)


def _child(*argv: str, **kwargs: object) -> subprocess.Popen[str]:
    return interruptible([sys.executable, *argv], **kwargs)


@pytest.mark.parametrize("call", ["score_boards", "score_lines", "score_text", "score_open"])
def test_ctrl_c_stops_a_long_score_call_promptly(call: str) -> None:
    """The calls let go of the GIL for their whole loop and ran every board before Python saw
    the signal: now they stop within a fifth of their boards (in a few hundred)."""
    child = _child("-c", CHILD, call)
    try:
        out, err = child.communicate(timeout=300)
    finally:
        child.kill()
    assert child.returncode == 0, err
    outcome, spent, sample = out.split()
    assert outcome == "interrupted", out
    # the whole call is 50 samples' work; the signal comes 0.2 s in (about 3 samples here)
    assert float(spent) < 10 * float(sample), out


def _long_scorer() -> tuple[Any, bytes, list[int]]:
    scorer = Scorer(load_lexicon("en-50"), CLASSIC)
    return scorer.core.trie, scorer.encode("seratinolpcdmguh" * 4), list(scorer.points)


def test_a_stop_flag_stops_the_calls_on_other_threads_that_carry_it_until_cleared() -> None:
    """Signal handlers run in the main thread only: on Ctrl-C a pool of scale/threads.py sets
    its StopFlag, and a call on one of its threads (the thread's flag: use_stop_flag) stops
    at its next look; a call given the flag as its `stop` stops too."""
    trie, board, points = _long_scorer()
    flag = StopFlag()
    outcome: list[str] = []
    started = threading.Event()

    def long_call() -> None:
        use_stop_flag(flag)
        started.set()
        try:
            trie.score_boards(board * 100_000, 8, 8, 3, points)  # seconds of work
            outcome.append("finished")
        except KeyboardInterrupt:
            outcome.append("stopped")

    worker = threading.Thread(target=long_call)
    worker.start()
    started.wait()
    flag.set()
    worker.join(timeout=600)
    assert outcome == ["stopped"]
    with pytest.raises(KeyboardInterrupt):
        trie.score_boards(board * 1000, 8, 8, 3, points, flag)
    with pytest.raises(KeyboardInterrupt):  # a child of a set flag is stopped too
        trie.score_boards(board * 1000, 8, 8, 3, points, StopFlag(flag))
    assert thread_stop_flag() is None  # this thread carries no flag: its calls go on
    assert len(trie.score_boards(board * 1000, 8, 8, 3, points)) == 8 * 1000
    flag.clear()
    assert len(trie.score_boards(board * 1000, 8, 8, 3, points, flag)) == 8 * 1000


@pytest.mark.parametrize("bad", [1, "stop", True, object()])
def test_a_stop_that_is_not_a_flag_is_refused(bad: object) -> None:
    trie, board, points = _long_scorer()
    with pytest.raises(TypeError, match="stop must be a StopFlag or None"):
        trie.score_boards(board, 8, 8, 3, points, bad)
    with pytest.raises(TypeError, match="use_stop_flag takes a StopFlag or None"):
        use_stop_flag(bad)  # type: ignore[arg-type]


def test_stopping_one_pool_leaves_another_pool_s_calls_complete_and_right() -> None:
    """Two pools score at once (two callers); the first is stopped as Ctrl-C stops it: its
    long call ends in KeyboardInterrupt, while the second pool's calls, before, through and
    after the stop (its flag stays set), finish with every score right.  The stop was once
    one flag for the whole process, and stopped them too."""
    trie, board, points = _long_scorer()
    one = trie.score_boards(board, 8, 8, 3, points)
    other_running, doomed_running, stop_done = (threading.Event() for _ in range(3))

    def calls_until_stopped() -> list[bytes]:
        scores = []
        other_running.set()
        while not stop_done.is_set():
            scores.append(trie.score_boards(board * 500, 8, 8, 3, points))
        scores.append(trie.score_boards(board * 500, 8, 8, 3, points))  # one after it
        return scores

    def long_call() -> bytes:
        doomed_running.set()
        return trie.score_boards(board * 1_000_000, 8, 8, 3, points)  # minutes unless stopped

    with ScoringPool(1) as other:
        stopped = ScoringPool(1)
        going = other.submit(calls_until_stopped)
        other_running.wait()
        doomed = stopped.submit(long_call)
        doomed_running.wait()
        shut_down_interrupted(stopped)  # returns once its thread is idle
        stop_done.set()
        with pytest.raises(KeyboardInterrupt):
            doomed.result()
        assert stopped.stop_flag.is_set() and not other.stop_flag.is_set()
        scores = going.result()
    assert len(scores) >= 2
    assert all(score == one * 500 for score in scores)


def test_a_pool_opened_on_a_pool_s_thread_stops_with_it() -> None:
    """The inner pool's flag is a child of the outer's: Ctrl-C stops the outer pool, and the
    calls of the pool its thread opened stop too."""
    trie, board, points = _long_scorer()
    running = threading.Event()

    def inner_work() -> str:
        with ScoringPool(1) as inner:
            assert inner.stop_flag.parent is thread_stop_flag()

            def long_call() -> bytes:
                running.set()
                return trie.score_boards(board * 1_000_000, 8, 8, 3, points)

            try:
                inner.submit(long_call).result()
            except KeyboardInterrupt:
                return "stopped"
            return "finished"

    outer = ScoringPool(1)
    result = outer.submit(inner_work)
    running.wait()
    shut_down_interrupted(outer)
    assert result.result() == "stopped"


# `boggle` as the installed program runs it (boggle.__main__.run), saying "scoring" on its
# stdout when its scoring pool is first given boards: the test's moment for Ctrl-C.
SAYS_WHEN_SCORING = textwrap.dedent(
    """
    import sys
    from boggle.scale.threads import ScoringPool

    submit = ScoringPool.submit

    def submit_and_say(pool, *args, **kwargs):
        future = submit(pool, *args, **kwargs)
        print("scoring", flush=True)
        ScoringPool.submit = submit
        return future

    ScoringPool.submit = submit_and_say
    sys.argv = ["boggle", *sys.argv[1:]]
    from boggle.__main__ import run
    run()
    """
)


def wait_for_line(child: subprocess.Popen[str], line: str) -> None:
    """Back once ``child`` has said ``line`` on its stdout; a guard of HANG_SECONDS against a
    child that hangs (a loaded machine takes seconds to start one)."""
    assert child.stdout is not None
    ready, _, _ = select.select([child.stdout], [], [], HANG_SECONDS)
    assert ready, f"the child said nothing in {HANG_SECONDS} s"
    assert child.stdout.readline() == line + "\n"


def test_ctrl_c_in_a_long_command_is_one_line() -> None:
    """`boggle stats` interrupted while its boards are scored on two threads: status 130,
    one line, no traceback."""
    argv = ["stats", "--random", "100000000", "--size", "8x8", "--jobs", "2"]
    child = _child("-c", SAYS_WHEN_SCORING, *argv)
    try:
        # the word list loaded and the scoring under way (a pause of 2 s here, and a loaded
        # machine's Ctrl-C came while Python was still importing the program: a traceback)
        wait_for_line(child, "scoring")
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert child.returncode == 130, err
    assert err.startswith("boggle stats: interrupted after ") and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_ctrl_c_while_the_program_starts_is_one_line() -> None:
    """Ctrl-C while `boggle` still imports its command line (here: the import of
    boggle.cli.main interrupted, as a real Ctrl-C in its first tenth of a second is): status
    130 and the one line, as during a command, not a traceback."""
    interrupted_import = textwrap.dedent(
        """
        import sys

        class InterruptedImport:
            def find_spec(self, name, path=None, target=None):
                if name == "boggle.cli.main":
                    raise KeyboardInterrupt
                return None

        sys.meta_path.insert(0, InterruptedImport())
        sys.argv = ["boggle", *sys.argv[1:]]
        from boggle.__main__ import run
        run()
        """
    )
    child = _child("-c", interrupted_import, "solve", "fxie amlo ewbx astu")
    _, err = child.communicate(timeout=HANG_SECONDS)
    assert (child.returncode, err) == (130, "boggle: interrupted\n")


def test_a_long_chain_of_parents_is_freed_without_a_crash() -> None:
    """A flag at the end of a million parents (StopFlag(StopFlag(...))) reads its chain and
    frees it in a loop, not one C call deep per flag, which overflowed the stack (a
    segmentation fault); a parent still held elsewhere outlives the chain."""
    code = textwrap.dedent(
        """
        from boggle._native.core import StopFlag
        flag = None
        for _ in range(1_000_000):
            flag = StopFlag(flag)
        kept = flag.parent.parent
        kept_child = StopFlag(kept)
        assert not flag.is_set()
        del flag
        assert kept_child.parent is kept and kept.parent is not None
        kept.parent.set()
        assert kept_child.is_set()
        print("freed")
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (0, "freed\n"), done.stderr


def test_a_thread_s_flag_is_let_go_when_replaced_or_the_thread_ends() -> None:
    """The thread's slot (use_stop_flag) holds one reference: replacing the flag or ending
    the thread gives it back."""
    flag, other = StopFlag(), StopFlag()
    before = sys.getrefcount(flag)
    held: list[int] = []

    def work() -> None:
        use_stop_flag(flag)
        held.append(sys.getrefcount(flag))
        use_stop_flag(other)
        held.append(sys.getrefcount(flag))
        use_stop_flag(flag)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert held == [before + 1, before]
    assert sys.getrefcount(flag) == before
    assert thread_stop_flag() is None
