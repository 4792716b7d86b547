"""Huge but valid jobs run until stopped: ``stats --random 99999999999999999999`` says how
long it would take, and a Ctrl-C stops it with what was done; ``roll --count 10**30``
streams its boards, and a Ctrl-C tells the seed that rolls them again (session 19)."""

from __future__ import annotations

import io
import json
import signal
import sys
from typing import Any

import pytest
from interruptible import interruptible

from boggle.cli.commands import _progress
from boggle.cli.commands import stats as stats_command
from boggle.cli.main import main
from boggle.dice.cubes import roll_board

HUGE = 99_999_999_999_999_999_999


def stopped_after_two_chunks(boards: int, *args: Any, progress: Any, **kwargs: Any) -> Any:
    """``score_stats`` for a run a Ctrl-C stops after two chunks of 50,000 boards, where the
    library cannot summarise them (a second Ctrl-C while the gpu engine's device summary is
    read back is raised)."""
    progress(50_000)
    progress(50_000)
    raise KeyboardInterrupt


def test_a_huge_stats_run_shows_the_time_left_and_stops_with_what_was_done(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = io.StringIO()
    monkeypatch.setattr(stats_command, "score_stats", stopped_after_two_chunks)
    monkeypatch.setattr(
        stats_command,
        "progress_bar",
        lambda unit, total, lines_for: _progress.ProgressLines(
            lines_for, unit, total=total, every=0, stream=lines
        ),
    )
    status = main(["stats", "--random", str(HUGE), "--seed", "7"])
    captured = capsys.readouterr()
    assert status == 130 and captured.out == ""
    assert lines.getvalue().count("years left") == 2, lines.getvalue()
    assert captured.err.count("\n") == 1, captured.err
    assert f"interrupted after 100,000 of {HUGE:,} boards" in captured.err
    assert "--random 100000 --seed 7 summarises those" in captured.err


@pytest.mark.parametrize("form", [[], ["--json"]])
def test_a_stopped_stats_run_prints_the_summary_of_the_boards_done(
    form: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("numpy", reason="bulk random boards need NumPy: pip install '.[numpy]'")
    counted = stats_command._Pace.update

    def ctrl_c_after_two_chunks(pace: Any, count: int) -> None:
        counted(pace, count)
        if pace.done == 2_000:
            raise KeyboardInterrupt  # where a Ctrl-C lands: in the loop over the chunks

    monkeypatch.setattr(stats_command._Pace, "update", ctrl_c_after_two_chunks)
    run = ["stats", "--seed", "3", "--jobs", "2", "--chunk-size", "1000", "--top", "4", *form]
    status = main([*run, "--random", "10000"])
    stopped = capsys.readouterr()
    monkeypatch.setattr(stats_command._Pace, "update", counted)
    assert main([*run, "--random", "2000"]) == 0
    shorter = capsys.readouterr()
    assert status == 130
    said = [line for line in stopped.err.splitlines() if "interrupted" in line]
    assert said == [
        f"boggle stats: interrupted after 2,000 of 10,000 boards in {said[0].split(' in ')[1]}"
    ]
    assert said[0].endswith("; --random 2000 --seed 3 summarises those")
    if form:
        summary, whole = json.loads(stopped.out), json.loads(shorter.out)
        assert (summary.pop("interrupted"), whole.pop("interrupted")) == (True, False)
        assert summary == whole and summary["boards"] == 2_000
    else:
        assert stopped.out == shorter.out and stopped.out.startswith("boards       2,000 ")


def test_a_stats_run_stopped_before_its_first_board_prints_no_summary(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("numpy", reason="bulk random boards need NumPy: pip install '.[numpy]'")

    from boggle.study import stats as stats_module

    def ctrl_c_in_the_first_chunk(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt  # while the first chunk is scored
        yield  # a generator, as map_ordered is

    monkeypatch.setattr(stats_module, "map_ordered", ctrl_c_in_the_first_chunk)
    status = main(["stats", "--random", "10000", "--seed", "3", "--chunk-size", "1000"])
    captured = capsys.readouterr()
    assert status == 130 and captured.out == ""
    assert captured.err.count("\n") == 1 and "--random 0" not in captured.err
    assert "before a board of the 10,000 was scored" in captured.err


def test_the_time_left_is_the_rest_at_the_pace_so_far() -> None:
    assert _progress.time_left(1, 3, 30.0) == "about 60 s left"
    assert _progress.time_left(0, 3, 60.0) == ""
    assert _progress.time_left(10**6, 10**6, 60.0) == ""


def test_a_huge_roll_streams_and_tells_its_seed_when_stopped() -> None:
    child = interruptible([sys.executable, "-m", "boggle", "roll", "--count", str(10**30)])
    try:
        assert child.stdout is not None and child.stderr is not None
        first = child.stdout.readline()  # streamed: boards come before the end
        child.send_signal(signal.SIGINT)
        rest = child.stdout.read()  # this reader's buffer holds some: not communicate()
        err = child.stderr.read()
        child.wait(timeout=120)  # a guard against a hang, not a timing
    finally:
        child.kill()
    boards = (first + rest).splitlines()
    assert child.returncode == 130, err
    assert "Traceback" not in err and err.endswith("boggle: interrupted\n"), err
    told = err.split("give --seed ")[1].split()[0]
    for i in (0, len(boards) - 1):  # the first and the last are the seed's
        assert boards[i] == str(roll_board("new", int(told) + i)), (i, boards[i])
