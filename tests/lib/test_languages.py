"""Language profiles, the bundled es/nl/pt/pl lists, the system GPL lists, dice and hints."""

from __future__ import annotations

import json
import os
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Board, Lexicon, LexiconError, load_lexicon, solve
from boggle.cli.main import main
from boggle.dice.measured import face_weights, measured_board, split_faces
from boggle.wordlists.loading import load_wordlist
from boggle.wordlists.sources import SYSTEM_LISTS, SystemList, system_list_path
from boggle.wordlists.spelling import PROFILES, foreign_letters, has_vowel, language_lexicon

BUNDLED_LANGUAGES = ["es", "nl", "pt", "pl"]


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


def words_on(board: str, lexicon: Lexicon) -> set[str]:
    return {found.word for found in solve(Board.parse(board), lexicon)}


def need_system_list(code: str) -> Lexicon:
    """The system list of ``code``, or a skip naming the package (a failure in CI)."""
    entry = SYSTEM_LISTS[code]
    if system_list_path(code) is None:
        message = f"{entry.path} is absent: install the Debian package {entry.package} to run this"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return load_lexicon(code)


# German: ß, umlauts, nouns

GERMAN_WORDS = "Straße\nGröße\nBär\nHaus\niPod\nUSA\nbar\n"
GERMAN_BOARDS = {
    "strasse": "stra xess xxxx xxxx",
    "grösse": "grös xxes xxxx xxxx",
    "bär": "bär/",
}


@pytest.fixture
def german_file(tmp_path: Path) -> Path:
    path = tmp_path / "deutsch.txt"
    path.write_text(GERMAN_WORDS, encoding="utf-8")
    return path


def test_german_profile_keeps_nouns_umlauts_and_writes_ss(german_file: Path) -> None:
    german = load_lexicon(german_file, language="de")
    # USA, written in capitals in a list of words in lower case, is an abbreviation
    assert german.words == ("bar", "bär", "grösse", "haus", "strasse")
    assert german.language == "de"
    for word, board in GERMAN_BOARDS.items():
        assert word in words_on(board, german)
    # Without a language the file is read as English: its nouns are taken for proper nouns.
    assert load_lexicon(german_file).words == ("bar", "usa")


def test_a_language_list_drops_the_abbreviations_it_writes_in_capitals(tmp_path: Path) -> None:
    """`boggle play --dict de` took BBC, LCD and AGB (wngerman's abbreviations, written in
    capitals) for German words: a list that writes its words in lower case or Capitalised
    marks an abbreviation by its capitals, with or without a vowel (NATO), so a word it
    writes only in capitals is dropped; one it also writes otherwise stays (CD and cd), as
    a single letter does, and a list written all in capitals keeps its words (German drops
    cd all the same: a German word without a vowel is an abbreviation, as Polish does)."""
    path = tmp_path / "deutsch.txt"
    path.write_text("Haus\nBBC\nLCD\nNATO\nCD\ncd\nO\nsage\n", encoding="utf-8")
    assert load_lexicon(path, language="de").words == ("haus", "o", "sage")
    capitals = tmp_path / "capitals.txt"
    capitals.write_text("HAUS\nSAGE\nNATO\n", encoding="utf-8")
    assert load_lexicon(capitals, language="de").words == ("haus", "nato", "sage")
    for code in ("da", "es"):
        assert load_lexicon(path, language=code).words[:2] == ("cd", "o"), code
    for code in ("pl", "fr", "it", "sv"):  # no word of theirs lacks a vowel: cd goes
        assert load_lexicon(path, language=code).words == ("o", "sage"), code


def test_german_abbreviations_written_as_words_are_dropped(tmp_path: Path) -> None:
    """`--dict de` took Feb, Nov, Dr and bzw for words: wngerman writes them as its words,
    Capitalised or in lower case, where igerman98's spelling dictionary writes them with a
    full stop (Feb., bzw.); so they are dropped, as are the German words without a vowel
    (Lkw, Kfz, kg), all abbreviations but the interjections (hm). The word vorm ("vor dem")
    stays though vorm. is an abbreviation too, and so do the words they shorten."""
    path = tmp_path / "deutsch.txt"
    words = "Feb\nFebruar\nNov\nDr\nDoktor\nbzw\nusw\nLkw\nLkws\nkg\nhm\nvorm\nBär\n"
    path.write_text(words, encoding="utf-8")
    german = load_lexicon(path, language="de")
    assert german.words == ("bär", "doktor", "februar", "hm", "vorm")
    assert {"bzw", "kg", "usw"} <= load_lexicon(path, language="da").word_set  # not German


def test_abbreviations_with_a_vowel_written_as_words_are_dropped(tmp_path: Path) -> None:
    """`--dict pl` took itp, itd, prof and godz for words, `--dict de` Bde (Bände): their
    lists write them as words, with a vowel; the profiles name them (short_forms), so a
    file read with the language's rules drops them too, and keeps the words around them."""
    path = tmp_path / "own.txt"
    path.write_text("itp\nitd\nprof\ngodz\nfraz\nul\nBde\nBad\nTom\n", encoding="utf-8")
    assert load_lexicon(path, language="pl").words == ("fraz", "ul")
    assert load_lexicon(path, language="de").words == (
        "bad",
        "fraz",
        "godz",
        "itd",
        "itp",
        "prof",
        "tom",
        "ul",
    )
    assert "itp" in load_lexicon(path, language="nl")  # another language's rules keep it


@pytest.mark.parametrize(
    ("code", "kept"),
    [("pl", ("brr", "hm", "mąż", "psst", "w", "ćśś")), ("nl", ("brr", "hm", "ijs", "pst", "w"))],
)
def test_a_file_read_with_polish_or_dutch_rules_drops_abbreviations_without_a_vowel(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], code: str, kept: tuple[str, ...]
) -> None:
    """The bundled pl and nl lists lost bhp, mgr, dvd when they were built, but a user's own
    list read with `--language pl` (or nl) kept them: the rule is the profile's, so a file
    read with the language's rules drops them too (a single letter and the interjections
    stay; ą, ę, ó are vowels), and a language without the rule (English, Danish) keeps them."""
    path = tmp_path / "own.txt"
    words = "bhp\nmgr\nzł\ndvd\nbtw\nbrr\nhm\npsst\npst\nmąż\nijs\nw\nćśś\n"
    path.write_text(words, encoding="utf-8")
    lexicon = load_lexicon(path, language=code)
    assert not {"bhp", "mgr", "zł", "dvd", "btw"} & lexicon.word_set
    assert set(kept) <= lexicon.word_set
    assert {"bhp", "dvd"} <= load_lexicon(path, language="da").word_set
    capsys.readouterr()
    for language, found in ((code, set()), ("en", {"bhp", "dvd", "mgr"})):
        assert main(["solve", "--dict", str(path), "--language", language, "bhp dvd mgr"]) == 0
        out = capsys.readouterr().out.lower()
        assert {word for word in ("bhp", "dvd", "mgr") if word in out} == found, language


NUMERALS = ("mmiv", "ccc", "xii", "cdlxiv", "mcm", "xviii", "cd", "ii")
NUMERAL_SHAPED_WORDS = {
    "nl": {"mi", "mix"},
    "pt": {"li", "mi", "vi", "xi"},
    "pl": {"ci", "mdli", "mi", "mix"},
}
"""The real words of each language that read as Roman numerals, as its bundled list keeps
them (its build drops the others: the Dutch list writes vi and xi, the numerals, in capitals
only)."""


@pytest.mark.parametrize("code", sorted(NUMERAL_SHAPED_WORDS))
def test_a_file_read_with_dutch_portuguese_or_polish_rules_drops_roman_numerals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], code: str
) -> None:
    """The bundled nl, pt and pl lists lost mmiv, ccc, xii when they were built, but a user's
    own list read with `--language nl` (or pt, pl) kept them: the rule is the profile's
    (``numerals_kept``), so a file read with the language's rules drops the same words: the
    numerals but the language's real words of that shape (Dutch mix, Portuguese vi), and
    not words that only look like one (dim, civil, lid); a single letter stays.  A language
    the build does not filter (English, Spanish, Danish) keeps them."""
    shaped = {"ci", "li", "mi", "vi", "xi", "mdli", "mix"}
    others = {"dim", "civil", "civiel", "lid", "mild", "vid", "i", "c"}
    path = tmp_path / "own.txt"
    path.write_text("\n".join([*NUMERALS, *sorted(shaped), *sorted(others)]) + "\n", "utf-8")
    lexicon = load_lexicon(path, language=code)
    assert PROFILES[code].numerals_kept is not None
    assert set(PROFILES[code].numerals_kept) == NUMERAL_SHAPED_WORDS[code]
    assert lexicon.word_set == NUMERAL_SHAPED_WORDS[code] | others
    for language in ("en", "es", "da"):
        assert set(NUMERALS) | shaped <= load_lexicon(path, language=language).word_set
    board = "mmi/xiv/cdl"  # mmiv, xii, mix; dim, lid, mild, vid
    found = {"dim", "lid", "mild", "vid"} | ({"mix"} & NUMERAL_SHAPED_WORDS[code])
    assert words_on(board, lexicon) == found
    capsys.readouterr()
    for language, found in ((code, {"dim"}), ("en", {"dim", "mix", "mmiv", "xii"})):
        assert main(["solve", "--dict", str(path), "--language", language, board]) == 0
        out = {token.rstrip(":") for token in capsys.readouterr().out.lower().split()}
        assert found <= out and not {"mmiv", "xii"} - found & out, language


def test_a_file_of_plain_lowercase_words_gets_the_language_s_rules_too(tmp_path: Path) -> None:
    """A file of plain a-z words was read by a fast path that took its words as they are,
    so `--language nl` kept dvd and mmiv, and `--language de` bzw, when no line had an
    accent or a capital: the language's rules drop them from such a file too."""
    path = tmp_path / "plain.txt"
    path.write_text("bzw\ndvd\nhaus\nkaas\nmmiv\n", encoding="utf-8")
    assert load_lexicon(path, language="nl").words == ("haus", "kaas")
    assert load_lexicon(path, language="de").words == ("haus", "kaas", "mmiv")
    assert load_lexicon(path).words == ("bzw", "dvd", "haus", "kaas", "mmiv")


RULED_WORDS = sorted(
    {
        word
        for profile in PROFILES.values()
        for word in (
            *profile.short_forms,
            *(profile.vowelless_kept or ()),
            *(profile.numerals_kept or ()),
        )
        if word.isascii() and word.islower()
    }
    | set(NUMERALS)
    | {"dvd", "bhp", "kg", "mgr", "btw", "lkw", "xlx", "civiel", "dim", "lid", "mix", "w"}
)
"""Plain a-z words each profile's rules drop or keep by name: short forms, interjections
without a vowel, numerals and the real words of their shape, abbreviations."""


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(RULED_WORDS),
            st.text(alphabet="bcdhiklmnprstvwxz" + "aeo", min_size=1, max_size=6),
        ),
        max_size=40,
    )
)
def test_plain_words_are_the_profile_s_rules_on_a_plain_file(words: list[str]) -> None:
    """The fast reading of a file of plain a-z words under a language's rules
    (``plain_words``) keeps exactly the words the rules keep, line by line."""
    given = tuple(sorted(set(words)))
    for code, profile in PROFILES.items():
        assert profile.plain_words(given) == profile.normalise_words(given), code


@pytest.mark.parametrize("code", ["nl", "pt", "pl", "de"])
def test_a_plain_file_read_with_a_language_is_read_fast_and_keeps_the_same_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    """A file of plain a-z words read with ``--language`` went through the profile's
    per-word steps (NFC, case, folding) for every line: 0.16-0.28 s for ENABLE2K, against
    0.02 s without a language. Such a word is its own normal form, so only the rules that
    drop words run, over the whole text at once: the same words as line by line, on the
    bundled English list with every word a profile's rules name."""
    from boggle.wordlists.spelling import LanguageProfile

    path = tmp_path / f"plain-{code}.txt"
    path.write_text("\n".join([*load_lexicon("en-80").words, *RULED_WORDS]) + "\n", "utf-8")
    profile = PROFILES[code]
    slow = Lexicon.from_file(path, normalise=profile.normalise_words).words

    def per_word(self: LanguageProfile, raw: str) -> str | None:
        raise AssertionError(f"{raw!r} read word by word")

    monkeypatch.setattr(LanguageProfile, "normalise", per_word)
    fast = load_lexicon(path, language=code)
    assert fast.words == slow and len(slow) > 200_000
    assert set(RULED_WORDS) - set(slow), "the rules drop none of the words they name"


def test_the_german_system_list_holds_no_abbreviation_written_as_a_word() -> None:
    german = need_system_list("de")
    assert (
        not {"feb", "nov", "okt", "dr", "nr", "bzw", "usw", "ggf", "lkw", "kfz", "bde"}
        & german.word_set
    )
    assert {"februar", "november", "doktor", "nummer", "vorm", "haus"} <= german.word_set


@pytest.mark.parametrize(
    ("code", "dropped", "kept"),
    [
        ("fr", {"kg", "cm", "ml", "qqn", "cpt", "bd"}, {"pfft", "pst", "brrr", "sept", "y"}),
        ("it", {"kg"}, {"chilo", "casa"}),
        ("sv", {"pc"}, {"hus", "år", "ö"}),
    ],
)
def test_french_italian_swedish_lists_drop_words_without_a_vowel(
    code: str, dropped: set[str], kept: set[str]
) -> None:
    """wfrench held kg, cm, qqn (quelqu'un), cpt, bd; witalian kg; wswedish pc: abbreviations
    (every word of these languages has a vowel); the interjections without one stay."""
    lexicon = need_system_list(code)
    assert not dropped & lexicon.word_set
    assert kept <= lexicon.word_set
    vowelless = {w for w in lexicon.words if len(w) > 1 and not has_vowel(w)}
    assert vowelless <= set(PROFILES[code].vowelless_kept or ()), vowelless


def test_german_system_list() -> None:
    german = need_system_list("de")
    assert {"strasse", "grösse", "bär", "haus"} <= german.word_set
    assert "ß" not in german.alphabet and {"ä", "ö", "ü"} <= german.alphabet
    assert "strasse" in words_on(GERMAN_BOARDS["strasse"], german)


def test_french_system_list_is_folded() -> None:
    french = need_system_list("fr")
    assert {"ete", "coeur", "francais"} <= french.word_set
    assert french.alphabet <= set("abcdefghijklmnopqrstuvwxyz")


def test_a_missing_system_list_says_which_package(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    absent = SystemList("de", "wngerman", str(tmp_path / "ngerman"), "GPL-2+")
    monkeypatch.setitem(SYSTEM_LISTS, "de", absent)
    with pytest.raises(LexiconError, match="apt-get install wngerman"):
        load_lexicon("de")
    assert main(["solve", "abcd", "--dict", "de"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "apt-get install wngerman" in err


# Unicode forms


def test_nfd_and_nfc_lists_and_boards_give_the_same_words(tmp_path: Path) -> None:
    composed, decomposed = tmp_path / "nfc.txt", tmp_path / "nfd.txt"
    composed.write_text(GERMAN_WORDS, encoding="utf-8")
    decomposed.write_text(nfd(GERMAN_WORDS), encoding="utf-8")
    for language in (None, "de"):
        nfc_list = load_lexicon(composed, language=language)
        nfd_list = load_lexicon(decomposed, language=language)
        assert nfc_list.words == nfd_list.words and nfc_list.words
        for board in GERMAN_BOARDS.values():
            assert Board.parse(nfd(board)) == Board.parse(board)
            assert words_on(nfd(board), nfd_list) == words_on(board, nfc_list)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(sorted(PROFILES)),
    st.text(alphabet="aeiounscAEOUßñçœ\u0301\u0300\u0308\u0303\u0327", min_size=1, max_size=8),
)
def test_every_profile_reads_nfd_as_nfc(code: str, word: str) -> None:
    profile = PROFILES[code]
    composed = unicodedata.normalize("NFC", word)
    assert profile.normalise(nfd(word)) == profile.normalise(composed)


# Folding per language


@pytest.mark.parametrize(
    ("code", "raw", "stored"),
    [
        ("es", "canción", "cancion"),
        ("es", "año", "año"),
        ("es", "pingüino", "pinguino"),
        ("pt", "coração", "coraçao"),
        ("fr", "français", "francais"),
        ("fr", "cœur", "coeur"),
        ("fr", "Été", None),  # Capitalised: a proper noun outside German
        ("it", "città", "citta"),
        ("de", "Café", "cafe"),
        ("de", "Größe", "grösse"),
        ("nl", "één", "een"),
        ("nl", "ĳzer", "ijzer"),
        ("pl", "żółw", "żółw"),
        ("en", "café", "café"),  # English keeps what the list spells
    ],
)
def test_accents_are_folded_where_the_profile_says(code: str, raw: str, stored: str) -> None:
    assert PROFILES[code].normalise(raw) == stored


def test_a_french_board_is_folded_like_its_list() -> None:
    french = language_lexicon(["Été", "été", "Noël"], "fr")
    assert french.words == ("ete",)
    assert words_on("été/", french) == {"ete"}
    assert words_on(nfd("ÉTÉ/"), french) == {"ete"}
    english = Lexicon.from_words(["ete"])  # an English list keeps accents apart
    assert words_on("été/", english) == set()


def test_a_folded_board_is_shown_as_its_dice_are() -> None:
    """A Portuguese board is solved as its list spells words (the cube Ã is a to the list)
    but was printed folded by `boggle solve` (Ç A) where judge and the page show the cube
    (Ç Ã): the report shows the dice as given; the JSON keeps ``board`` as solved and adds
    ``given_board``."""
    solution = solve("maça çãoa abcd efgh", load_lexicon("pt"))
    assert str(solution.board) == "maça çaoa abcd efgh"
    assert solution.text().split("\n")[:2] == ["M A Ç A", "Ç Ã O A"]
    shown = solution.to_json()
    assert shown["board"] == "maça çaoa abcd efgh"
    assert shown["given_board"] == "maça çãoa abcd efgh"
    assert solution.only({"maça"}).text().split("\n")[1] == "Ç Ã O A"  # a copy keeps the dice
    plain = solve("maça caoa abcd efgh", load_lexicon("pt"))  # nothing folded: no given_board
    assert plain.given_board is None and "given_board" not in plain.to_json()


# Multi-letter cubes


def test_dutch_ij_cube_finds_ijzer() -> None:
    dutch = load_lexicon("nl")
    assert "ijzer" in words_on("[ij]zer/", dutch)
    assert "ijzer" in words_on("ijzer/", dutch)  # an i and a j spell it too
    assert split_faces("ijzer", PROFILES["nl"]) == ["ij", "z", "e", "r"]


def test_spanish_double_letter_cubes() -> None:
    spanish = load_lexicon("es")
    assert "calle" in words_on("ca[ll]e/", spanish)
    assert "perro" in words_on("pe[rr]o/", spanish)
    assert "chico" in words_on("[ch]ico/", spanish)


# The bundled lists: loaded by name and by --language, native equal to trie


@pytest.mark.parametrize("code", BUNDLED_LANGUAGES)
def test_language_alone_names_its_list(code: str) -> None:
    lexicon = load_wordlist(None, code)
    assert lexicon is load_lexicon(code) and lexicon.language == code


def test_a_bundled_list_refuses_another_language() -> None:
    with pytest.raises(LexiconError, match="lists Spanish words, not German"):
        load_lexicon("es", language="de")


def native_equals_trie(code: str, boards: int) -> None:
    lexicon = load_lexicon(code)
    for seed in range(boards):
        board = measured_board(lexicon, 4, 4, seed=seed)
        native = solve(board, lexicon, engine="native")
        trie = solve(board, lexicon, engine="trie")
        assert [w.word for w in native] == [w.word for w in trie], (code, str(board))
        assert native.score == trie.score


@pytest.mark.parametrize("code", BUNDLED_LANGUAGES)
def test_native_equals_trie_on_each_language(code: str) -> None:
    native_equals_trie(code, 25)


@pytest.mark.slow
@pytest.mark.parametrize("code", BUNDLED_LANGUAGES)
def test_native_equals_trie_on_2000_boards_per_language(code: str) -> None:
    native_equals_trie(code, 2000)


def test_polish_has_an_alphabet_over_31_letters() -> None:
    assert len(load_lexicon("pl").alphabet) >= 32


# Dice


@pytest.mark.parametrize("code", BUNDLED_LANGUAGES)
def test_rolled_boards_use_the_languages_letters(code: str) -> None:
    lexicon = load_lexicon(code)
    weights = face_weights(lexicon)
    board = measured_board(lexicon, 5, 5, seed=7)
    assert set(board.faces) <= set(weights)
    assert not foreign_letters(board, lexicon)
    assert measured_board(lexicon, 5, 5, seed=7) == board  # a seed gives the same board
    assert solve(measured_board(lexicon, seed=1), lexicon).count > 0


def test_roll_language_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "--language", "es", "--count", "3", "--seed", "5"]) == 0
    boards = capsys.readouterr().out.split("\n")[:3]
    spanish = load_lexicon("es")
    assert all(not foreign_letters(Board.parse(b), spanish) for b in boards)
    assert main(["roll", "--language", "es", "--count", "3", "--seed", "5"]) == 0
    assert capsys.readouterr().out.split("\n")[:3] == boards


# Hints


def test_foreign_letters_warn_on_stderr_and_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "łódź", "kotx", "abcd", "efgh", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["foreign_letters"] == ["ó", "ł", "ź"]
    assert err.count("\n") == 1 and "ł" in err and "en-70" in err
    assert main(["solve", "łódź", "kotx", "abcd", "efgh", "--dict", "pl", "--json"]) == 0
    out, err = capsys.readouterr()
    assert "foreign_letters" not in json.loads(out) and err == ""


def test_a_letter_the_list_writes_out_is_not_taken_for_another_language_s(
    german_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ß cube on a board solved with a German list (a French list's œ alike) was "no word
    of 'de' uses the letters ß on this board (another language's board?)": the board is
    German, and its list's words write ß as ss. The warning says so."""
    argv = ["solve", "stra ßexx xxxx xxxx", "--dict", str(german_file), "--language", "de"]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "(its words write ß as ss)" in err and "another language" not in err
    assert main([*argv[:1], "stra ßexł xxxx xxxx", *argv[2:]]) == 0
    assert "(its words write ß as ss; another language's board?)" in capsys.readouterr().err


def test_a_small_list_of_ones_own_is_not_asked_about_the_boards_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Newcomer 16: ``--dict ann.txt`` (fame, mile) warned "no word of 'ann.txt' uses the
    letters b o s t u w x on this board (another language's board?)" on an English board."""
    words = tmp_path / "ann.txt"
    words.write_text("fame\nmile\n")
    assert main(["solve", "fxie amlo ewbx astu", "--dict", str(words)]) == 0
    out, err = capsys.readouterr()
    assert out.endswith("TOTAL SCORE: 2\n")
    assert err == (
        "boggle: warning: no word of 'ann.txt' uses the letters b o s t u w x on this board\n"
    )


def test_dicts_shows_language_size_source_and_licence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dicts", "--json"]) == 0
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows["pl"]["language"] == "pl" and rows["pl"]["licence"] == "Apache-2.0"
    assert rows["es"]["source"].startswith("Debian package wspanish")
    assert rows["de"]["package"] == "wngerman" and rows["de"]["bundled"] is False
    assert main(["dicts"]) == 0
    text = capsys.readouterr().out
    assert "Apache-2.0" in text and ("apt-get install wngerman" in text or "ngerman" in text)


def test_language_options_on_the_command_line(
    capsys: pytest.CaptureFixture[str], german_file: Path
) -> None:
    assert main(["solve", "stra", "xess", "xxxx", "xxxx", "--dict", str(german_file)]) == 0
    assert "STRASSE" not in capsys.readouterr().out  # read as English: the noun is dropped
    argv = ["solve", "stra xess xxxx xxxx", "--dict", str(german_file), "--language", "de"]
    assert main(argv) == 0
    assert "STRASSE" in capsys.readouterr().out
    assert main([*argv, "--engine", "heap"]) == 0  # a profile's list is loaded, not streamed
    assert "STRASSE" in capsys.readouterr().out
    assert main(["solve", "año/", "--language", "es", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["dictionary"]["name"] == "es"
    assert main(["solve", "abc/", "--language", "xx"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_faces_are_shown_as_their_language_writes_them() -> None:
    from boggle.model.render import face_label

    assert [face_label(face) for face in ("ij", "ß", "ñ", "ll")] == ["IJ", "ß", "Ñ", "LL"]


def test_spanish_digraph_faces_are_printed_whole_as_their_tiles() -> None:
    """The Spanish CH, LL and RR read Ch, Ll, Rr on the board a terminal printed and in its
    pictures, where Spanish Scrabble's tiles print them whole (as the Dutch IJ is); the
    English cubes keep their printed Qu and Th."""
    from boggle import Board
    from boggle.model.render import board_text, svg

    board = Board.parse("[ch][ll] [rr]q")
    assert board_text(board) == "CH LL\nRR Qu"
    assert board_text(board, frame=True).splitlines()[1:3] == ["| CH LL |", "| RR Qu |"]
    picture = svg(board)
    assert all(f">{label}</text>" in picture for label in ("CH", "LL", "RR", "Qu"))


def test_play_rolls_the_languages_dice() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "boggle", "play", "--language", "es", "--seed", "2"],
        input="",
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    board = done.stdout.split("Board ")[1].split(".")[0]
    spanish = load_lexicon("es")
    assert str(measured_board(spanish, 4, 4, seed=2)) == board


@pytest.mark.parametrize(
    "argv",
    [
        ["roll", "--language", "de", "--dice", "big", "--seed", "1"],
        ["solve", "--random", "--language", "es", "--dice", "superbig", "--seed", "1"],
        ["solve", "--random", "--dict", "es", "--dice", "uniform", "--size", "5", "--seed", "1"],
        ["play", "--dict", "nl", "--dice", "new", "--seed", "1"],
        ["search", "--size", "4x4", "--language", "es", "--dice", "new", "--seconds", "1"],
    ],
    ids=["roll", "solve-language", "solve-dict", "play", "search"],
)
def test_dice_chosen_for_another_language_are_refused_not_ignored(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Newcomer 16: ``boggle roll --language de --dice big`` printed a German 4x4 board, the
    big cubes ignored (every cell of such a board is drawn from the list's letters)."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    assert err.startswith("boggle: error: --dice '") and "board is not rolled from dice" in err


def test_a_board_rolled_for_a_list_is_of_its_language_with_dict_as_with_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``solve --random --dict es`` rolled the English cubes (``--language es`` and ``play
    --dict es`` a Spanish board); a list names its language for the roll too."""
    from boggle.dice.measured import roll_for_language
    from boggle.wordlists.loading import load_wordlist

    spanish = str(roll_for_language(load_wordlist("es"), seed=1))
    for options in (["--dict", "es"], ["--language", "es"]):
        assert main(["solve", "--random", *options, "--seed", "1", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["board"] == spanish
    assert main(["roll", "--language", "es", "--size", "5", "--seed", "1"]) == 0
    assert len(capsys.readouterr().out.split()) == 5
