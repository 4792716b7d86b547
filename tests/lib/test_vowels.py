"""The vowel check of the rule that drops abbreviations written as words (``kg``, ``pc``):
``æ``, ``ø``, ``œ`` and ``ĳ`` are vowels no accent makes, which Unicode does not take apart
into a base letter and an accent, so a check that strips accents missed them (``øl``, beer,
``træ``, tree, had no vowel)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boggle.wordlists.loading import load_lexicon
from boggle.wordlists.sources import SYSTEM_LISTS, system_list_path
from boggle.wordlists.spelling import PROFILES, has_vowel, without_vowelless


@pytest.mark.parametrize("word", ["øl", "træ", "sœr", "ĳs", "bjørn", "fæ", "ø"])
def test_letters_that_do_not_decompose_are_vowels(word: str) -> None:
    assert has_vowel(word)


@pytest.mark.parametrize("word", ["tv", "pc", "kg", "bhp", "zł"])
def test_words_without_a_vowel_are_still_told(word: str) -> None:
    assert not has_vowel(word)


def test_a_file_read_with_a_language_s_rules_keeps_words_whose_vowels_are_ae_or_o_slash(
    tmp_path: Path,
) -> None:
    """Swedish drops words without a vowel (``pc``); a file read with its rules (its
    accents folded but ``åäö``) dropped ``øl`` and ``træ``, Danish and Norwegian words."""
    assert PROFILES["sv"].normalise_words(["øl", "træ", "pc", "hus"]) == ("hus", "træ", "øl")
    assert without_vowelless(["øl", "kg", "ĳs"], ()) == ("øl", "ĳs")
    words = tmp_path / "lån.txt"
    words.write_text("øl\ntræ\npc\nhus\n", encoding="utf-8")
    assert load_lexicon(words, "sv").words == ("hus", "træ", "øl")


def test_the_danish_list_s_words_without_a_vowel_are_abbreviations() -> None:
    """wdanish has no rule dropping words without a vowel: of its 295,000 words, 1,010 had
    none by the old check (``bjørn``, ``blæk``); 48 have none now, abbreviations written as
    words (``tv``, ``cd``, ``pc``, also nouns in Danish, so no rule drops them)."""
    if system_list_path("da") is None:
        message = f"{SYSTEM_LISTS['da'].path} is absent: install the Debian package wdanish"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    danish = load_lexicon("da")
    vowelless = {word for word in danish.words if len(word) > 1 and not has_vowel(word)}
    assert {"tv", "cd", "pc"} <= vowelless
    assert not {"bjørn", "blæk", "øl", "træ"} & vowelless
