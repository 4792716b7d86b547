"""Faults around the command line (full disk, closed streams, odd inputs): one line, no traceback.

Each command runs in a subprocess through the shell, so its redirections (``> /dev/full``,
``>&-``, ``<&-``) are real; every wait is bounded.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from command_line import run_without

from boggle import load_lexicon
from boggle.model.errors import LexiconError

BOARD = "fxie amlo ewbx astu"
BOGGLE = f"{shlex.quote(sys.executable)} -m boggle"


def shell(command: str, timeout: float = 60, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``command`` (``boggle`` stands for this interpreter's boggle) in bash."""
    return subprocess.run(
        ["bash", "-c", command.replace("boggle ", BOGGLE + " ", 1)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **env},
    )


def assert_one_line_error(done: subprocess.CompletedProcess[str], says: str) -> None:
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("boggle: error: ") and says in lines[0], lines[0]


@pytest.fixture
def boards_file(tmp_path: Path) -> Path:
    path = tmp_path / "boards.txt"
    path.write_text(BOARD + "\n")
    return path


@pytest.mark.parametrize(
    "command",
    [
        f"boggle solve '{BOARD}' > /dev/full",
        "boggle score BOARDS > /dev/full",
        "boggle dicts export en-50 > /dev/full",
    ],
)
def test_a_full_disk_is_one_line(command: str, boards_file: Path) -> None:
    done = shell(command.replace("BOARDS", str(boards_file)))
    assert_one_line_error(done, "cannot write the output: No space left on device")


@pytest.mark.parametrize(
    "command",
    [
        f"boggle solve '{BOARD}' >&-",
        f"boggle solve '{BOARD}' --stream >&-",
        "boggle dicts export en-50 >&-",
        "boggle roll >&-",
    ],
)
def test_a_closed_standard_output_is_one_line(command: str) -> None:
    assert_one_line_error(shell(command), "standard output is closed")


@pytest.mark.parametrize(
    "command", ["boggle score <&-", f"boggle play '{BOARD}' <&-", "boggle judge - <&-"]
)
def test_a_closed_standard_input_is_one_line(command: str) -> None:
    done = shell(command)
    assert "Traceback" not in done.stderr
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == "boggle: error: standard input is closed"


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("boggle --help > /dev/full", "cannot write the output: No space left on device"),
        ("boggle solve --help > /dev/full", "cannot write the output: No space left on device"),
        ("boggle --version > /dev/full", "cannot write the output: No space left on device"),
        ("boggle --help >&-", "standard output is closed"),
        ("boggle bench hash --help >&-", "standard output is closed"),
        ("boggle --version >&-", "standard output is closed"),
    ],
)
@pytest.mark.parametrize("buffered", ["", "1"], ids=["buffered", "unbuffered"])
def test_help_that_cannot_be_written_is_one_line(command: str, says: str, buffered: str) -> None:
    """Sweep 14: argparse drops an error writing --help or --version, so each exited 0 having
    printed nothing (PYTHONUNBUFFERED or not: each write fails at once, or the last flush)."""
    env = {"PYTHONUNBUFFERED": buffered} if buffered else {}
    done = shell(command, **env) if buffered else shell_buffered(command)
    assert_one_line_error(done, says)


def shell_buffered(command: str) -> subprocess.CompletedProcess[str]:
    """:func:`shell` with Python's streams buffered (no ``PYTHONUNBUFFERED`` inherited)."""
    return subprocess.run(
        ["bash", "-c", command.replace("boggle ", BOGGLE + " ", 1)],
        capture_output=True,
        text=True,
        timeout=60,
        env={key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"},
    )


def test_help_to_a_reader_gone_or_usage_to_a_full_stderr_is_no_traceback() -> None:
    done = shell("boggle solve --help | head -1 > /dev/null; echo status ${PIPESTATUS[0]}")
    assert done.stdout == "status 0\n" and done.stderr == "", done
    done = shell("boggle 2> /dev/full; echo status $?")
    assert done.stdout == "status 2\n", done


def test_closed_output_and_error_streams_still_exit_2_quietly() -> None:
    done = shell(f"boggle solve '{BOARD}' >&- 2>&-")
    assert done.returncode == 2 and done.stderr == ""


def test_deeply_nested_json_is_one_line(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    assert_one_line_error(shell(f"boggle judge {deep}"), "nested too deeply")


def test_a_nul_in_a_word_list_path_is_a_lexicon_error() -> None:
    with pytest.raises(LexiconError, match="not a valid path"):
        load_lexicon("a\x00.txt")


def test_bench_memory_without_numpy_marks_pathtable_refused(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("ale\nales\nalter\nfame\nmile\n")
    done = run_without(
        "numpy",
        "bench",
        "memory",
        "--dict",
        str(words),
        "--engine",
        "trie",
        "--engine",
        "pathtable",
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    refused = [line for line in done.stdout.splitlines() if "pathtable" in line]
    assert len(refused) == 1 and "refused: the pathtable engine needs NumPy" in refused[0]
    assert any(line.startswith("engine trie") and "kB" in line for line in done.stdout.splitlines())


def test_bad_input_the_core_refuses_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ValueError the compiled core raises for input it refuses (not a BoggleError) was a
    traceback through the command line: one line on stderr, status 2."""
    from boggle._native import core
    from boggle.cli.commands import stats
    from boggle.cli.main import main

    def refused(*args: object, **kwargs: object) -> None:
        core._raise_search_status(core.SEARCH_BAD_INPUT)

    monkeypatch.setattr(stats, "score_stats", refused)
    status = main(["stats", "--random", "3", "--seed", "1", "--words", "all"])
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("boggle: error: the core's search refused its input"), err


@pytest.mark.parametrize(
    ("variable", "says"),
    [
        ("DASK_LOGGING__DISTRIBUTED", "(KeyError: GARBAGE)"),
        ("DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT", "(KeyError: Invalid time unit: garbage)"),
        (
            "DASK_DISTRIBUTED__SCHEDULER__WORK_STEALING_INTERVAL",
            "(KeyError: Invalid time unit: garbage)",
        ),
        (  # each worker's traceback (a MemoryError), then "Nanny failed to start"
            "DASK_DISTRIBUTED__WORKER__MEMORY__TARGET",
            "(TypeError: distributed.worker.memory.target is 'garbage', not a fraction)",
        ),
        (  # each worker's traceback, then "Nanny failed to start" and the script hint
            "DASK_DISTRIBUTED__WORKER__MEMORY__MAX_SPILL",
            "(ValueError: Could not interpret 'garbage' as a byte unit)",
        ),
    ],
)
def test_a_dask_setting_that_is_not_valid_is_one_line(variable: str, says: str) -> None:
    """Sweep 14: a DASK_* variable Dask cannot read ended ``--cluster`` in Dask's KeyError
    and a traceback (on importing Dask, or on starting the local cluster). One the scheduler
    reads as it starts was "Cluster failed to start: 'Invalid time unit: g'... (397
    characters)", with the hint about scripts started again in their workers."""
    pytest.importorskip("distributed", reason="the dask extra is not installed")
    done = shell("boggle stats --random 3 --cluster local:1", timeout=120, **{variable: "garbage"})
    assert_one_line_error(done, f"Dask cannot start: its configuration is not valid {says}")


def test_a_worker_start_that_fails_on_something_else_is_not_called_a_setting(
    tmp_path: Path,
) -> None:
    """Any ValueError, KeyError or TypeError of a worker's start was "Dask cannot start: its
    configuration is not valid (...); check the DASK_* environment variables": a preload
    module's own ``ValueError`` too. Only an error raised reading Dask's configuration is
    called so; this one is the start that failed, and what it raised."""
    pytest.importorskip("distributed", reason="the dask extra is not installed")
    preload = tmp_path / "failing_preload.py"
    preload.write_text('raise ValueError("the preload\'s own error")\n')
    done = shell(
        "boggle stats --random 3 --cluster local:1",
        timeout=120,
        DASK_DISTRIBUTED__WORKER__PRELOAD=json.dumps([str(preload)]),
    )
    assert_one_line_error(
        done,
        "cannot start a local Dask cluster: Nanny failed to start "
        "(ValueError: the preload's own error)",
    )
    assert "configuration" not in done.stderr, done.stderr


def test_a_local_cluster_out_of_ports_is_one_line_naming_no_scheduler(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--cluster local:1`` on a machine out of ports said "cannot reach the Dask scheduler
    at local:1": no scheduler was named; the line says what failed and what to try."""
    pytest.importorskip("distributed", reason="the dask extra is not installed")
    import errno

    import distributed

    from boggle.cli.main import main

    def out_of_ports(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EADDRNOTAVAIL, "Cannot assign requested address")

    monkeypatch.setenv("DASK_LOGGING__DISTRIBUTED", "critical")  # undone after the test
    monkeypatch.setattr(distributed, "LocalCluster", out_of_ports)
    status = main(["stats", "--random", "3", "--cluster", "local:1"])
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(
        "boggle: error: cannot start a local Dask cluster of 1 worker: no free network port "
        "on this machine (Cannot assign requested address); "
    ), err
    assert "scheduler" not in err and "local:N" in err, err


def test_a_local_cluster_that_times_out_names_the_setting_not_scripts() -> None:
    """``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=0.001s`` ended in the hint about scripts
    that start a cluster outside ``if __name__ == "__main__":``, which the CLI is not."""
    pytest.importorskip("distributed", reason="the dask extra is not installed")
    done = shell(
        "boggle stats --random 3 --cluster local:1",
        timeout=120,
        DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="0.001s",
    )
    assert_one_line_error(done, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=30s")
    assert "__main__" not in done.stderr, done.stderr


def test_text_the_output_encoding_cannot_write_is_one_clear_line(tmp_path: Path) -> None:
    """Sweep 14: a name with an accent to a stream in ASCII said "'ascii' codec can't
    encode character '\\xe9' in position 0: ordinal not in range(128)". (``boggle judge``,
    the command it was found with, now shows such a name escaped, as ``boggle play`` does;
    a Spanish word is too; a board ``boggle play`` would show its player unreadable is
    still the one line.)"""
    done = shell("boggle play 'ñae rea xxx' --dict es < /dev/null", PYTHONIOENCODING="ascii")
    assert_one_line_error(done, "in the output's encoding (ascii); use a UTF-8 locale")


@pytest.mark.parametrize(
    ("command", "shown"),
    [
        ("boggle solve 'aer aea xxx' --dict es --no-paths", "  AREA (\\xe1rea)\n"),
        ("boggle define żółw --dict pl", "\\u017b\\xd3\\u0141W: see https://pl.wiktionary.org/"),
        ("boggle roll --language es --seed 8", "cuao ad\\xf1c oiij cra[ch]\n"),
        (
            "boggle stats --random 10 --dict es --seed 3 --top 10",
            "  tltipdeametg[ll]o\\xf1d  (board 5)\n",
        ),
        ("echo 'cuao adñc oiij cra[ch]' | boggle score - --dict es", "ad\\xf1c"),
    ],
)
def test_words_the_output_encoding_lacks_are_shown_escaped(command: str, shown: str) -> None:
    """In an ASCII (or Latin-1) locale ``boggle solve 'aer aea xxx' --dict es`` stopped at
    "área" with "cannot write 'á' in the output's encoding", no report; so did ``define``,
    ``roll --language es``, ``score`` and ``stats``'s best boards at a letter the locale
    lacks. Each shows it escaped and goes on, as ``boggle play`` and ``boggle judge`` do."""
    done = shell(command, PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr
    assert "error" not in done.stderr, done.stderr
    assert shown in done.stdout, done.stdout


@pytest.mark.parametrize(
    "command",
    [
        "boggle solve 'aer aea xxx' --dict es --json",
        "boggle solve 'aer aea xxx' --dict es --json --define",
        "boggle define cœur --dict fr --json",
        "boggle compare 'cuao adñc oiij cra[ch]' --dict es --json",
        "boggle dicts --json",
    ],
)
def test_json_the_output_encoding_cannot_write_is_escaped_the_json_way(command: str) -> None:
    """``--json`` in an ASCII locale stopped at "área" (or a board's "ñ") with an error and
    no JSON; it is written with every letter beyond ASCII escaped the JSON way (``\\u00e1``),
    the same JSON, as ``boggle judge --json`` writes it."""
    as_ascii = shell(command, PYTHONIOENCODING="ascii")
    in_utf8 = shell(command, PYTHONIOENCODING="utf-8")
    assert as_ascii.returncode == 0 and as_ascii.stdout.isascii(), as_ascii.stderr
    got, wanted = json.loads(as_ascii.stdout), json.loads(in_utf8.stdout)
    if "compare" in command:  # its times differ from run to run
        for row in got["engines"] + wanted["engines"]:
            row.pop("first_ms"), row.pop("again_ms")
    assert got == wanted


@pytest.mark.parametrize(
    "command",
    [
        "boggle solve 'aer aea xxx' --dict es --json",
        "boggle define caf\u00e9 --dict fr --json",
        "boggle judge --board 'aer aea xxx' --player ann=WORDS --dict es --json",
    ],
)
def test_json_in_a_latin_1_locale_is_ascii_even_when_every_letter_fits(
    tmp_path: Path, command: str
) -> None:
    """``--json`` in a Latin-1 locale wrote "área" as the byte 0xe1 when every letter of
    the output fitted Latin-1 (JSON between programs is UTF-8: a reader could not decode
    it), and escaped it only when one letter did not: it is ASCII unless the stream is
    UTF-8, the same JSON."""
    words = tmp_path / "words.txt"
    words.write_text("area\n\u00e1rea\n", encoding="utf-8")
    line = command.replace("WORDS", str(words)).replace("boggle ", BOGGLE + " ", 1)
    run = {"capture_output": True, "timeout": 60}
    as_latin_1 = subprocess.run(
        ["bash", "-c", line], env={**os.environ, "PYTHONIOENCODING": "latin-1"}, **run
    )
    in_utf8 = subprocess.run(
        ["bash", "-c", line], env={**os.environ, "PYTHONIOENCODING": "utf-8"}, **run
    )
    assert as_latin_1.returncode == 0, as_latin_1.stderr
    assert as_latin_1.stdout.isascii(), as_latin_1.stdout[:300]
    assert json.loads(as_latin_1.stdout) == json.loads(in_utf8.stdout)
    assert not in_utf8.stdout.isascii()  # a UTF-8 stream keeps the letters as they are


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_trie_dot_in_a_locale_without_utf_8_escapes_as_graphviz_reads(
    tmp_path: Path, encoding: str
) -> None:
    """``boggle trie --dict es --dot`` in an ASCII locale stopped at "ñ" with "cannot write
    'Ñ' in the output's encoding" (and in Latin-1 wrote bytes GraphViz reads as UTF-8): a
    letter beyond ASCII is a character reference (``&#241;``), the graph GraphViz draws
    the same; the summary line escapes it as other commands do."""
    import html

    words = tmp_path / "words.txt"
    words.write_text("nu\n\u00f1u\n\u00f1and\u00fa\n", encoding="utf-8")
    line = f"{BOGGLE} trie --dict {words} --dot"
    run = {"capture_output": True, "timeout": 60}
    escaped = subprocess.run(
        ["bash", "-c", line], env={**os.environ, "PYTHONIOENCODING": encoding}, **run
    )
    in_utf8 = subprocess.run(
        ["bash", "-c", line], env={**os.environ, "PYTHONIOENCODING": "utf-8"}, **run
    )
    assert escaped.returncode == 0 and escaped.stderr == b"", escaped.stderr
    assert escaped.stdout.isascii() and b'[label="&#241;"]' in escaped.stdout
    assert html.unescape(escaped.stdout.decode()) == in_utf8.stdout.decode("utf-8")
    summary = subprocess.run(
        ["bash", "-c", f"{BOGGLE} trie --dict {words}"],
        env={**os.environ, "PYTHONIOENCODING": encoding},
        **run,
    )
    assert summary.returncode == 0 and summary.stderr == b"", summary.stderr


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_judge_aligns_escaped_entries_by_what_is_shown(tmp_path: Path, encoding: str) -> None:
    """An entry escaped for the locale (``\\u0141ABA``, nine columns) was padded as
    ``ŁABA`` (four), so its points and verdict stood left of the others'; a match's table
    the same with a name escaped. Columns align by the width of what is shown."""
    words = tmp_path / "words.txt"
    words.write_text("fame\n\u0142aba\n", encoding="utf-8")
    command = f"boggle judge --board '{BOARD}' --player ann={words} --player \u017co={words}"
    done = shell(command + " --target 5", PYTHONIOENCODING=encoding)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "  FAME        0  crossed off" in done.stdout, done.stdout
    assert "  \\u0141ABA   0  not on the board" in done.stdout, done.stdout
    assert "ROUND        ann    \\u017co\n    1     +0 = 0     +0 = 0\n" in done.stdout, done.stdout


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_judge_shows_what_the_output_encoding_lacks_escaped(tmp_path: Path, encoding: str) -> None:
    """In a Latin-1 locale ``boggle judge`` stopped at an entry (or a player's name) with a
    letter the locale cannot show, with an error and no report; it shows it escaped, as
    ``boggle play`` does, and ``--json`` escapes it the JSON way (the same JSON)."""
    words = tmp_path / "words.txt"
    words.write_text("fame\nłaba\ncœur\n", encoding="utf-8")
    command = f"boggle judge --board '{BOARD}' --player ann={words} --player żo={words}"
    done = shell(command, PYTHONIOENCODING=encoding)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "  \\u0141ABA   0  not on the board\n" in done.stdout
    assert "\\u017co" in done.stdout and "SCORES: ann 0, \\u017co" in done.stdout
    assert "WINNER: ann and \\u017co" in done.stdout
    as_json = shell(command + " --json", PYTHONIOENCODING=encoding)
    in_utf8 = shell(command + " --json", PYTHONIOENCODING="utf-8")
    assert as_json.returncode == 0 and as_json.stdout.isascii(), as_json.stderr
    assert json.loads(as_json.stdout) == json.loads(in_utf8.stdout)
