"""Bytes that are not UTF-8 on a command line or in typed words: one clear line that
says the text is not valid (never the surrogate escape ``'\\udcff'`` Python reads them as),
and a round played through a pipe keeps its words whatever bytes come."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boggle import Board, Lexicon, solve
from boggle.cli.main import main
from boggle.definitions import checked_word
from boggle.game import PlaySession
from boggle.model.errors import BoardError, BoggleError
from boggle.model.letters import not_text

BAD_BYTE = b"\xff".decode("utf-8", "surrogateescape")  # what argv holds for the byte 0xff
BOARD = "fxie amlo ewbx astu"


@pytest.mark.parametrize(
    "argv",
    [
        ["define", BAD_BYTE],
        ["define", f"ab{BAD_BYTE}c"],
        ["solve", f"{BAD_BYTE}bcdefghijklmnop"],
        ["solve", f"abc/de{BAD_BYTE}/ghi"],
        ["solve", f"[{BAD_BYTE}]bcdefghijklmnop"],
        ["compare", f"{BAD_BYTE}bcdefghijklmnop"],
        ["search", "--size", "3", "--letters", f"ab{BAD_BYTE}", "--seconds", "1"],
    ],
)
def test_an_undecodable_byte_in_a_word_or_board_is_not_valid_text(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "is not valid text" in err or "are not valid text" in err, err
    assert "byte 0xff, which is not UTF-8" in err
    assert "udcff" not in err and len(err.strip().splitlines()) == 1


def test_the_library_says_what_is_not_text() -> None:
    with pytest.raises(BoardError, match="not valid text: it has the byte 0xfe"):
        Board.parse(b"ab\xfecd".decode("utf-8", "surrogateescape"))
    with pytest.raises(BoggleError, match=r"lone surrogate \(U\+D800\)"):
        checked_word("ab\ud800")  # JSON's "\ud800" reaches the library this way
    session = PlaySession(Board.parse(BOARD), solve(Board.parse(BOARD), Lexicon.from_words([])))
    feedback = session.submit(f"fa{BAD_BYTE}me")
    assert feedback.status == "invalid" and "byte 0xff" in feedback.message


@given(st.text())
def test_text_that_encodes_as_utf8_is_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        assert not_text(text) is not None
    else:
        assert not_text(text) is None


def _play(typed: bytes, words: Path, encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONIOENCODING=encoding)  # a UTF-8 locale's strict streams
    return subprocess.run(
        [sys.executable, "-m", "boggle", "play", BOARD, "--dict", str(words)],
        input=typed,
        capture_output=True,
        env=env,
        timeout=120,
    )


@pytest.mark.parametrize("encoding", ["utf-8:strict", "utf-8:surrogateescape"])
def test_a_piped_round_with_a_byte_that_is_not_utf8_keeps_its_words(
    tmp_path: Path, encoding: str
) -> None:
    """Under a UTF-8 locale's strict standard input, a line with the byte 0xff ended the
    round with a decoding error: the words typed before and the summary were lost."""
    words = tmp_path / "words.txt"
    words.write_text("fame\nmile\n")
    done = _play(b"fame\n\xffab\nmile\n", words, encoding)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert "FAME: +1 point" in out and "MILE: +1 point (score 2)" in out
    assert "You found 2 of 2 words" in out and b"Traceback" not in done.stderr


def test_a_piped_line_without_end_is_read_a_bounded_piece_at_a_time(tmp_path: Path) -> None:
    """A line of 20 MB was held whole (and echoed whole); it is cut, the round goes on."""
    words = tmp_path / "words.txt"
    words.write_text("fame\n")
    done = _play(b"a" * 20_000_000 + b"\nfame\n", words, "utf-8:strict")
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert "FAME: +1 point" in out
    assert max(len(line) for line in out.splitlines()) < 1000


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "--dict", BAD_BYTE, "fxieamloewbxastu"],
        ["solve", "--dict", f"{BAD_BYTE}.txt", "fxieamloewbxastu"],
        ["score", f"boards{BAD_BYTE}.txt"],
        ["solve", f"@boards{BAD_BYTE}.txt"],
    ],
)
def test_a_file_name_with_a_byte_that_is_not_utf8_is_shown_as_typed(
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A file name is any bytes: it is looked for, and a message shows it as typed (\\xff)."""
    monkeypatch.chdir(tmp_path)  # and back after: a process started later starts here
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "\\xff" in err and "udcff" not in err, err


def test_a_nul_among_piped_words_is_one_bad_word(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("fame\nmile\n")
    done = _play(b"fame\nab\x00c\nmile\n", words, "utf-8:strict")
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert "not a word" in out and "You found 2 of 2 words" in out


def test_an_output_path_that_is_not_utf8_is_shown_as_typed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file name's byte 0xff is shown as the ``\\xff`` typed, in a refusal and in 'wrote'."""
    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\n")
    out = tmp_path / f"out{BAD_BYTE}.txt"
    assert main(["dicts", "export", str(words), str(out)]) == 0
    err = capsys.readouterr().err
    assert "out\\xff.txt'" in err and "udcff" not in err, err
    assert main(["dicts", "export", str(words), str(out)]) == 2
    err = capsys.readouterr().err
    assert "out\\xff.txt' already exists" in err and "udcff" not in err, err


def test_a_word_list_named_with_a_byte_that_is_not_utf8_is_shown_as_typed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The heap engine reads the file as it is: an unsorted one is refused by its name."""
    words = tmp_path / f"w{BAD_BYTE}.txt"
    words.write_text("fame\nbest\n")
    assert main(["solve", BOARD, "--engine", "heap", "--dict", str(words)]) == 2
    err = capsys.readouterr().err
    assert "w\\xff.txt' is not sorted" in err and "udcff" not in err, err


@pytest.mark.parametrize(
    "command",
    [
        ["trie", "--dot"],
        ["search", "--size", "2", "--seconds", "0.2", "--json"],
        ["judge", "--board", BOARD, "--player", "a=PLAYER"],
        ["solve", BOARD, "--json"],
    ],
    ids=["trie", "search", "judge", "solve-json"],
)
def test_a_word_list_named_with_a_byte_that_is_not_utf8_is_read_again_from_the_cache(
    command: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Sweep 14: once a list's summary was due in the cache, every command given a list whose
    file name has the byte 0xff failed: "'utf-8' codec can't encode character '\\udcff'"
    (the summary was written as UTF-8 JSON). JSON output names it with U+FFFD, so a strict
    UTF-8 stream can carry it."""
    from boggle.wordlists import loading

    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(loading, "SETTLED_SECONDS", -10)  # this new file is summarised now
    words = tmp_path / f"{command[0]}{BAD_BYTE}.txt"
    words.write_text("fame\nlime\nmile\n")
    player = tmp_path / "player.txt"
    player.write_text("fame\n")
    argv = [part.replace("PLAYER", str(player)) for part in command]
    for _ in range(2):  # the first run writes the summary, the second reads it
        loading._loaded.clear()
        assert main([*argv, "--dict", str(words)]) == 0, capsys.readouterr().err
        out, err = capsys.readouterr()
        assert "udcff" not in err and "codec" not in err, err
        out.encode("utf-8")  # strict: no surrogate escape left in the output
    assert list((tmp_path / "cache").rglob("*.summary"))
    if "--json" in argv and argv[0] == "solve":
        assert json.loads(out)["dictionary"]["name"] == "solve\ufffd.txt"


def test_a_served_list_name_or_host_with_a_byte_that_is_not_utf8_is_refused(
    tmp_path: Path,
) -> None:
    """Sweep 14: ``serve --dict-file $'\\xff=FILE'`` served, and every request for the lists
    failed with a server error; ``--host $'\\xff'`` said "encoding with 'idna' codec
    failed", and ``--allowed-host $'\\xff'`` served a host no request could name."""
    pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
    words = tmp_path / "words.txt"
    words.write_text("fame\nlime\n")
    port = "18739"  # refused before any port is bound
    for argv, says in [
        (["--dict-file", f"{BAD_BYTE}={words}"], "the word list name '\\xff' is not valid text"),
        (["--dict-file", f"a\tb={words}"], "the word list name 'a\\tb' has a character"),
        (["--host", BAD_BYTE], "cannot resolve --host '\\xff'"),
        (["--allowed-host", BAD_BYTE], "got '\\xff', which no host name spells"),
    ]:
        # a process of its own, its wait bounded: a server that starts serves until killed
        done = subprocess.run(
            [sys.executable, "-m", "boggle", "serve", *map(os.fsencode, argv), "--port", port],
            capture_output=True,
            timeout=60,
        )
        err = done.stderr.decode("utf-8", "replace")
        assert done.returncode == 2, err
        assert says in err and len(err.splitlines()) == 1 and "udcff" not in err, err


def test_the_catalogue_refuses_a_name_that_is_not_text(tmp_path: Path) -> None:
    from boggle.wordlists.catalogue import Catalogue

    words = tmp_path / "words.txt"
    words.write_text("fame\n")
    with pytest.raises(BoggleError, match="byte 0xff, which is not UTF-8"):
        Catalogue({BAD_BYTE: words})


def test_a_player_named_with_a_byte_that_is_not_utf8_is_refused_as_typed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sweep 14: the refusal said "player name '\\udcff' has a character that is not
    printable"."""
    words = tmp_path / "words.txt"
    words.write_text("fame\n")
    assert main(["judge", "--board", BOARD, "--player", f"{BAD_BYTE}={words}"]) == 2
    err = capsys.readouterr().err
    assert "player name '\\xff' is not valid text: it has the byte 0xff" in err, err
    assert "udcff" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", BOARD, "--engine", BAD_BYTE],
        ["solve", BOARD, "--language", BAD_BYTE],
        ["solve", BOARD, "--scoring", BAD_BYTE],
        ["search", "--size", "3", "--method", BAD_BYTE],
        ["prove", "--size", "2", "--above", "3", "--memory", BAD_BYTE],
        ["stats", "--random", "2", "--cluster", BAD_BYTE],
        ["roll", "--size", BAD_BYTE],
    ],
    ids=["engine", "language", "scoring", "method", "memory", "cluster", "size"],
)
def test_a_byte_that_is_not_utf8_in_any_refused_value_is_shown_as_typed(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Sweep 14: a value refused with Python's repr (argparse's choices and types, the
    library's ``!r``) showed the byte 0xff as ``'\\udcff'``; every error line shows it as
    the ``\\xff`` typed."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "'\\xff'" in err and "udcff" not in err and len(err.splitlines()) == 1, err


def test_a_polish_players_list_in_windows_1250_is_read_as_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A list typed in Notepad on a Polish Windows (ANSI: Windows-1250) was read as Latin-1,
    ``żaba`` as ``¿aba``, and each word refused as no letters; judged with the Polish list it
    is read in its code page. A Spanish player's Latin-1 list is read as before."""
    ola = tmp_path / "ola.txt"
    ola.write_bytes("żaba\nłódź\nkość\n".encode("cp1250"))
    board = "żaba łódź kość gęsi"
    assert main(["judge", "--board", board, "--dict", "pl", "--player", f"ola={ola}"]) == 0
    shown = capsys.readouterr().out
    assert "ola: 3 points" in shown and "ŁÓDŹ" in shown, shown
    ana = tmp_path / "ana.txt"
    ana.write_bytes("año\n".encode("latin-1"))
    assert main(["judge", "--board", "añox xxxx", "--dict", "es", "--player", f"ana={ana}"]) == 0
    assert "AÑO   1  counted" in capsys.readouterr().out
