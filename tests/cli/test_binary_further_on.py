"""A file whose binary part starts past the first bytes looked at (64 KiB, or a buffer's
4 KiB): it is refused in one line that names the file and the line, wherever the part is,
plain, gzip or on standard input, with no traceback and no output of the part before it.

Only the first bytes were looked at: a NUL or a control byte further on made `boggle
score`'s lines bad boards one by one (exit status 1, their scores written), and a word list
was loaded without the words of its binary part, silently; a UTF-8 file with one byte that
is not UTF-8 further on was read whole as Latin-1 (its "ñ" read as "Ã±"): a word list lost
every word with a letter past ASCII, silently, and a board file's board had letters that
are not ("board has '±'").
"""

from __future__ import annotations

import gzip
import io
import sys
from pathlib import Path

import pytest

from boggle import Lexicon
from boggle.cli.main import main
from boggle.model.errors import LexiconError

BOARD = "fxie amlo ewbx astu"
BOARDS = (BOARD + "\n") * 5000  # 100,000 bytes: past what is looked at first
"""5,000 lines of boards; the line after them is 5,001."""

WORDS = "".join(
    f"a{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}{chr(97 + i // 676)}\n" for i in range(17_576)
)
"""17,576 words (87,880 bytes); the lines after them are 17,577 on."""

BINARY = {"nul": b"ab\x00cd\n", "control": b"\x01\x02\x03 fxie\n", "image": bytes(range(256))}


@pytest.fixture
def words(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("fame\nmile\nlimb\nlime\neast\n", encoding="utf-8")
    return path


def stdin_of(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def given(tmp_path: Path, data: bytes, packed: str, name: str = "boards") -> Path:
    """``data`` in a file, gzipped when ``packed`` is ``gzip``."""
    path = tmp_path / (f"{name}.txt.gz" if packed == "gzip" else f"{name}.txt")
    path.write_bytes(gzip.compress(data) if packed == "gzip" else data)
    return path


@pytest.mark.parametrize("kind", sorted(BINARY))
@pytest.mark.parametrize("packed", ["plain", "gzip", "stdin"])
def test_score_refuses_a_file_binary_further_on_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    words: Path,
    kind: str,
    packed: str,
) -> None:
    data = BOARDS.encode() + BINARY[kind] + (BOARD + "\n").encode()
    if packed == "stdin":
        stdin_of(monkeypatch, data)
        argv, shown = ["-"], "<stdin>"
    else:
        path = given(tmp_path, data, packed)
        argv, shown = [str(path)], str(path)
    assert main(["score", *argv, "--dict", str(words), "--jobs", "1"]) == 2
    out, err = capsys.readouterr()
    byte = {"nul": "0x00", "control": "0x01", "image": "0x00"}[kind]
    assert err == (
        f"boggle: error: board file '{shown}' is not a text file (it has the control byte "
        f"{byte} on line 5,001); give a text file\n"
    )
    if packed != "stdin":  # a file is looked at whole before any board is scored
        assert out == ""
    else:  # standard input is scored as it comes: what came before it is written
        assert all(line.startswith(f"{BOARD} ") for line in out.splitlines()), out[:300]


@pytest.mark.parametrize("packed", ["plain", "gzip", "stdin"])
@pytest.mark.parametrize("command", ["solve", "judge"])
def test_a_board_file_binary_or_not_utf_8_further_on_is_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    words: Path,
    packed: str,
    command: str,
) -> None:
    if command == "judge" and packed == "stdin":
        pytest.skip("judge reads the players' words from standard input, not the board")
    padding = " " * 70_000 + "\n"  # spaces and new lines: the board's own separators
    for tail, said in [
        (b"\x00", "is not a text file (it has the control byte 0x00 on line 2)"),
        (b"\xff", "is not UTF-8 on line 2 (the byte 0xff), yet has UTF-8 text"),
    ]:
        data = "fxie amlo ewbx astñ".encode() + padding.encode() + tail
        if packed == "stdin":
            stdin_of(monkeypatch, data)
            board, shown = "-", "<stdin>"
        else:
            board = str(given(tmp_path, data, packed))
            shown = board
        argv = {
            "solve": ["solve", board if board == "-" else f"@{board}", "--dict", str(words)],
            "judge": ["judge", "--board", f"@{board}", "--player", f"ann={words}"],
        }[command]
        status = main(argv)
        out, err = capsys.readouterr()
        prefix = "--board: " if command == "judge" else ""
        assert (status, out) == (2, ""), err
        assert err.startswith(f"boggle: error: {prefix}board file '{shown}' {said}"), err
        assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("packed", ["plain", "gzip"])
@pytest.mark.parametrize(
    ("tail", "said"),
    [
        (b"ab\x00cd\n", "is not a text file (it has the control byte 0x00 on line 17,578)"),
        (bytes(range(1, 256)), "is not a text file (it has the control byte 0x01 on line 17,578)"),
        (b"z\xffz\n", "is not UTF-8 on line 17,578 (the byte 0xff), yet has UTF-8 text"),
    ],
    ids=["nul", "image", "not-utf-8"],
)
def test_a_word_list_binary_or_not_utf_8_further_on_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    packed: str,
    tail: bytes,
    said: str,
) -> None:
    data = WORDS.encode() + "año\n".encode() + tail
    path = given(tmp_path, data, packed, "words")
    with pytest.raises(LexiconError) as refused:
        Lexicon.from_file(path)
    assert str(refused.value).startswith(f"word list '{path}' {said}"), refused.value
    assert main(["solve", BOARD, "--dict", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"boggle: error: {refused.value}\n"


def test_a_player_s_words_binary_further_on_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], words: Path
) -> None:
    ann = tmp_path / "ann.txt"
    ann.write_bytes(b"fame\n" * 20_000 + b"li\x00me\n")
    assert main(["judge", "--board", BOARD, "--player", f"ann={ann}", "--dict", str(words)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert f"file '{ann}' is not a text file (it has the control byte 0x00 on line 20,001)" in err


def test_latin_1_and_windows_1252_lists_are_read_as_before(tmp_path: Path) -> None:
    """Only a file with UTF-8 text in it is refused for a byte that is not UTF-8: a Latin-1
    list is Latin-1 throughout; a Windows-1252 one's 0x80 to 0x9f (``œ``) are no binary."""
    latin_1 = tmp_path / "es.txt"
    latin_1.write_bytes(WORDS.encode() + "año\ncaña\n".encode("latin-1"))
    assert {"año", "caña"} <= set(Lexicon.from_file(latin_1).words)
    windows = tmp_path / "fr.txt"
    windows.write_bytes(WORDS.encode() + "cœur\nété\n".encode("cp1252"))
    assert "été" in Lexicon.from_file(windows).words
