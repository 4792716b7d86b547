"""Where a word list comes from is decided once (wordlists.sources), and every list is loaded
once into one cache (wordlists.loading), whatever asks for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from boggle import LexiconError, load_lexicon
from boggle.wordlists import loading, sources
from boggle.wordlists.sources import SystemList, find_list, word_file
from boggle.wordlists.spelling import language_lexicon


def test_a_bundled_name_a_system_code_and_a_path_are_three_sources(tmp_path: Path) -> None:
    installed = tmp_path / "ngerman"
    installed.write_text("Straße\nBär\n", encoding="utf-8")
    bundled = find_list("es")
    assert (bundled.kind, bundled.language) == ("bundled", "es")
    assert Path(bundled.path).name == "es.txt.gz"
    assert find_list(None).name == sources.DEFAULT_WORDLIST
    file = find_list(str(installed), name="mine")
    assert (file.kind, file.name, file.language) == ("file", "mine", None)
    assert find_list(str(installed), "DE").language == "de"


def test_a_system_list_is_read_from_where_its_package_puts_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed = tmp_path / "ngerman"
    installed.write_text("Straße\nBär\nPeter\n", encoding="utf-8")
    entry = SystemList("de", "wngerman", str(installed), "GPL-2+")
    monkeypatch.setitem(sources.SYSTEM_LISTS, "de", entry)
    monkeypatch.setattr(loading, "_loaded", {})
    source = find_list("de")
    assert (source.kind, source.path, source.language) == ("system", str(installed), "de")
    lexicon = load_lexicon("de")
    assert lexicon.words == ("bär", "peter", "strasse")  # German keeps capitalised nouns
    assert (lexicon.language, lexicon.bundled) == ("de", False)
    missing = SystemList("de", "wngerman", str(tmp_path / "absent"), "GPL-2+")
    monkeypatch.setitem(sources.SYSTEM_LISTS, "de", missing)
    with pytest.raises(LexiconError, match="apt-get install wngerman"):
        find_list("de")


def test_names_that_are_no_list_are_refused_in_one_line() -> None:
    with pytest.raises(LexiconError, match="unknown word list 'nonsense'"):
        find_list("nonsense")
    with pytest.raises(LexiconError, match="'es' lists Spanish words, not German") as error:
        find_list("es", "de")
    assert "--" not in str(error.value)  # a library message names no option
    with pytest.raises(LexiconError, match="unknown language 'xx'"):
        find_list("words.txt", "xx")


def test_only_a_plain_file_is_a_file_an_engine_may_read_itself() -> None:
    assert word_file("lists/words.txt") == "lists/words.txt"
    assert word_file("lists/words.txt", "fr") is None  # read with French rules first
    assert word_file("en-70") is None and word_file(None) is None


def test_one_cache_holds_every_list_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loading, "_loaded", {})
    file = tmp_path / "words.txt"
    file.write_text("été\ncafé\n", encoding="utf-8")
    plain = load_lexicon(file)
    french = load_lexicon(file, "fr")
    spanish = load_lexicon("es")
    assert plain is load_lexicon(str(file)) and french is load_lexicon(file, "fr")
    assert plain.words == ("café", "été") and french.words == ("cafe", "ete")
    assert spanish is load_lexicon("es", "es")
    assert sorted(id(lexicon) for lexicon in loading._loaded.values()) == sorted(
        map(id, (plain, french, spanish))
    )


def test_words_given_with_a_language_are_read_by_its_profile() -> None:
    lexicon = language_lexicon(["Straße", "Bär", "iPod"], "de")
    assert (lexicon.words, lexicon.language) == (("bär", "strasse"), "de")
