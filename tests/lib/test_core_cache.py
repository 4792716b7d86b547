"""The compiled trie kept on disk: reused, checked on read, rebuilt when damaged, optional."""

from __future__ import annotations

import json
import mmap
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boggle import Board, Lexicon, solve
from boggle._native.core import MAX_LETTERS, checksum
from boggle.engines import native
from boggle.engines.native import CompiledLexicon
from boggle.files import cache as cache_module
from boggle.files.cache import load, store

WORDS = ["fame", "fax", "mix", "moxie", "amble", "east", "seat", "żółw", "łąka"]
WIDE = [*WORDS, *(chr(code) * 3 for code in range(0x100, 0x100 + 30))]  # 40+ letters
BOARD = Board.parse("fxie amlo ewbx astu")


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(tmp_path))
    return tmp_path / "tries"


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.trie")) if folder.is_dir() else []


def score(core: CompiledLexicon) -> int:
    faces = core.encode_board(BOARD)
    assert faces is not None
    return core.trie.solve(faces, 4, 4, 3, [0, 0, 0, 1, 1, 2, 3, 5, 11], False)


def built_without_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make compiling from words fail, so only a cache read can succeed."""

    def refuse(lexicon: Lexicon) -> dict[str, bytes]:
        raise AssertionError("compiled from the words, not read from the cache")

    monkeypatch.setattr(native, "_letter_codes", refuse)


@pytest.mark.parametrize("words", [WORDS, WIDE], ids=["ascii", "over-31-letters"])
def test_a_compiled_list_is_kept_and_read_back(
    cache: Path, monkeypatch: pytest.MonkeyPatch, words: list[str]
) -> None:
    lexicon = Lexicon.from_words(words)
    built = CompiledLexicon(lexicon)
    assert len(entries(cache)) == 1
    with monkeypatch.context() as patch:
        built_without_cache(patch)
        again = CompiledLexicon(Lexicon.from_words(words))
    assert again.trie.image() == built.trie.image()
    assert again.letter_codes == built.letter_codes and again.longest == built.longest
    assert score(again) == score(built) == solve(BOARD, lexicon, engine="trie").score
    found = again.trie.solve(again.encode_board(BOARD) or b"", 4, 4, 3, [0, 1], True, tuple)
    assert sorted(word for word, _ in found) == [w.word for w in solve(BOARD, lexicon)]


def damage_truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:-100])


def damage_flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x10
    path.write_bytes(bytes(data))


def damage_image_with_sound_checksum(path: Path) -> None:
    payload = load(path, checksum)
    assert payload is not None
    store(path, payload[:-8] + b"\xff" * 8, checksum)  # word ids out of range, sound checksum


def damage_garbage(path: Path) -> None:
    path.write_bytes(b"not a cache file")


@pytest.mark.parametrize(
    "damage", [damage_truncate, damage_flip, damage_image_with_sound_checksum, damage_garbage]
)
def test_a_damaged_entry_is_rebuilt_never_trusted(cache: Path, damage: object) -> None:
    lexicon = Lexicon.from_words(WORDS)
    expected = score(CompiledLexicon(lexicon))
    [entry] = entries(cache)
    assert callable(damage)
    damage(entry)
    rebuilt = CompiledLexicon(Lexicon.from_words(WORDS))
    assert score(rebuilt) == expected
    assert load(entry, checksum) is not None  # written again, sound


@pytest.mark.parametrize("setting", ["", "file", "/proc/self/boggle"])
def test_no_cache_when_turned_off_or_unusable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, setting: str
) -> None:
    if setting == "file":
        setting = str(tmp_path / "a-file")
        Path(setting).write_text("mine")
    monkeypatch.setenv("BOGGLE_CACHE_DIR", setting)
    core = CompiledLexicon(Lexicon.from_words(WORDS))
    assert score(core) == solve(BOARD, Lexicon.from_words(WORDS), engine="trie").score
    assert list(tmp_path.rglob("*.trie")) == []
    if setting.endswith("a-file"):
        assert Path(setting).read_text() == "mine"


def test_two_processes_writing_at_once(cache: Path) -> None:
    script = (
        "from boggle import Lexicon; from boggle.engines.native import CompiledLexicon; "
        f"CompiledLexicon(Lexicon.from_words([w + s for w in {WORDS!r} for s in 'abcdefgh']))"
    )
    env = {**os.environ, "BOGGLE_CACHE_DIR": str(cache.parent)}
    runs = [subprocess.Popen([sys.executable, "-c", script], env=env) for _ in range(4)]
    assert [run.wait(timeout=60) for run in runs] == [0, 0, 0, 0]
    [entry] = entries(cache)
    assert load(entry, checksum) is not None
    assert sorted(p.name for p in cache.iterdir()) == [entry.name]  # no temporary files left


def test_the_core_checksum_sees_every_flipped_bit_and_every_length() -> None:
    data = bytes(range(256)) * 3 + b"tail"
    seen = {checksum(data)}
    for index in range(len(data)):
        for bit in range(8):
            damaged = bytearray(data)
            damaged[index] ^= 1 << bit
            seen.add(checksum(bytes(damaged)))
    seen.update(checksum(data[:length]) for length in range(len(data)))
    assert len(seen) == 1 + 8 * len(data) + len(data)
    assert checksum(memoryview(data)) == checksum(data)


def test_the_core_checksum_sees_two_flips_in_one_lane() -> None:
    """A word's top bit and a bit of the same lane's next word: a plain multiply lets the
    two cancel; the rotation does not."""
    data = bytes(range(256)) * 3
    for first in range(7, 200, 8):
        for second in range(first + 1, first + 64):
            for bit in range(8):
                damaged = bytearray(data)
                damaged[first] ^= 0x80
                damaged[second] ^= 1 << bit
                assert checksum(bytes(damaged)) != checksum(data)


def test_an_aligned_read_only_image_is_read_in_place_others_are_copied(tmp_path: Path) -> None:
    built = CompiledLexicon(Lexicon.from_words(WORDS))
    image = built.trie.image()
    entry = tmp_path / "image.bin"
    entry.write_bytes(b"12345678" + image)
    with open(entry, "rb") as handle:
        mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    words = "\n".join(Lexicon.from_words(WORDS).words).encode()
    in_place = built._trie(memoryview(mapped)[8:], None, MAX_LETTERS, memoryview(words))
    assert score_trie(built, in_place) == score(built)
    with pytest.raises(BufferError):  # the trie holds the mapped file: no copy was made
        mapped.close()
    del in_place
    mapped.close()
    entry.write_bytes(b"1234567" + image)
    with open(entry, "rb") as handle:
        mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    copied = built._trie(memoryview(mapped)[7:], None, MAX_LETTERS, words)  # misaligned
    mapped.close()  # the trie has its own copy
    assert score_trie(built, copied) == score(built)
    with pytest.raises(ValueError):  # and checked it: one byte short
        built._trie(bytearray(image[:-1]), None, MAX_LETTERS, words)
    del copied


def score_trie(core: CompiledLexicon, trie: object) -> int:
    faces = core.encode_board(BOARD)
    assert faces is not None
    return trie.solve(faces, 4, 4, 3, [0, 0, 0, 1, 1, 2, 3, 5, 11], False)  # type: ignore[attr-defined]


TRUNCATED_UNDER_A_RUNNING_PROCESS = """
import json, os, sys
from boggle import Board, Lexicon, solve
from boggle.engines import native
words = sys.argv[1].split(",")
native.CompiledLexicon(Lexicon.from_words(words))  # leaves the entry in the cache
lexicon = Lexicon.from_words(words)
board = Board.parse("fxie amlo ewbx astu")
first = solve(board, lexicon, engine="native")  # the trie read from the entry
path = native._cache_file(lexicon)
os.truncate(path, 0)
second = solve(board, lexicon, engine="native")
with open(path, "r+b") as entry:  # rewritten in place, then cut short
    entry.write(b"x" * 100_000)
os.truncate(path, 10)
third = solve(Board.parse("amle sxie fbwo astu"), lexicon, engine="native")
print(json.dumps([first.score, second.score, [w.word for w in second.words], third.score]))
"""


def test_a_cache_file_truncated_under_a_running_process_changes_nothing(cache: Path) -> None:
    """Finding 4 of issue 32: a mapped entry truncated under a process killed it (SIGBUS)."""
    words = ",".join(WORDS)
    result = subprocess.run(
        [sys.executable, "-c", TRUNCATED_UNDER_A_RUNNING_PROCESS, words],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, (result.returncode, result.stderr)
    lexicon = Lexicon.from_words(WORDS)
    expected = solve(BOARD, lexicon, engine="trie")
    other = solve(Board.parse("amle sxie fbwo astu"), lexicon, engine="trie")
    words_found = sorted(w.word for w in expected.words)
    first, second, found, third = json.loads(result.stdout)
    assert (first, second, sorted(found), third) == (
        expected.score,
        expected.score,
        words_found,
        other.score,
    )


def special_entry(kind: str, path: Path) -> None:
    """Put a link to /dev/zero, a FIFO, a directory or an oversized sparse file where the
    entry goes."""
    path.unlink(missing_ok=True)
    if kind == "link-to-dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "link-to-an-entry":
        elsewhere = path.with_name("elsewhere.bin")
        elsewhere.write_bytes(b"")
        path.symlink_to(elsewhere)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    else:
        with open(path, "wb") as entry:
            entry.truncate(cache_module.MAX_ENTRY_BYTES + 1)


SPECIAL_ENTRY = """
import sys
from boggle import Board, Lexicon, solve
words = sys.argv[1].split(",")
print(solve(Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(words), engine="native").score)
"""


@pytest.mark.parametrize(
    "kind", ["link-to-dev-zero", "link-to-an-entry", "fifo", "directory", "oversized"]
)
def test_a_special_file_in_an_entrys_place_is_never_read(cache: Path, kind: str) -> None:
    """Finding 5 of issue 32: a link to /dev/zero was read forever, a FIFO hung the start."""
    lexicon = Lexicon.from_words(WORDS)
    CompiledLexicon(lexicon)
    (path,) = entries(cache)
    special_entry(kind, path)
    assert cache_module.read_entry_file(path) is None  # at once: nothing blocks
    result = subprocess.run(
        [sys.executable, "-c", SPECIAL_ENTRY, ",".join(WORDS)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) == solve(BOARD, lexicon, engine="trie").score
    if kind != "directory":  # rebuilt over: the new entry is a regular file again
        assert path.is_file() and not path.is_symlink()
        assert cache_module.load_view(path, checksum) is not None
