"""Offensive words left out of a list (``boggle serve --no-offensive``)."""

from __future__ import annotations

from boggle import load_lexicon
from boggle.wordlists.catalogue import Catalogue
from boggle.wordlists.offensive import offensive_words, without_offensive


def test_every_offensive_word_is_a_word_of_the_largest_english_list() -> None:
    """Each line is a word the lists hold (a typo would leave the real word in)."""
    words = offensive_words("en")
    assert len(words) > 100
    assert words <= load_lexicon("en-80").word_set


def test_a_list_without_offensive_words_keeps_its_name_language_and_other_words() -> None:
    whole = load_lexicon("en-70")
    clean = without_offensive(whole)
    assert clean.name == whole.name and clean.language == whole.language
    assert clean.bundled == whole.bundled
    assert set(whole.words) - set(clean.words) == offensive_words("en") & whole.word_set
    assert without_offensive(whole) is clean  # built once
    assert without_offensive(load_lexicon("es")) is load_lexicon("es")  # no file: unchanged


def test_a_catalogue_told_to_leave_them_out_offers_its_lists_without_them() -> None:
    assert "fuck" in Catalogue().get("en-50")
    assert "fuck" not in Catalogue(leave_out_offensive=True).get("en-50")
    assert "fame" in Catalogue(leave_out_offensive=True).get(None)
