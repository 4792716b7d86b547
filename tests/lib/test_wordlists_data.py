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
import unicodedata
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

import pytest

from boggle import DEFAULT_WORDLIST, bundled_lists, load_lexicon
from boggle.wordlists.spelling import PROFILES, without_numerals, without_vowelless
from boggle.wordlists.written import respells

DATA = files("boggle") / "data"
ALL_LISTS: list[dict[str, Any]] = json.loads((DATA / "wordlists.json").read_text("utf-8"))
MANIFEST = [entry for entry in ALL_LISTS if entry["language"] == "en"]
LANGUAGE_LISTS = [entry for entry in ALL_LISTS if entry["language"] != "en"]
NAMES = [entry["name"] for entry in MANIFEST]
LANGUAGE_NAMES = [entry["name"] for entry in LANGUAGE_LISTS]
PLAIN_WORD = re.compile(r"[a-z]+")
COMMON_KEYS = {"name", "file", "words", "sha256", "description", "default", "source"}
KEYS = COMMON_KEYS | {"scowl_version", "language", "licence"}
LANGUAGE_KEYS = COMMON_KEYS | {"language", "licence"}


@cache
def text_of(file: str) -> bytes:
    return gzip.decompress((DATA / file).read_bytes())


@cache
def words_of(file: str) -> frozenset[str]:
    return frozenset(text_of(file).decode("ascii").splitlines())


def test_manifest_lists_en_50_70_80() -> None:
    assert NAMES == ["en-50", "en-70", "en-80"]
    for entry in MANIFEST:
        assert set(entry) == KEYS | {"written"}
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
    assert [bundled.name for bundled in bundled_lists()] == NAMES + LANGUAGE_NAMES


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


def test_english_loanwords_are_spelled_without_accents() -> None:
    """SCOWL writes café, fiancé, crèche: the lists dropped them, so a player's café (read as
    CAFE) was "not a word". Folded, as ENABLE and TWL write them, they are words."""
    smallest = words_of(MANIFEST[0]["file"])
    assert {"cafe", "fiance", "creche", "cliche", "smorgasbord"} <= smallest
    assert "ole" in load_lexicon().word_set


def test_copyright_notice_is_shipped() -> None:
    notice = (DATA / "SCOWL-COPYRIGHT.txt").read_text("utf-8")
    assert "SCOWL" in notice and "Kevin Atkinson" in notice


def test_data_holds_only_the_built_files() -> None:
    """Nothing but the build script's output ships (no word list copied from elsewhere)."""

    def names(folder: Traversable) -> set[str]:
        return {item.name for item in folder.iterdir() if not item.name.startswith("__")}

    expected = {entry["file"] for entry in ALL_LISTS} | {"wordlists.json", "SCOWL-COPYRIGHT.txt"}
    expected |= {f"{name}-COPYRIGHT.txt" for name in LANGUAGE_NAMES}
    expected |= {entry["written"]["file"] for entry in ALL_LISTS if "written" in entry}
    expected |= {"wordnet-glosses.txt.gz", "WordNet-COPYRIGHT.txt"}  # build_definitions.py
    expected |= {"en-names.txt.gz"}  # built with the English lists
    expected |= {"en-offensive.txt"}  # written by hand (boggle.wordlists.offensive)
    assert names(DATA) == expected


# The other languages' lists (built from wspanish, wdutch, wportuguese, wpolish)

LICENCES = {"es": "public domain", "nl": "BSD-3-Clause", "pt": "MPL-1.1", "pl": "Apache-2.0"}
"""The licence each list is shipped under (the option taken where the list offers several)."""


def test_language_lists_are_es_nl_pt_pl_with_their_licences() -> None:
    assert LANGUAGE_NAMES == ["es", "nl", "pt", "pl"]
    for entry in LANGUAGE_LISTS:
        assert set(entry) - {"written"} == LANGUAGE_KEYS
        assert entry["language"] == entry["name"] and not entry["default"]
        assert entry["licence"] == LICENCES[entry["name"]]
        assert entry["source"].startswith("Debian package w")


@pytest.mark.parametrize("entry", LANGUAGE_LISTS, ids=LANGUAGE_NAMES)
def test_language_list_matches_its_manifest_and_profile(entry: dict[str, Any]) -> None:

    text = text_of(entry["file"])
    assert hashlib.sha256(text).hexdigest() == entry["sha256"]
    assert text.endswith(b"\n") and b"\r" not in text
    lines = text.decode("utf-8").split("\n")[:-1]
    assert len(lines) == entry["words"] > 50_000
    assert lines == sorted(set(lines))
    profile = PROFILES[entry["language"]]
    assert [line for line in lines if profile.normalise(line) != line] == []
    header = (DATA / entry["file"]).read_bytes()[:10]
    assert header[:2] == b"\x1f\x8b" and header[4:8] == b"\0\0\0\0"


@pytest.mark.parametrize("entry", LANGUAGE_LISTS, ids=LANGUAGE_NAMES)
def test_language_list_notice_names_the_licence_and_authors(entry: dict[str, Any]) -> None:
    notice = (DATA / f"{entry['name']}-COPYRIGHT.txt").read_text("utf-8")
    assert f"Licence taken: {entry['licence']}" in notice
    assert entry["source"].split()[2] in notice  # the package name
    authors = {"es": "Agustin Martin", "nl": "OpenTaal", "pt": "Jose Joao de Almeida"}
    authors["pl"] = "Marek Futrega"
    assert authors[entry["name"]] in notice
    if entry["licence"] in {"Apache-2.0", "MPL-1.1"}:  # the licence asks for its full text
        assert ("Apache License" if entry["licence"] == "Apache-2.0" else "MOZILLA") in notice


def test_language_lists_keep_their_letters() -> None:
    spanish = words_of_language("es.txt.gz")
    assert {"año", "cancion", "pinguino"} <= spanish  # ñ kept, á é í ó ú ü folded
    assert not any(set(word) & set("áéíóúü") for word in spanish)
    portuguese = words_of_language("pt.txt.gz")
    assert {"acao", "coracao"} & portuguese == set() and "coração".replace("ã", "a") in portuguese
    polish = words_of_language("pl.txt.gz")
    assert {"żółw", "łódź", "źle"} <= polish
    assert len(set("".join(polish))) >= 32  # more letters than the core's 31-letter masks
    dutch = words_of_language("nl.txt.gz")
    assert {"ijzer", "een"} <= dutch and "één" not in dutch


ROMAN_NUMERAL = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
REAL_WORDS_LIKE_NUMERALS = {
    "nl": {"mi", "mix"},  # OpenTaal writes XI, the numeral, in capitals only: not kept
    "pt": {"li", "mi", "vi", "xi"},
    "pl": {"ci", "mdli", "mi", "mix"},
}
"""The words the build keeps though they read as Roman numerals (the profile's numerals_kept)."""


@pytest.mark.parametrize("code", sorted(REAL_WORDS_LIKE_NUMERALS))
def test_language_lists_hold_no_roman_numerals_but_real_words(code: str) -> None:
    words = words_of_language(f"{code}.txt.gz")
    numerals = {w for w in words if len(w) > 1 and ROMAN_NUMERAL.fullmatch(w)}
    assert numerals == REAL_WORDS_LIKE_NUMERALS[code]
    # the build's rule is the profile's, which a file read with the language's rules gets:
    # the list read again through it loses no word
    kept = PROFILES[code].numerals_kept
    assert kept is not None and set(kept) == REAL_WORDS_LIKE_NUMERALS[code]
    assert len(without_numerals(words, kept)) == len(words)
    assert len(PROFILES[code].normalise_words(sorted(words))) == len(words)


IN_CAPITALS = {"nl": {"nato", "nasa", "unesco", "aow"}, "pt": {"nasa", "unesco", "onu"}}
IN_CAPITALS_PL = {"nato", "pkp", "pzu", "nik"}
"""Abbreviations the sources write only in capitals (NATO, PKP), which the lists held."""


@pytest.mark.parametrize("code", ["nl", "pt", "pl"])
def test_language_lists_hold_no_abbreviation_their_source_writes_in_capitals(code: str) -> None:
    """NATO, NASA, UNESCO have vowels, and the Polish PKP none: the lists kept them, which
    the sources write in capitals, as they write no word; a word they also write in lower
    case stays (the Portuguese nato, innate; the Polish w, z and aids)."""
    words = words_of_language(f"{code}.txt.gz")
    assert not (IN_CAPITALS_PL if code == "pl" else IN_CAPITALS[code]) & words
    if code == "pt":
        assert "nato" in words
    if code == "pl":
        assert {"w", "z", "aids", "mgła"} <= words


VOWELLESS_WORDS = {
    "nl": {"brr", "hm", "pst", "st"},
    "pt": set(),
    "pl": {
        *("brr", "bzz", "bzzz", "chrr", "drr", "fff", "frr", "frrr", "grr", "grrrl", "hm"),
        *("hmm", "hmmm", "mhm", "mrr", "pff", "phm", "prr", "pss", "psss", "psst", "pst"),
        *("trr", "trrr", "tss", "tsss", "wrr", "ćśś", "ćśśś", "śś"),
    },
}
"""The words without a vowel letter the build keeps (wordlist_languages.py): interjections."""


@pytest.mark.parametrize("code", sorted(VOWELLESS_WORDS))
def test_language_lists_hold_no_abbreviations_without_a_vowel(code: str) -> None:
    """The Dutch list held xlx, bbc, dvd, the Polish bhp, mgr, tzn: abbreviations, which
    Boggle does not count (a Polish ą, ę or ó is a vowel: mąż stays)."""
    words = words_of_language(f"{code}.txt.gz")
    bases = {w: unicodedata.normalize("NFD", w) for w in words if len(w) > 1}
    vowelless = {w for w, base in bases.items() if not set(base) & set("aeiouy")}
    assert vowelless == VOWELLESS_WORDS[code]
    assert "xlx" not in load_lexicon(code) and "dvd" not in load_lexicon(code)
    # the build's rule is the profile's, which a file read with the language's rules gets:
    # the list read again through it loses no word
    kept = PROFILES[code].vowelless_kept
    assert kept is not None and set(kept) == VOWELLESS_WORDS[code]
    assert len(without_vowelless(words, kept)) == len(words)
    if code == "pl":
        assert not {"bhp", "mgr", "tzn", "zł", "np"} & words
        assert {"mąż", "glögg", "w", "z"} <= words


def test_the_polish_list_holds_no_abbreviation_written_as_a_word_with_a_vowel() -> None:
    """The Polish list held itp, itd, prof, godz: abbreviations SJP.PL writes as words
    (Polish writes itp., prof.), marked in no way. The build drops those the profile names
    (short_forms), and keeps the words of the same letters (ul, a beehive) and those that
    are forms of words (fraz of fraza, licz, odm)."""
    words = words_of_language("pl.txt.gz")
    named = set(PROFILES["pl"].short_forms)
    assert {"itp", "itd", "prof", "godz", "jęz", "geol"} <= named
    assert not named & words
    assert {"ul", "fraz", "fraza", "licz", "odm", "profesor", "godzina", "albo"} <= words
    assert "itp" not in load_lexicon("pl") and "prof" not in load_lexicon("pl")
    assert len(words) == 461_113  # 461,191 before, less the 78 named


def test_a_dutch_game_rejects_a_numeral() -> None:
    dutch = load_lexicon("nl")
    assert "mmiv" not in dutch and "ccc" not in dutch and "mix" in dutch


@cache
def words_of_language(file: str) -> frozenset[str]:
    return frozenset(text_of(file).decode("utf-8").splitlines())


FOLDED_LISTS = [entry for entry in LANGUAGE_LISTS if respells(PROFILES[entry["language"]])]


def test_every_list_that_folds_words_ships_their_written_forms_and_no_other() -> None:
    assert [entry["name"] for entry in FOLDED_LISTS] == ["es", "nl", "pt"]
    assert [entry["name"] for entry in LANGUAGE_LISTS if "written" in entry] == ["es", "nl", "pt"]


@pytest.mark.parametrize("entry", FOLDED_LISTS, ids=[e["name"] for e in FOLDED_LISTS])
def test_written_forms_match_the_manifest_and_fold_to_words_of_the_list(
    entry: dict[str, Any],
) -> None:
    written = entry["written"]
    assert set(written) == {"file", "forms", "sha256"}
    assert written["file"] == f"{entry['name']}-written.txt.gz"
    text = text_of(written["file"])
    assert hashlib.sha256(text).hexdigest() == written["sha256"]
    forms = text.decode("utf-8").split("\n")[:-1]
    assert len(forms) == written["forms"] > 1000 and forms == sorted(set(forms))
    profile = PROFILES[entry["language"]]
    words = words_of_language(entry["file"])
    folded = [profile.normalise(form) for form in forms]
    assert all(word in words for word in folded)  # each is the written form of a list word
    assert all(word != form for word, form in zip(folded, forms, strict=True))
    header = (DATA / written["file"]).read_bytes()[:10]
    assert header[:2] == b"\x1f\x8b" and header[4:8] == b"\0\0\0\0"


@pytest.mark.parametrize("entry", FOLDED_LISTS, ids=[e["name"] for e in FOLDED_LISTS])
def test_the_written_forms_read_are_each_word_s_own(entry: dict[str, Any]) -> None:
    """Read back, each form is the written form of the word it is given for."""
    profile = PROFILES[entry["language"]]
    forms = load_lexicon(entry["name"]).written_forms()
    assert sum(map(len, forms.values())) == entry["written"]["forms"]
    assert all(profile.normalise(form) == word for word in forms for form in forms[word])


def test_the_written_forms_are_the_languages_spelling() -> None:
    assert load_lexicon("es").written_forms()["cancion"] == ("canción",)
    assert load_lexicon("pt").written_forms()["coraçao"] == ("coração",)
    assert load_lexicon("nl").written_forms()["abiturient"] == ("abituriënt",)
    assert "een" not in load_lexicon("nl").written_forms()  # een is a word as it is: no form
    assert "año" not in load_lexicon("es").written_forms()  # ñ is kept: written as held


def test_the_english_lists_share_scowl_s_written_forms_each_taking_its_own_words() -> None:
    """en-written.txt.gz: SCOWL's spelling of each word its accents were folded out of (café
    for cafe): one file, the largest list's forms; each list counts and reads its words'."""
    files = {entry["written"]["file"] for entry in MANIFEST}
    digests = {entry["written"]["sha256"] for entry in MANIFEST}
    assert files == {"en-written.txt.gz"} and len(digests) == 1
    text = text_of("en-written.txt.gz")
    assert hashlib.sha256(text).hexdigest() in digests
    forms = text.decode("utf-8").split("\n")[:-1]
    assert forms == sorted(set(forms)) and 0 < len(forms) < 2000  # small: it ships
    assert all(not form.isascii() and form.islower() for form in forms)
    header = (DATA / "en-written.txt.gz").read_bytes()[:10]
    assert header[:2] == b"\x1f\x8b" and header[4:8] == b"\0\0\0\0"
    largest = MANIFEST[-1]
    assert largest["written"]["forms"] == len(forms)
    for entry in MANIFEST:
        read = load_lexicon(entry["name"]).written_forms()
        # each word's forms begin with the word itself: English writes cafe and café
        assert all(found[0] == word for word, found in read.items())
        assert sum(len(found) - 1 for found in read.values()) == entry["written"]["forms"]
        assert set(read) <= words_of(entry["file"])
        assert all(form.isascii() is False for found in read.values() for form in found[1:])
    counts = [entry["written"]["forms"] for entry in MANIFEST]
    assert counts == sorted(counts) and counts[0] > 50


def test_the_english_written_forms_are_scowl_s_spelling() -> None:
    for name in NAMES:
        forms = load_lexicon(name).written_forms()
        assert forms["cafe"] == ("cafe", "café") and forms["cliche"] == ("cliche", "cliché")
        assert "cat" not in forms  # a word written as held has none


def test_the_names_file_holds_words_of_the_lists_outside_the_smallest() -> None:
    """en-names.txt.gz: English words that are also names (their frequency is the name's)."""
    header = (DATA / "en-names.txt.gz").read_bytes()[:10]
    assert header[:2] == b"\x1f\x8b" and header[4:8] == b"\0\0\0\0"
    names = text_of("en-names.txt.gz").decode("ascii").split("\n")[:-1]
    assert names == sorted(set(names)) and all(PLAIN_WORD.fullmatch(name) for name in names)
    small, _, large = (words_of(entry["file"]) for entry in MANIFEST)
    assert set(names) <= large and not set(names) & small
    assert {"barney", "dora", "eyre", "charlie"} <= set(names)
