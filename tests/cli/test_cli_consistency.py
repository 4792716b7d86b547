"""Things a user notices: option wording, grammar, seeds, units, refusals (issue 13.14)."""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from command_line import run_cli as run
from hypothesis import given
from hypothesis import strategies as st
from interruptible import interruptible

from boggle.cli.main import main
from boggle.model.wording import a_size, counted

BOARD = "fxie amlo ewbx astu"


@pytest.fixture
def words(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("fame\nmile\nlimb\nlime\neast\n")
    return path


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["solve", BOARD, "--engine", ""], "argument --engine: is empty; give an engine name"),
        (["solve", BOARD, "--dict", ""], "argument --dict: is empty; give a bundled list name"),
        (["score", "--jobs", "abc"], "argument --jobs: 'abc' is not a whole number"),
        (
            ["paths", "--size", "4", "--length", "17"],
            "--length 17 is longer than the 16 cells of a 4x4 grid",
        ),
        # int() refuses 4,301 digits: this was argparse's "invalid board_size value: '999...'"
        (
            ["stats", "--random", "5", "--size", "9" * 5000 + "x3"],
            "argument --size: '99999999999999999999'... (5,002 characters) is far too large",
        ),
        (["roll", "--size", "3x9999999999"], "'3x9999999999' is far too large for a board"),
    ],
)
def test_option_mistakes_are_worded_for_the_command_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and says in err and err.count("\n") == 1, err
    assert "max_length" not in err


NUMBER_TYPES = {
    "_whole_number",
    "seed_number",
    "jobs_number",
    "memory_megabytes",
    "real_number",
    "_lengths",
    "<lambda>",  # bench's ranges (--sizes, --bits)
}


def options_where(
    wanted: Callable[[argparse.Action], bool],
) -> list[tuple[list[str], str]]:
    """Every option of every command for which ``wanted`` holds: (command words, option)."""
    from boggle.cli.main import build_parser

    found: list[tuple[list[str], str]] = []

    def walk(parser: argparse.ArgumentParser, words: list[str]) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, [*words, name])
            elif action.option_strings and wanted(action):
                found.append((words, action.option_strings[-1]))

    walk(build_parser(), [])
    return found


def numeric_options() -> list[tuple[list[str], str]]:
    """Every option of every command whose value is a number: (command words, option)."""
    return options_where(lambda action: getattr(action.type, "__name__", "") in NUMBER_TYPES)


@pytest.mark.parametrize("value", ["9" * 5000, "-" + "9" * 5000, "x" * 5000, "-" + "9" * 1000])
def test_a_huge_value_of_a_numeric_option_is_shown_shortened(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    """Audit 12: ``--seed 999...`` (5,000 digits) was refused in one line of 5,000
    characters; every numeric option now shows such a value's start and its length."""
    options = numeric_options()
    assert {"--seed", "--jobs", "--memory", "--seconds", "--sizes", "--length"} <= {
        option for _, option in options
    }
    for words, option in options:
        status, _, err = run(capsys, *words, option, value)
        assert status == 2 and err.count("\n") == 1 and len(err) < 300, (words, option, err)


THREE = "\N{ARABIC-INDIC DIGIT THREE}"
FIVE = "\N{ARABIC-INDIC DIGIT FIVE}"
WIDE_THREE = "\N{FULLWIDTH DIGIT THREE}"


@pytest.mark.parametrize(
    "value", [THREE, WIDE_THREE, "1_0", f"{THREE}.{FIVE}", f"+{THREE}", f"{THREE}-{FIVE}"]
)
def test_a_number_in_other_digits_than_0_9_is_refused_by_every_numeric_option(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    """``--seed \N{ARABIC-INDIC DIGIT THREE}`` (an Arabic-Indic three) was taken as 3 and
    ``--count 1_0`` as 10 while ``--size \N{ARABIC-INDIC DIGIT THREE}`` was refused:
    ``int()`` and ``float()`` read any script's digits and ``_``. Every numeric option now
    reads the digits 0-9 only, as ``--size`` does, and says so."""
    options = numeric_options()
    assert {"--seed", "--count", "--top", "--port", "--seconds", "--jobs", "--sizes"} <= {
        option for _, option in options
    }
    for words, option in [*options, (["solve"], "--size"), (["roll"], "--size")]:
        status, out, err = run(capsys, *words, option, value)
        assert status == 2 and err.count("\n") == 1 and out == "", (words, option, err)
        assert err.startswith("boggle") and "Traceback" not in err, (words, option, err)
        if option not in ("--size", "--sizes", "--bits"):  # a size, a range: their syntax
            assert "(write it in the digits 0-9)" in err, (words, option, err)


@given(
    digits=st.text(st.characters(categories=["Nd"]), min_size=1, max_size=4),
    sign=st.sampled_from(["", "+", "-"]),
)
def test_whole_numbers_sizes_and_decimals_read_the_same_digits(digits: str, sign: str) -> None:
    """A text of digits (any script's) is a whole number, a decimal number and a size
    alike: all when it is written in 0-9, none otherwise."""
    from boggle.cli.commands._options import board_size, real_number, whole_number

    def read(parse: Callable[[str], object], text: str) -> bool:
        try:
            parse(text)
        except argparse.ArgumentTypeError:
            return False
        return True

    ascii_digits = digits.isascii()
    assert read(whole_number, sign + digits) == ascii_digits
    assert read(real_number, sign + digits) == ascii_digits
    assert read(real_number, f"{sign}{digits}.5") == ascii_digits
    assert read(board_size, digits) == (ascii_digits and int(digits) > 0)


def choices_options() -> list[tuple[list[str], str]]:
    """Every option of every command with a set of choices: (command words, option)."""
    return options_where(lambda action: action.choices is not None)


def test_a_long_value_outside_an_options_choices_is_shown_shortened(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--rules xxx...`` (5,000 characters) was refused in one line of over 5,000
    characters, argparse echoing the value whole; every option with choices now shows its
    start and length, as a numeric option does."""
    options = choices_options()
    assert {"--rules", "--language", "--words", "--engine", "--dice", "--challenge"} <= {
        option for _, option in options
    }
    value = "x" * 5000
    for words, option in options:
        status, _, err = run(capsys, *words, option, value)
        assert status == 2 and err.count("\n") == 1 and len(err) < 400, (words, option, err)
        assert "invalid choice: 'xxxxxxxxxxxxxxxxxxxx'... (5,000 characters)" in err, err


@pytest.mark.parametrize(
    "argv", [["x" * 5000], ["dicts", "x" * 5000]], ids=["command", "dicts-action"]
)
def test_a_long_name_outside_a_commands_choices_is_shown_shortened(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and err.count("\n") == 1 and len(err) < 400, err
    assert "'xxxxxxxxxxxxxxxxxxxx'... (5,000 characters)" in err, err


@pytest.mark.parametrize(
    "argv",
    [
        ["prove", "--size", "3x3", "--above", "1", "--buckets", "-" + "9" * 1000],
        ["paths", "--size", "3", "--length", "9" * 1000],
        ["roll", "--count", "-" + "9" * 1000],
        ["roll", "--seed", "-" + "9" * 1000],
        ["search", "--size", "3", "--pool", "-" + "9" * 1000],
        ["prove", "--size", "2", "--above", "9" * 1000],
        ["prove", "--size", "2", "--above", "1", "--estimate", "--samples", "9" * 1000],
    ],
    ids=[
        "prove-buckets",
        "paths-length",
        "roll-count",
        "roll-seed",
        "search-pool",
        "prove-above",
        "prove-samples",
    ],
)
def test_a_long_number_echoed_by_a_later_check_is_shortened(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """A value of 1,000 digits is a whole number, refused by the command's own range check,
    which echoed all 1,000 digits (sweep 14: grouped by thousands, 1,333 characters, by
    --pool, --above and --samples)."""
    status, _, err = run(capsys, *argv)
    assert status == 2 and err.count("\n") == 1, err
    assert "99999999999999999999... (1,000 digits)" in err and len(err) < 200, err


@pytest.mark.parametrize(
    "argv",
    [
        ["bench", "hash", "--bits", "10", "--no-plots", "--out", ""],
        ["bench", "runtime", "--sizes", "3", "--engine", "native", "--out", ""],
        ["bench", "memory", "--engine", "native", "--out", ""],
        ["trie", "--out", ""],
        ["dicts", "export", "en-70", ""],
        ["prove", "--size", "2x2", "--above", "10", "--checkpoint", ""],
    ],
    ids=["bench-hash", "bench-runtime", "bench-memory", "trie", "dicts-export", "prove"],
)
def test_an_empty_output_name_is_refused_not_taken_for_the_current_folder(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    """``Path("")`` is ``.``: ``bench hash --out ""`` wrote hash_buckets.csv into the
    current folder, ``trie --out ""`` and ``dicts export en-70 ""`` named the file '.'."""
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert ": is empty; give " in err and "'.'" not in err
    assert list(tmp_path.iterdir()) == []


def test_grammar_helpers() -> None:
    assert counted(1, "point") == "1 point" and counted(2, "point") == "2 points"
    assert a_size(8, 8) == "an 8x8" and a_size(5, 5) == "a 5x5" and a_size(11, 2) == "an 11x2"


def test_messages_say_an_8x8_and_1_random_board(
    capsys: pytest.CaptureFixture[str], words: Path
) -> None:
    status, _, err = run(capsys, "paths", "--size", "8")
    assert status == 2 and "an 8x8 grid" in err
    status, out, _ = run(
        capsys,
        "bench",
        "runtime",
        "--sizes",
        "3",
        "--repeat",
        "1",
        "--engine",
        "trie",
        "--dict",
        str(words),
    )
    assert status == 0 and "1 random board per size" in out and "longest 4 letters" in out


def test_a_judged_player_with_one_point_reads_1_point(
    capsys: pytest.CaptureFixture[str], words: Path, tmp_path: Path
) -> None:
    round_file = tmp_path / "round.json"
    round_file.write_text(json.dumps({"board": BOARD, "players": {"ann": ["fame"], "bob": []}}))
    status, out, _ = run(capsys, "judge", str(round_file), "--dict", str(words))
    assert status == 0 and "ann: 1 point\n" in out and "bob: 0 points\n" in out


@pytest.mark.parametrize(
    "argv",
    [["roll"], ["solve", "--random"], ["compare", "--random"]],
)
def test_a_fresh_random_board_tells_its_seed(
    capsys: pytest.CaptureFixture[str], words: Path, argv: list[str]
) -> None:
    status, out, err = (
        run(capsys, *argv, "--dict", str(words)) if argv != ["roll"] else run(capsys, *argv)
    )
    assert status == 0, err
    seed = re.search(r"give --seed (\d+) to roll the same again", err)
    assert seed is not None, err
    board = (
        out.splitlines()[0]
        if argv == ["roll"]
        else re.search(r"rolled the board ([^;]+);", err).group(1)
    )  # type: ignore[union-attr]
    again = run(capsys, "roll", "--seed", seed.group(1))[1].strip()
    assert again == board.strip()


def test_compare_json_gives_milliseconds_like_the_table(
    capsys: pytest.CaptureFixture[str], words: Path
) -> None:
    status, out, _ = run(capsys, "compare", BOARD, "--dict", str(words), "--json")
    rows = {row["engine"]: row for row in json.loads(out)["engines"]}
    assert status == 0 and "first_ms" in rows["trie"] and "first" not in rows["trie"]
    status, table, _ = run(capsys, "compare", BOARD, "--dict", str(words))
    shown = re.search(r"^trie\s+\d+\s+\d+\s+([\d.]+) ms", table, re.MULTILINE)
    assert shown is not None and rows["trie"]["first_ms"] < 10_000  # milliseconds, not seconds


def test_the_heap_engine_refuses_an_empty_list_as_the_others_do(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    for engine in ("native", "heap", "heap-seek"):
        status, _, err = run(capsys, "solve", BOARD, "--engine", engine, "--dict", str(empty))
        assert status == 2 and "is empty" in err, (engine, err)


def test_judge_refuses_unknown_keys_with_a_hint(
    capsys: pytest.CaptureFixture[str], words: Path, tmp_path: Path
) -> None:
    round_file = tmp_path / "round.json"
    round_file.write_text(
        json.dumps(
            {
                "board": BOARD,
                "players": [{"name": "ann", "words": ["fame"], "challanged": ["fame"]}],
            }
        )
    )
    status, _, err = run(capsys, "judge", str(round_file), "--dict", str(words))
    assert status == 2
    assert "player 1: unknown key 'challanged' (did you mean 'challenged'?)" in err


def test_judge_declares_no_winner_when_no_board_is_valid(
    capsys: pytest.CaptureFixture[str], words: Path, tmp_path: Path
) -> None:
    round_file = tmp_path / "round.json"
    round_file.write_text(json.dumps({"board": "ab1 cd", "players": {"ann": ["x"], "bob": []}}))
    _, out, _ = run(capsys, "judge", str(round_file), "--dict", str(words))
    assert "WINNER: none (no valid board)" in out
    _, out, _ = run(capsys, "judge", str(round_file), "--dict", str(words), "--json")
    assert json.loads(out)["winners"] == []


def test_play_in_a_pipe_answers_paths_before_the_summary(
    capsys: pytest.CaptureFixture[str], words: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("fame\n?fame\nmile\n"))
    status, out, _ = run(capsys, "play", BOARD, "--dict", str(words))
    assert status == 0
    assert out.index("Round over.") < out.index("FAME: [(0,0)") < out.index("You found")


def test_ctrl_c_in_play_prints_its_message_on_a_line_of_its_own(words: Path) -> None:
    """The round's end, not "boggle: interrupted", since Ctrl-C ends the round with its
    summary: still on a line of its own, after the prompt, and status 130."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal (test extra)")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "boggle", "play", BOARD, "--dict", str(words)],
        env=dict(os.environ),
        encoding="utf-8",
        timeout=60,  # a hang: a loaded machine may take seconds to start
        # A terminal's Ctrl-C: a test run started in the background inherits SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        child.expect(r"\[\d:\d\d\] > ")
        child.sendintr()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130
    assert re.search(r"(^|\n)Round stopped \(Ctrl-C\)\.\r?\n", child.before or "")
    assert "You found 0 of" in (child.before or "")


SEARCH_FOR_600_SECONDS = ["--size", "3x3", "--seconds", "600", "--jobs", "2", "--seed", "1"]


def _children(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()


def _searching(pid: int) -> bool:
    """Whether the pool's two workers have each had some CPU time (5 clock ticks): they
    have their runs, so the main process has handed them out and waits for the results
    (the pool's workers exist a moment before that; a SIGINT then stops the start)."""
    try:
        workers = _children(pid)
        ticks = [
            int(Path(f"/proc/{w}/stat").read_text().rsplit(")", 1)[1].split()[11]) for w in workers
        ]
    except (OSError, ValueError, IndexError):
        return False
    return len(ticks) >= 2 and min(ticks) >= 5


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads children from /proc")
def test_sigint_to_the_main_process_alone_stops_a_parallel_search(words: Path) -> None:
    """`kill -INT` of `search --jobs 2` reached the main process only, and the workers ran on
    to the end of --seconds (600 here): the main process now tells them to stop."""
    child = interruptible(
        [sys.executable, "-m", "boggle", "search", *SEARCH_FOR_600_SECONDS, "--dict", str(words)]
    )
    try:
        while not _searching(child.pid) and child.poll() is None:
            time.sleep(0.1)  # waits for the pool's workers to run their searches
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=120)  # a guard against a hang, not a timing
    finally:
        child.kill()
    assert child.returncode == 130, err
    assert "Traceback" not in err and "boards scored" in err


SIZED_COMMANDS = {
    "solve": ["solve", "--random"],
    "play": ["play"],
    "roll": ["roll"],
    "stats": ["stats", "--random", "1"],
    "search": ["search"],
    "prove": ["prove", "--above", "1"],
    "paths": ["paths"],
}


@pytest.mark.parametrize("command", SIZED_COMMANDS)
def test_every_size_is_read_by_one_parser(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: `--size` was read four ways (`5x` taken as 5x5, `4` refused by search)."""
    from boggle.cli.main import build_parser

    parser = build_parser(command)
    argv = SIZED_COMMANDS[command]
    assert parser.parse_args([*argv, "--size", "4"]).size == (4, 4)
    assert parser.parse_args([*argv, "--size", "3X5"]).size == (3, 5)
    for wrong in ("5x", "x5", "5x5x5", "axb", "-3", "0x4"):
        status, _, err = run(capsys, *argv, "--size", wrong)
        assert status == 2 and err.count("\n") == 1, err
        assert f"argument --size: '{wrong}' " in err, err
    status, _, err = run(capsys, *argv, "--size", "5x")
    assert "give ROWSxCOLS, or N for NxN, e.g. 4x4, 3x5 or 5" in err


def test_a_size_without_dice_rolls_the_same_in_roll_and_stats(
    capsys: pytest.CaptureFixture[str], words: Path
) -> None:
    """`stats --size 5x5` took uniform letters while `roll --size 5x5` refused: both take
    uniform letters off 4x4, the new dice on 4x4."""
    assert run(capsys, "roll", "--size", "5x5", "--seed", "3")[0] == 0
    assert (
        run(capsys, "roll", "--size", "5x5", "--seed", "3", "--dice", "uniform")[1]
        == (run(capsys, "roll", "--size", "5x5", "--seed", "3")[1])
    )
    assert (
        run(capsys, "roll", "--size", "4", "--seed", "3")[1]
        == (run(capsys, "roll", "--seed", "3")[1])
    )
    for size, dice in (("5x5", "uniform"), ("4x4", "new")):
        argv = ["stats", "--random", "2", "--size", size, "--seed", "3", "--json"]
        status, out, _ = run(capsys, *argv, "--dict", str(words))
        assert status == 0 and json.loads(out)["dice"] == dice


@pytest.mark.parametrize(
    "argv",
    [
        ["roll"],
        ["solve", "--random"],
        ["play"],
        ["stats", "--random", "1"],
        ["search", "--size", "2x2"],
    ],
)
def test_a_negative_seed_is_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, *argv, "--seed", "-1")
    assert status == 2 and "argument --seed: a seed is a whole number from 0 to" in err, err
    assert err.count("\n") == 1


@pytest.mark.parametrize("command", ["solve", "compare", "play"])
@pytest.mark.parametrize(
    ("options", "named"),
    [
        (["--size", "5x5"], "--size"),
        (["--seed", "3"], "--seed"),
        (["--dice", "classic"], "--dice"),
        (["--dice", "big", "--seed", "1"], "--dice, --seed"),
    ],
)
def test_options_that_roll_are_refused_beside_a_given_board(
    command: str, options: list[str], named: str, capsys: pytest.CaptureFixture[str], words: Path
) -> None:
    """`solve BOARD --size/--seed/--dice` ignored the options silently."""
    status, out, err = run(capsys, command, BOARD, *options, "--dict", str(words))
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"boggle: error: {named} roll"), err
    assert "drop the board or the options" in err


def test_a_large_rolled_board_is_told_by_its_size_on_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`solve --random --size 500` told its board on stderr: 250,000 letters on one line."""
    words = tmp_path / "words.txt"
    words.write_text("fame\n")
    argv = ["solve", "--random", "--dice", "uniform", "--dict", str(words), "--json"]
    assert main([*argv, "--size", "60"]) == 0
    told = capsys.readouterr().err.splitlines()[0]
    assert "rolled a 60x60 board; seed " in told and len(told) < 120, told[:300]
    assert main([*argv, "--size", "3"]) == 0
    assert "rolled the board " in capsys.readouterr().err  # small: its letters, to type again


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "fxie amlo ewbx astu", "--dict", "LONG"],
        ["solve", "fxie amlo ewbx astu", "--dict", "en-50", "--engine", "LONG"],
        ["solve", "fxie amlo ewbx astu", "--dict", "en-50", "--scoring", "LONG"],
        ["solve", "@LONG"],
        ["score", "LONG"],
        ["judge", "LONG"],
        ["search", "--size", "3", "--method", "LONG"],
        ["prove", "--size", "2", "--above", "30", "--objective", "LONG"],
        ["prove", "--size", "2", "--above", "30", "--checkpoint", "LONG", "--dict", "en-50"],
        ["trie", "--out", "LONG.dot"],
    ],
    ids=[
        "dict",
        "engine",
        "scoring",
        "board-file",
        "score-file",
        "judge-file",
        "method",
        "objective",
        "checkpoint",
        "trie-out",
    ],
)
def test_a_long_name_echoed_by_a_check_is_shortened(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Sweep 14: a name of 5,000 characters (a word list, an engine, a file) was echoed whole
    by the library's refusal, one line of 5,000 characters; every error line now shows a
    quoted text that long by its start and length, as an option's value is."""
    status, _, err = run(capsys, *[part.replace("LONG", "x" * 5000) for part in argv])
    assert status == 2 and err.count("\n") == 1, err
    assert "'xxxxxxxxxxxxxxxxxxxx'... (5,00" in err and len(err) < 400, err


def test_a_tab_or_line_end_among_search_letters_is_shown_quoted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Sweep 14: ``--letters $'\\n'`` was refused in two lines, the line end printed raw."""
    status, _, err = run(capsys, "search", "--size", "3", "--letters", "ab\n", "--dict", "en-50")
    assert status == 2 and err.count("\n") == 1, err
    assert "--letters has '\\n', not in the word list's alphabet" in err


@pytest.mark.parametrize("letters", ["\u216b", "\ufb01"])
def test_search_letters_are_read_as_a_board_is_one_character_one_face(
    capsys: pytest.CaptureFixture[str], letters: str
) -> None:
    """``--letters \u216b`` (the Roman numeral XII) was read as "xii" (NFKC) and ``\ufb01``
    as "fi", where ``boggle solve`` takes neither as those letters: refused, as a face."""
    status, _, err = run(capsys, "search", "--size", "3", "--letters", letters, "--dict", "en-50")
    assert status == 2 and err.count("\n") == 1, err
    assert f"--letters has '{letters.lower()}', not in the word list's alphabet" in err
    # the fullwidth letters are the letters, as on a board
    search = ["search", "--size", "2", "--letters", "\uff54\uff45\uff41", "--dict", "en-50"]
    status, out, _ = run(capsys, *search, "--seconds", "0.2", "--seed", "1")
    assert status == 0 and set(out.split()[0].lower()) <= set("tea"), out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (
            ["search", "--size", "3", "--letters", "", "--dict", "en-50"],
            "boggle: error: --letters is empty; give some of the word list's alphabet (abc",
        ),
        (
            ["search", "--size", "100x100", "--dict", "en-50"],
            "boggle: error: a 100x100 board (10,000 cells) is too large for search and prove: the "
            "limit is 64 cells",
        ),
        (
            ["stats", "--random", "1", "--size", "1000x1000"],
            "boggle: error: a 1000x1000 board (1,000,000 cells) is too large: the limit is 1,000 "
            "rows and columns and 250,000 cells",
        ),
        (
            ["solve", BOARD, "--scoring", "3:99999999999999999999"],
            "boggle: error: scoring points must be from -1,000,000 to 1,000,000, got 99,999",
        ),
        (["solve", "@"], "boggle: error: '@' needs the board file's name after it, e.g. @board"),
        (["play", "@"], "boggle: error: '@' needs the board file's name after it, e.g. @board"),
        (["score", ""], "boggle score: error: argument FILE: is empty; give a file of boards"),
        (["judge", ""], "boggle judge: error: argument FILE: is empty; give a JSON round file"),
    ],
    ids=[
        "letters-empty",
        "cells-grouped",
        "stats-cells-grouped",
        "scoring-range",
        "solve-at",
        "play-at",
        "score-empty",
        "judge-empty",
    ],
)
def test_a_newcomers_slips_are_told_plainly(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    """Newcomer 16: ``--letters ""`` said "--letters has no letters, not in the word list's
    alphabet", ``--size 100x100`` "has 10000 cells" (``stats``: "at most 250000 cells"),
    ``--scoring 3:10**20`` "scoring points ... are out of range", and a file named by nothing
    (``@``, ``score ""``, ``judge ""``) "board file '' does not exist"."""
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(says), err


def test_a_file_where_a_folder_is_wanted_is_named_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Newcomer 16: ``bench ... --out FILE`` (and ``serve --data FILE``) said "cannot create
    output directory 'FILE': File exists"; a file or a link to nothing is named for what it is."""
    from boggle.files.cache import writable_dir
    from boggle.model.errors import OutputError

    taken = tmp_path / "round.json"
    taken.write_text("{}")
    status, out, err = run(capsys, "bench", "hash", "--out", str(taken), "--bits", "10-11")
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err == f"boggle: error: output directory '{taken}' is a file; give a directory\n"
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nothing")
    with pytest.raises(OutputError, match=r"'.*dangling' is a link to nothing; give a directory"):
        writable_dir(dangling, "the data directory")
    assert taken.read_text() == "{}" and not (tmp_path / "nothing").exists()


@pytest.mark.parametrize("board", ["", "fx1e", "fxie amlo ewbx astu " * 60_000])
def test_judge_refuses_a_board_typed_with_board_that_does_not_parse(
    board: str, capsys: pytest.CaptureFixture[str], words: Path, tmp_path: Path
) -> None:
    """Newcomer 20: ``judge --board '' --player a=a.txt`` judged every word 'not a word' and
    exited 0; a board typed on the command line is a typo to fix, not a round to judge blind
    (a round file's board still is, as above)."""
    ann = tmp_path / "ann.txt"
    ann.write_text("fame\n", encoding="utf-8")
    argv = ["judge", "--board", board, "--player", f"ann={ann}", "--dict", str(words)]
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("boggle: error: --board: ") and err.count("\n") == 1


def test_judge_refuses_two_players_reading_standard_input(
    capsys: pytest.CaptureFixture[str], words: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--player ann=- --player bob=-`` gave ann the whole of stdin and bob nothing, judged
    as a player with no words (exit 0); standard input holds one list."""
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"fame\nmile\n")))
    argv = ["judge", "--board", "fxie amlo ewbx astu", "--dict", str(words)]
    status, out, err = run(capsys, *argv, "--player", "ann=-", "--player", "bob=-")
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert "give '-' to one --player only, not to 'ann' and 'bob'" in err


def test_judge_reads_a_gzip_list_or_round_as_word_lists_and_boards_are_read(
    capsys: pytest.CaptureFixture[str], words: Path, tmp_path: Path
) -> None:
    """A gzip player list was read as its raw bytes: a garbage entry ("'\\x8b\\x08...' has
    characters that are not letters") and the words never judged; word lists and board
    files are read plain or gzip, and so are judge's files."""
    import gzip

    ann = tmp_path / "ann.txt.gz"
    ann.write_bytes(gzip.compress(b"fame\nmile\n"))
    argv = ["judge", "--board", "fxie amlo ewbx astu", "--dict", str(words), "--json"]
    status, out, err = run(capsys, *argv, "--player", f"ann={ann}")
    assert status == 0 and err == "", err
    assert [entry["word"] for entry in json.loads(out)["players"][0]["words"]] == ["fame", "mile"]
    round_file = tmp_path / "round.json.gz"
    round_file.write_bytes(
        gzip.compress(b'{"board": "fxie amlo ewbx astu", "players": {"bob": ["limb"]}}')
    )
    status, out, err = run(capsys, "judge", str(round_file), "--dict", str(words), "--json")
    assert status == 0 and json.loads(out)["scores"] == {"bob": 1}, err


def test_solve_and_judge_show_a_portuguese_board_alike(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`boggle solve --dict pt` printed the folded board (Ç A) where `boggle judge` shows
    the cubes as typed (Ç Ã): both show the dice as the player gave them."""
    board = "maça çãoa abcd efgh"
    status, solved, _ = run(capsys, "solve", "--dict", "pt", "--no-paths", board)
    assert status == 0
    words = tmp_path / "ann.txt"
    words.write_text("maça\n", encoding="utf-8")
    status, judged, _ = run(
        capsys, "judge", "--dict", "pt", "--board", board, "--player", f"ann={words}"
    )
    assert status == 0
    grid = ["M A Ç A", "Ç Ã O A", "A B C D", "E F G H"]
    assert solved.split("\n")[:4] == grid and judged.split("\n")[:4] == grid


def test_a_word_on_the_board_with_other_diacritics_is_named_as_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A verdict on CORACAO where the board has the Portuguese list's CORAÇAO named it
    "CORAÇAO is on the board", where every heading names it CORAÇAO (coração)."""
    words = tmp_path / "ann.txt"
    words.write_text("coracao\n", encoding="utf-8")
    board = "cora taçe sion ltre"
    status, judged, _ = run(
        capsys, "judge", "--dict", "pt", "--board", board, "--player", f"ann={words}"
    )
    assert status == 0
    assert "not on the board (CORAÇAO (coração) is on the board: type ç)" in judged
