"""The on-disk cache: where it is, when it is refused, atomic writes, checked entries."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boggle import Board, Lexicon, solve
from boggle.engines.heap import sorted_word_file
from boggle.files import cache
from boggle.model.rules import CLASSIC

BOARD = Board.parse("fxie amlo ewbx astu")
WORDS = ["fame", "famed", "mile", "limes", "axe", "sea", "zebra", "east", "last", "lobe"]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_the_cache_dir_follows_the_environment() -> None:
    assert cache.cache_root({"BOGGLE_CACHE_DIR": ""}) is None
    assert cache.cache_root({"BOGGLE_CACHE_DIR": "/x/y"}) == Path("/x/y")
    assert cache.cache_root({"XDG_CACHE_HOME": "/c"}) == Path("/c/boggle")
    home = cache.cache_root({})
    assert home is not None and home.name == "boggle"


def test_the_test_suite_uses_a_temporary_cache_not_the_users() -> None:
    root = cache.cache_root()
    assert root is not None
    assert Path.home() / ".cache" not in root.parents


@pytest.mark.parametrize("kind", ["file", "proc", "nul", "full"])
def test_an_unusable_folder_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    if kind == "file":
        (tmp_path / "plain").write_text("x")
        folder = tmp_path / "plain" / "wordlists"
    elif kind == "proc":
        folder = Path("/proc/self/boggle")
    elif kind == "nul":
        folder = tmp_path / "a\x00b"
    else:
        folder = tmp_path / "full"

        class Full:
            f_bavail = 0
            f_frsize = 4096

        monkeypatch.setattr(os, "statvfs", lambda path: Full())
    assert cache.usable_dir(folder) is None


def test_a_folder_that_exists_and_is_writable_is_used(tmp_path: Path) -> None:
    assert cache.usable_dir(tmp_path / "a" / "b") == tmp_path / "a" / "b"
    assert (tmp_path / "a" / "b").is_dir()


def test_atomic_write_replaces_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    cache.write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert leftovers(tmp_path) == []


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")

    def full_disk(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        cache.write_atomic(target, b"new" * 1000)
    assert target.read_text() == "old"
    assert leftovers(tmp_path) == []
    assert cache.store(tmp_path / "entry", b"payload") is False
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_a_real_full_disk_leaves_no_temporary(full_disk: Path) -> None:
    target = full_disk / "out.txt"
    target.write_bytes(b"old")
    with pytest.raises(OSError):
        cache.write_atomic(target, b"x" * 200_000)
    assert target.read_bytes() == b"old"
    assert leftovers(full_disk) == []
    assert cache.store(full_disk / "entry", b"x" * 200_000) is False
    assert sorted(p.name for p in full_disk.iterdir()) == ["out.txt"]


def test_an_entry_is_checked_against_its_checksum(tmp_path: Path) -> None:
    entry = tmp_path / "entry.bin"
    assert cache.store(entry, b"famous payload")
    assert cache.load(entry) == b"famous payload"
    data = entry.read_bytes()
    entry.write_bytes(data.replace(b"famous", b"famoos"))
    assert cache.load(entry) is None
    entry.write_bytes(data[:-3])
    assert cache.load(entry) is None
    entry.write_bytes(b"no header at all")
    assert cache.load(entry) is None
    assert cache.load(tmp_path / "missing") is None


def test_an_edited_heap_cache_file_is_rebuilt() -> None:
    """Issue 13.8: 'fame' edited to 'famd' in the cached copy (same size) is not trusted."""
    expected = solve(BOARD, Lexicon.from_words(WORDS), CLASSIC, engine="trie").words
    copy = sorted_word_file(Lexicon.from_words(WORDS))
    assert copy is not None and b"fame\n" in copy.read_bytes()
    copy.write_bytes(copy.read_bytes().replace(b"fame\n", b"famd\n"))
    assert solve(BOARD, Lexicon.from_words(WORDS), CLASSIC, engine="heap").words == expected
    assert b"fame\n" in copy.read_bytes()


@pytest.mark.parametrize("kind", ["link-to-a-copy", "link-to-dev-zero", "fifo"])
def test_a_special_file_in_the_heap_cache_is_never_used(tmp_path: Path, kind: str) -> None:
    """Issue 32, finding 5: the cache's own copy is used only as a regular file, not through
    a link (whatever it points to) and never a FIFO; it is written again in its place."""
    lexicon = Lexicon.from_words([*WORDS, kind.replace("-", "")])
    expected = solve(BOARD, lexicon, CLASSIC, engine="trie").words
    copy = sorted_word_file(lexicon)
    assert copy is not None
    content = copy.read_bytes()
    copy.unlink()
    if kind == "fifo":
        os.mkfifo(copy)
    else:
        elsewhere = tmp_path / "elsewhere.txt"
        elsewhere.write_bytes(content)
        copy.symlink_to("/dev/zero" if kind == "link-to-dev-zero" else elsewhere)
    again = Lexicon.from_words([*WORDS, kind.replace("-", "")])
    assert sorted_word_file(again) == copy
    assert not copy.is_symlink() and copy.is_file() and copy.read_bytes() == content
    assert solve(BOARD, again, CLASSIC, engine="heap").words == expected


@pytest.mark.parametrize("setting", ["", "file", "/proc/self/boggle"])
def test_the_heap_engine_works_without_a_usable_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, setting: str
) -> None:
    if setting == "file":
        setting = str(tmp_path / "plain")
        Path(setting).write_text("x")
    monkeypatch.setenv("BOGGLE_CACHE_DIR", setting)
    lexicon = Lexicon.from_words(WORDS)
    assert sorted_word_file(lexicon) is None
    expected = solve(BOARD, lexicon, CLASSIC, engine="trie").words
    assert solve(BOARD, lexicon, CLASSIC, engine="heap").words == expected
    assert solve(BOARD, lexicon, CLASSIC, engine="heap-seek").words == expected


@pytest.mark.parametrize("setting", ["file", "/proc/1/boggle", "readonly"])
def test_the_command_line_works_without_a_usable_cache(tmp_path: Path, setting: str) -> None:
    if setting == "file":
        setting = str(tmp_path / "plain")
        Path(setting).write_text("x")
    elif setting == "readonly":
        folder = tmp_path / "ro"
        folder.mkdir()
        folder.chmod(0o500)
        setting = str(folder)
    words = tmp_path / "words.txt"
    words.write_text("\n".join(reversed(WORDS)) + "\n")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "boggle",
            "solve",
            "fxie amlo ewbx astu",
            "--engine",
            "heap",
            "--dict",
            str(words),
            "--no-stream",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "BOGGLE_CACHE_DIR": setting},
    )
    assert done.returncode == 0, done.stderr
    # nothing about the cache; the only line is the hint that the small list lacks u and w
    assert done.stderr.startswith("boggle: warning: no word of 'words.txt' uses the")
    assert done.stderr.count("\n") == 1
    assert "FAME:" in done.stdout
