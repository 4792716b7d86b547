"""Definitions (WordNet's glosses, morphy's base forms, the derived-form rules) and hints."""

from __future__ import annotations

import gzip

import pytest

from boggle import Board, Lexicon, solve
from boggle.definitions import (
    DefinitionError,
    DefinitionsUnavailable,
    EnglishDefinitions,
    define,
    definitions_for,
    look_up,
    wiktionary_url,
)
from boggle.definitions.morphology import base_forms, derived_bases
from boggle.definitions.wordnet import GlossExtract, SystemWordNet, extract_text
from boggle.game import HINTS_PER_ROUND, NoWordsLeft, hint_order, next_hint
from boggle.game.hints import LEVELS, masked

BOARD = "fxie amlo ewbx astu"


def test_a_known_word_has_its_own_glosses() -> None:
    entry = define("cat")
    assert entry.base == "cat" and entry.found
    assert any("feline" in gloss for gloss in entry.definitions)
    assert entry.source.startswith("WordNet 3.0")


@pytest.mark.parametrize(
    ("word", "base"),
    [("cats", "cat"), ("ran", "run"), ("boxes", "box"), ("geese", "goose"), ("better", "good")],
)
def test_inflected_words_are_found_through_their_base_form(word: str, base: str) -> None:
    entry = define(word)
    assert entry.definitions, word
    assert entry.base in (word, base)
    if entry.base == word:  # "better" is also a word of its own; its base still gives glosses
        assert base_forms(word, "a", lambda w: w in {word, base}, {word: (base,)}) == [word, base]


def test_ran_reads_run_through_the_exception_list() -> None:
    entry = define("ran")
    assert entry.base == "run"
    assert entry.definitions[0] in define("run").definitions or "run" in entry.definitions[0]
    assert "move fast" in entry.definitions[0]  # the verb's sense: "ran" is no noun


def test_the_detachment_rules_per_part_of_speech() -> None:
    nouns = {"church", "dish", "lady", "fireman"}
    assert base_forms("churches", "n", nouns.__contains__, {}) == ["church"]
    assert base_forms("ladies", "n", nouns.__contains__, {}) == ["lady"]
    assert base_forms("firemen", "n", nouns.__contains__, {}) == ["fireman"]
    assert base_forms("hoping", "v", {"hope"}.__contains__, {}) == ["hope"]
    assert base_forms("walked", "v", {"walk"}.__contains__, {}) == ["walk"]
    assert base_forms("larger", "a", {"large"}.__contains__, {}) == ["large"]
    assert base_forms("quickly", "r", {"quick"}.__contains__, {}) == []  # adverbs: exceptions only


def test_derived_forms_are_explained_from_their_base() -> None:
    entry = define("nonhero")  # not in WordNet
    assert entry.base == "hero"
    assert entry.definitions[0].startswith("not hero (hero, noun: ")
    assert define("reweave").definitions[0].startswith("weave again")
    assert define("glariest").definitions[0].startswith("most glary")
    assert ("stop", "v") in [(d.base, d.pos) for d in derived_bases("stopped")]


def test_a_word_with_no_entry_has_no_definitions() -> None:
    entry = define("zzxqv")
    assert not entry.found and entry.definitions == () and entry.first is None


@pytest.mark.parametrize("entry", ["", "   ", "ab1", "two words", "x-y"])
def test_empty_or_non_words_are_refused(entry: str) -> None:
    with pytest.raises(DefinitionError):
        define(entry)


def test_other_languages_get_a_wiktionary_link() -> None:
    entry = define("Casa", "es")
    assert entry.url == "https://es.wiktionary.org/wiki/Special:Search?search=casa&go=Go"
    assert entry.found and entry.to_json()["definitions"] == []
    assert wiktionary_url("año", "es").endswith("?search=a%C3%B1o&go=Go")


@pytest.mark.parametrize(
    ("word", "language", "url"),
    [
        # the lists fold what Wiktionary's titles keep: the entry's address is not known,
        # so the search goes to it (canción, Straße, Größe, été)
        ("cancion", "es", "https://es.wiktionary.org/wiki/Special:Search?search=cancion&go=Go"),
        ("strasse", "de", "https://de.wiktionary.org/wiki/Special:Search?search=strasse&go=Go"),
        ("grösse", "de", "https://de.wiktionary.org/wiki/Special:Search?search=gr%C3%B6sse&go=Go"),
        ("ete", "fr", "https://fr.wiktionary.org/wiki/Special:Search?search=ete&go=Go"),
        # Polish lists keep every letter and lowercase words: the entry itself
        ("żółw", "pl", "https://pl.wiktionary.org/wiki/%C5%BC%C3%B3%C5%82w"),
    ],
)
def test_a_folded_word_links_to_the_search_that_finds_its_written_form(
    word: str, language: str, url: str
) -> None:
    assert define(word, language).url == url


def test_json_shape() -> None:
    shown = define("cats").to_json()
    assert {"word", "definitions", "source"} <= set(shown)
    assert shown["word"] == "cats" and isinstance(shown["definitions"], list)


def test_missing_data_is_one_clear_error(tmp_path: object) -> None:
    nothing = EnglishDefinitions(extract="/nonexistent/extract.gz", system=False)
    assert not nothing.available
    with pytest.raises(DefinitionsUnavailable, match="install WordNet"):
        nothing.define("cat")


def test_definitions_for_reports_missing_data_as_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    import boggle.definitions as definitions

    nothing = EnglishDefinitions(extract="/nonexistent/extract.gz", system=False)
    monkeypatch.setattr(definitions, "english_definitions", lambda: nothing)
    found, warning = definitions_for(["cat"])
    assert found == {} and warning is not None and "wordnet-base" in warning


def test_the_extract_reads_back_what_it_was_written_from(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "extract.txt.gz"
    text = extract_text(
        {("cat", "n"): ["a feline"], ("fly-by", "n"): ["a low flight"]},
        {"n": {"kitties": ["kitty"]}},
        joined={"flyby": ("fly-by", "n")},
    )
    path.write_bytes(gzip.compress(text.encode()))
    glossary = GlossExtract(str(path))
    assert look_up("cats", glossary) == ("cat", ["a feline"])
    assert look_up("flyby", glossary) == ("fly-by", ["a low flight"])
    assert glossary.exceptions["n"]["kitties"] == ("kitty",)


SYSTEM = SystemWordNet.find()


@pytest.mark.skipif(SYSTEM is None, reason="WordNet is not installed (apt install wordnet-base)")
def test_the_extract_answers_as_the_system_wordnet_for_list_words() -> None:
    assert SYSTEM is not None
    extract = EnglishDefinitions(system=False).extract
    assert extract is not None
    solution = solve(Board.parse(BOARD), Lexicon.from_words(_en70_sample()))
    for item in solution:
        assert look_up(item.word, extract) == look_up(item.word, SYSTEM), item.word


def _en70_sample() -> list[str]:
    from boggle.wordlists.loading import load_lexicon

    return list(load_lexicon("en-70"))


# --------------------------------------------------------------------------- hints


def _solution() -> object:
    return solve(Board.parse(BOARD), Lexicon.from_words(["fame", "mile", "limb", "east", "axe"]))


def test_successive_hints_on_one_word() -> None:
    solution = solve(Board.parse(BOARD), Lexicon.from_words(["fame", "mile", "limb", "east"]))
    given: list[tuple[int, int]] = []
    hints = []
    for _ in range(LEVELS):
        hint = next_hint(solution, [], given, define=lambda word: f"a {word}, or {word.upper()}s")
        given.append(hint.step)
        hints.append(hint)
    assert [h.level for h in hints] == [1, 2, 3]
    assert len({h.word for h in hints}) == 1
    word = hints[0].word
    assert hints[0].text == f"{len(word)} letters, starting with {word[0].upper()}"
    masked = "a " + "_" * len(word) + ", or " + "_" * len(word) + "s"
    assert hints[0].definition is None and hints[1].definition == masked
    assert hints[2].first_cell == solution.by_word[word].path[0]
    assert word not in hints[2].text and "word" not in hints[2].to_json()
    after = next_hint(solution, [], given)
    assert after.level == 1 and after.word != word


def test_a_hint_never_names_a_found_word() -> None:
    solution = solve(Board.parse(BOARD), Lexicon.from_words(["fame", "mile", "limb", "east"]))
    order = hint_order(solution)
    for found_count in range(len(order)):
        found = order[:found_count]
        assert next_hint(solution, found, []).word not in found
    first = next_hint(solution, [], [])
    second = next_hint(solution, [first.word], [first.step])  # found after its hint began
    assert second.word != first.word and second.level == 1


def test_common_words_are_hinted_first() -> None:
    solution = solve(Board.parse(BOARD), Lexicon.from_words(["fame", "mile", "limb", "east"]))
    ranking = {"limb": 5.0, "east": 1.0}
    assert next_hint(solution, [], [], ranking=ranking).word == "limb"
    assert next_hint(solution, ["limb"], [], ranking=lambda w: ranking.get(w)).word == "east"


def test_no_words_left_says_so() -> None:
    solution = solve(Board.parse(BOARD), Lexicon.from_words(["fame", "mile"]))
    with pytest.raises(NoWordsLeft, match="no words left"):
        next_hint(solution, ["fame", "mile"], [])
    empty = solve(Board.parse("xxxx xxxx xxxx xxxx"), Lexicon.from_words(["fame"]))
    with pytest.raises(NoWordsLeft):
        next_hint(empty, [], [])
    assert HINTS_PER_ROUND >= 1


@pytest.mark.parametrize("word", ["they", "whom", "ouch", "hath", "emojis", "kronor"])
def test_words_wordnet_leaves_out_come_from_boggles_glossary(word: str) -> None:
    entry = define(word)
    assert entry.definitions and entry.source.startswith("boggle's own glossary")


def test_glossary_words_take_the_derived_form_rules_too() -> None:
    assert define("geekier").definitions[0].startswith("more geeky")


def test_wordnet_comes_before_the_glossary() -> None:
    assert define("often").source.startswith("WordNet")  # in both: WordNet's gloss wins


@pytest.mark.parametrize(
    ("text", "word", "shown"),
    [
        ("a unit of surface area", "are", "a unit of surface area"),
        ("cats and a Cat's toy; catalogue", "cat", "___s and a ___'s toy; catalogue"),
        ("to run; running; runs", "run", "to ___; ___ning; ___s"),
        ("the boxes", "box", "the ___es"),
    ],
)
def test_a_hint_masks_the_word_and_its_inflections_only(text: str, word: str, shown: str) -> None:
    assert masked(text, word) == shown


def test_a_hint_s_definition_blanks_the_word_s_base_form_too() -> None:
    """PERFORMS is "carry out or perform an action": its hint does not give it away (the
    page's Hint and ``boggle play``'s ?hint read hint_definition)."""
    from boggle import Board, Lexicon, solve
    from boggle.game.hints import hint_definition

    assert hint_definition("performs") == "carry out or _______ an action"
    assert hint_definition("quo", "en") == "as in “status ___”: the existing state of affairs"
    assert hint_definition("casa", "es") is None  # a Wiktionary link, no gloss
    solution = solve(Board.parse("per mfo srx"), Lexicon.from_words(["performs"]))
    first = next_hint(solution, [], [], define=hint_definition)
    hint = next_hint(solution, [], [first.step], define=hint_definition)
    assert hint.text == '8 letters, starting with P: "carry out or _______ an action"'


def test_definitions_for_leaves_out_a_word_too_long_to_look_up() -> None:
    from boggle.definitions import MAX_WORD_LETTERS, definitions_for

    long_word = "a" * (MAX_WORD_LETTERS + 1)
    found, warning = definitions_for(["cat", long_word])
    assert warning is None and long_word not in found and found["cat"].first


COMMONEST_ZIPF = 4.7
"""Words written at least 50 times per million words (the, and, because, whose, ...)."""


def test_the_commonest_words_have_a_meaning_of_their_own() -> None:
    """None of them is left to the derived-form rules, which read "the" as "the Alps" and
    "that" as "in that" (a learner's first words must be right)."""
    from boggle import load_lexicon
    from boggle.definitions.supplement import SUPPLEMENT
    from boggle.wordlists.frequencies import list_frequencies

    lexicon = load_lexicon("en-70")
    frequencies = list_frequencies(lexicon)
    bundled = EnglishDefinitions(system=False).extract
    assert bundled is not None
    commonest = [
        word
        for word in lexicon.words
        if (found := frequencies.get(word)) is not None and found.zipf >= COMMONEST_ZIPF
    ]
    assert len(commonest) > 300
    unexplained = [
        word
        for word in commonest
        if not look_up(word, bundled, derived=False)[1]
        and not look_up(word, SUPPLEMENT, derived=False)[1]
    ]
    assert unexplained == []
    assert define("the").first.startswith("the word before a noun")  # type: ignore[union-attr]


def test_a_symbol_is_no_base_form_nor_a_name_a_phrase_to_explain_a_word() -> None:
    from boggle.definitions.supplement import Supplement

    names = Supplement(
        "bi n: Bi: a metallic element\noh n: OH: a state\ndruid n: Druid: a Celtic priest"
    )
    assert look_up("bis", names) == (None, [])  # not the plural of "Bi"
    assert look_up("ohs", names) == (None, [])
    assert look_up("druids", names) == ("druid", ["Druid: a Celtic priest"])  # a kind of person
    assert look_up("bi", names) == ("bi", ["Bi: a metallic element"])  # the word's own sense
    for word in ("bis", "his", "hey", "nor", "mes", "carl", "otto"):  # "as in Carl Jung"
        assert not any(gloss[:1].isupper() for gloss in define(word).definitions), word


@pytest.mark.parametrize(
    ("word", "forms"),
    [
        ("lapses", ("plural of lapse", "present tense (he, she, it) of lapse")),
        ("fared", ("past tense or past participle of fare",)),
        ("faring", ("-ing form of fare",)),
        ("running", ("-ing form of run",)),  # its own senses first, then run's
        ("geese", ("plural of goose",)),
        ("emboli", ("plural of embolus",)),
        ("happier", ("comparative of happy: more happy",)),
        ("best", ("superlative of good", "superlative of well")),
        ("are", ("present tense (you, we, they) of be",)),
        ("emojis", ("plural of emoji",)),  # from boggle's own glossary
        ("cat", ()),
        ("unkind", ()),  # a derivation says it in its gloss: "not kind (...)"
    ],
)
def test_an_inflected_word_says_what_form_of_its_base_it_is(
    word: str, forms: tuple[str, ...]
) -> None:
    entry = define(word)
    assert entry.forms == forms
    assert entry.to_json().get("forms", []) == list(forms)
