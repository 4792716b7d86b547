"""A word list's name or a path the user gave is shown quoted (``quoted``) in the
commands' text: a name with a space, a tab or a byte that is not UTF-8 is shown
unambiguously, as the other messages show paths.  JSON keeps the name as it is."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest
from command_line import run_cli as run

from boggle import Lexicon, LexiconError
from boggle.cli.commands.bench._shared import describe
from boggle.cli.commands.serve import parse_dict_files
from boggle.cli.main import describe_os_error

ODD_NAME = "my\tlist .txt"  # a tab and a space: unquoted, where the name ends is unclear
SHOWN = "'my\\tlist .txt'"
BAD_BYTE = b"\xff".decode("utf-8", "surrogateescape")  # a file name's byte 0xff, as argv holds it


@pytest.fixture
def odd_list(tmp_path: Path) -> Path:
    path = tmp_path / ODD_NAME
    path.write_text("fame\nlime\nmile\n", encoding="utf-8")
    return path


def test_stats_names_its_list_quoted_and_json_as_it_is(
    odd_list: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["stats", "--random", "5", "--seed", "1", "--dict", str(odd_list)]
    status, out, _ = run(capsys, *args)
    assert status == 0
    assert f"word list    {SHOWN}; rules classic\n" in out
    status, out, _ = run(capsys, *args, "--json")
    assert status == 0 and json.loads(out)["dictionary"] == ODD_NAME


def test_trie_names_its_list_quoted(odd_list: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "trie", "--dict", str(odd_list))
    assert status == 0 and out.startswith(f"trie of the first 3 words of {SHOWN} ")


def test_bench_reports_name_their_list_quoted() -> None:
    lexicon = Lexicon.from_words(["fame", "lime"], name=ODD_NAME)
    assert describe(lexicon) == f"{SHOWN} (2 words, longest 4 letters)"


def test_an_empty_list_with_an_undecodable_name_shows_the_byte(tmp_path: Path) -> None:
    path = Path(str(tmp_path / f"w{BAD_BYTE}rds.txt"))
    path.write_bytes(b"\n")
    with pytest.raises(LexiconError) as error:
        Lexicon.from_file(path)
    assert "w\\xffrds.txt' is empty" in str(error.value)
    assert "udcff" not in str(error.value)


def test_an_os_error_shows_its_file_name_quoted() -> None:
    error = FileNotFoundError(errno.ENOENT, "No such file or directory", f"a{BAD_BYTE} b.txt")
    assert describe_os_error(error) == "'a\\xff b.txt': No such file or directory"


def test_a_judge_round_file_that_is_not_json_is_named_quoted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    round_file = tmp_path / "round one.json"
    round_file.write_text("{not json")
    status, _, err = run(capsys, "judge", str(round_file))
    assert status == 2 and f"'{round_file}' is not valid JSON" in err and err.count("\n") == 1


def test_a_served_list_name_taken_twice_is_shown_quoted(odd_list: Path) -> None:
    name = "my list"
    with pytest.raises(LexiconError) as error:
        parse_dict_files([f"{name}={odd_list}", f"{name}={odd_list}"])
    assert str(error.value) == "--dict-file name 'my list' is already taken"
    # sweep 14: a name with a byte that is not UTF-8 is no name to serve; shown as typed
    with pytest.raises(LexiconError) as error:
        parse_dict_files([f"list{BAD_BYTE}={odd_list}"])
    assert str(error.value).startswith("the word list name 'list\\xff' is not valid text")


def test_paths_are_shown_as_typed_with_their_dot_slash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--dict ./x.txt`` was reported as ``'x.txt'`` (``Path`` drops a leading ``./``): each
    path is shown as the user typed it, in errors and in what was written."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    (tmp_path / "words.txt").write_text("fame\nlime\nmile\n")
    board = "fxie amlo ewbx astu"
    status, _, err = run(capsys, "solve", "--dict", "./missing.txt", board)
    assert (status, err) == (2, "boggle: error: word list './missing.txt' does not exist\n")
    status, _, err = run(capsys, "solve", "--dict", "./folder", board)
    assert status == 2 and "word list './folder' is a directory" in err
    status, _, err = run(capsys, "trie", "--dict", "./words.txt", "--out", "./no/t.dot")
    assert (status, err) == (2, "boggle: error: cannot write './no/t.dot': no directory './no'\n")
    status, _, err = run(capsys, "trie", "--dict", "./words.txt", "--out", "./t.gif")
    assert status == 2 and "--out './t.gif': give a .dot" in err
    status, _, err = run(capsys, "trie", "--dict", "./words.txt", "--out", "./t.dot")
    assert (status, err) == (0, "wrote './t.dot'\n")
    argv = ["trie", "--dict", "./words.txt", "--out", "u.dot", "--out", "./u.dot"]
    status, _, err = run(capsys, *argv)
    assert status == 2 and "'./u.dot' is 'u.dot' again; give each output file once" in err
    status, _, err = run(capsys, "stats", "--random", "2", "--plot", "./no/p.png")
    assert status == 2 and "cannot write './no/p.png': no directory './no'" in err
    argv = ["bench", "memory", "--dict", "./words.txt", "--engine", "trie", "--out", "./out"]
    status, _, err = run(capsys, *argv)
    assert status == 0 and err.endswith("wrote './out/memory.csv'\n")


def test_score_keeps_a_plain_file_line_prefix_and_quotes_an_odd_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``FILE:LINE:`` stays plain, as grep and compilers write it, for the tools that read it;
    a name with a tab (or a byte that is not UTF-8) is quoted, so where it ends is clear."""
    plain = tmp_path / "my boards.txt"
    odd = tmp_path / f"tab\there{BAD_BYTE}.txt"
    for path in (plain, odd):
        path.write_text("fxie amlo ewbx astu\nnot a board 1\n")
    status, _, err = run(capsys, "score", "--dict", "en-50", str(plain), str(odd))
    lines = err.splitlines()
    assert status == 1 and len(lines) == 2
    assert lines[0].startswith(f"boggle score: {plain}:2: ")
    assert lines[1].startswith(f"boggle score: '{tmp_path}/tab\\there\\xff.txt':2: ")
