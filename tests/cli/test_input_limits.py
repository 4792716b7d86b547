"""Sizes and file kinds are checked before anything is read or generated (issue 13.10).

Each command runs in a subprocess with its address space capped (``resource``
limits) and a bounded wait, so a regression shows as a failure, not a hang or
a machine out of memory.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from boggle import Board, Lexicon
from boggle.cli.main import main
from boggle.model.errors import BoardError, LexiconError

MEMORY_CAP = 1536 * 1024 * 1024  # far below what reading any of these inputs whole would take
BOARD = "fxie amlo ewbx astu"


def capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def boggle(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boggle", *args],
        capture_output=True,
        text=True,
        timeout=30,
        preexec_fn=capped,
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
    )


def assert_refused(done: subprocess.CompletedProcess[str], says: str) -> None:
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr, done.stderr
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and says in done.stderr, done.stderr


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    """A FIFO nobody writes to: opening it for reading would block forever."""
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


@pytest.fixture
def sparse(tmp_path: Path) -> Path:
    """A 2 GB file of zeros that takes no disk space."""
    path = tmp_path / "sparse.txt"
    with path.open("wb") as handle:
        handle.truncate(2 * 1024**3)
    return path


@pytest.fixture
def long_line(tmp_path: Path) -> Path:
    """One 5 MB line of letters: four times the longest board text."""
    path = tmp_path / "long.txt"
    path.write_bytes(b"a" * 5_000_000 + b"\n")
    return path


@pytest.mark.parametrize("engine", ["native", "heap"])
@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("/dev/zero", "is a device, not a regular file"),
        ("fifo", "is a pipe (FIFO), not a regular file"),
        ("dir", "is a directory"),
    ],
)
def test_a_word_list_that_is_not_a_regular_file_is_refused_at_once(
    engine: str, kind: str, says: str, fifo: Path, tmp_path: Path
) -> None:
    path = {"fifo": str(fifo), "dir": str(tmp_path)}.get(kind, kind)
    assert_refused(boggle("solve", BOARD, "--dict", path, "--engine", engine), says)


def test_a_sparse_2gb_word_list_is_refused_by_its_size(sparse: Path) -> None:
    assert_refused(boggle("solve", BOARD, "--dict", str(sparse)), "is 2.0 GB; the limit is")


def test_a_sparse_2gb_sorted_list_for_the_heap_engine_is_refused_as_binary(sparse: Path) -> None:
    assert_refused(
        boggle("solve", BOARD, "--dict", str(sparse), "--engine", "heap"), "looks binary"
    )


def test_a_gzip_bomb_stops_at_the_limit(tmp_path: Path) -> None:
    packer = zlib.compressobj(wbits=31)
    block = b"ab\n" * 1_000_000
    data = b"".join(packer.compress(block) for _ in range(40)) + packer.flush()  # 120 MB inside
    bomb = tmp_path / "bomb.txt.gz"
    bomb.write_bytes(data)
    assert len(data) < 1_000_000
    with pytest.raises(LexiconError, match="over the limit"):
        Lexicon.from_file(bomb)


def test_a_nul_in_a_path_is_refused() -> None:
    with pytest.raises(LexiconError, match="not a valid path"):
        Lexicon.from_file("a\x00.txt")


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("/dev/zero", "board file '/dev/zero' is a device, not a regular file"),
        ("fifo", "is a pipe (FIFO), not a regular file"),
        ("sparse", "looks binary"),
    ],
)
def test_a_board_file_that_is_not_text_is_refused_at_once(
    kind: str, says: str, fifo: Path, sparse: Path
) -> None:
    path = {"fifo": str(fifo), "sparse": str(sparse)}.get(kind, kind)
    assert_refused(boggle("score", path), says)


def test_a_huge_single_line_board_file_is_read_in_bounded_memory(long_line: Path) -> None:
    done = boggle("score", str(long_line))
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    assert done.returncode == 1 and done.stdout == ""
    assert "long.txt:1: the board text is 1,250,001 characters" in done.stderr


def test_parsing_a_huge_text_is_refused_before_any_work() -> None:
    with pytest.raises(BoardError, match="20,000,000 characters"):
        Board.parse("a" * 20_000_000)


@pytest.mark.parametrize(
    "argv",
    [
        ["roll", "--dice", "uniform", "--size", "100000x100000"],
        ["solve", "--random", "--dice", "uniform", "--size", "30000"],
        ["play", "--dice", "uniform", "--size", "30000"],
    ],
)
def test_a_huge_size_is_refused_before_generating(argv: list[str]) -> None:
    assert_refused(boggle(*argv), "is too large: the limit is 1,000 rows and columns")


@pytest.mark.parametrize(
    ("jobs", "says"),
    [
        ("0", "must be from 1 to 256"),
        ("100000", "must be from 1 to 256"),
        ("abc", "'abc' is not a whole number"),
    ],
)
def test_jobs_has_bounds(jobs: str, says: str) -> None:
    done = boggle("score", "--jobs", jobs, stdin=BOARD + "\n")
    assert done.returncode == 2 and says in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32"])
@pytest.mark.parametrize(
    "command",
    [
        ["solve", BOARD, "--dict", "FILE"],
        ["solve", BOARD, "--dict", "FILE", "--engine", "heap"],
        ["score", "FILE"],
        ["judge", "--board", BOARD, "--player", "ann=FILE"],
    ],
    ids=["word-list", "heap-word-list", "boards", "player"],
)
def test_a_file_saved_as_utf16_is_named_so(
    tmp_path: Path, encoding: str, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Sweep 14: a file a Windows tool saved as "Unicode" (UTF-16, NULs beside its letters)
    was refused as "looks binary"; it is said to be UTF-16 or UTF-32, to save as UTF-8."""
    path = tmp_path / "saved.txt"
    path.write_bytes("fame\nlime\n".encode(encoding))
    assert main([part.replace("FILE", str(path)) for part in command]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert f"'{path}' is UTF-16 or UTF-32 text; save it as UTF-8" in err, err


BOM = b"\xef\xbb\xbf"


def test_a_utf8_byte_order_mark_is_no_part_of_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sweep 14: a file Notepad saved as "UTF-8 with BOM" lost its first word (dropped without
    a word: ``\\ufefffame`` is not a word), its first board ("board has '\\ufeff'"), or was
    refused whole (a round's JSON); the heap engine said the list was not sorted."""
    words = tmp_path / "words.txt"
    words.write_bytes(BOM + b"fame\nlime\n")
    boards = tmp_path / "boards.txt"
    boards.write_bytes(BOM + BOARD.replace(" ", "").encode() + b"\n")
    round_file = tmp_path / "round.json"
    round_file.write_bytes(
        BOM + b'{"board": "%s", "players": [{"name": "a", "words": ["fame"]}]}' % BOARD.encode()
    )
    assert main(["solve", BOARD, "--dict", str(words), "--json"]) == 0
    assert [w["word"] for w in json.loads(capsys.readouterr().out)["words"]] == ["fame", "lime"]
    assert main(["score", str(boards), "--dict", str(words)]) == 0
    assert capsys.readouterr().out == f"{BOARD.replace(' ', '')} 2\n"
    assert main(["judge", str(round_file), "--dict", str(words)]) == 0
    assert "SCORES: a 1" in capsys.readouterr().out
    assert main(["dicts", "export", str(words), "-"]) == 0
    assert capsys.readouterr().out == "fame\nlime\n"
    assert main(["solve", BOARD, "--dict", str(words), "--engine", "heap"]) == 2
    err = capsys.readouterr().err
    assert "starts with a byte order mark; write a sorted copy" in err, err
