"""``boggle define``, ``boggle solve --define`` and ``?hint`` in ``boggle play``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from boggle.cli.main import main

BOARD = "fxie amlo ewbx astu"


def test_define_a_known_word(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["define", "cat"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("CAT\n") and "feline" in out


def test_define_an_inflected_word_says_what_form_it_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["define", "ran"]) == 0
    assert capsys.readouterr().out.startswith("RAN (past tense or past participle of run)\n")
    assert main(["define", "lapses"]) == 0
    heading = capsys.readouterr().out.splitlines()[0]
    assert heading == "LAPSES (plural of lapse; present tense (he, she, it) of lapse)"
    assert main(["define", "cats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["forms"][0] == "plural of cat"


def test_define_an_unknown_word_is_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["define", "zzxqv"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "no entry" in captured.err


def test_a_word_with_no_entry_says_whether_the_word_list_has_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A word WordNet lacks is looked up in the word list (`--dict`, default en-70): the one
    line says the list has it, or has it not either; JSON says the same in two fields."""
    words = tmp_path / "mine.txt"
    words.write_text("zyzzyva\ncat\n")
    assert main(["define", "zyzzyva", "--dict", str(words)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.rstrip().endswith(
        "though it is a word of the mine.txt list"
    )
    assert main(["define", "zyzzyva"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.rstrip().endswith("not a word of the en-70 list either")
    assert main(["define", "zyzzyva", "--dict", str(words), "--json"]) == 1
    shown = json.loads(capsys.readouterr().out)
    assert shown["word_list"] == "mine.txt" and shown["in_word_list"] is True
    assert main(["define", "cat", "--dict", "no-such-list"]) == 2
    assert "unknown word list" in capsys.readouterr().err


def test_a_word_its_list_folds_is_shown_and_linked_as_the_language_writes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Spanish list's AEREA is aérea: the heading shows it and the link opens its entry;
    a French file read with --language fr (as the system lists are) does the same."""
    assert main(["define", "aerea", "--dict", "es"]) == 0
    assert capsys.readouterr().out == (
        "AEREA (aérea): see https://es.wiktionary.org/wiki/a%C3%A9rea\n"
    )
    assert main(["define", "aerea", "--dict", "es", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["written"] == ["aérea"]
    assert main(["define", "AÉREA", "--dict", "es", "--json"]) == 0  # typed as written
    shown = json.loads(capsys.readouterr().out)
    assert shown["written"] == ["aérea"] and shown["in_word_list"] is True
    assert main(["define", "año", "--dict", "es", "--json"]) == 0  # ñ is kept: as written
    assert "written" not in json.loads(capsys.readouterr().out)
    french = tmp_path / "fr.txt"
    french.write_text("été\nfête\nfete\nmaïs\nmais\nÉté\n", encoding="utf-8")
    assert main(["define", "ETE", "--dict", str(french), "--language", "fr"]) == 0
    assert capsys.readouterr().out.startswith("ETE (été): see https://fr.wiktionary.org/wiki/")
    assert main(["define", "fete", "--dict", str(french), "--language", "fr", "--json"]) == 0
    assert "written" not in json.loads(capsys.readouterr().out)  # fete is a word as it is


def test_define_names_a_word_typed_as_written_as_judge_and_play_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Área typed with its accent, in capitals, is the Spanish list's AREA (área), as the
    judge names it; Straße is a German list's STRASSE (Straße): not ÁREA (área), not
    STRAßE (Straße)."""
    typed = tmp_path / "ann.txt"
    typed.write_text("Área\n", encoding="utf-8")
    assert main(["judge", "--board", "ar ea", "--player", f"ann={typed}", "--dict", "es"]) == 0
    assert "AREA (área)" in capsys.readouterr().out
    assert main(["define", "Área", "--dict", "es"]) == 0
    assert capsys.readouterr().out == "AREA (área): see https://es.wiktionary.org/wiki/%C3%A1rea\n"
    assert main(["define", "Área", "--dict", "es", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["word"] == "area" and shown["written"] == ["área"]
    german = tmp_path / "de.txt"
    german.write_text("Straße\nBär\n", encoding="utf-8")
    assert main(["define", "Straße", "--dict", str(german), "--language", "de"]) == 0
    assert capsys.readouterr().out.split(": see ")[0] == "STRASSE (Straße)"


def test_a_word_another_languages_list_lacks_is_said_so_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`define zolw --dict pl` linked to a Wiktionary page that does not exist, exit 0: the
    word is not a word of the list, said in one line (exit 1, as a word with no entry), with
    the word the list holds with its diacritics; a word of the list still links (exit 0)."""
    polish = tmp_path / "pl.txt"
    polish.write_text("żółw\nżaba\nżabą\ndom\n", encoding="utf-8")
    argv = ["--dict", str(polish), "--language", "pl"]
    assert main(["define", "zolw", *argv]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "ZOLW: not a word of the pl.txt list; did you mean ŻÓŁW?\n"
    assert main(["define", "zaba", *argv]) == 1
    assert capsys.readouterr().err.endswith("; did you mean ŻABA or ŻABĄ?\n")
    assert main(["define", "kot", *argv]) == 1
    assert capsys.readouterr().err == (
        "KOT: not a word of the pl.txt list, so no Wiktionary entry is linked\n"
    )
    assert main(["define", "zolw", *argv, "--json"]) == 1
    shown = json.loads(capsys.readouterr().out)
    assert shown["in_word_list"] is False and shown["did_you_mean"] == ["żółw"]
    assert "url" not in shown
    assert main(["define", "Żółw", *argv]) == 0
    assert (
        capsys.readouterr().out == "ŻÓŁW: see https://pl.wiktionary.org/wiki/%C5%BC%C3%B3%C5%82w\n"
    )


def test_a_did_you_mean_names_the_word_as_its_language_writes_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`define coracao --dict pt` said "did you mean CORAÇAO?", the list's spelling alone,
    where every other heading names the word as Portuguese writes it too: CORAÇAO
    (coração). The JSON keeps did_you_mean and adds how each is written."""
    assert main(["define", "coracao", "--dict", "pt"]) == 1
    assert capsys.readouterr().err == (
        "CORACAO: not a word of the pt list; did you mean CORAÇAO (coração)?\n"
    )
    assert main(["define", "coracao", "--dict", "pt", "--json"]) == 1
    shown = json.loads(capsys.readouterr().out)
    assert shown["did_you_mean"] == ["coraçao"]
    assert shown["did_you_mean_written"] == {"coraçao": ["coração"]}


def test_solve_shows_a_folded_word_as_the_language_writes_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "aer aea xxx", "--dict", "es"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "  AEREA (aérea): [(0,0),(0,1),(0,2),(1,1),(1,0)]" in lines
    assert "  ERA: [(0,1),(0,2),(1,2)]" in lines
    assert main(["solve", "aer aea xxx", "--dict", "es", "--json"]) == 0
    words = {entry["word"]: entry for entry in json.loads(capsys.readouterr().out)["words"]}
    assert words["area"]["written"] == ["área"] and "written" not in words["era"]
    assert main(["solve", BOARD, "--json"]) == 0
    written = {
        w["word"]: w["written"]
        for w in json.loads(capsys.readouterr().out)["words"]
        if "written" in w
    }
    assert written == {"ole": ["ole", "olé"]}  # SCOWL writes it olé, English ole too


@pytest.mark.parametrize("word", ["", "ab1", "a b", "a" * 100_000])
def test_define_a_non_word_is_exit_2(word: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["define", word]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_define_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["define", "cats", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["word"] == "cats" and shown["base"] == "cat"
    assert isinstance(shown["definitions"], list) and shown["definitions"]
    assert isinstance(shown["source"], str)


def test_define_an_accented_english_word_falls_back_to_its_unaccented_entry(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """CAFÉ had no entry where CAFE has one: it is CAFE's, and the heading says so; the
    other languages still link to the word as written."""
    assert main(["define", "café"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("CAFÉ (found as CAFE, without accents)\n  1. a small restaurant")
    assert main(["define", "Cafés", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["word"] == "cafés" and shown["looked_up"] == "cafes"
    assert shown["forms"] == ["plural of cafe"] and shown["definitions"]
    assert main(["define", "cafe", "--json"]) == 0  # the plain word says nothing more
    assert "looked_up" not in json.loads(capsys.readouterr().out)
    assert main(["define", "café", "--language", "fr", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert "looked_up" not in shown and shown["url"].endswith("/wiki/caf%C3%A9")
    assert main(["define", "zzxqé"]) == 1  # no entry either way: one line, as before
    assert capsys.readouterr().err.startswith("ZZXQÉ: no entry in ")


@pytest.mark.parametrize("word", ["olé", "touché", "pensée", "accablé"])
def test_an_accented_word_is_not_given_a_guess_at_its_unaccented_spelling(
    word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`define olé` showed "as in good ole boy", a meaning of OLE found only under a phrase
    (and TOUCHÉ "a spelling of touch", ACCABLÉ "able to be acc"): a word written with
    accents takes the entry of its spelling without them only when that spelling has one
    of its own (CAFÉ: CAFE); the derived-form guesses are of the other word."""
    assert main(["define", word, "--json"]) == 1
    shown = json.loads(capsys.readouterr().out)
    assert shown["definitions"] == [] and "looked_up" not in shown
    assert main(["define", "ole"]) == 0  # OLE's own meaning is still OLE's
    assert "good ole boy" in capsys.readouterr().out
    assert main(["define", "cinécamera", "--json"]) == 0  # the same word hyphenated is its
    assert json.loads(capsys.readouterr().out)["base"] == "cine-camera"


def test_a_heading_names_only_the_spellings_whose_meaning_is_shown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`define ole` was headed "OLE (also olé)" above "as in good ole boy", a meaning olé
    does not have (olé has no entry of its own): the heading names OLE alone; CAFE, whose
    meaning café shares (define café gives it), still names both."""
    assert main(["define", "ole"]) == 0
    heading = capsys.readouterr().out.splitlines()[0]
    assert heading.startswith("OLE") and "olé" not in heading
    assert main(["define", "ole", "--json"]) == 0
    assert "written" not in json.loads(capsys.readouterr().out)
    assert main(["define", "cafe"]) == 0
    assert capsys.readouterr().out.startswith("CAFE (also café)\n  1. a small restaurant")


def test_define_other_language_links_wiktionary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["define", "casa", "--language", "es", "--json"]) == 0
    url = json.loads(capsys.readouterr().out)["url"]
    assert url == "https://es.wiktionary.org/wiki/Special:Search?search=casa&go=Go"


def test_solve_define_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", BOARD, "--define", "--json"]) == 0
    words = json.loads(capsys.readouterr().out)["words"]
    assert all("definition" in entry for entry in words)
    by_word = {entry["word"]: entry["definition"] for entry in words}
    assert isinstance(by_word["awl"], str) and "tool" in by_word["awl"]
    # a word with no entry is null (not "" or left out); every other is a gloss
    assert by_word["twas"] is None
    assert all(value is None or (isinstance(value, str) and value) for value in by_word.values())


def test_solve_define_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", BOARD, "--define"]) == 0
    out = capsys.readouterr().out
    assert "  AWL: " in out and "pointed tool" in out


def test_solve_define_says_each_words_form_as_define_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # LAPSES and RAN can be traced on this board: each word's form is said as
    # ``boggle define`` says it in its heading, before the gloss
    board = "laps xxes ranx xxxx"
    assert main(["define", "lapses"]) == 0
    heading = capsys.readouterr().out.splitlines()[0]
    form = heading.removeprefix("LAPSES ")
    assert form.startswith("(plural of lapse")
    assert main(["solve", board, "--define"]) == 0
    lines = capsys.readouterr().out.splitlines()
    gloss = lines[lines.index(next(line for line in lines if line.startswith("  LAPSES:"))) + 1]
    assert gloss.strip().startswith(form + " ")
    assert main(["solve", board, "--define", "--json"]) == 0
    words = {entry["word"]: entry for entry in json.loads(capsys.readouterr().out)["words"]}
    assert main(["define", "lapses", "--json"]) == 0
    assert words["lapses"]["forms"] == json.loads(capsys.readouterr().out)["forms"]
    assert "forms" not in words["lap"]  # a base form is no form of another word


def _play(monkeypatch: pytest.MonkeyPatch, lines: str, words: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", BOARD, "--dict", words]) == 0
    return out.getvalue()


def test_play_hints(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    from pathlib import Path

    words = Path(str(tmp_path)) / "words.txt"
    words.write_text("fame\nmile\nlimb\n")
    out = _play(monkeypatch, "fame\n?hint\n?hint\n?hint\n?hint\n", str(words))
    hints = [line for line in out.splitlines() if line.startswith("  hint ")]
    assert len(hints) == 4
    assert "starting with L" in hints[0] or "starting with M" in hints[0]
    assert "FAME" not in "".join(hints) and "starting with F" not in "".join(hints)
    assert "it starts at [(" in hints[2]
    assert "Hints used: 4 of" in out


@pytest.mark.parametrize(
    ("board", "listed", "face"),
    [
        ("[ch]al oxx xxx", "chal\n", "CH"),
        ("[ll]am xax xxx", "llama\n", "LL"),
        ("qi tx", "quit\n", "QU"),
    ],
)
def test_a_hint_on_a_word_starting_on_a_two_letter_die_names_its_face(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, board: str, listed: str, face: str
) -> None:
    """A word starting on the Spanish Ch die was hinted "starting with C": it starts with
    the die's face, CH (LL, QU), as the player sees the board."""
    words = tmp_path / "words.txt"
    words.write_text(listed)
    monkeypatch.setattr("sys.stdin", io.StringIO("?hint\n"))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", board, "--dict", str(words), "--language", "es"]) == 0
    hints = [line for line in out.getvalue().splitlines() if line.startswith("  hint ")]
    assert hints and f"letters, starting with {face}" in hints[0], out.getvalue()


def test_play_hint_with_no_words_left(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    from pathlib import Path

    words = Path(str(tmp_path)) / "words.txt"
    words.write_text("fame\n")
    out = _play(monkeypatch, "fame\n?hint\n", str(words))
    assert "no words left to hint: you found them all" in out


def test_play_hints_run_out_on_a_word_not_found(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    from pathlib import Path

    words = Path(str(tmp_path)) / "words.txt"
    words.write_text("fame\n")
    out = _play(monkeypatch, "?hint\n" * 4, str(words))
    assert "you found them all" not in out
    assert "every word you have not found was hinted in full" in out


@pytest.fixture
def no_dictionary(monkeypatch: pytest.MonkeyPatch) -> None:
    """No extract and no system WordNet: as on a machine where neither can be read."""
    import boggle.definitions as definitions

    nothing = definitions.EnglishDefinitions(extract="/nonexistent/extract.gz", system=False)
    monkeypatch.setattr(definitions, "english_definitions", lambda: nothing)


@pytest.mark.usefixtures("no_dictionary")
def test_define_without_data_names_what_to_install(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["define", "cat"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "wordnet-base" in err and "Traceback" not in err


@pytest.mark.usefixtures("no_dictionary")
def test_solve_define_without_data_still_solves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", BOARD, "--define", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "wordnet-base" in captured.err
    # every warning as the others: it was the bare "no English definitions available: ..."
    assert captured.err.startswith("boggle: warning: no English definitions available")
    words = json.loads(captured.out)["words"]
    assert words and all(entry["definition"] is None for entry in words)


@pytest.mark.usefixtures("no_dictionary")
def test_play_hint_without_data_still_hints(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    from pathlib import Path

    words = Path(str(tmp_path)) / "words.txt"
    words.write_text("fame\nmile\n")
    out = _play(monkeypatch, "?hint\n?hint\n", str(words))
    assert "(no definition known)" in out


def test_play_hint_on_a_terminal(tmp_path: object) -> None:
    import os
    import sys
    from pathlib import Path

    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal (test extra)")
    words = Path(str(tmp_path)) / "words.txt"
    words.write_text("fame\nmile\nlimb\n")
    child = pexpect.spawn(
        sys.executable,
        # an hour: Ctrl-D ends the round, never the clock, however slow the hint's lookup
        ["-m", "boggle", "play", BOARD, "--dict", str(words), "--time", "3600"],
        env=dict(os.environ),
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 100),
    )
    try:
        child.expect(r"\[\d+:\d\d\] > ")
        child.send("fame\r")
        child.expect(r"FAME: \+1 point")
        child.send("?hint\r")
        child.expect(r"hint 1 of \d+: 4 letters, starting with [LM]")
        child.send("\x04")  # Ctrl-D: end the round
        child.expect("Hints used: 1 of")
        child.expect("Path of a word")
        child.send("\r")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("paths", [[], ["--no-paths"]])
def test_solve_define_text_defines_a_word_shown_with_its_written_form(
    paths: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The text of ``solve --define`` found each word's definition by its line, "  AJI (ají):
    [...]" read as "aji (ají)": no word a list folds (AEREA (aérea), every accented Spanish,
    French, German... word) got its link or gloss; ``--json`` gave it."""
    assert main(["solve", "aji xxx xxx", "--dict", "es", "--define", *paths]) == 0
    lines = capsys.readouterr().out.split("\n")
    shown = next(n for n, line in enumerate(lines) if line.startswith("  AJI (ají)"))
    assert lines[shown + 1].strip().startswith("https://es.wiktionary.org/wiki/")


def test_solve_define_links_a_folded_word_where_define_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``boggle define aji --dict es`` linked the entry of ají; ``solve --define`` gave the
    same word Wiktionary's search for "aji" (its definitions were looked up without the
    list that knows how the word is written)."""
    assert main(["define", "aji", "--dict", "es", "--json"]) == 0
    url = json.loads(capsys.readouterr().out)["url"]
    assert url == "https://es.wiktionary.org/wiki/aj%C3%AD"
    assert main(["solve", "aji xxx xxx", "--dict", "es", "--define", "--json"]) == 0
    words = {entry["word"]: entry for entry in json.loads(capsys.readouterr().out)["words"]}
    assert words["aji"]["definition_url"] == url


def test_a_word_printed_escaped_is_defined_as_the_word(capsys: pytest.CaptureFixture[str]) -> None:
    """``CAF\\xc9``, as an ASCII locale prints ``CAFÉ``, was "not a word": a word argument
    reads the escapes a board reads back (``boggle words add`` and ``play`` too)."""
    assert main(["define", "café", "--json"]) == 0
    plain = capsys.readouterr().out
    assert main(["define", r"CAF\xc9", "--json"]) == 0
    assert capsys.readouterr().out == plain and json.loads(plain)["word"] == "café"
    assert main(["define", r"caf\qe"]) == 2
    assert "is not a word" in capsys.readouterr().err


def test_an_english_word_its_list_writes_with_accents_is_shown_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An English list that writes CAFE as café (its written forms) showed café in a solve,
    and define gave CAFE alone (English took no written forms): define shows it as solve
    does, "CAFE (café)", and its JSON's `written`; a word written as held has none."""
    from boggle.definitions import define
    from boggle.wordlists.lexicon import Lexicon

    english = Lexicon.from_words(["cafe", "cat"], name="en-test")
    english.language = "en"
    english._read_written = lambda _: {"cafe": ("café",)}
    assert define("cafe", "en", english).written == ("café",)
    assert define("cat", "en", english).written == ()
    assert define("café", "en", english).written == ()  # typed as written: said once

    from boggle.cli import commands

    monkeypatch.setattr(commands._options, "load_wordlist", lambda *_: english)
    assert main(["define", "cafe"]) == 0
    assert capsys.readouterr().out.startswith("CAFE (café)\n  1. a small restaurant")
    assert main(["define", "cafe", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["written"] == ["café"]


def test_define_no_offensive_gives_no_meaning_of_a_word_left_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`solve --no-offensive` and `play --no-offensive` leave the offensive words out of the
    English lists; define took no such option and gave their meanings to a teacher's class.
    With it, such a word is left out (one line, exit status 1), others defined as before."""
    assert main(["define", "Shit", "--no-offensive"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == "SHIT: left out as an offensive word\n"
    assert main(["define", "shit", "--no-offensive", "--json"]) == 1
    shown = json.loads(capsys.readouterr().out)
    assert shown["definitions"] == [] and shown["in_word_list"] is False
    assert shown["left_out"] == "left out as an offensive word"
    assert main(["define", "cat", "--no-offensive"]) == 0
    assert capsys.readouterr().out.startswith("CAT\n")
    assert main(["define", "shit"]) == 0  # without it, as before
