"""Ctrl-C during the compiled core's long score_* calls, which score without the GIL: the call
stops within BS_POLL_BOARDS boards (search.h) with KeyboardInterrupt, and the command line
says so in one line, status 130.

Each case runs in a child process that gets a real SIGINT; the call's own CPU time is compared
with that of a call of a fiftieth of its boards, so the check holds on a loaded machine.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from boggle import load_lexicon
from boggle._native.core import stop_scoring
from boggle.model.rules import CLASSIC
from boggle.search.scorer import Scorer

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
    return subprocess.Popen(
        [sys.executable, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
        # A terminal's Ctrl-C: a test run started in the background inherits SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        **kwargs,  # type: ignore[call-overload]
    )


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


def test_stop_scoring_stops_the_calls_on_other_threads_until_cleared() -> None:
    """Signal handlers run in the main thread only: on Ctrl-C the pools of scale/threads.py
    call stop_scoring(), and a call on another thread stops at its next look."""
    scorer = Scorer(load_lexicon("en-50"), CLASSIC)
    board = scorer.encode("seratinolpcdmguh" * 4)
    trie, points = scorer.core.trie, list(scorer.points)
    outcome: list[str] = []
    started = threading.Event()

    def long_call() -> None:
        started.set()
        try:
            trie.score_boards(board * 100_000, 8, 8, 3, points)  # seconds of work
            outcome.append("finished")
        except KeyboardInterrupt:
            outcome.append("stopped")

    worker = threading.Thread(target=long_call)
    worker.start()
    started.wait()
    stop_scoring()
    try:
        worker.join(timeout=600)
        assert outcome == ["stopped"]
        with pytest.raises(KeyboardInterrupt):
            trie.score_boards(board * 1000, 8, 8, 3, points)
    finally:
        stop_scoring(False)
    assert len(trie.score_boards(board * 1000, 8, 8, 3, points)) == 8 * 1000


def test_ctrl_c_in_a_long_command_is_one_line() -> None:
    """`boggle stats` interrupted while its boards are scored on two threads: status 130,
    one line, no traceback."""
    argv = ["stats", "--random", "100000000", "--size", "8x8", "--jobs", "2"]
    child = _child("-m", "boggle", *argv)
    try:
        time.sleep(2)  # the word list loaded and the scoring under way
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert child.returncode == 130, err
    assert err == "boggle: interrupted\n", err
