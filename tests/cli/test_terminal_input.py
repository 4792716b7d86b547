"""A command reading standard input from a terminal says so, and how to end it; a pipe is
read in silence (newcomer 16: ``boggle score`` with no file waited, seemingly hung)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from boggle.cli.main import main


class Typed(io.StringIO):
    """Standard input as a terminal holding what was typed (no ``buffer``: read as text)."""

    def __init__(self, text: str, terminal: bool) -> None:
        super().__init__(text)
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


ENDS = "; end with Ctrl-D (Ctrl-Z then Enter on Windows)\n"
BOARDS = "reading boards from the terminal, one a line"


@pytest.mark.parametrize(
    ("argv", "typed", "told", "printed"),
    [
        (["score"], "fxieamloewbxastu\n", BOARDS, "71"),
        (["score", "-"], "fxieamloewbxastu\n", BOARDS, "71"),
        (["solve", "-"], "fxie amlo ewbx astu\n", "reading the board from the terminal", "71"),
        (
            ["judge", "-"],
            '{"board": "fxie amlo ewbx astu", "players": {"ann": ["fame"]}}',
            "reading the JSON round from the terminal",
            "ann 1",
        ),
        (
            ["judge", "--board", "fxie amlo ewbx astu", "--player", "ann=-"],
            "fame\nmile\n",
            "reading the words of 'ann' from the terminal, one a line",
            "ann 2",
        ),
    ],
    ids=["score", "score-dash", "solve-dash", "judge-dash", "judge-player-dash"],
)
def test_reading_a_terminal_is_told_and_a_pipe_is_not(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    typed: str,
    told: str,
    printed: str,
) -> None:
    for terminal in (True, False):
        monkeypatch.setattr("sys.stdin", Typed(typed, terminal))
        status = main([*argv, "--dict", "en-70"])
        out, err = capsys.readouterr()
        assert status == 0, err
        assert printed in out
        assert err == (f"boggle: {told}{ENDS}" if terminal else ""), err


def test_a_file_named_is_read_without_a_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text("fxieamloewbxastu\n")
    monkeypatch.setattr("sys.stdin", Typed("", terminal=True))
    assert main(["score", str(boards), "--dict", "en-70"]) == 0
    assert capsys.readouterr() == ("fxieamloewbxastu 71\n", "")


class Terminal(io.RawIOBase):
    """A terminal's bytes: each item of ``typed`` is what one read gets (a line, or ``b""``
    for a Ctrl-D); a read past them is a read that would wait for the person."""

    def __init__(self, typed: list[bytes]) -> None:
        self.typed = typed

    def readable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self.typed:
            raise AssertionError("read on after the Ctrl-D: at a terminal this waits")
        data = self.typed.pop(0)
        buffer[: len(data)] = data
        return len(data)


JUDGE_ANN = ["judge", "--board", "fxie amlo ewbx astu", "--player", "ann=-"]


@pytest.mark.parametrize(
    ("argv", "typed", "printed"),
    [
        (["score"], [b""], ""),
        (["score"], [b"fxieamloewbxastu\n", b""], "fxieamloewbxastu 71\n"),
        ([*JUDGE_ANN], [b""], "ann 0"),
        ([*JUDGE_ANN], [b"fame\n", b""], "ann 1"),
    ],
    ids=["score-nothing", "score-a-board", "judge-no-words", "judge-a-word"],
)
def test_one_ctrl_d_ends_what_a_terminal_types(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    typed: list[bytes],
    printed: str,
) -> None:
    """Newcomer 19: `boggle score` at a terminal, ended at once, took three Ctrl-Ds (a peek
    for gzip, one for binary, then the read each waited for another)."""
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BufferedReader(Terminal(typed))))
    status = main([*argv, "--dict", "en-70"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert printed in out
