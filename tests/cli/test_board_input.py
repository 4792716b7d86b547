"""Boards from standard input and files; score reads Latin-1 and gzip (issue 13.13)."""

from __future__ import annotations

import gzip
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boggle import Board, Lexicon, solve
from boggle.cli.main import main
from boggle.dice.cubes import uniform_board

BOARD = "fxie amlo ewbx astu"


@pytest.fixture
def words(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("fame\nmile\nlimb\nlime\neast\nsté\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def big_board() -> Board:
    return uniform_board(500, 500, seed=1)


def solve_json(argv: list[str], stdin: str | None = None) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "boggle", "solve", *argv, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        input=stdin,
        env={**os.environ},
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_a_500x500_board_from_standard_input(big_board: Board, words: Path) -> None:
    """250,000 cells: more than a command line's argument limit allows for one argument."""
    result = solve_json(["-", "--dict", str(words)], stdin=str(big_board) + "\n")
    assert (result["rows"], result["cols"]) == (500, 500)
    assert result["count"] == solve(big_board, Lexicon.from_file(words)).count


def test_a_board_from_a_file(big_board: Board, words: Path, tmp_path: Path) -> None:
    board_file = tmp_path / "board.txt.gz"
    board_file.write_bytes(gzip.compress(str(big_board).encode()))
    result = solve_json([f"@{board_file}", "--dict", str(words)])
    assert result["board"] == str(big_board)


def test_a_missing_board_file_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "@/no/such/board.txt"]) == 2
    assert capsys.readouterr().err == (
        "boggle: error: board file '/no/such/board.txt' does not exist\n"
    )


def test_compare_reads_a_board_file_too(
    tmp_path: Path, words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board_file = tmp_path / "board.txt"
    board_file.write_text(BOARD + "\n")
    assert main(["compare", f"@{board_file}", "--dict", str(words), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["engines"]
    assert {row["words"] for row in rows if "refused" not in row} == {5}


def test_judge_reads_its_board_from_a_file_as_solve_does(
    tmp_path: Path, words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``judge --board @FILE`` took ``@FILE`` for the board's letters ("not a board");
    it reads the file as ``solve @FILE`` and ``play @FILE`` do, gzip and Latin-1 too."""
    board_file = tmp_path / "board.txt.gz"
    board_file.write_bytes(gzip.compress(b"fxie\namlo\newbx\nastu\n"))
    ann = tmp_path / "ann.txt"
    ann.write_text("fame\nmile\n")
    argv = ["judge", "--board", f"@{board_file}", "--player", f"ann={ann}", "--dict", str(words)]
    assert main([*argv, "--json"]) == 0
    judged = json.loads(capsys.readouterr().out)
    assert judged["board"] == BOARD and judged["scores"] == {"ann": 2}, judged
    assert main(["judge", "--board", "@/no/such/board.txt", "--player", f"ann={ann}"]) == 2
    assert capsys.readouterr().err == (
        "boggle: error: --board: board file '/no/such/board.txt' does not exist\n"
    )


def test_judge_reads_its_board_from_stdin_unless_a_list_is_read_there(
    tmp_path: Path, words: Path
) -> None:
    ann = tmp_path / "ann.txt"
    ann.write_text("fame\nmile\n")
    command = [sys.executable, "-m", "boggle", "judge", "--dict", str(words), "--json"]
    done = subprocess.run(
        [*command, "--board", "-", "--player", f"ann={ann}"],
        capture_output=True,
        text=True,
        timeout=60,
        input=BOARD + "\n",
    )
    assert done.returncode == 0 and json.loads(done.stdout)["board"] == BOARD, done.stderr
    done = subprocess.run(
        [*command, "--board", "@-", "--player", "ann=-"],
        capture_output=True,
        text=True,
        timeout=60,
        input="fame\n",
    )
    assert done.returncode == 2 and done.stderr == (
        "boggle: error: --board: standard input holds the words here, not the board: give it "
        "as @FILE\n"
    )


def test_a_board_printed_escaped_reads_back_as_the_same_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Latin-1 or ASCII locale prints a board's "ñ" escaped (``ad\\xf1c``), and that
    line given back to ``solve``, ``play``, ``judge`` or ``score`` was refused ("board has
    '\\\\', which is not a letter"): the escapes are read back as the letters."""
    done = subprocess.run(
        [sys.executable, "-m", "boggle", "roll", "--language", "es", "--seed", "8"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    printed = done.stdout.strip()
    assert printed == "cuao ad\\xf1c oiij cra[ch]", done
    assert str(Board.parse(printed)) == "cuao ad\u00f1c oiij cra[ch]"
    assert str(Board.parse("\\u017caba \\U00000061bcd")) == "\u017caba abcd"
    assert main(["solve", printed, "--dict", "es", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["board"] == "cuao ad\u00f1c oiij cra[ch]"
    boards = tmp_path / "boards.txt"
    boards.write_text(printed + "\n")
    assert main(["score", str(boards), "--dict", "es"]) == 0
    scored = capsys.readouterr().out.split()
    assert scored[:4] == printed.split() and int(scored[4]) > 0, scored
    ann = tmp_path / "ann.txt"
    ann.write_text("ca\u00f1a\n")
    assert main(["judge", "--board", printed, "--player", f"ann={ann}", "--dict", "es"]) == 0
    assert "not a board" not in capsys.readouterr().err
    # any other backslash is refused as before, a surrogate's escape too
    for other in ("ab\\qd", "ab\\x4", "\\", "\\udc80bcd"):
        assert main(["solve", other]) == 2
        assert "board has '\\\\', which is not a letter" in capsys.readouterr().err


def test_score_reads_latin1_and_gzip_like_a_word_list(
    tmp_path: Path, words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"abc def\nst\xe9/\n")  # \xe9 is Latin-1 for the letter e-acute
    packed = tmp_path / "boards.txt.gz"
    packed.write_bytes(gzip.compress((BOARD + "\n").encode()))
    assert main(["score", str(latin), str(packed), "--dict", str(words)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["abc def 0", "sté/ 1", f"{BOARD} 5"]


def test_a_binary_board_file_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(bytes(range(256)) * 4000)
    assert main(["score", str(garbage)]) == 2
    assert capsys.readouterr().err == (
        f"boggle: error: board file '{garbage}' looks binary; give a text file\n"
    )


@pytest.mark.parametrize(
    ("data", "byte"),
    [
        (b"<svg>\x80\x81\xfe fxie", "0x80"),  # no NUL: read as Latin-1, "board has '<'"
        (b"\x89PNG\r\n\x1a\n" + b"<chunk>" * 10, "0x89"),
        (gzip.compress(b"\x02\x01fxie amlo ewbx astu"), "0x02"),  # gzip of binary data
    ],
    ids=["latin-1", "png-head", "gzip"],
)
@pytest.mark.parametrize("command", ["solve", "judge", "play"])
def test_a_binary_board_file_without_a_nul_is_not_a_text_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, byte: str, command: str
) -> None:
    """A binary ``@FILE`` with no NUL in its first bytes was read as Latin-1 and refused as
    a board with a character that is not a letter ("board has '<'"): it is not a text file."""
    board_file = tmp_path / "board.bin"
    board_file.write_bytes(data)
    ann = tmp_path / "ann.txt"
    ann.write_text("fame\n")
    argv = {
        "solve": ["solve", f"@{board_file}"],
        "judge": ["judge", "--board", f"@{board_file}", "--player", f"ann={ann}"],
        "play": ["play", f"@{board_file}"],
    }[command]
    assert main(argv) == 2
    captured = capsys.readouterr()
    said = "--board: " if command == "judge" else ""
    assert captured.out == "" and captured.err == (
        f"boggle: error: {said}board file '{board_file}' is not a text file (it has the control "
        f"byte {byte} on line 1); give a text file\n"
    )


def test_a_board_file_of_text_with_tabs_and_form_feeds_is_still_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board_file = tmp_path / "board.txt"
    board_file.write_bytes(b"fxie\r\n\tamlo\x0cewbx\x0bastu\n")
    latin_1 = tmp_path / "latin-1.txt"
    latin_1.write_bytes("ca\xf1a abcd efgh ijkl".encode("latin-1"))
    assert main(["solve", f"@{board_file}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["board"] == BOARD
    assert main(["solve", f"@{latin_1}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["board"] == "ca\xf1a abcd efgh ijkl"


def test_many_bad_lines_are_reported_ten_then_counted(
    tmp_path: Path,
    words: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1234\n" * 7726 + BOARD + "\n"))
    assert main(["score", "--dict", str(words)]) == 1
    out, err = capsys.readouterr()
    assert out == f"{BOARD} 5\n"
    lines = err.splitlines()
    assert len(lines) == 11 and lines[0].startswith("boggle score: <stdin>:1: ")
    assert lines[-1] == "boggle score: 7,726 lines were not boards; 7,716 more not shown"


def test_score_progress_bar_has_a_total_and_never_shares_a_line_with_results(
    tmp_path: Path, words: Path
) -> None:
    pexpect = pytest.importorskip("pexpect", reason="pexpect gives the command a terminal")
    boards = tmp_path / "boards.txt"
    boards.write_text((BOARD + "\n") * 3000)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "boggle", "score", str(boards), "--dict", str(words)],
        encoding="utf-8",
        timeout=60,
        env={**os.environ, "COLUMNS": "100"},
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    transcript = (child.before or "").replace("\r\n", "\n")
    # What the terminal shows of each line: the text after its last carriage return.
    shown = [line.rsplit("\r", 1)[-1] for line in transcript.split("\n")]
    results = [line for line in shown if f"{BOARD} 5" in line]
    assert len(results) == 3000
    assert all(line == f"{BOARD} 5" for line in results)
    assert "/3000" in transcript  # the bar knows the total, so it shows the time left


def fullwidth(text: str) -> str:
    """``text`` as a phone's East Asian keyboard types it: ``a`` is U+FF41, a space U+3000."""
    return "".join("\u3000" if c == " " else chr(ord(c) + 0xFEE0) for c in text)


def test_a_board_in_fullwidth_letters_is_solved_scored_and_judged(
    tmp_path: Path, words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wide = fullwidth(BOARD)
    assert main(["solve", wide, "--dict", str(words), "--json"]) == 0
    solved = json.loads(capsys.readouterr().out)
    assert solved["board"] == BOARD and solved["count"] == 5
    boards = tmp_path / "boards.txt"
    boards.write_text(wide + "\n" + fullwidth("fxie/amlo/ewbx/astu") + "\n", encoding="utf-8")
    assert main(["score", str(boards), "--dict", str(words)]) == 0
    assert [line.rsplit(" ", 1)[1] for line in capsys.readouterr().out.splitlines()] == ["5", "5"]
    round_file = tmp_path / "round.json"
    round_file.write_text(json.dumps({"board": wide, "players": {"ann": ["fame", "lime"]}}))
    assert main(["judge", str(round_file), "--dict", str(words), "--json"]) == 0
    judged = json.loads(capsys.readouterr().out)
    assert judged["board"] == BOARD and judged["scores"] == {"ann": 2}, judged


@pytest.mark.parametrize("board", [fullwidth("fx1e amlo ewbx astu"), fullwidth("[zz]ab cde")])
def test_a_bad_fullwidth_board_is_one_line(
    board: str, words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", board, "--dict", str(words)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("boggle: error: ") and err.count("\n") == 1, err


def test_a_board_written_in_rows_with_slashes_is_the_board_printed_in_one_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The docs wrote the wordiest 3x3 board ``gel/ras/pet``, ``search`` and ``prove`` print
    ``gelraspet``: every command that takes a board reads both as the same board."""
    words = tmp_path / "words.txt"
    words.write_text("gel\nlag\nrasp\npet\nsea\n")
    ann = tmp_path / "ann.txt"
    ann.write_text("gel\nrasp\n")
    boards = tmp_path / "boards.txt"
    boards.write_text("gel/ras/pet\ngelraspet\n")
    results = []
    for board in ("gel/ras/pet", "gelraspet"):
        assert main(["solve", board, "--dict", str(words), "--json"]) == 0
        solved = json.loads(capsys.readouterr().out)
        argv = ["judge", "--board", board, "--player", f"ann={ann}", "--dict", str(words)]
        assert main([*argv, "--json"]) == 0
        judged = json.loads(capsys.readouterr().out)
        results.append((solved["board"], solved["score"], judged["scores"]))
    assert results[0] == results[1] == ("gel ras pet", 4, {"ann": 1})
    assert main(["score", str(boards), "--dict", str(words)]) == 0
    assert capsys.readouterr().out == "gel/ras/pet 4\ngelraspet 4\n"
