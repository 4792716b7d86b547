"""How a folded list's words are written (boggle.wordlists.written): the forms agree with the
profile that folded them, and a list that cannot be read again gives none."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Board, judge_round, load_lexicon, solve
from boggle.wordlists.spelling import PROFILES
from boggle.wordlists.written import forms_of

LETTERS = "aeinoséèêëíñçßÆœ"
"""Plain and accented letters, a ligature and ß: every kind of respelling a profile makes."""

raw_words = st.text(alphabet=LETTERS, min_size=1, max_size=5).map(
    lambda word: word.capitalize() if len(word) % 3 == 0 else word
)


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(raw_words, max_size=12), code=st.sampled_from(["es", "fr", "de", "nl"]))
def test_each_form_folds_to_its_word_and_every_respelled_word_has_its_forms(
    lines: list[str], code: str
) -> None:
    profile = PROFILES[code]
    found = forms_of(lines, profile)
    # a line as written: in lower case, but a Capitalised word a profile keeps (German Haus)
    kept = profile.capitalised_words
    read = [
        (profile.normalise(line), line if kept and line.istitle() else line.lower())
        for line in lines
    ]
    words = {word for word, _ in read if word is not None}
    plain = {word for word, form in read if word == form}
    respelled = {word for word, form in read if word is not None and word != form}
    assert set(found) == respelled - plain
    for word, forms in found.items():
        assert word in words and forms == tuple(sorted(set(forms)))
        assert all(profile.normalise(form) == word and form != word for form in forms)
        capital = [form for form in forms if form.lower() == word]
        assert all(profile.capitalised_words and form.istitle() for form in capital)


def test_a_list_read_from_a_file_with_a_language_gives_the_file_s_forms(tmp_path: Path) -> None:
    file = tmp_path / "de.txt"
    file.write_text("Straße\nHaus\nfußball\nBär\n", encoding="utf-8")
    lexicon = load_lexicon(str(file), "de")
    assert dict(lexicon.written_forms()) == {
        "strasse": ("Straße",),
        "haus": ("Haus",),
        "fussball": ("fußball",),
        "bär": ("Bär",),
    }
    solution = solve(Board.parse("stra essx xxxx xxxx"), lexicon)
    words = {entry["word"]: entry for entry in solution.to_json()["words"]}
    assert words["strasse"]["written"] == ["Straße"]
    assert "  STRASSE (Straße): [(0,0),(0,1),(0,2),(0,3),(1,2),(1,1),(1,0)]" in solution.text()


def test_a_german_noun_is_written_with_its_capital_and_named_without_repeating_it(
    tmp_path: Path,
) -> None:
    """German writes its nouns with a capital, and the German list keeps them (Haus): they
    were shown in lower case (haus) on the pages' word buttons, Straße alone capitalised. A
    noun's form is its capital, which a name in capitals does not repeat (HAUS, not HAUS
    (Haus)); a noun also written plain (Essen, essen) has none."""
    file = tmp_path / "de.txt"
    file.write_text("Haus\nEssen\nessen\nStraße\n", encoding="utf-8")
    lexicon = load_lexicon(str(file), "de")
    assert dict(lexicon.written_forms()) == {"haus": ("Haus",), "strasse": ("Straße",)}
    solution = solve(Board.parse("haus xxxx xxxx xxxx"), lexicon)
    assert solution.to_json()["words"][0]["written"] == ["Haus"]
    assert "  HAUS: [(0,0),(0,1),(0,2),(0,3)]" in solution.text()


def test_a_german_noun_that_is_the_word_in_capitals_makes_its_other_form_also(
    tmp_path: Path,
) -> None:
    """MASSE was named MASSE (Maße), as though the word were written Maße alone: the noun
    Masse (mass) is the word itself, so Maße is also written (MASSE (also Maße)), as English
    CAFE (also café)."""
    file = tmp_path / "de.txt"
    file.write_text("Masse\nMaße\n", encoding="utf-8")
    lexicon = load_lexicon(str(file), "de")
    assert dict(lexicon.written_forms()) == {"masse": ("Masse", "Maße")}
    solution = solve(Board.parse("mass xxex xxxx xxxx"), lexicon)
    assert "  MASSE (also Maße): " in solution.text()


def test_a_file_gone_since_it_was_read_gives_no_forms_and_no_error(tmp_path: Path) -> None:
    file = tmp_path / "es.txt"
    file.write_text("aérea\nárea\n", encoding="utf-8")
    lexicon = load_lexicon(str(file), "es")
    assert lexicon.words == ("aerea", "area")
    file.unlink()
    assert lexicon.written_forms() == {}


def test_lists_written_as_held_have_no_forms() -> None:
    assert load_lexicon("pl").written_forms() == {}  # Polish keeps every letter


def test_the_english_lists_give_scowl_s_spelling_of_the_words_their_accents_left() -> None:
    """The English lists fold SCOWL's accents (café is CAFE): each word is shown as SCOWL
    writes it, and as English writes it too: CAFE (also café)."""
    for name in ("en-50", "en-70", "en-80"):
        forms = load_lexicon(name).written_forms()
        assert forms["cafe"] == ("cafe", "café") and "cat" not in forms


def test_a_solve_report_of_a_board_holding_cafe_shows_how_english_writes_it() -> None:
    solution = solve(Board.parse("cafe xxxx xxxx xxxx"), load_lexicon("en-70"))
    words = {entry["word"]: entry for entry in solution.to_json()["words"]}
    assert words["cafe"]["written"] == ["cafe", "café"]
    assert "written" not in words["fax"]
    assert "  CAFE (also café): [(0,0),(0,1),(0,2),(0,3)]" in solution.text()


def test_a_judged_english_round_shows_cafe_as_english_writes_it() -> None:
    result = judge_round("cafe xxxx xxxx xxxx", {"ann": ["café", "fax"]}, load_lexicon("en-70"))
    lines = [line.split()[:3] for line in result.text().splitlines() if line.startswith("  ")]
    assert ["CAFE", "(also", "café)"] in lines


def test_a_judged_round_names_a_word_typed_folded_as_its_language_writes_it() -> None:
    """``boggle judge`` on a Spanish round: AEREA typed plain is shown AEREA (aérea), and so
    is ÁREA typed with its accent (AREA (área): one word reads one way, it was ÁREA beside
    bob's AREA (área)), and --json gives each verdict its forms."""
    players = {"ann": ["aerea", "Área", "era"], "bob": ["area"]}
    result = judge_round("aer aea xxx", players, load_lexicon("es"))
    lines = [line.split()[:3] for line in result.text().splitlines() if line.startswith("  ")]
    assert lines[:3] == [
        ["AEREA", "(aérea)", "2"],
        ["AREA", "(área)", "0"],
        ["ERA", "1", "counted"],
    ]
    assert lines[3] == ["AREA", "(área)", "0"]
    written = [v.get("written") for p in result.to_json()["players"] for v in p["words"]]
    assert written == [["aérea"], ["área"], None, ["área"]]


def test_a_judged_round_shows_each_entry_in_one_normal_form_so_the_columns_align() -> None:
    """``boggle judge`` showed entries as typed: fullwidth letters (two columns each) pushed
    their line's points out of the column, and AÉREA and AEREA (aérea) stood side by side for
    one word. Each is shown as the judge read it; an entry that is no word keeps its letters,
    in their normal form."""
    wide = "".join(chr(ord(letter) - ord("a") + 0xFF41) for letter in "era")
    players = {"ann": ["AÉREA", wide, wide + "!", "aerea"], "bob": ["aérea", "zzz"]}
    text = judge_round("aer aea xxx", players, load_lexicon("es")).text()
    lines = [line for line in text.splitlines() if line.startswith("  ")]
    assert [line.split("  ")[1] for line in lines] == [
        "AEREA (aérea)",
        "ERA",
        "ERA!",
        "AEREA (aérea)",
        "AEREA (aérea)",
        "ZZZ",
    ]
    points_ends = {re.match(r"  \S.*? +\d+  ", line).end() for line in lines}  # type: ignore[union-attr]
    assert len(points_ends) == 1, lines  # one column of points
