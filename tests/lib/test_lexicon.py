from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from boggle import Lexicon, LexiconError, load_lexicon, normalise_word


def test_normalisation_rules() -> None:
    assert normalise_word("Apple") is None  # proper noun
    assert normalise_word("APPLE") == "apple"
    assert normalise_word("  apple\t") == "apple"
    assert normalise_word("don't") is None
    assert normalise_word("r2d2") is None
    assert normalise_word("well-known") is None
    assert normalise_word("") is None
    assert normalise_word("café") == "café"  # any alphabet


def test_file_with_mixed_line_endings_and_case(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_bytes(b"zebra\r\nApple\rCAT\ncat\n\n  dog  \nit's\n")
    lexicon = Lexicon.from_file(path)
    assert lexicon.words == ("cat", "dog", "zebra")
    assert lexicon.name == "words.txt"
    assert lexicon.alphabet == frozenset("catdogzebr")


def test_gzip_and_latin1(tmp_path: Path) -> None:
    path = tmp_path / "words.gz"
    path.write_bytes(gzip.compress("caf\xe9\nabc\n".encode("latin-1")))
    assert Lexicon.from_file(path).words == ("abc", "café")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b"\n \n", "empty"),
        (b"\x7fELF\x00\x01", "binary"),
        (b"Paris\nit's\n", "no usable"),
    ],
)
def test_bad_files(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(LexiconError, match=message):
        Lexicon.from_file(path)


def test_missing_and_directory(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match="does not exist"):
        Lexicon.from_file(tmp_path / "nope.txt")
    with pytest.raises(LexiconError, match="directory"):
        Lexicon.from_file(tmp_path)


def test_unknown_name() -> None:
    with pytest.raises(LexiconError, match="unknown word list"):
        load_lexicon("klingon")


def test_load_is_cached_until_the_file_changes(tmp_path: Path) -> None:
    path = tmp_path / "w.txt"
    path.write_text("cat\n")
    first = load_lexicon(str(path))
    assert load_lexicon(str(path)) is first
    path.write_text("cat\ndog\n")
    assert load_lexicon(str(path)).words == ("cat", "dog")
