"""A word list file is summarised in the cache, so a later start need not read it: a server's
first list of the lists counts no list it has counted before."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from boggle import Board, LexiconError, load_lexicon, solve
from boggle.files import cache
from boggle.wordlists import loading as loading_module
from boggle.wordlists import sources
from boggle.wordlists import written as written_module
from boggle.wordlists.catalogue import Catalogue
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.spelling import language_lexicon

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
    tmp_path: Path, reads: list[str], form_reads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOGGLE_CACHE_DIR", "")
    path = tmp_path / "words.txt"
    path.write_text(WORDS)
    fresh_load(path)
    fresh_load(path)
    assert len(reads) == 2
    spanish = tmp_path / "es.txt"  # nor kept written forms: they are gathered each time
    spanish.write_text(SPANISH)
    assert spanish_forms(spanish) == spanish_forms(spanish) == SPANISH_FORMS
    assert len(form_reads) == 2


SPANISH = "aérea\nárea\nera\nesté\néste\npapa\npapá\n"
SPANISH_FORMS = {"aerea": ("aérea",), "area": ("área",), "este": ("esté", "éste")}


@pytest.fixture
def form_reads(reads: list[str], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each file the written forms are gathered from, from here on."""
    gathered: list[str] = []
    original = written_module.read_lines

    def counting(path: str) -> list[str]:
        gathered.append(str(path))
        return original(path)

    monkeypatch.setattr(written_module, "read_lines", counting)
    return gathered


def spanish_forms(path: Path) -> dict[str, tuple[str, ...]]:
    loading_module._loaded.clear()
    return dict(load_lexicon(path, "es").written_forms())


def test_a_list_s_written_forms_are_kept_and_taken_up_again_unread(
    tmp_path: Path, form_reads: list[str]
) -> None:
    path = tmp_path / "es.txt"
    path.write_text(SPANISH)
    assert spanish_forms(path) == SPANISH_FORMS
    assert spanish_forms(path) == SPANISH_FORMS  # from the cache: the file is not read
    assert form_reads == [str(path)]
    path.write_text(SPANISH.replace("aérea", "aéreo"))  # a changed file: its forms read again
    changed = {"aereo": ("aéreo",), "area": ("área",), "este": ("esté", "éste")}
    assert spanish_forms(path) == changed
    assert len(form_reads) == 2


def test_damaged_kept_forms_are_not_trusted(tmp_path: Path, form_reads: list[str]) -> None:
    path = tmp_path / "es.txt"
    path.write_text(SPANISH)
    spanish_forms(path)
    [kept] = (tmp_path / "cache").rglob("*.written")
    for damaged in (b"", kept.read_bytes()[:-9], b"\xff" * 40):
        kept.write_bytes(damaged)
        assert spanish_forms(path) == SPANISH_FORMS
    assert len(form_reads) == 4


def test_kept_forms_of_another_identity_are_not_taken(
    tmp_path: Path, form_reads: list[str]
) -> None:
    """The forms of one file written in another's place are refused by the identity they
    name, not only by where they lie."""
    first, second = tmp_path / "one.txt", tmp_path / "two.txt"
    first.write_text(SPANISH)
    second.write_text("ámbar\n")
    spanish_forms(first)
    assert spanish_forms(second) == {"ambar": ("ámbar",)}
    kept = {entry.stat().st_size: entry for entry in (tmp_path / "cache").rglob("*.written")}
    small, large = sorted(kept)
    kept[small].write_bytes(kept[large].read_bytes())
    assert spanish_forms(second) == {"ambar": ("ámbar",)}
    assert len(form_reads) == 3


def test_an_english_list_s_shipped_forms_are_kept_and_taken_up_without_its_words(
    reads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A warm start's solve on en-70 shows CAFE (café) from the kept forms: it neither
    opens en-written.txt.gz nor reads the list's words to learn which forms are its own."""
    loading_module._loaded.clear()
    board = Board.parse("cafe xxxx xxxx xxxx")
    first = solve(board, load_lexicon("en-70"))  # compiles the list and keeps it in the cache
    assert first.written["cafe"] == ("cafe", "café")
    assert len(reads) == 1  # the first time: the list's words, to keep only its forms
    opened: list[str] = []
    import gzip

    monkeypatch.setattr(gzip, "open", lambda *args, **kwargs: opened.append(str(args[0])))
    loading_module._loaded.clear()
    solution = solve(board, load_lexicon("en-70"))
    assert "  CAFE (also café): [(0,0),(0,1),(0,2),(0,3)]" in solution.text()
    assert opened == [] and len(reads) == 1


GERMAN = "Straße\nBär\nHaus\nhaus\nÄpfel\nit's\n"
"""A German list: nouns capitalised, as German rules keep and the default rules drop."""


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The only installed system list: German, in ``tmp_path`` (the machine's own lists,
    seconds each to read, are not offered)."""
    path = tmp_path / "ngerman"
    path.write_text(GERMAN, encoding="utf-8")
    for code in list(sources.SYSTEM_LISTS):
        monkeypatch.delitem(sources.SYSTEM_LISTS, code)
    monkeypatch.setitem(
        sources.SYSTEM_LISTS, "de", sources.SystemList("de", "wngerman", str(path), "GPL-2+")
    )
    return path


def german_count(catalogue: Catalogue) -> int | None:
    """The German list's size as a server's first ``/api/dictionaries`` gives it, from a
    fresh start (no list loaded in this process)."""
    loading_module._loaded.clear()
    [entry] = [entry for entry in catalogue.entries() if entry.name == "de"]
    return entry.words


def test_a_system_list_is_counted_once_across_server_starts(german: Path, reads: list[str]) -> None:
    expected = len(language_lexicon(GERMAN.splitlines(), "de"))
    assert expected != len(Lexicon.from_words(GERMAN.splitlines()))  # the rules matter
    assert german_count(Catalogue()) == expected
    assert german_count(Catalogue()) == expected
    assert german_count(Catalogue()) == expected
    assert reads == [str(german)]
    lazy = load_lexicon("de")
    assert lazy.words == language_lexicon(GERMAN.splitlines(), "de").words  # German rules
    assert lazy.language == "de" and reads == [str(german), str(german)]


def test_a_file_read_by_each_languages_rules_has_its_own_summary(
    tmp_path: Path, reads: list[str]
) -> None:
    path = tmp_path / "words.txt"
    path.write_text(GERMAN, encoding="utf-8")
    for _ in range(2):
        for language in ("de", "fr", None):
            loading_module._loaded.clear()
            words = load_lexicon(path, language).words
            expected = language_lexicon(GERMAN.splitlines(), language or "en").words
            assert words == expected, language
    assert len(list((tmp_path / "cache").rglob("*.summary"))) == 3


def test_a_changed_system_list_is_counted_again(german: Path, reads: list[str]) -> None:
    german_count(Catalogue())
    german.write_text(GERMAN + "Zug\nzahl\n", encoding="utf-8")
    expected = len(language_lexicon(german.read_text(encoding="utf-8").splitlines(), "de"))
    assert german_count(Catalogue()) == expected
    assert german_count(Catalogue()) == expected
    assert reads == [str(german)] * 2


@pytest.mark.parametrize(
    "damage",
    [
        b"not json at all",
        b"[1, 2]",
        b'{"identity": "another file"}',
        "the right identity, a count missing",
        "the right identity, a count of the wrong type",
    ],
)
def test_a_damaged_system_list_summary_is_counted_again(
    tmp_path: Path, german: Path, reads: list[str], damage: bytes | str
) -> None:
    expected = german_count(Catalogue())
    [summary] = (tmp_path / "cache").rglob("*.summary")
    if isinstance(damage, str):  # well formed, its checksum right, the facts wrong
        facts = json.loads(cache.load(summary) or b"")
        if "missing" in damage:
            del facts["count"]
        else:
            facts["count"] = str(facts["count"])
        damage = json.dumps(facts).encode()
    assert cache.store(summary, damage)
    assert german_count(Catalogue()) == expected
    assert len(reads) == 2
    assert german_count(Catalogue()) == expected  # and summarised again
    assert len(reads) == 2


def test_a_cache_that_cannot_be_written_still_counts(
    tmp_path: Path, german: Path, reads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = len(language_lexicon(GERMAN.splitlines(), "de"))
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("")
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(not_a_folder))
    assert german_count(Catalogue()) == expected
    assert german_count(Catalogue()) == expected
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(tmp_path / "cache"))
    german_count(Catalogue())  # finds where its summary goes, and writes it
    [summary] = (tmp_path / "cache").rglob("*.summary")
    summary.unlink()
    summary.mkdir()  # a folder in the summary's place: it can be neither read nor replaced
    assert german_count(Catalogue()) == expected
    assert german_count(Catalogue()) == expected
    assert len(reads) == 5
