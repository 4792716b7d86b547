"""``boggle score``: boards in, 'BOARD SCORE' out, in order; bad lines reported, the run goes on."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boggle import CLASSIC, solve
from boggle.cli.main import main


def score(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    stdin: str,
    *argv: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(["score", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_scores_in_input_order(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], enable_path: Path
) -> None:
    lines = ["perslatgsineters", "fxie amlo ewbx astu", "QEST/ANSI/XWEO/YRSN"]
    status, out, err = score(
        monkeypatch, capsys, "\n".join(lines) + "\n", "--dict", str(enable_path)
    )
    assert status == 0 and err == ""
    expected = [
        f"{line} {solve(line, str(enable_path), CLASSIC, engine='trie').score}" for line in lines
    ]
    assert out.splitlines() == expected
    assert out.splitlines()[0] == "perslatgsineters 3625"


def test_bad_lines_reported_with_numbers_and_run_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], enable_path: Path
) -> None:
    text = "fxie amlo ewbx astu\nab1c\n\nabc de\nfxieamloewbxastu\r\n"
    status, out, err = score(monkeypatch, capsys, text, "--dict", str(enable_path), "--jobs", "2")
    assert status == 1
    assert out.splitlines() == ["fxie amlo ewbx astu 90", "fxieamloewbxastu 90"]
    errors = err.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith("boggle score: <stdin>:2:") and "not a letter" in errors[0]
    assert errors[1].startswith("boggle score: <stdin>:4:") and "unequal" in errors[1]


def test_line_numbers_count_blank_lines_across_chunks(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Chunks are cut by lines read, blank ones included: a bad line far down,
    after many blank lines and several chunks, is reported by its own number."""
    lines = ["teas", "", "  "] * 2000
    lines[4998] = "te4s"
    lines[5997] = "t!as"
    status, out, err = score(monkeypatch, capsys, "\n".join(lines) + "\n", "--jobs", "2")
    assert status == 1
    assert len(out.splitlines()) == 2000 - 2
    errors = err.splitlines()
    assert [e.split(":")[2] for e in errors] == ["4999", "5998"]


def test_empty_input_prints_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], enable_path: Path
) -> None:
    assert score(monkeypatch, capsys, "", "--dict", str(enable_path)) == (0, "", "")


def test_files_and_jobs_agree(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    enable_path: Path,
) -> None:
    boards = [f"{a}{b}ie amlo ewbx ast{c}" for a in "fst" for b in "xae" for c in "uei"] * 200
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("\n".join(boards[:1000]) + "\n")
    second.write_text("\n".join(boards[1000:]))
    outputs = []
    for jobs in ("1", "2"):
        status, out, _ = score(
            monkeypatch,
            capsys,
            "",
            str(first),
            str(second),
            "--jobs",
            jobs,
            "--dict",
            str(enable_path),
        )
        assert status == 0
        outputs.append(out)
    assert outputs[0] == outputs[1]
    assert [line.rsplit(" ", 1)[0] for line in outputs[0].splitlines()] == boards


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--jobs", "0"], "--jobs: must be from 1 to 256, got 0"),
        (["--jobs", "abc"], "--jobs: 'abc' is not a whole number"),
        (["/no/such/file"], "board file '/no/such/file' does not exist"),
        (["--rules", "huge"], "invalid choice"),
    ],
)
def test_bad_options(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    enable_path: Path,
    argv: list[str],
    message: str,
) -> None:
    status, out, err = score(monkeypatch, capsys, "", *argv, "--dict", str(enable_path))
    assert status == 2 and out == "" and message in err and err.count("\n") == 1


def test_pipe_through_the_console_script(enable_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boggle", "score", "--dict", str(enable_path), "--rules", "big"],
        input="fxie amlo ewbx astu\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == f"fxie amlo ewbx astu {90 - 32}\n"


def test_a_pipe_named_as_a_board_file_is_told_to_come_on_standard_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Newcomer 20: ``boggle score <(boggle roll --count 10)`` names a pipe, refused as 'not
    a regular file' without a word on what to do; the line says standard input reads it."""
    fifo = tmp_path / "boards"
    os.mkfifo(fifo)
    assert main(["score", str(fifo)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "is a pipe (FIFO)" in err and "give the boards on standard input instead" in err
    assert main(["score", str(tmp_path)]) == 2  # a directory: no word of pipes
    assert "standard input" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "board"),
    [
        (["fxie amlo ewbx astu"], "'fxie amlo ewbx astu'"),
        (["fxie", "amlo", "ewbx", "astu"], "'fxie amlo ewbx astu'"),
        (["QEST/ANSI/XWEO/YRSN"], "QEST/ANSI/XWEO/YRSN"),
    ],
)
def test_a_board_given_as_a_file_name_is_told_how_to_score_it(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    board: str,
) -> None:
    """Researcher 28: ``boggle score "fxie amlo ewbx astu"`` said the board file did not
    exist, with no word that score reads files and standard input; the line gives both
    remedies, with the board quoted for the shell."""
    monkeypatch.chdir(tmp_path)
    status, out, err = score(monkeypatch, capsys, "", *argv)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "does not exist" in err
    assert f"echo {board} | boggle score -" in err and f"boggle solve {board}" in err


@pytest.mark.parametrize("name", ["boards.txt", "x", "abc"])
def test_a_missing_file_not_named_like_a_board_gets_no_board_remedy(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    monkeypatch.chdir(tmp_path)
    status, _, err = score(monkeypatch, capsys, "", name)
    assert status == 2 and f"board file '{name}' does not exist\n" in err


def test_a_binary_file_with_no_nul_is_one_line_not_each_line_a_bad_board(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A binary file with no NUL in its first 64 KiB (a PNG's header, say) was read line by
    line, each line a bad board: it is one line saying it is not a text file, as a board file
    given to `@FILE` is; text whose first bytes looked at end inside a character is read as
    before (the "€" cut after its second byte, 0x82, is no control character)."""
    image = tmp_path / "board.png"
    image.write_bytes(b"\x89PNG\r\n\x1a\nfxie\x01\x02\nmore\x07\n" * 10)
    status, out, err = score(monkeypatch, capsys, "", str(image))
    assert status == 2 and out == ""
    assert err == (
        f"boggle: error: board file '{image}' is not a text file (it has the control byte "
        "0x89 on line 1); give a text file\n"
    )
    board = "fxie amlo ewbx astu\n"
    data = b""
    for end in (4094, 65534):  # the bytes first looked at: a buffer's, or 64 KiB
        filler = board * ((end - len(data)) // len(board))
        data += (filler + "a" * (end - len(data) - len(filler))).encode() + "€\n".encode()
    text = tmp_path / "boards.txt"
    text.write_bytes(data + board.encode())
    status, out, err = score(monkeypatch, capsys, "", str(text))
    assert "not a text file" not in err
    assert out.splitlines()[-1].startswith("fxie amlo ewbx astu ")


@pytest.mark.parametrize(("byte", "said"), [(b"\x00", "looks binary"), (b"\x89", "not a text")])
def test_binary_bytes_past_the_first_4_kib_are_seen_as_the_first_64_kib_are_said_to_be(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    byte: bytes,
    said: str,
) -> None:
    """A board file's first 64 KiB are looked at for binary data, the documents say: the
    first 4 KiB were (a peek gives what the buffer holds, the file system's block), and a
    NUL after them made that line a bad board, not the file refused."""
    board = b"fxie amlo ewbx astu\n"
    path = tmp_path / "boards.txt"
    path.write_bytes(board * 500 + b"ab" + byte + b"c\n" + board)  # past 8 KiB, before 64
    status, out, err = score(monkeypatch, capsys, "", str(path))
    assert status == 2 and out == "" and said in err and err.count("\n") == 1, err
