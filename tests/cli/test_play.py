"""``boggle play`` driven through a pseudo-terminal (pexpect) and through a pipe,
and ``boggle roll`` / ``boggle solve --random``."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from clocked_play import CLOCKED_PLAY, set_clock

from boggle import Board, Lexicon, solve
from boggle.cli.main import main
from boggle.dice.cubes import DICE_SETS, roll

BOARD = "fxie amlo ewbx astu"
WORDS = ["fame", "mile", "limb", "lime", "east", "famed", "axe", "emboli", "wamble", "amble"]


@pytest.fixture
def words_file(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return path


def boggle_env() -> dict[str, str]:
    """The environment of the test run: the child imports the same boggle as the tests."""
    return dict(os.environ)


def expected_missed(found: set[str]) -> list[str]:
    """The words of the board not found, best first, computed from the solution."""
    solution = solve(Board.parse(BOARD), Lexicon.from_words(WORDS))
    missed = [w for w in solution.words if w.word not in found]
    missed.sort(key=lambda w: (-w.points, -len(w.word), w.word))
    return [w.word.upper() for w in missed]


def played_through_a_pipe(words_file: Path, typed: str) -> str:
    """What ``boggle play BOARD`` prints for ``typed`` read from a pipe (it exits 0)."""
    done = subprocess.run(
        [sys.executable, "-m", "boggle", "play", BOARD, "--dict", str(words_file)],
        input=typed,
        capture_output=True,
        text=True,
        env=boggle_env(),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_play_through_a_pipe(words_file: Path) -> None:
    typed = "fame\nFAME\nlima\nox\nwor1d\n\nmile\n?fame\n?zebra\n"
    out = played_through_a_pipe(words_file, typed)
    assert "| F  X  I  E  |" in out and "reading words until end of input" in out
    assert "FAME: +1 point (score 1)" in out
    assert "FAME: already found" in out
    assert "LIMA: not a word" in out
    assert "OX: too short (3 letters or more)" in out
    assert "WOR1D: not a word: 'wor1d' has characters that are not letters" in out
    assert "MILE: +1 point (score 2)" in out
    maximum = solve(Board.parse(BOARD), Lexicon.from_words(WORDS)).score
    assert f"2 of {maximum} points" in out
    listed = out.split("best first:\n")[1].split("\nWords to learn")[0].split("\nFAME:")[0].split()
    assert listed[::2] == expected_missed({"fame", "mile"})
    assert "FAME: [(0,0),(1,0),(1,1),(2,0)]" in out
    assert "ZEBRA is not on the board." in out
    assert "Time's up" not in out  # no timer without a terminal


def test_a_typed_escape_sequence_or_text_direction_mark_is_shown_escaped(
    words_file: Path,
) -> None:
    """The entry went to the terminal as typed (piped): an escape sequence coloured or
    cleared the screen, a right-to-left override turned the rest of the line around."""
    typed = "fa\x1b[2Jme\n\u202eelif\nfame\n"
    out = played_through_a_pipe(words_file, typed)
    assert "\x1b" not in out and "\u202e" not in out
    assert "  'FA\\x1b[2JME': not a word: " in out and "  '\\u202eELIF': not a word: " in out
    assert "FAME: +1 point (score 1)" in out


def test_play_without_a_seed_says_the_seed_it_rolled_with(
    words_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``boggle play`` without ``--seed`` rolled a board and never said its seed, so a round
    could not be played again: the report says it, and ``--seed`` rolls the same board."""
    monkeypatch.setattr("sys.stdin", io.StringIO("fame\n"))
    assert main(["play", "--dict", str(words_file)]) == 0
    out = capsys.readouterr().out
    said = [line for line in out.splitlines() if line.startswith("Seed ")]
    assert len(said) == 1, out
    seed = int(said[0].split()[1].rstrip(":"))
    assert said[0] == f"Seed {seed}: --seed {seed} with the same options rolls this board again."
    assert f"Board {roll('new', seed)}." in out
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--dict", str(words_file), "--seed", str(seed)]) == 0
    again = capsys.readouterr().out
    assert f"Board {roll('new', seed)}." in again and said[0] in again
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", BOARD, "--dict", str(words_file)]) == 0  # a board given: no seed
    assert "Seed" not in capsys.readouterr().out


def test_play_rolls_a_board_and_reports_bad_options(words_file: Path) -> None:
    args = [sys.executable, "-m", "boggle", "play", "--dice", "big", "--seed", "4"]
    done = subprocess.run(
        [*args, "--dict", str(words_file)],
        input="",
        capture_output=True,
        text=True,
        env=boggle_env(),
        timeout=60,
    )
    assert done.returncode == 0 and f"Board {roll('big', 4)}." in done.stdout
    assert "Words of 4 letters or more" in done.stdout
    bad = subprocess.run(
        [*args, "--time", "0"],
        input="",
        capture_output=True,
        text=True,
        env=boggle_env(),
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--time" in bad.stderr


def test_play_through_a_pseudo_terminal(words_file: Path, tmp_path: Path) -> None:
    """A 20 s round on a clock the test moves (``clocked_play``): however slowly a loaded
    machine answers, the round runs out when the test says, after the letters of MIL are
    on the prompt line (on the real clock they could come after the end and be judged)."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal (test extra)")
    clock_file = tmp_path / "clock"
    set_clock(clock_file, 0)
    child = pexpect.spawn(
        sys.executable,
        [CLOCKED_PLAY, str(clock_file), "play", BOARD, "--dict", str(words_file), "--time", "20"],
        env=boggle_env(),
        encoding="utf-8",
        timeout=60,  # a hang, not a slow start: the round's clock stands still meanwhile
        dimensions=(40, 100),
    )
    child.logfile_read = transcript = io.StringIO()
    try:
        child.expect(r"\| F  X  I  E  \|")
        child.expect("you have 0:20")
        child.expect(r"\[0:20\] > ")
        child.send("fame\r")
        child.expect(r"FAME: \+1 point \(score 1\)")
        child.send("lima\r")
        child.expect("LIMA: not a word")
        child.send("fame\r")
        child.expect("FAME: already found")
        child.send("?mile\r")
        child.expect("paths are shown after the round")
        set_clock(clock_file, 5)
        child.expect(r"\[0:15\] > ")  # the countdown moves, at the clock's next tick
        child.send("mil")  # typing when time runs out: dropped
        child.expect(r"\[0:15\] > mil")
        set_clock(clock_file, 20)
        child.expect("Time's up!")
        maximum = solve(Board.parse(BOARD), Lexicon.from_words(WORDS)).score
        child.expect(f"You found 1 of \\d+ words: 1 of {maximum} points")
        child.expect("best first:")
        child.expect("Path of a word")
        child.send("limb\r")
        child.expect(r"LIMB: \[\(1,2\),\(0,2\),\(1,1\),\(2,2\)\]")
        child.expect("Path of a word")
        child.send("\r")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert "MIL:" not in transcript.getvalue()  # the word cut off by the timer is not judged


def test_ctrl_d_ends_the_round_early(words_file: Path) -> None:
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal (test extra)")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "boggle", "play", BOARD, "--dict", str(words_file)],
        env=boggle_env(),
        encoding="utf-8",
        timeout=60,  # a hang: a loaded machine may take seconds to start (the round is 3 min)
    )
    try:
        child.expect(r"\[3:00\] > ")
        child.send("east\r")
        child.expect(r"EAST: \+1")
        child.sendcontrol("d")
        child.expect("Round over.")
        child.expect("Path of a word")
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_roll_prints_boards_that_solve_reads(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "--dice", "classic", "--seed", "10", "--count", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [str(roll("classic", seed)) for seed in (10, 11, 12)]
    assert all(Board.parse(line) == roll("classic", 10 + i) for i, line in enumerate(lines))
    assert main(["roll", "--dice", "superbig", "--seed", "1"]) == 0
    board = Board.parse(capsys.readouterr().out)
    assert (board.rows, board.cols) == (6, 6)
    assert main(["roll", "--dice", "uniform", "--size", "3x7", "--count", "2"]) == 0
    boards = [Board.parse(line) for line in capsys.readouterr().out.splitlines()]
    assert [(b.rows, b.cols) for b in boards] == [(3, 7), (3, 7)]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["roll", "--dice", "huge"], "invalid choice"),
        (["roll", "--dice", "new", "--size", "5"], "4x4 tray only"),
        (["roll", "--dice", "uniform", "--size", "axb"], "is not a size: give ROWSxCOLS"),
        (["roll", "--count", "-1"], "--count"),
        (["roll", "--seed", "x"], "not a whole number"),
    ],
)
def test_roll_bad_input(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_solve_random_rolls_then_solves(
    words_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["solve", "--random", "--dice", "big", "--seed", "3", "--dict", str(words_file)]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["board"] == str(roll(DICE_SETS["big"], 3))
    assert data["rules"]["name"] == "big"
    assert main(["solve", "--random", BOARD]) == 2
    assert "either a board or --random" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("language", "listed", "board", "typed", "answer"),
    [
        ("de", "Straße\n", "stras xxxes", "straße\nSTRASSE\n", "STRASSE (Straße): +"),
        ("fr", "cœur\n", "coeur/", "cœur\n", "COEUR (cœur): +"),
    ],
)
def test_play_folds_typed_words_with_the_language(
    tmp_path: Path, language: str, listed: str, board: str, typed: str, answer: str
) -> None:
    """Issue 32: `straße` typed in `play --language de` was "not on the board"."""
    words = tmp_path / "words.txt"
    words.write_text(listed, encoding="utf-8")
    argv = ["play", board, "--dict", str(words), "--language", language]
    done = subprocess.run(
        [sys.executable, "-m", "boggle", *argv],
        input=typed,
        capture_output=True,
        text=True,
        env=boggle_env(),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert answer in done.stdout and "not on the board" not in done.stdout, done.stdout
    assert "You found 1 of 1 word" in done.stdout


@pytest.mark.parametrize("seconds", ["0", "3601", "100000000000000000000"])
def test_a_round_of_no_time_or_over_an_hour_is_refused_in_one_line(
    seconds: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--time 10**20`` drew a 19-digit clock; a round lasts 1 s to an hour, as long as a
    web challenge's may (``MAX_ROUND_SECONDS``), refused before the board is drawn."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("fame\n"))
    assert main(["play", "fxie amlo ewbx astu", "--dict", "en-50", "--time", seconds]) == 2
    out, err = capsys.readouterr()
    refusal = f"boggle: error: --time must be from 1 to 3,600, got {int(seconds):,}\n"
    assert out == "" and err == refusal


def test_the_longest_round_is_the_longest_challenge() -> None:
    from boggle.game.play import MAX_ROUND_SECONDS, round_seconds
    from boggle.rooms.challenges import ChallengeLimits

    assert round_seconds(MAX_ROUND_SECONDS) == ChallengeLimits().max_seconds == 3600


def test_play_takes_its_board_from_a_file_and_says_so_when_given_dash(
    tmp_path: Path, words_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`play -` answered "board has '-', which is not a letter": standard input holds the
    typed words, so the board comes from @FILE, as the error and --help now say."""
    board = tmp_path / "board.txt"
    board.write_text(BOARD + "\n")
    assert main(["play", "-", "--dict", str(words_file)]) == 2
    err = capsys.readouterr().err
    assert "give it as @FILE" in err and "not a letter" not in err and err.count("\n") == 1
    done = subprocess.run(
        [sys.executable, "-m", "boggle", "play", f"@{board}", "--dict", str(words_file)],
        input="fame\n",
        capture_output=True,
        text=True,
        env=boggle_env(),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "FAME: +1 point" in done.stdout


LEARN_HEADING = "Words to learn, common first, with their meanings"


def played(args: list[str], typed: str, columns: int = 80) -> str:
    """What ``boggle play ARGS`` prints with ``typed`` piped to it (exit status 0)."""
    done = subprocess.run(
        [sys.executable, "-m", "boggle", "play", *args],
        input=typed,
        capture_output=True,
        text=True,
        env={**boggle_env(), "COLUMNS": str(columns)},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def words_to_learn(args: list[str], typed: str, columns: int = 80) -> list[str]:
    """The lines under "Words to learn" at the end of ``boggle play ARGS`` (``typed`` piped)."""
    return played(args, typed, columns).split(LEARN_HEADING)[1].splitlines()[1:]


def test_play_ends_with_the_words_to_learn_and_their_meanings() -> None:
    """A learner sees which missed words were common and what they mean (the form of an
    inflected one first), and for another language where to read them on Wiktionary."""
    lines = words_to_learn([BOARD, "--missed", "3"], "fame\n", columns=100)
    assert len(lines) == 10 and all(len(line) <= 100 for line in lines)
    assert not any(line.split()[0] == "FAME" for line in lines)  # found: nothing to learn
    levels = [line.split()[1] for line in lines]
    assert levels == sorted(levels, key=["common", "standard", "obscure"].index)
    limbs = next(line for line in lines if line.split()[0] == "LIMBS")
    assert limbs.split()[1] == "common" and "(plural of limb) one of the jointed" in limbs

    for line in words_to_learn(["--language", "es", "--seed", "5"], "patria\n"):
        word, level, link = line.split()
        assert level in ("common", "standard", "obscure") and word != "PATRIA"
        assert link == f"https://es.wiktionary.org/wiki/Special:Search?search={word.lower()}&go=Go"


def test_an_inflected_word_to_learn_shows_its_meaning_within_the_line() -> None:
    """QUESTIONS is a plural and a verb's present tense: its line says the first form only, so
    its meaning still fits in 80 columns instead of being cut off after the forms."""
    lines = words_to_learn(["qest ansi xweo yrsn"], "quest\n")
    shown = {line.split()[0]: line for line in lines}
    assert "(plural of question) an instance of questioning" in shown["QUESTIONS"]
    assert all(len(line) <= 80 for line in lines)


def test_a_folded_word_found_or_missed_is_shown_as_written() -> None:
    """Typed with its accents, the Spanish list's AEREA is found and said as aérea; a missed
    one is listed so too."""
    lines = played(["aer aea xxx", "--dict", "es", "--missed", "0"], "aérea\n").splitlines()
    assert "  AEREA (aérea): +2 points (score 2)" in lines
    assert "  AREA (área)  1" in lines and "  ERA          1" in lines


def test_a_folded_word_found_again_is_named_as_when_it_was_found() -> None:
    """A French player who typed ÂTRE twice read "ATRE (âtre): +1 point", then "ATRE: already
    found", as though it were another word: the second verdict names it the same way."""
    lines = played(["aer aea xxx", "--dict", "es"], "aérea\naerea\n").splitlines()
    assert "  AEREA (aérea): +2 points (score 2)" in lines
    assert "  AEREA (aérea): already found" in lines


def test_a_folded_word_not_on_the_board_is_named_as_written() -> None:
    """A Spanish player who typed CANCION (or canción) off the board read "CANCION: not on
    the board", where the page says "CANCION (canción)": the verdict names a word of the list
    as its language writes it; a word outside the list is named as typed."""
    typed = "cancion\ncanción\nxyzzy\n"
    lines = played(["aer aea xxx", "--dict", "es"], typed).splitlines()
    assert lines.count("  CANCION (canción): not on the board") == 2
    assert "  XYZZY: not on the board" in lines


def test_the_words_to_learn_of_a_folded_list_are_shown_and_linked_as_written() -> None:
    """A Spanish learner reads AEREA as aérea, and its link opens aérea's entry."""
    lines = words_to_learn(["aer aea xxx", "--dict", "es"], "rea\n")
    shown = {line.split()[0]: line.split()[1:] for line in lines}
    assert shown["AEREA"][0] == "(aérea)"
    assert shown["AEREA"][-1] == "https://es.wiktionary.org/wiki/a%C3%A9rea"
    assert shown["AREA"][0] == "(área)"
    assert shown["ERA"][-1] == "https://es.wiktionary.org/wiki/Special:Search?search=era&go=Go"
    assert len({line.index("common") for line in lines if "common" in line}) == 1  # aligned


@pytest.mark.parametrize(
    ("encoding", "typed", "shown"),
    [
        ("latin-1", b"caf\xe9\r", b"caf\xe9"),  # a Latin-1 terminal: one byte
        ("utf-8", b"caf\xe9\r", b"caf\xc3\xa9"),  # a stray Latin-1 byte on a UTF-8 one
        ("utf-8", "café\r".encode(), b"caf\xc3\xa9"),
    ],
)
def test_a_letter_typed_in_the_terminals_encoding_is_kept(
    encoding: str, typed: bytes, shown: bytes
) -> None:
    """A terminal's keys were decoded as UTF-8 ignoring errors: on a Latin-1 terminal (a
    non-UTF-8 locale) the é of "café" was dropped, the word judged as CAF ("not a word")."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal (test extra)")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "boggle", "play", "cafe abcd efgh ijkl", "--dict", "es"],
        env={**boggle_env(), "PYTHONIOENCODING": encoding},  # the locale's encoding, as seen
        timeout=60,
    )
    try:
        child.expect(rb"\[3:00\] > ")
        child.send(typed)
        child.expect(rb"  CAFE \((.*)\): \+1 point")
        assert child.match.group(1) == shown
        child.sendcontrol("d")
        child.expect(b"Path of a word")
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_a_blank_line_or_a_lone_question_mark_piped_is_passed_over(words_file: Path) -> None:
    """Piped, a blank line was answered "(empty): not a word: empty line" and a lone '?'
    "(empty) is not on the board." after the round; on a terminal both are passed over, and
    so they are piped."""
    out = played_through_a_pipe(words_file, "fame\n\n   \n?\n? \nmile\n?limb\n")
    assert "(empty)" not in out
    assert "FAME: +1 point (score 1)" in out and "MILE: +1 point (score 2)" in out
    assert "LIMB: [(1,2),(0,2),(1,1),(2,2)]" in out


def test_a_lone_question_mark_after_a_terminal_round_asks_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After a round on a terminal, '?' at "Path of a word" said "(empty) is not on the
    board."; it asks again, and '?mile' is MILE's path."""
    from boggle.cli.commands import play
    from boggle.game import PlaySession

    board = Board.parse(BOARD)
    session = PlaySession(board, solve(board, Lexicon.from_words(WORDS)))
    answers = iter(["?", "  ? ", "?mile", ""])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    out = io.StringIO()
    play.ask_for_paths(session, out)
    assert out.getvalue().startswith("MILE: [(1,1),(0,2),(1,2),(0,3)]\n")
    assert "(empty)" not in out.getvalue()


def test_a_long_word_on_a_narrow_terminal_keeps_the_prompt_on_one_line(
    words_file: Path,
) -> None:
    """On a terminal 20 columns wide, a word typed past the edge wrapped the prompt line;
    erase-line clears one line, so each tick of the clock left a copy of the prompt on the
    lines above. The line shows the word's end and never reaches the edge; Enter judges
    the whole word."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal (test extra)")
    env = {name: value for name, value in boggle_env().items() if name != "COLUMNS"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "boggle", "play", BOARD, "--dict", str(words_file)],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 20),
    )
    child.logfile_read = transcript = io.StringIO()
    long_word = "fameabcdefghijklmnopqrstuvwxyz"
    try:
        child.expect(r"\[3:00\] > ")
        child.send(long_word)
        child.expect(r"\] > \.\.\.[a-z]*xyz")
        child.send("\r")
        child.expect(f"{long_word.upper()}: not on the board")
        child.sendcontrol("d")
        child.expect("Path of a word")
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    prompts = [line for line in transcript.getvalue().split("\r\x1b[K") if "] > " in line]
    assert prompts and all(len(line.rstrip("\r\n")) < 20 for line in prompts), prompts


def test_a_dumb_terminal_gets_lines_without_escape_sequences(words_file: Path) -> None:
    """With ``TERM=dumb`` (an editor's shell) the countdown's redraw printed ``^[[K`` and a
    new prompt every second; such a terminal reads lines, the time left on each prompt, and
    '?WORD' and blank lines are answered as on any terminal."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal (test extra)")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "boggle", "play", BOARD, "--dict", str(words_file)],
        env={**boggle_env(), "TERM": "dumb"},
        encoding="utf-8",
        timeout=60,
    )
    child.logfile_read = transcript = io.StringIO()
    try:
        child.expect(r"\[\d:\d\d\] > ")
        child.sendline("fame")
        child.expect(r"FAME: \+1 point \(score 1\)")
        child.sendline("")
        child.sendline("?mile")
        child.expect("paths are shown after the round")
        child.sendeof()
        child.expect("Round over.")
        child.expect("Path of a word")
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert "\x1b" not in transcript.getvalue() and "(empty)" not in transcript.getvalue()


def test_a_board_with_no_words_says_so_not_that_every_word_was_found(words_file: Path) -> None:
    """A board with no word of the list (often 2x2: ``play --size 2``) ended "You found 0 of
    0 words: 0 of 0 points (100%). You found every word!", and ?hint said "you found them
    all"; both say the board has none."""
    done = subprocess.run(
        [sys.executable, "-m", "boggle", "play", "zzzz zzzz zzzz zzzz", "--dict", str(words_file)],
        input="?hint\nzzz\n",
        capture_output=True,
        text=True,
        env=boggle_env(),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "  no words to hint: this board has none\n" in done.stdout
    assert "This board has no words of 3 letters or more: there was nothing to find." in done.stdout
    assert "every word" not in done.stdout and "(100%)" not in done.stdout


def test_play_at_dash_is_refused_as_dash_is(
    words_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play @-`` read standard input, the typed words, as the board ("fame" became the
    board "fa me") and then had no words to judge; it is refused as ``play -`` is."""
    assert main(["play", "@-", "--dict", str(words_file)]) == 2
    err = capsys.readouterr().err
    assert "standard input holds the words here, not the board: give it as @FILE" in err
    assert err.count("\n") == 1


def test_a_typed_letter_the_output_cannot_encode_does_not_end_the_round(
    words_file: Path,
) -> None:
    """In a Latin-1 locale, a typed (pasted) "żaba" was echoed in its answer, and the
    letter Latin-1 lacks ended the round with an error: its words and summary lost. The
    answer shows it escaped and the round goes on. (An English round now reads ż as z, an
    accent its list lacks; ł, a letter with no base letter, is read as typed.)"""
    done = subprocess.run(
        [sys.executable, "-m", "boggle", "play", BOARD, "--dict", str(words_file)],
        input="łaba\nfame\n?łaba\n".encode(),
        capture_output=True,
        env={**boggle_env(), "PYTHONIOENCODING": "latin-1"},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("latin-1")
    assert "  \\u0141ABA: not on the board\n" in out and "FAME: +1 point (score 1)" in out
    assert "\\u0141ABA is not on the board." in out and "You found 1 of" in out


def test_a_redirected_round_shows_the_player_the_round_and_writes_the_report(
    words_file: Path, tmp_path: Path
) -> None:
    """``boggle play > round.txt`` on a terminal sent the board, the prompt and its
    countdown and each word's answer into the file: the player typed blind. What is for
    the player's eyes goes to the terminal (standard error), the report (the board and the
    summary) to standard output."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal (test extra)")
    report = tmp_path / "round.txt"
    command = f"exec {sys.executable} -m boggle play '{BOARD}' --dict {words_file} > {report}"
    child = pexpect.spawn(
        "/bin/sh", ["-c", command], env=boggle_env(), encoding="utf-8", timeout=60
    )
    child.logfile_read = transcript = io.StringIO()
    try:
        child.expect(r"\| F  X  I  E  \|")
        child.expect(r"\[3:00\] > ")
        child.send("fame\r")
        child.expect(r"FAME: \+1 point \(score 1\)")
        child.sendcontrol("d")
        child.expect("Round over.")
        child.expect("The round's report is written to standard output.")
        child.expect("Path of a word")
        child.send("mile\r")
        child.expect(r"MILE: \[\(1,1\)")
        child.expect("Path of a word")
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    written = report.read_text(encoding="utf-8")
    assert written.startswith("+-------------+\n| F  X  I  E  |")
    assert "Board fxie amlo ewbx astu. Words of 3 letters or more.\n" in written
    assert "You found 1 of" in written and "Words you missed" in written
    for shown in ("[3:00]", "FAME: +1", "Path of a word", "MILE: [", "Round over", "\x1b"):
        assert shown not in written, shown
    assert "You found 1 of" not in transcript.getvalue()


def test_words_escaped_for_the_locale_keep_their_columns() -> None:
    """In an ASCII locale a missed word shown escaped (``AEREA (a\\xe9rea)``, 16 columns)
    was padded as ``AEREA (aérea)`` (13), so its points stood left of the others', in the
    words missed and the words to learn: they align by what is shown."""
    done = subprocess.run(
        [sys.executable, "-m", "boggle", "play", "aer aea xxx", "--dict", "es"],
        input=b"area\n",
        capture_output=True,
        env={**boggle_env(), "PYTHONIOENCODING": "ascii"},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("ascii")
    assert "  AEREA (a\\xe9rea)  2\n  AXE               1\n" in out, out
    learn = [line for line in out.splitlines() if line.startswith("  AEREA (a\\xe9rea)  ")]
    assert len(learn) == 2, out  # missed, and to learn: the level's column after it
    assert any(line.startswith("  AXE               ") for line in out.splitlines()), out


def test_a_word_typed_before_the_round_starts_is_kept(words_file: Path) -> None:
    """A word typed while the round is starting (before the board is shown) was thrown away
    as the terminal switched to reading keys (``tty.setcbreak`` flushes pending input by
    default): on a loaded machine even a word typed as the board appeared was lost."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal (test extra)")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "boggle", "play", BOARD, "--dict", str(words_file), "--time", "60"],
        env=boggle_env(),
        encoding="utf-8",
        timeout=60,
    )
    try:
        child.send("fame\r")  # typed ahead: the interpreter has not even started yet
        child.expect(r"FAME: \+1 point \(score 1\)")
        child.sendcontrol("d")
        child.expect("Round over.")
    finally:
        child.close(force=True)


def test_a_round_with_both_output_streams_redirected_is_shown_on_the_terminal(
    words_file: Path, tmp_path: Path
) -> None:
    """``boggle play > round.txt 2> errors.txt`` on a terminal sent the board, the prompt
    and the answers to the error file: the player typed blind. With neither stream on the
    terminal, the round is shown on the terminal itself (``/dev/tty``); the report still
    goes to standard output and nothing to standard error."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal (test extra)")
    report, errors = tmp_path / "round.txt", tmp_path / "errors.txt"
    command = (
        f"exec {sys.executable} -m boggle play '{BOARD}' --dict {words_file} --time 60 "
        f"> {report} 2> {errors}"
    )
    child = pexpect.spawn(
        "/bin/sh", ["-c", command], env=boggle_env(), encoding="utf-8", timeout=60
    )
    try:
        child.expect(r"\| F  X  I  E  \|")
        child.expect("you have 1:00")
        child.send("fame\r")
        child.expect(r"FAME: \+1 point \(score 1\)")
        child.sendcontrol("d")
        child.expect("Round over.")
        child.expect("The round's report is written to standard output.")
        child.expect("Path of a word")
        child.send("mile\r")
        child.expect(r"MILE: \[\(1,1\)")
        child.expect("Path of a word")
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert errors.read_text() == ""
    written = report.read_text(encoding="utf-8")
    assert "Board fxie amlo ewbx astu. Words of 3 letters or more.\n" in written
    assert "You found 1 of" in written and "[1:00]" not in written and "FAME: +1" not in written


def test_a_round_with_no_terminal_to_show_it_on_is_one_line(
    words_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both output streams redirected and ``/dev/tty`` not to be opened: one line, exit 2,
    before the round starts (the player would type blind)."""
    from boggle.cli.commands import play

    class Redirected(io.StringIO):
        def isatty(self) -> bool:
            return False

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(play, "TERMINAL", str(tmp_path / "no" / "tty"))
    monkeypatch.setattr("sys.stdin", Terminal("fame\n"))
    monkeypatch.setattr("sys.stdout", out := Redirected())
    monkeypatch.setattr("sys.stderr", err := Redirected())
    assert main(["play", BOARD, "--dict", str(words_file)]) == 2
    assert out.getvalue() == ""
    assert err.getvalue().count("\n") == 1, err.getvalue()
    assert err.getvalue().startswith(
        "boggle: error: the round has nowhere to show: standard output and standard error "
        "are redirected and "
    ), err.getvalue()


def test_a_redirected_round_s_report_lists_the_words_found_with_their_points(
    words_file: Path, tmp_path: Path
) -> None:
    """``boggle play > report.txt`` on a terminal wrote a report that said only "You found
    2 of ..." (each word's answer went to the terminal alone); it lists the words found,
    each with its points, as ``boggle judge``'s report lists a player's words. The
    terminal shows the round as before, without the list."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal (test extra)")
    report = tmp_path / "round.txt"
    command = f"exec {sys.executable} -m boggle play '{BOARD}' --dict {words_file} > {report}"
    child = pexpect.spawn(
        "/bin/sh", ["-c", command], env=boggle_env(), encoding="utf-8", timeout=60
    )
    child.logfile_read = transcript = io.StringIO()
    try:
        child.expect(r"\[3:00\] > ")
        for word, points in (("emboli", 3), ("mile", 1), ("amble", 2)):
            child.send(word + "\r")
            child.expect(rf"{word.upper()}: \+{points} point")
        child.sendcontrol("d")
        child.expect("Path of a word")
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0, transcript.getvalue()
    written = report.read_text(encoding="utf-8")
    listed = "Words you found (3), in the order found:\n  EMBOLI  3\n  MILE    1\n  AMBLE   2\n"
    assert listed + "You found 3 of" in written, written
    assert "Words you found" not in transcript.getvalue()


def test_ctrl_c_ends_the_round_with_its_summary_and_status_130(words_file: Path) -> None:
    """Ctrl-C in ``boggle play`` quit with "boggle: interrupted" and no summary; it ends
    the round as Ctrl-D does, shows the summary (no path questions) and exits 130."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal (test extra)")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "boggle", "play", BOARD, "--dict", str(words_file)],
        env=boggle_env(),
        encoding="utf-8",
        timeout=60,
        # A terminal's Ctrl-C: a test run started in the background inherits SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    child.logfile_read = transcript = io.StringIO()
    try:
        child.expect(r"\[3:00\] > ")
        child.send("east\r")
        child.expect(r"EAST: \+1")
        child.sendintr()
        child.expect(r"Round stopped \(Ctrl-C\)\.")
        child.expect("You found 1 of")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130, transcript.getvalue()
    assert "Path of a word" not in transcript.getvalue()
    assert "interrupted" not in transcript.getvalue()


def test_ctrl_c_while_words_are_piped_ends_the_round_with_its_summary(
    words_file: Path,
) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "boggle", "play", BOARD, "--dict", str(words_file)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**boggle_env(), "PYTHONUNBUFFERED": "1"},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal's
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        child.stdin.write("?mile\nfame\n")  # the path asked first: read when FAME is answered
        child.stdin.flush()
        lines = []
        while "FAME: +1" not in (line := child.stdout.readline()):
            assert line, lines
            lines.append(line)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 130, err
    assert "Round stopped (Ctrl-C).\nMILE: [(1,1)" in out and "You found 1 of" in out
    assert "interrupted" not in err


def test_a_word_typed_with_accents_english_lacks_is_read_without_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`café` in an English round was "not a word" (the list spells it cafe), though
    `boggle define café` found CAFE; play and judge read it as CAFE and say so."""
    out = played(["naiv xxxe xxxx xxxx"], "naïve\nnaive\n")
    assert "  NAIVE: +2 points (score 2; read as NAIVE, without accents)" in out
    assert "  NAIVE: already found" in out

    words, lists = tmp_path / "words.txt", tmp_path / "ann.txt"
    words.write_text("cafe\n", encoding="utf-8")
    lists.write_text("Café\n", encoding="utf-8")
    argv = ["judge", "--board", "cafx xexx", "--player", f"ann={lists}", "--dict", str(words)]
    assert main([*argv, "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)["players"][0]["words"][0]
    assert (verdict["entry"], verdict["word"], verdict["status"]) == ("Café", "cafe", "counted")
    assert verdict["message"] == "read as CAFE, without accents"
    assert main(argv) == 0
    assert "  CAFE   1  counted (read as CAFE, without accents)" in capsys.readouterr().out


def test_a_polish_word_typed_without_its_diacritics_names_the_board_word(
    tmp_path: Path,
) -> None:
    """`zaba` where the board has ŻABA was only "not on the board": the verdict says which
    word of the board it is without its diacritics, and the letter to type."""
    words = tmp_path / "words.txt"
    words.write_text("żaba\nbaba\n", encoding="utf-8")
    argv = ["play", "ża ab", "--dict", str(words), "--language", "pl"]
    done = subprocess.run(
        [sys.executable, "-m", "boggle", *argv],
        input="zaba\nżaba\n",
        capture_output=True,
        text=True,
        env=boggle_env(),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "ZABA: not on the board (ŻABA is on the board: type ż)" in done.stdout, done.stdout
    assert "You found 1 of 1 word" in done.stdout
