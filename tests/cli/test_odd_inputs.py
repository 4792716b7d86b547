"""Odd input across the subcommands (empty texts, huge and negative numbers, unicode,
directories and missing files given as files): each is one line on stderr and exit 2, never
a traceback, and never minutes of work before the refusal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boggle.cli.main import main

HUGE = "9" * 5000


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "utf16.txt").write_bytes("cat\n".encode("utf-16"))
    (tmp_path / "folder").mkdir()
    (tmp_path / "round.json").write_text('{"board": "fxie amlo ewbx astu", "players": {"ann": []}}')
    return {
        "ROUND": str(tmp_path / "round.json"),
        "DIR": str(tmp_path / "folder"),
        "MISSING": str(tmp_path / "missing.txt"),
        "EMPTY": str(tmp_path / "empty.txt"),
        "UTF16": str(tmp_path / "utf16.txt"),
    }


ODD_INPUTS = [
    # `boggle -- nope` said "invalid choice: '--'" on Python 3.11 (now the word after it)
    (["--", "nope"], "invalid choice: 'nope'"),
    ([""], "invalid choice: ''"),
    # argparse echoed an argument it did not know as typed: a line end in it made two lines
    (["judge", "MISSING", "a\nb"], "unrecognized arguments: 'a\\nb'"),
    (["solve", "abcd", "--x\u2028y"], "unrecognized arguments: '--x\\u2028y'"),
    (["solve", ""], "the board is empty"),
    (["solve", "\U0001f600"], "not a letter"),
    (["solve", "abcd", "--dict", "DIR"], "is a directory, not a file"),
    (["solve", "abcd", "--dict", "MISSING"], "does not exist"),
    (["solve", "abcd", "--dict", ""], "is empty"),
    (["solve", "abcd", "--dict", "EMPTY"], "is empty"),
    (["solve", "abcd", "--dict", "UTF16"], "UTF-16 or UTF-32"),
    # "'en-70' is a English list": the article is no longer guessed from the language
    (["solve", "abcd", "--dict", "en-70", "--language", "es"], "'en-70' lists English words,"),
    (["solve", "--random", "--seed", HUGE], "far too many digits"),
    (["solve", "--random", "--seed", "-1"], "a seed is a whole number from 0 to 18,"),
    (
        ["roll", "--seed", "-1000"],
        "a seed is a whole number from 0 to 18,446,744,073,709,551,615, got -1,000",
    ),
    # int() read any script's digits: --seed ٣ was 3 while --size ٣ was refused
    (["solve", "--random", "--seed", "٣"], "is not a whole number (write it in the digits 0-9)"),
    (["solve", "--random", "--size", "٣"], "'٣' is not a size"),
    (["solve", "abcd", "--scoring", "3:\N{ARABIC-INDIC DIGIT ONE}"], "in the digits 0-9"),
    (["solve", "--random", "--size", "99999x99999"], "too large"),
    (["solve", "abcd", "--min-length", "-5"], "--min-length must be from 1 to 1,000, got -5"),
    (["solve", "abcd", "--scoring", "3:" + HUGE], "needs whole numbers"),
    (["solve", "abcd", "--language", ""], "invalid choice: ''"),
    # options refused after "rolled the board ..." on stderr: two lines, not one
    (["solve", "--random", "--scoring", "0"], "scoring step '0' is not LENGTH:POINTS"),
    (["solve", "--random", "--stream", "--json"], "drop --json or --stream"),
    (["compare", "--random", "--scoring", "30x1"], "scoring step '30x1' is not LENGTH:POINTS"),
    (["score", "DIR"], "is a directory, not a file"),
    (["score", "MISSING"], "does not exist"),
    (["stats", "--random", "-1"], "at least 0"),
    (["stats", "--random", HUGE], "far too many digits"),
    (["stats", "--random", "1", "--seed", str(2**64)], "18,446,744,073,709,551,615"),
    (["stats", "--random", "1", "--top", "-3"], "--top must be from 0 to 10,000"),
    (["stats", "--random", "1", "--plot", "DIR"], "--plot writes .png or .svg files"),
    (["stats", "--random", "1", "--size", "2000"], "1,000 rows and columns and 250,000 cells"),
    (["stats", "--random", "1", "--language", "es", "--size", "2000"], "250,000 cells"),
    (["roll", "--count", "-1"], "--count must be 0 or more"),
    (["roll", "--size", "-4"], "is not a size"),
    # a language's board of a huge size drew every face first: minutes, then memory
    (["roll", "--language", "es", "--size", "100000"], "too large"),
    (["roll", "--language", "pl", "--size", "1001x1"], "too large"),
    (["solve", "--random", "--language", "nl", "--size", "5000"], "too large"),
    (["play", "--language", "es", "--size", "100000"], "too large"),
    (["play", "--time", "-1"], "--time must be from 1 to 3,600"),
    (["define", ""], "give a word to define"),
    (["define", "a" * 100_000], "at most 64"),
    (["judge", "DIR"], "is a directory, not a file"),
    (["judge", "EMPTY"], "is empty"),
    (["paths", "--size", HUGE], "far too large for a board"),
    (["search", "--size", "4", "--letters", ""], "--letters is empty"),
    (["search", "--size", "4", "--pool", "0"], "--pool must be from 1 to 10,000"),
    # an empty --method was taken as no method: the default one ran
    (["search", "--size", "3", "--seconds", "0.1", "--method", ""], "unknown method ''"),
    (
        ["prove", "--size", "3x3", "--above", "-1"],
        "--above must be from 0 to 1,000,000,000,000,000,000, got -1",
    ),
    (["prove", "--size", "3x3", "--above", "1", "--checkpoint", "DIR"], "is a directory; give"),
    (["trie", "--words", "-1"], "--words must be at least 1"),
    (["dicts", "export", "en-70", "DIR"], "is a directory; give a file name"),
    (["serve", "--port", "70000"], "--port must be from 1 to 65,535, got 70,000"),
    (["bench", "runtime", "--out", "EMPTY"], "is a file; give a directory"),
]


@pytest.mark.parametrize(("argv", "says"), ODD_INPUTS, ids=lambda v: " ".join(v)[:60])
def test_odd_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], files: dict[str, str], argv: list[str], says: str
) -> None:
    status = main([files.get(word, word) for word in argv])
    out, err = capsys.readouterr()
    assert status == 2, err
    assert err.count("\n") == 1 and err.startswith("boggle") and "Traceback" not in err, err
    assert says in err and out == ""


def test_a_double_dash_before_the_command_ends_the_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Python 3.11's argparse read `--` as the command's name: "invalid choice: '--'"
    assert main(["--", "solve", "abcd efgh ijkl mnop", "--json"]) == 0
    before = capsys.readouterr().out
    assert main(["solve", "abcd efgh ijkl mnop", "--json"]) == 0
    assert capsys.readouterr().out == before and '"count"' in before


def test_a_double_dash_after_the_command_still_ends_its_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # a board that starts with '-' is not an option after `--`
    assert main(["solve", "--", "-bcd"]) == 2
    assert "not a letter" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "EMPTY", "--language", "de", "--words", "common"],
        ["play", "--language", "de", "--words", "common"],
        ["stats", "--random", "1", "--language", "de", "--words", "common"],
        ["judge", "ROUND", "--language", "de"],
        ["solve", "--random", "--language", "de"],
        ["compare", "--random", "--language", "de"],
    ],
    ids=lambda argv: argv[0],
)
def test_a_bad_scoring_is_refused_before_any_word_list_is_loaded(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    files: dict[str, str],
    argv: list[str],
) -> None:
    # play and stats loaded the list (and its word levels) first: with German and --words
    # common, 45 s on a loaded machine before the one-line refusal
    def loaded(*args: object) -> None:
        raise AssertionError("a word list was loaded before --scoring was checked")

    monkeypatch.setattr("boggle.cli.commands._options.load_wordlist", loaded)
    status = main([files.get(word, word) for word in argv] + ["--scoring", "3:x"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "scoring step '3:x' needs whole numbers" in err, err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["plya"], "invalid choice: 'plya', did you mean 'play'? (choose from"),
        (["solve", "abcd", "--rules", "bgi"], "invalid choice: 'bgi', did you mean 'big'?"),
        (["bench", "runtme"], "did you mean 'runtime'?"),
        (["solve", "abcd", "--rulse", "big"], "--rulse (did you mean '--rules'?)"),
        (["solve", "abcd", "--sed=3"], "--sed=3 (did you mean '--seed'?)"),
        (["--verison"], "--verison (did you mean '--version'?)"),
    ],
)
def test_a_mistyped_command_choice_or_option_names_the_close_one(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    """``boggle plya`` said argparse's "invalid choice" and the whole list, with no
    suggestion (argparse suggests only from Python 3.14): one line naming the close one."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert says in err and err.count("\n") == 1 and out == "", err


def test_a_mistyped_option_with_nothing_close_is_as_before(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "abcd", "--xyzzy"]) == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --xyzzy (see 'boggle solve --help')" in err
    assert main(["qwxz"]) == 2
    assert "did you mean" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "far"),
    [
        (["paths", "--size", "3", "--colour", "2"], "--cols"),
        (["roll", "--dice", "unicorn"], "uniform"),
    ],
)
def test_a_far_off_keyword_gets_no_loose_suggestion(
    capsys: pytest.CaptureFixture[str], argv: list[str], far: str
) -> None:
    """``--colour`` was offered ``--cols`` (difflib's ratio of 0.6 took it): only a typo's
    distance (a letter added, dropped, changed, or two swapped) is suggested now."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert f"did you mean '{far}'" not in err and err.count("\n") == 1 and out == "", err


def test_did_you_mean_suggests_typos_only() -> None:
    from boggle.model.checks import did_you_mean

    assert did_you_mean("colour", ["cols", "rows"]) == ""
    assert did_you_mean("bgi", ["big", "classic"]) == " (did you mean 'big'?)"
    assert did_you_mean("--verison", ["--version"]) == " (did you mean '--version'?)"
    assert did_you_mean("challanged", ["name", "words", "challenged"]) != ""
    assert did_you_mean("seeds", ["seed", "steps"]) == " (did you mean 'seed'?)"
    assert did_you_mean("--dictionary", ["--dice", "--dict"]) == " (did you mean '--dict'?)"


def test_judge_shows_a_huge_board_that_does_not_parse_by_its_start_and_length(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A round whose board is 2,000,000 letters (not a rectangle) printed the whole board
    twice, as `board: ...` and in its problem line (4 MB for one bad input); both now show
    its start and its length, as the command line shows a long value it echoes."""
    round_file = tmp_path / "round.json"
    board = "a" * 2_000_000
    round_file.write_text(json.dumps({"board": board, "players": {"ann": ["fame"]}}))
    assert main(["judge", str(round_file)]) == 0
    out = capsys.readouterr().out
    assert len(out) < 1_000, len(out)
    assert "board: aaaaaaaaaaaaaaaaaaaa... (2,000,000 characters)" in out
    assert "problem: board 'aaaaaaaaaaaaaaaaaaaa'... (2,000,000 characters) does not parse" in out


def test_judge_refuses_a_challenged_entry_that_is_not_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`challenged: ["fame", 1]` was read as the word '1' (none, so nothing said), where
    `words` with a number is refused, and POST /api/judge refuses both: one line, exit 2."""
    round_file = tmp_path / "round.json"
    player = {"name": "ann", "words": ["fame"], "challenged": ["fame", 1]}
    round_file.write_text(json.dumps({"board": "fxie amlo ewbx astu", "players": [player]}))
    assert main(["judge", str(round_file)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "boggle: error: player 'ann': 'challenged' must be a list of words\n"


def test_judge_shows_a_board_with_a_control_character_quoted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A round's board that does not parse was printed as it was on its `board:` line: an
    escape sequence in the file (`ab\\x1b[31mcd`) turned the terminal red, a line end in it
    broke the line. It is shown quoted, as its problem line shows it."""
    round_file = tmp_path / "round.json"
    round_file.write_text(json.dumps({"board": "ab\x1b[31mcd\nef", "players": {"ann": []}}))
    assert main(["judge", str(round_file)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert out.startswith("board: 'ab\\x1b[31mcd\\nef'\n"), out
