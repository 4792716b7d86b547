"""A word list file is summarised in the cache, so a later start need not read it."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from boggle import Board, LexiconError, load_lexicon, solve
from boggle.wordlists import loading as loading_module
from boggle.wordlists.lexicon import Lexicon

WORDS = "fame\nfax\nmix\nmoxie\namble\neast\nseat\n"


@pytest.fixture
def reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each word list file read from here on (loads are not kept between calls)."""
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(loading_module, "SETTLED_SECONDS", 0)
    monkeypatch.setattr(loading_module, "_loaded", {})
    read: list[str] = []
    original = Lexicon.from_file.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Lexicon], path: object, *args: object, **kwargs: object) -> Lexicon:
        read.append(str(path))
        return original(cls, path, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(Lexicon, "from_file", classmethod(counting))
    return read


def fresh_load(path: Path) -> Lexicon:
    loading_module._loaded.clear()
    return load_lexicon(path)


def test_a_summarised_list_is_read_only_when_its_words_are_needed(
    tmp_path: Path, reads: list[str]
) -> None:
    path = tmp_path / "words.txt"
    path.write_text(WORDS)
    first = fresh_load(path)
    board = Board.parse("fxie amlo ewbx astu")
    expected = solve(board, first, engine="trie")
    solve(board, first)  # compiles the list and keeps it in the cache
    assert len(reads) == 1
    again = fresh_load(path)
    solution = solve(board, again)  # the compiled list comes from the cache, words and all
    assert [w.word for w in solution] == [w.word for w in expected]
    assert (again.digest, len(again), again.longest, again.alphabet) == (
        first.digest,
        len(first),
        first.longest,
        first.alphabet,
    )
    assert len(reads) == 1
    assert again.words == first.words  # read now, on first use
    assert len(reads) == 2


def test_a_file_changed_in_place_is_read_again(tmp_path: Path, reads: list[str]) -> None:
    path = tmp_path / "words.txt"
    path.write_text(WORDS)
    fresh_load(path)
    before = path.stat()
    time.sleep(0.05)  # past a tick of the file system's clock
    path.write_text(WORDS.replace("fame", "lame"))  # same size
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # same modification time
    changed = fresh_load(path)
    assert "lame" in changed.words and "fame" not in changed.words
    assert len(reads) == 2


def test_a_file_just_written_gets_no_summary(
    tmp_path: Path, reads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(loading_module, "SETTLED_SECONDS", 3600)
    path = tmp_path / "words.txt"
    path.write_text(WORDS)
    fresh_load(path)
    fresh_load(path)
    assert len(reads) == 2
    assert not list((tmp_path / "cache").rglob("*.summary"))


def test_a_damaged_summary_is_not_trusted(tmp_path: Path, reads: list[str]) -> None:
    path = tmp_path / "words.txt"
    path.write_text(WORDS)
    fresh_load(path)
    [summary] = (tmp_path / "cache").rglob("*.summary")
    data = bytearray(summary.read_bytes())
    data[-5] ^= 1
    summary.write_bytes(bytes(data))
    assert fresh_load(path).words == tuple(sorted(WORDS.split()))
    assert len(reads) == 2


def test_words_changed_after_the_summary_was_read_are_refused(
    tmp_path: Path, reads: list[str]
) -> None:
    path = tmp_path / "words.txt"
    path.write_text(WORDS)
    fresh_load(path)
    lazy = fresh_load(path)
    path.write_text("zebra\n")
    with pytest.raises(LexiconError, match="changed while in use"):
        _ = lazy.words


def test_no_summary_when_the_cache_is_off(
    tmp_path: Path, reads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOGGLE_CACHE_DIR", "")
    path = tmp_path / "words.txt"
    path.write_text(WORDS)
    fresh_load(path)
    fresh_load(path)
    assert len(reads) == 2
