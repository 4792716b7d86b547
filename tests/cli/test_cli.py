"""The command line: output shapes and one-line errors for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from command_line import run_cli as run


def test_solve_text(capsys: pytest.CaptureFixture[str], enable_path: Path) -> None:
    status, out, err = run(
        capsys, "solve", "fxie", "amlo", "ewbx", "astu", "--dict", str(enable_path)
    )
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "F X I E"
    assert "TOTAL SCORE: 90" in lines and "WORDS: 77" in lines
    assert "  FAME: [(0,0),(1,0),(1,1),(2,0)]" in lines
    assert "2 POINTS WORDS (LENGTH 5): 9" in lines


def test_solve_json(capsys: pytest.CaptureFixture[str], enable_path: Path) -> None:
    status, out, _ = run(
        capsys, "solve", "fxie amlo ewbx astu", "--json", "--dict", str(enable_path)
    )
    data = json.loads(out)
    assert status == 0
    assert (data["board"], data["rows"], data["cols"]) == ("fxie amlo ewbx astu", 4, 4)
    assert (data["count"], data["score"]) == (77, 90)
    assert data["dictionary"]["words"] == 173528
    assert data["rules"]["name"] == "classic" and data["rules"]["min_length"] == 3
    fame = next(w for w in data["words"] if w["word"] == "fame")
    assert fame == {
        "word": "fame",
        "points": 1,
        "path": [[0, 0], [1, 0], [1, 1], [2, 0]],
        "zipf": fame["zipf"],  # docs/words.md: each word's frequency and level (wordfreq)
        "level": "common",
    }
    assert fame["zipf"] >= 3.0
    assert [w["word"] for w in data["words"]] == sorted(w["word"] for w in data["words"])


@pytest.mark.parametrize("define", [[], ["--define"]])
def test_solve_json_without_paths(capsys: pytest.CaptureFixture[str], define: list[str]) -> None:
    """--no-paths leaves the paths out of the JSON as out of the text (they were printed)."""
    _, full, _ = run(capsys, "solve", "fxie amlo ewbx astu", "--json", *define)
    status, out, _ = run(capsys, "solve", "fxie amlo ewbx astu", "--json", "--no-paths", *define)
    words, shown = json.loads(full)["words"], json.loads(out)["words"]
    assert status == 0 and shown == [{k: v for k, v in w.items() if k != "path"} for w in words]
    assert all("path" in word for word in words)


def test_rules_override(capsys: pytest.CaptureFixture[str], enable_path: Path) -> None:
    _, out, _ = run(
        capsys, "solve", "fxieamloewbxastu", "--json", "--rules", "big", "--dict", str(enable_path)
    )
    big = json.loads(out)
    assert big["count"] == 77 - 32 and big["rules"]["min_length"] == 4
    _, out, _ = run(
        capsys,
        "solve",
        "fxieamloewbxastu",
        "--json",
        "--scoring",
        "3:2",
        "--dict",
        str(enable_path),
    )
    assert json.loads(out)["score"] == 2 * 77


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", ""], "board is empty"),
        (["solve"], "give a board"),
        (["solve", "abc de"], "unequal lengths (3, 2); every row needs the same number of cubes"),
        (["solve", "ab1c"], "not a letter"),
        (["solve", "ab.c"], "not a letter"),
        (["solve", "[zz]bcd"], "unknown multi-letter face"),
        (["solve", "abcd", "--dict", "no-such-list"], "unknown word list"),
        (["solve", "abcd", "--min-length", "0"], "from 1 to 1,000, got 0"),
        (["solve", "abcd", "--min-length", "5"], "--min-length must be from 1 to 4 on this board"),
        (["play", "abcd", "--min-length", "5"], "--min-length must be from 1 to 4 on this board"),
        (["compare", "q[th]ab", "--min-length", "7"], "--min-length must be from 1 to 6 on this"),
        (["solve", "abcd", "--scoring", "3:one"], "whole numbers"),
        (["solve", "abcd", "--engine", "magic"], "unknown engine"),
        (["solve", "a" * 251001], "too large"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], enable_path: Path, argv: list[str], message: str
) -> None:
    status, out, err = (
        run(capsys, *argv, "--dict", str(enable_path))
        if "--dict" not in argv
        else run(capsys, *argv)
    )
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err


def test_judge_refuses_a_minimum_no_word_of_the_board_reaches(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    words = tmp_path / "ann.txt"
    words.write_text("fame\n", encoding="utf-8")
    status, out, err = run(
        capsys, "judge", "--board", "fxie amlo ewbx astu", "--player", f"ann={words}",
        "--min-length", "17",
    )  # fmt: skip
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "--min-length must be from 1 to 16 on this board" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "does not exist"),
        (b"", "is empty"),
        (b"\x00\x01binary", "looks binary"),
        (b"Paris\n", "no usable"),
    ],
)
def test_bad_word_list_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes | None, message: str
) -> None:
    path = tmp_path / "list.txt"
    if content is not None:
        path.write_bytes(content)
    status, _, err = run(capsys, "solve", "abcd", "--dict", str(path))
    assert status == 2 and message in err and err.count("\n") == 1


@pytest.mark.parametrize("content", [b"dvd\nbzw\nmmiv\n", b"DVD\nBZW\nMMIV\n"])
def test_a_list_whose_every_word_the_language_drops_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    """Every word of a file of lowercase words dropped by the Dutch rules (an abbreviation,
    a Roman numeral) was said as "no usable words (one lowercase word per line expected)",
    though each word was one lowercase word on its line."""
    path = tmp_path / "list.txt"
    path.write_bytes(content)
    status, _, err = run(capsys, "solve", "abcd", "--dict", str(path), "--language", "nl")
    assert status == 2 and err.count("\n") == 1, err
    assert "has no usable words: the rules for Dutch drop each of its 3 words (such as " in err
    assert "lowercase" not in err


def test_unreadable_word_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "solve", "abcd", "--dict", str(tmp_path))
    assert status == 2 and "is a directory" in err


def test_bad_option_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "solve", "abcd", "--min-length", "x")
    assert status == 2 and err.count("\n") == 1 and "not a whole number" in err


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (["solve", "abcd", "--bogus"], "boggle solve"),
        (["roll", "--seed", "1", "extra"], "boggle roll"),
        (["bench", "runtime", "--bogus"], "boggle bench runtime"),
        (["dicts", "export", "en-70", "a.txt", "b.txt"], "boggle dicts export"),
        (["--bogus"], "boggle"),
    ],
)
def test_an_unknown_argument_points_to_its_own_commands_help(
    capsys: pytest.CaptureFixture[str], argv: list[str], command: str
) -> None:
    """``boggle solve abcd --bogus`` pointed to ``boggle --help``, which lists only the
    commands: the line names the command whose options were mistyped, and its help."""
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith(f"{command}: error: unrecognized arguments: ")
    assert err.endswith(f" (see '{command} --help')\n") and err.count("\n") == 1


def test_python_dash_m_runs(enable_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "boggle",
            "solve",
            "qest ansi xweo yrsn",
            "--json",
            "--dict",
            str(enable_path),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["count"] == 126


def test_library_errors_name_no_option_and_the_cli_adds_its_hint(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from boggle import DiceError, roll_board
    from boggle.cli.main import CLI_REMEDIES
    from boggle.model.errors import REMEDIES
    from boggle.study.plotting import MissingDependencyError

    with pytest.raises(DiceError) as raised:
        roll_board("classic", 1, 5, 5)
    assert "--" not in str(raised.value) and raised.value.remedy == "uniform_dice"
    assert set(CLI_REMEDIES) == set(REMEDIES)
    assert "--" not in str(MissingDependencyError("x", remedy="skip_plots"))
    status, _, err = run(capsys, "roll", "--dice", "classic", "--size", "5x5")
    assert status == 2 and err.strip().endswith("tray only; use --dice uniform for other sizes")
    unsorted = tmp_path / "unsorted.txt"
    unsorted.write_text("fame\nable\n")
    status, _, err = run(capsys, "solve", "--engine", "heap", "--dict", str(unsorted), "ab cd")
    assert status == 2 and err.rstrip().endswith("'boggle dicts export LIST FILE'"), err


def test_the_collector_is_set_aside_only_while_a_command_process_starts() -> None:
    """``boggle`` (a process of one command) imports and parses with the garbage collector
    off, then freezes what it made and runs the command with the collector on; ``main``
    called from a program leaves the collector as it was."""
    code = (
        "import gc\n"
        "from boggle.cli import main as cli\n"
        "from boggle.cli.commands import solve\n"
        "seen = []\n"
        "def look(args):\n"
        "    seen.append((gc.isenabled(), gc.get_freeze_count() > 0))\n"
        "    return 0\n"
        "solve.run = look\n"
        "real = cli.build_parser\n"
        "def parser(command=None):\n"
        "    seen.append(gc.isenabled())\n"
        "    return real(command)\n"
        "cli.build_parser = parser\n"
        "cli.main(['solve', 'fxie amlo ewbx astu'])\n"
        "cli.main(['solve', 'fxie amlo ewbx astu'], whole_process=True)\n"
        "print(seen, gc.isenabled())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    assert out.strip() == "[True, (True, False), False, (True, True)] True"


@pytest.mark.parametrize("argv", [["--help"], ["--version"], []])
def test_help_and_version_import_no_command(argv: list[str]) -> None:
    """``boggle --help`` and ``--version`` list the commands without importing them (issue 32:
    they took three times a solve), and the listing says what each command's own parser says."""
    code = (
        "import sys\n"
        "from boggle.cli import main as cli\n"
        f"status = cli.main({argv!r})\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('boggle.cli.commands.'))\n"
        "print(status, loaded, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stderr.splitlines()[-1] == f"{0 if argv else 2} []", done.stderr
    if argv == ["--help"]:
        for name in ("solve", "prove", "serve"):
            assert name in done.stdout


def test_the_listing_says_what_each_command_registers() -> None:
    from boggle.cli.main import COMMAND_HELP, build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")
    registered = {action.dest: action.help for action in commands._choices_actions}
    assert registered == COMMAND_HELP


EXIT_PROBE = """
import atexit, gc
import boggle.cli.main

made = [[] for _ in range(10)]  # what a command builds: a word list's trie, say
boggle.cli.main.main = lambda whole_process=False: 3
atexit.register(lambda: print("looked through at exit:", any(o is made for o in gc.get_objects())))
from boggle.__main__ import run
run()
"""


def test_what_a_command_made_is_not_looked_through_again_at_exit() -> None:
    """The collections the interpreter runs at exit looked through every object a command
    had made: `boggle compare --random --size 20` took 0.8 s to exit after its last line."""
    child = subprocess.run(
        [sys.executable, "-c", EXIT_PROBE], capture_output=True, text=True, timeout=120
    )
    assert (child.returncode, child.stdout, child.stderr) == (
        3,
        "looked through at exit: False\n",
        "",
    )


def test_roll_grid_prints_boards_to_print_or_project(capsys: pytest.CaptureFixture[str]) -> None:
    """A teacher printing boards for paper play got one compact line a board
    (``tvnt tfen brnu ayee``): ``--grid`` prints each as rows of capital letters, under a
    line naming it for ``solve``, a blank line between boards (across the batches of 1,000)."""
    status, out, _ = run(capsys, "roll", "--grid", "--seed", "3", "--count", "2")
    assert status == 0
    assert out == (
        "board 1 (seed 3): tvnt tfen brnu ayee\nT V N T\nT F E N\nB R N U\nA Y E E\n\n"
        "board 2 (seed 4): stog iaei esni hbol\nS T O G\nI A E I\nE S N I\nH B O L\n"
    )
    status, out, _ = run(capsys, "roll", "--grid", "--seed", "0", "--count", "1001")
    blocks = out.rstrip("\n").split("\n\n")
    assert len(blocks) == 1001 and all(len(block.splitlines()) == 5 for block in blocks)
    assert blocks[1000].startswith("board 1001 (seed 1000): ")


def test_judge_no_cross_off_scores_a_word_for_each_player_who_found_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A class's paper lists judged by the cross-off rule left every common word (found by
    two pupils or more) to score for nobody: ``--no-cross-off`` scores it for each."""
    (tmp_path / "ann.txt").write_text("fame\nmile\n")
    (tmp_path / "bob.txt").write_text("fame\n")
    board = ["--board", "fxie amlo ewbx astu"]
    lists = ["--player", f"ann={tmp_path / 'ann.txt'}", "--player", f"bob={tmp_path / 'bob.txt'}"]
    status, out, _ = run(capsys, "judge", *board, *lists, "--json")
    assert status == 0 and json.loads(out)["scores"] == {"ann": 1, "bob": 0}
    status, out, _ = run(capsys, "judge", *board, *lists, "--json", "--no-cross-off")
    assert status == 0 and json.loads(out)["scores"] == {"ann": 2, "bob": 1}
