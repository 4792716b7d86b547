"""``--no-offensive`` on the commands that show a list's words (``solve``, ``play``), as
``serve`` has it: a class's projector or terminal showed slurs and swear words among a
board's words, which only the server could leave out."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from boggle.cli.main import build_parser, main

BOARD = "shit fame xxxx xxxx"


@pytest.fixture
def words_file(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("fam\nfame\nhit\nshit\n", encoding="utf-8")  # sorted: heap reads it
    return path


def test_solve_leaves_the_offensive_words_out(
    words_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", BOARD, "--dict", str(words_file)]) == 0
    assert "SHIT:" in capsys.readouterr().out.split()
    assert main(["solve", BOARD, "--dict", str(words_file), "--no-offensive"]) == 0
    shown = capsys.readouterr().out.split()
    assert "SHIT:" not in shown and {"HIT:", "FAME:"} <= set(shown)
    # an engine that reads a word file itself is given the list less them
    chosen = ["--dict", str(words_file), "--no-offensive", "--stream", "--engine", "heap"]
    assert main(["solve", BOARD, *chosen]) == 0
    streamed = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line]
    assert "SHIT" not in streamed and "HIT" in streamed


def test_play_neither_counts_nor_shows_the_offensive_words(
    words_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("shit\n"))
    assert main(["play", BOARD, "--dict", str(words_file)]) == 0
    assert "SHIT: +1 point" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("shit\n"))
    assert main(["play", BOARD, "--dict", str(words_file), "--no-offensive"]) == 0
    out = capsys.readouterr().out
    assert "SHIT: not a word" in out and "You found 0 of 3 words" in out
    assert "SHIT " not in out and "HIT  " in out and "FAME " in out  # the words missed


def test_one_definition_of_the_option_for_every_command_that_shows_words() -> None:
    parser = build_parser()
    helps = set()
    for command in ("solve", "play", "serve"):
        assert parser.parse_args([command, "--no-offensive"]).no_offensive is True
        assert parser.parse_args([command]).no_offensive is False
        sub = parser._subparsers._group_actions[0].choices[command]  # type: ignore[union-attr]
        (action,) = [a for a in sub._actions if "--no-offensive" in a.option_strings]
        helps.add(str(action.help).split("(")[0])
    assert len(helps) == 1


def test_a_list_of_another_language_is_said_to_be_used_whole(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--no-offensive`` with the Spanish list left it whole without a word: a teacher
    believed it filtered."""
    assert main(["solve", "casa xxxx xxxx xxxx", "--dict", "es", "--no-offensive"]) == 0
    said = capsys.readouterr().err
    assert "English only" in said and "es" in said
    assert main(["solve", "casa xxxx xxxx xxxx", "--dict", "en-70", "--no-offensive"]) == 0
    assert capsys.readouterr().err == ""
