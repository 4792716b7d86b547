"""Checks on the word lists shipped in boggle/data: the manifest matches the files.

The files are read through importlib.resources, so these check what the
installed package ships. The build script has its own tests in
test_build_wordlists.py.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

import pytest

from boggle import DEFAULT_WORDLIST, bundled_lists, load_lexicon

DATA = files("boggle") / "data"
MANIFEST: list[dict[str, Any]] = json.loads((DATA / "wordlists.json").read_text("utf-8"))
NAMES = [entry["name"] for entry in MANIFEST]
PLAIN_WORD = re.compile(r"[a-z]+")
KEYS = {"name", "file", "words", "sha256", "description", "default", "scowl_version", "source"}


@cache
def text_of(file: str) -> bytes:
    return gzip.decompress((DATA / file).read_bytes())


@cache
def words_of(file: str) -> frozenset[str]:
    return frozenset(text_of(file).decode("ascii").splitlines())


def test_manifest_lists_en_50_70_80() -> None:
    assert NAMES == ["en-50", "en-70", "en-80"]
    for entry in MANIFEST:
        assert set(entry) == KEYS
        assert entry["file"] == entry["name"] + ".txt.gz"
        assert entry["description"]
        assert re.fullmatch(r"\d{4}\.\d\d\.\d\d", entry["scowl_version"])
        assert entry["source"].startswith(f"Debian package scowl {entry['scowl_version']}-")
    assert len({entry["source"] for entry in MANIFEST}) == 1  # one build, one package


@pytest.mark.parametrize("entry", MANIFEST, ids=NAMES)
def test_manifest_matches_the_file(entry: dict[str, Any]) -> None:
    text = text_of(entry["file"])
    assert hashlib.sha256(text).hexdigest() == entry["sha256"]
    assert text.endswith(b"\n") and b"\r" not in text
    lines = text.decode("ascii").split("\n")[:-1]
    assert len(lines) == entry["words"] > 0


@pytest.mark.parametrize("entry", MANIFEST, ids=NAMES)
def test_file_is_sorted_unique_plain_a_to_z(entry: dict[str, Any]) -> None:
    lines = text_of(entry["file"]).decode("ascii").split("\n")[:-1]
    assert lines == sorted(set(lines))
    bad = [line for line in lines if not PLAIN_WORD.fullmatch(line)]
    assert bad == []


@pytest.mark.parametrize("entry", MANIFEST, ids=NAMES)
def test_file_is_gzipped_reproducibly(entry: dict[str, Any]) -> None:
    header = (DATA / entry["file"]).read_bytes()[:10]
    assert header[:2] == b"\x1f\x8b"
    assert header[4:8] == b"\0\0\0\0"  # mtime 0: a rebuild gives the same bytes


def test_exactly_one_default_and_it_is_en_70() -> None:
    assert [entry["name"] for entry in MANIFEST if entry["default"]] == ["en-70"]
    assert DEFAULT_WORDLIST == "en-70"
    assert [bundled.name for bundled in bundled_lists()] == NAMES


def test_sizes_nest() -> None:
    small, medium, large = (words_of(entry["file"]) for entry in MANIFEST)
    assert small < medium < large
    assert [entry["words"] for entry in MANIFEST] == [len(small), len(medium), len(large)]
    # Uncommon but real words are in the default, obscure ones only in en-80.
    assert {"quern", "yurt", "kohl"} <= medium - small
    assert {"chaffrons", "misguggling"} <= large - medium
    # Proper names, contractions and spelling variants are left out everywhere.
    assert not {"london", "tokyo", "isn", "colour"} & large


def test_default_list_loads_by_name() -> None:
    lexicon = load_lexicon()
    assert lexicon.name == DEFAULT_WORDLIST and lexicon.bundled
    assert len(lexicon.words) == MANIFEST[1]["words"]
    assert {"fame", "color", "quiz"} <= lexicon.word_set
    assert "source" not in lexicon.to_json()  # no installation path is shown


def test_copyright_notice_is_shipped() -> None:
    notice = (DATA / "SCOWL-COPYRIGHT.txt").read_text("utf-8")
    assert "SCOWL" in notice and "Kevin Atkinson" in notice


def test_data_holds_only_the_built_files() -> None:
    """Nothing but the build script's output ships (no word list copied from elsewhere)."""

    def names(folder: Traversable) -> set[str]:
        return {item.name for item in folder.iterdir() if not item.name.startswith("__")}

    expected = {entry["file"] for entry in MANIFEST} | {"wordlists.json", "SCOWL-COPYRIGHT.txt"}
    assert names(DATA) == expected
