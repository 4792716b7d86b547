"""A command reading standard input from a terminal says so, and how to end it; a pipe is
read in silence (newcomer 16: ``boggle score`` with no file waited, seemingly hung)."""

from __future__ import annotations

import io
from pathlib import Path

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
        (["score"], "fxieamloewbxastu\n", BOARDS, "70"),
        (["score", "-"], "fxieamloewbxastu\n", BOARDS, "70"),
        (["solve", "-"], "fxie amlo ewbx astu\n", "reading the board from the terminal", "70"),
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
    assert capsys.readouterr() == ("fxieamloewbxastu 70\n", "")
