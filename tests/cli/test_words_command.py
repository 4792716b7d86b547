"""``boggle words add|list|practise|remove`` and ``boggle play --keep``: words kept to learn in
a file of the user's (XDG's data folder), practised over days as My words does."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boggle.cli.commands import words as words_command
from boggle.cli.main import main
from boggle.game.kept_words import MOST_KEPT, read_words, words_file

BOARD = "fxie amlo ewbx astu"


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data folder, in the test's own folder; the file of kept words in it."""
    monkeypatch.delenv("BOGGLE_WORDS_FILE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path / "data" / "boggle" / "words.json"


def on_day(monkeypatch: pytest.MonkeyPatch, day: str) -> None:
    monkeypatch.setattr(words_command, "today", lambda: day)


def answers(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))


def stored(path: Path) -> dict[str, dict[str, object]]:
    return {entry["word"]: entry for entry in json.loads(path.read_text())["words"]}


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG's folders are Linux's")
def test_the_file_is_in_the_user_s_data_folder_as_xdg_says() -> None:
    assert words_file({"XDG_DATA_HOME": "/x", "HOME": "/h"}) == Path("/x/boggle/words.json")
    assert words_file({"HOME": "/h"}) == Path("/h/.local/share/boggle/words.json")
    chosen = {"BOGGLE_WORDS_FILE": "/w.json", "XDG_DATA_HOME": "/x"}
    assert words_file(chosen) == Path("/w.json")


@pytest.mark.parametrize(
    ("typed", "shown"), [("fa\u200bme", "'FA\\u200bME'"), ("fa\xadme", "'FA\\xadME'")]
)
def test_words_add_and_remove_show_an_invisible_character_escaped(
    data_home: Path, capsys: pytest.CaptureFixture[str], typed: str, shown: str
) -> None:
    """A zero-width space or a soft hyphen in the word was printed raw (FA\u200bME looked
    like FAME), where other commands show such a character escaped."""
    assert main(["words", "add", typed]) == 2
    assert capsys.readouterr().err.endswith(
        f" {shown} is not a word of the en-70 list: nothing kept\n"
    )
    assert main(["words", "add", "fame"]) == 0
    capsys.readouterr()
    assert main(["words", "remove", typed]) == 2
    assert f" {shown} is not kept (" in capsys.readouterr().err


def test_words_are_kept_listed_practised_over_days_and_removed(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    on_day(monkeypatch, "2026-11-29")
    assert main(["words"]) == 0
    assert capsys.readouterr().out.startswith("No words kept (")
    assert not data_home.exists()  # reading makes no file
    assert main(["words", "add", "limbo", "Fame"]) == 0
    assert capsys.readouterr().out == f"Kept LIMBO, FAME to learn (2 words in {data_home}).\n"
    # one word a language: FAME of en-80 is the same word to learn; Spanish CASA is another
    assert main(["words", "add", "house", "casa", "--dict", "es"]) == 2  # no Spanish word
    assert "HOUSE is not a word of the es list: nothing kept" in capsys.readouterr().err
    assert main(["words", "add", "fame", "--dict", "en-80"]) == 0
    assert capsys.readouterr().out == "FAME is kept already.\n"
    assert main(["words", "add", "casa", "--dict", "es"]) == 0
    capsys.readouterr()
    kept = stored(data_home)
    assert sorted(kept) == ["casa", "fame", "limbo"]
    assert (kept["fame"]["list"], kept["fame"]["language"], kept["fame"]["due"]) == (
        "en-70",
        "en",
        "",
    )
    assert main(["words", "list"]) == 0
    listed = capsys.readouterr().out
    assert "To learn (3):" in listed and "3 words due today" in listed

    answers(monkeypatch, "limbo", "", "famous")
    assert main(["words", "practise", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 words due today.")
    assert "Practised 3 words: " in out
    kept = stored(data_home)
    right = [word for word, entry in kept.items() if entry["streak"] == 1]
    assert [kept[word]["due"] for word in right] == ["2026-11-30"] * len(right)
    assert all(entry["due"] == "" for word, entry in kept.items() if word not in right)
    verdicts = ("Right: ", "Not quite: the word is ", "The word is ")
    assert sum(out.count(verdict) for verdict in verdicts) == 3

    # the next day the word answered right is due again; right twice, it is learned
    on_day(monkeypatch, "2026-11-30")
    answers(monkeypatch, "limbo", "fame", "casa", "limbo", "fame", "casa")
    assert main(["words", "practise", "--seed", "2"]) == 0
    capsys.readouterr()
    assert stored(data_home)["limbo"]["learned"] is (stored(data_home)["limbo"]["streak"] == 2)
    assert main(["words", "remove", "casa"]) == 0
    assert capsys.readouterr().out == "Removed 1 word (2 kept).\n"
    assert main(["words", "remove", "casa"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_practise_learns_a_word_typed_right_on_two_days(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    on_day(monkeypatch, "2026-11-29")
    assert main(["words", "add", "limbo"]) == 0
    answers(monkeypatch, "LIMBO")
    assert main(["words", "practise"]) == 0
    out = capsys.readouterr().out
    assert "the state of being disregarded or forgotten (5 letters)" in out  # its meaning
    assert "Right: LIMBO. Again tomorrow: right then too and it is learned." in out
    answers(monkeypatch, "limbo")
    assert main(["words", "practise"]) == 0  # not due again today
    assert capsys.readouterr().out == "No word is due today; the next on 2026-11-30.\n"
    on_day(monkeypatch, "2026-11-30")
    answers(monkeypatch, "limbo")
    assert main(["words", "practise"]) == 0
    assert "Right: LIMBO. Twice in a row: learned. Review in 3 days." in capsys.readouterr().out
    entry = stored(data_home)["limbo"]
    assert (entry["learned"], entry["streak"], entry["due"]) == (True, 2, "2026-12-03")


def test_the_list_says_when_each_word_was_practised_or_learned_and_the_month_s_progress(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    on_day(monkeypatch, "2026-11-29")
    assert main(["words", "add", "limbo", "fame"]) == 0
    answers(monkeypatch, "fame", "fame")  # one of them right
    assert main(["words", "practise", "--seed", "1"]) == 0
    assert "Practised 2 words: 1 right; 1 word still due today." in capsys.readouterr().out
    assert main(["words", "list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    practised = [line for line in listed if "practised 2026-11-29 · due" in line]
    assert len(practised) == 2 and "2 words to learn, none learned yet." in listed
    remember = next(w for w, e in stored(data_home).items() if e["streak"] == 1)
    on_day(monkeypatch, "2026-11-30")
    assert main(["words", "remove", "limbo" if remember == "fame" else "fame"]) == 0
    answers(monkeypatch, remember)  # the one word due
    assert main(["words", "practise"]) == 0
    assert main(["words", "add", "mile", "lime", "limbo", "fame"]) == 0
    capsys.readouterr()
    assert main(["words", "list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert f"  {remember.upper():5}  en-70 · common · learned 2026-11-30 · due 2026-12-03" in listed
    assert "1 of 4 words learned, 1 this month." in listed
    entry = stored(data_home)[remember]
    assert (entry["practised"], entry["learned_on"]) == ("2026-11-30", "2026-11-30")
    on_day(monkeypatch, "2026-12-01")
    assert main(["words", "list"]) == 0
    assert "1 of 4 words learned, none this month." in capsys.readouterr().out


def test_a_file_that_is_not_kept_words_is_never_written_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "notes.json"
    other.write_text('{"todo": ["buy milk"]}\n')
    for argv in (["add", "fame"], ["remove", "fame"], ["practise"], ["list"]):
        assert main(["words", *argv, "--file", str(other)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "is not a file of kept words" in err
    assert other.read_text() == '{"todo": ["buy milk"]}\n'


def test_file_dash_is_refused_in_a_line_not_kept_as_a_file_named_dash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--file -`` wrote (practise: its journal ``-.answers``) in the current folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("fame\n"))
    for argv in (["practise"], ["add", "fame"], ["list"], ["remove", "fame"]):
        assert main(["words", *argv, "--file", "-"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--file -" in err
    assert list(tmp_path.iterdir()) == []


def test_json_nested_thousands_deep_is_one_line_not_a_traceback(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Arrays nested past Python's recursion limit raised RecursionError (a traceback) from
    the file of kept words and from its journal of answers; the file is refused in a line,
    the journal's line left out as a torn one is."""
    from boggle.game.kept_words import answers_file

    deep = "[" * 100_000
    data_home.parent.mkdir(parents=True, exist_ok=True)
    data_home.write_text(deep)
    assert main(["words", "list"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a file of kept words" in err
    data_home.unlink()
    assert main(["words", "add", "fame"]) == 0
    answers_file(data_home).write_text(deep + "\n")
    capsys.readouterr()
    assert main(["words", "list"]) == 0
    assert "FAME" in capsys.readouterr().out.upper()


def test_a_file_saved_by_my_words_is_read_merged_and_spread() -> None:
    """The web page's file: two lists of one language are one word, and words from before
    due days are spread, 20 a day."""
    old = [{"word": f"w{chr(97 + i // 26)}{chr(97 + i % 26)}", "list": "en-70"} for i in range(25)]
    old += [
        {"word": "fame", "list": "en-70", "language": "en", "streak": 1, "due": "2026-12-01"},
        {"word": "fame", "list": "en-80", "language": "en", "learned": True, "streak": 2,
         "due": "2026-12-05", "date": "2026-11-01"},
    ]  # fmt: skip
    words = read_words(json.dumps({"version": 1, "words": old}), "2026-11-29")
    assert len(words) == 26
    fame = next(w for w in words if w.word == "fame")
    assert (fame.list, fame.learned, fame.due, fame.date) == (
        "en-80",
        True,
        "2026-12-05",
        "2026-11-01",
    )
    assert [w.due for w in words if w.word != "fame"] == [""] * 20 + ["2026-11-30"] * 5


def test_play_keeps_the_words_to_learn_when_asked(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers(monkeypatch, "fame")
    assert main(["play", BOARD]) == 0
    assert "Kept " not in capsys.readouterr().out and not data_home.exists()  # not unasked
    answers(monkeypatch, "fame")
    assert main(["play", BOARD, "--keep"]) == 0
    out = capsys.readouterr().out
    assert f"to learn (10 words in {data_home})." in out
    kept = json.loads(data_home.read_text())["words"]
    assert len(kept) == 10 and "fame" not in {entry["word"] for entry in kept}
    assert {entry["board"] for entry in kept} == {BOARD}
    answers(monkeypatch, "fame")
    assert main(["play", BOARD, "--keep"]) == 0
    assert "Kept already: " in capsys.readouterr().out
    assert len(json.loads(data_home.read_text())["words"]) == 10


def test_an_english_word_its_list_folds_is_shown_as_scowl_writes_it(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The English lists fold SCOWL's café to CAFE: `words add` and `list` show CAFE (also
    café), English writing it both ways, as they show the Spanish AEREA (aérea)."""
    on_day(monkeypatch, "2026-11-29")
    assert main(["words", "add", "café"]) == 0
    assert capsys.readouterr().out.startswith("Kept CAFE (also café) to learn (1 word in ")
    assert main(["words", "list"]) == 0
    assert "  CAFE (also café)  en-70 · " in capsys.readouterr().out


def test_a_word_its_list_folds_is_right_typed_as_its_language_writes_it(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """... and it is shown as its language writes it, as a round's report shows it: a
    Spanish learner was taught AEREA, with no accent, by `words add`, `list` and `practise`."""
    on_day(monkeypatch, "2026-11-29")
    assert main(["words", "add", "aérea", "--dict", "es"]) == 0
    assert stored(data_home)["aerea"]["language"] == "es"
    assert capsys.readouterr().out.startswith("Kept AEREA (aérea) to learn (1 word in ")
    assert main(["words", "list"]) == 0
    assert "  AEREA (aérea)  es · " in capsys.readouterr().out
    answers(monkeypatch, "Aérea")
    assert main(["words", "practise"]) == 0
    out = capsys.readouterr().out
    assert "5 letters, starting with A" in out and "Right: AEREA (aérea)." in out
    answers(monkeypatch, "aria")
    on_day(monkeypatch, "2026-11-30")
    assert main(["words", "practise"]) == 0
    assert "Not quite: the word is AEREA (aérea)." in capsys.readouterr().out


def test_entries_stored_before_languages_are_one_word_a_language() -> None:
    old = [{"word": "fame", "list": "en-70"}, {"word": "fame", "list": "en-80", "learned": True}]
    (fame,) = read_words(json.dumps({"version": 1, "words": old}), "2026-11-29")
    assert (fame.language, fame.list, fame.learned) == ("en", "en-80", True)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_words_list_in_a_locale_without_utf_8_is_valid_json_and_aligned(
    tmp_path: Path, encoding: str
) -> None:
    """``boggle words list --json`` in an ASCII locale wrote "caña" as ``ca\\xf1a`` (not
    JSON) and in a Latin-1 one as the byte 0xf1; the list's column stood off by the
    escape's length. The JSON is ASCII-escaped, the column aligned by what is shown."""
    import os
    import subprocess

    kept = tmp_path / "kept.json"
    command = [sys.executable, "-m", "boggle", "words"]
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    added = subprocess.run(
        [*command, "add", "area", "ca\u00f1a", "--dict", "es", "--file", str(kept)],
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert added.returncode == 0, added.stderr
    listed = subprocess.run(
        [*command, "list", "--file", str(kept), "--json"], capture_output=True, timeout=60, env=env
    )
    assert listed.returncode == 0 and listed.stdout.isascii(), listed
    assert [w["word"] for w in json.loads(listed.stdout)["words"]] == ["area", "ca\u00f1a"]
    if encoding == "ascii":
        shown = subprocess.run(
            [*command, "list", "--file", str(kept)], capture_output=True, timeout=60, env=env
        ).stdout.decode("ascii")
        assert "  AREA (\\xe1rea)  es" in shown and "  CA\\xd1A         es" in shown, shown


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_practise_in_a_locale_without_utf_8_reads_a_typed_accent(
    tmp_path: Path, encoding: str
) -> None:
    """``boggle words practise`` in an ASCII locale stopped at ``ñandú`` typed (as UTF-8)
    with "'ascii' codec can't decode byte 0xc3": a line is read UTF-8, else Latin-1 (a
    Latin-1 terminal's ``\\xf1and\\xfa``), and the word shown escaped where the locale
    lacks its letter."""
    import os
    import subprocess

    kept = tmp_path / "kept.json"
    command = [sys.executable, "-m", "boggle", "words"]
    added = subprocess.run(
        [*command, "add", "\u00f1and\u00fa", "--dict", "es", "--file", str(kept)],
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert added.returncode == 0, added.stderr
    typed = "\u00f1and\u00fa\n".encode("utf-8" if encoding == "ascii" else encoding)
    practised = subprocess.run(
        [*command, "practise", "--file", str(kept)],
        input=typed,
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": encoding},
    )
    assert practised.returncode == 0 and not practised.stderr, practised
    shown = practised.stdout.decode(encoding)
    name = "\\xd1ANDU (\\xf1and\\xfa)" if encoding == "ascii" else "\u00d1ANDU (\u00f1and\u00fa)"
    assert f"> Right: {name}. Again tomorrow" in shown, shown
    assert "Practised 1 word: 1 right." in shown


def saved_file(path: Path, *entries: dict[str, object]) -> Path:
    """A file of kept words as My words saves it, of ``entries`` (their other fields My
    words' defaults)."""
    fields = {"list": "en-70", "language": "en", "points": 1, "level": None, "board": ""}
    fields |= {"date": "2026-11-20", "learned": False, "streak": 0, "due": ""}
    words = [fields | entry for entry in entries]
    path.write_text(json.dumps({"version": 1, "words": words}))
    return path


def test_words_import_adds_a_saved_file_s_words_as_add_from_a_file_does(
    data_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    on_day(monkeypatch, "2026-11-29")
    data_home.parent.mkdir(parents=True)
    saved_file(data_home, {"word": "fame", "streak": 1, "due": "2026-11-30"}, {"word": "limbo"})
    source = saved_file(
        tmp_path / "boggle-words-2026-11-28.json",
        {"word": "casa", "list": "es", "language": "es"},
        {"word": "fame", "list": "en-80", "learned": True, "streak": 2, "due": "2026-12-20"},
        {"word": "axle"},
    )
    assert main(["words", "import", str(source)]) == 0
    out = capsys.readouterr().out
    assert out == (
        f"Added 2 words from {source}: CASA, AXLE (4 words in {data_home}).\n"
        "Kept already (1, your entry stays): FAME.\n"
    )
    kept = stored(data_home)
    assert list(kept) == ["fame", "limbo", "casa", "axle"]  # after the user's own
    assert kept["fame"]["list"] == "en-70" and kept["fame"]["streak"] == 1  # the user's entry
    assert main(["words", "import", str(source)]) == 0  # again: nothing more
    assert capsys.readouterr().out == (
        f"No word added from {source}.\nKept already (3, your entry stays): CASA, FAME, AXLE.\n"
    )


def test_words_import_of_a_bad_file_changes_nothing_and_says_so_in_one_line(
    data_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_home.parent.mkdir(parents=True)
    saved_file(data_home, {"word": "fame"})
    before = data_home.read_bytes()
    notes = tmp_path / "notes.json"
    bad = ("{}", "not json", '{"version": 2, "words": []}', '{"version": true, "words": []}')
    for text in bad:  # true: read as 1 (a bool is an int in Python)
        notes.write_text(text)
        assert main(["words", "import", str(notes)]) == 2
        err = capsys.readouterr().err.strip()
        assert err.endswith(
            f"{notes} is not a file of kept words (JSON with version 1 and "
            "words, as My words' Save to a file writes): nothing added"
        )
        assert "\n" not in err
    assert main(["words", "import", str(tmp_path / "missing.json")]) == 2
    assert "missing.json: no such file: nothing added" in capsys.readouterr().err
    assert data_home.read_bytes() == before
    # the user's file not a file of kept words: never written over, even by a good file
    data_home.write_text("my notes")
    assert main(["words", "import", str(saved_file(tmp_path / "good.json", {"word": "axle"}))]) == 2
    assert "is not a file of kept words" in capsys.readouterr().err
    assert data_home.read_text() == "my notes"


def test_words_import_dash_reads_standard_input_with_a_file_s_checks(
    data_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`boggle words import -` looked for a file named '-' ("cannot read -: no such
    file"): it reads standard input, as `judge` and `score` read '-', with a file's
    checks: not a file of kept words is one line, exit status 2, nothing written."""
    on_day(monkeypatch, "2026-11-29")
    data_home.parent.mkdir(parents=True)
    saved_file(data_home, {"word": "fame"})
    source = saved_file(tmp_path / "saved.json", {"word": "limbo"}, {"word": "fame"})

    def piped(data: bytes) -> None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))

    piped(source.read_bytes())
    assert main(["words", "import", "-"]) == 0
    assert capsys.readouterr().out == (
        f"Added 1 word from standard input: LIMBO (2 words in {data_home}).\n"
        "Kept already (1, your entry stays): FAME.\n"
    )
    before = data_home.read_bytes()
    for data in (b"{}", b"not json", b"", b"\xff\xfe{", b" " * 1_000_001):
        piped(data)
        assert main(["words", "import", "-"]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "standard input" in err, err
        assert err.rstrip().endswith("nothing added")
    assert data_home.read_bytes() == before
    # through a real pipe, as a shell gives it
    words = tmp_path / "piped.json"
    done = subprocess.run(
        [sys.executable, "-m", "boggle", "words", "import", "-", "--file", str(words)],
        input=source.read_bytes(),
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert list(stored(words)) == ["limbo", "fame"] and done.stderr == b""


@pytest.mark.skipif(sys.platform == "win32", reason="no file locks there (LOCKS)")
def test_words_import_dash_reads_its_input_before_holding_the_kept_words(
    data_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`boggle words import -` typed by hand held the kept words' file (its lock) while the
    words were typed: a `practise` in another terminal waited all that time. The input is
    read first, then the file held for its read and write."""
    import fcntl

    from boggle.game.kept_words import lock_file

    on_day(monkeypatch, "2026-11-29")
    data_home.parent.mkdir(parents=True)
    saved_file(data_home, {"word": "fame"})
    data = saved_file(tmp_path / "saved.json", {"word": "limbo"}).read_bytes()
    free_while_read: list[bool] = []

    class Typed(io.BytesIO):
        """Standard input that, as it is read, tries the lock another command would take."""

        def read(self, size: int | None = -1) -> bytes:
            handle = os.open(lock_file(data_home), os.O_RDWR | os.O_CREAT, 0o666)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                free_while_read.append(True)
            except BlockingIOError:
                free_while_read.append(False)
            finally:
                os.close(handle)
            return super().read(size)

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(Typed(data)))
    assert main(["words", "import", "-"]) == 0
    assert free_while_read == [True]
    assert capsys.readouterr().out.startswith("Added 1 word from standard input: LIMBO")
    assert list(stored(data_home)) == ["fame", "limbo"]


def test_words_import_spreads_an_old_file_s_words_after_those_due_and_keeps_most_kept(
    data_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    on_day(monkeypatch, "2026-11-29")
    data_home.parent.mkdir(parents=True)
    mine = [{"word": "a" + chr(97 + n // 26) + chr(97 + n % 26)} for n in range(15)]
    saved_file(data_home, *mine)  # 15 due today
    old = [{"word": "b" + chr(97 + n)} for n in range(10)]
    source = tmp_path / "old.json"
    source.write_text(json.dumps({"version": 1, "words": old}))  # before there were due days
    assert main(["words", "import", str(source)]) == 0
    assert capsys.readouterr().out.startswith("Added 10 words from")
    dues = [entry["due"] for entry in json.loads(data_home.read_text())["words"][15:]]
    assert dues == [""] * 5 + ["2026-11-30"] * 5  # 20 a day, as My words spreads them
    # at most MOST_KEPT: those that fit are added, the rest said
    full = [
        {"word": "c" + chr(97 + n // 26 // 26) + chr(97 + n // 26 % 26) + chr(97 + n % 26)}
        for n in range(MOST_KEPT - 5)
    ]
    saved_file(data_home, *full)
    assert main(["words", "import", str(source)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Added 5 words from")
    assert (
        f"5 words did not fit (at most {MOST_KEPT:,} are kept; 'boggle words remove WORD'): BF, "
        in out
    )
    assert len(stored(data_home)) == MOST_KEPT


def test_words_export_saves_the_file_never_over_one_unasked(
    data_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    on_day(monkeypatch, "2026-11-29")
    monkeypatch.chdir(tmp_path)
    data_home.parent.mkdir(parents=True)
    saved_file(data_home, {"word": "fame"}, {"word": "limbo"})
    assert main(["words", "export"]) == 0
    assert capsys.readouterr().out == "Saved 2 words to boggle-words-2026-11-29.json.\n"
    assert read_words((tmp_path / "boggle-words-2026-11-29.json").read_text(), "2026-11-29")
    assert main(["words", "export"]) == 2
    assert "already exists; give --force to overwrite it" in capsys.readouterr().err
    assert main(["words", "export", "boggle-words-2026-11-29.json", "--force"]) == 0
    assert main(["words", "export", str(data_home), "--force"]) == 2  # the kept words' own file
    assert "is also the input" in capsys.readouterr().err
    # what is saved, another file of kept words adds
    other = tmp_path / "other.json"
    assert main(["words", "import", "boggle-words-2026-11-29.json", "--file", str(other)]) == 0
    assert list(stored(other)) == ["fame", "limbo"]


def test_remove_and_practise_read_a_word_as_its_language_does(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`words add aérea --dict es` kept AEREA, but `words remove aérea` said "AÉREA is not
    kept", and `words remove Straße` "STRASSE is not kept" beside a kept STRASSE; NAIVE,
    kept from `naïve`, was "Not quite" typed as kept. Remove and practise read a typed word
    as the word's language reads it (as `add` and a round do); a letter of the language's own
    (Spanish ñ) still counts."""
    on_day(monkeypatch, "2026-11-29")
    data_home.parent.mkdir(parents=True)
    saved_file(
        data_home,
        {"word": "aerea", "list": "es", "language": "es"},
        {"word": "strasse", "list": "de", "language": "de"},
        {"word": "naive"},
        {"word": "año", "list": "es", "language": "es"},
        {"word": "fame", "list": "mine.txt", "language": "xx"},  # a code no language has
    )
    assert main(["words", "remove", "aérea", "Straße"]) == 0
    assert capsys.readouterr().out == "Removed 2 words (3 kept).\n"
    assert main(["words", "remove", "ano"]) == 2  # ñ is a letter of its own
    assert "ANO is not kept" in capsys.readouterr().err
    assert list(stored(data_home)) == ["naive", "año", "fame"]
    for word, typed, said in (
        ("naive", "NAÏVE", "Right: NAIVE."),
        ("año", "ano", "Not quite: the word is AÑO."),
        ("fame", "famz", "Not quite: the word is FAME."),  # an unknown code: no error
    ):
        asked = saved_file(data_home.parent / f"{word}.json", stored(data_home)[word])
        answers(monkeypatch, typed)
        assert main(["words", "practise", "--file", str(asked)]) == 0
        assert said in capsys.readouterr().out


def test_words_export_dash_writes_standard_output_for_import_dash(
    data_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`boggle words export -` wrote a file named '-' in the current folder: it writes the
    file's text to standard output (UTF-8, whatever the locale), which `import -` reads."""
    here = Path.cwd()  # the child processes' (the tests' PYTHONPATH may be relative to it)
    monkeypatch.chdir(tmp_path)
    data_home.parent.mkdir(parents=True)
    saved_file(data_home, {"word": "año", "list": "es", "language": "es"}, {"word": "fame"})
    assert main(["words", "export", "-"]) == 0
    out = capsys.readouterr().out
    assert [w.word for w in read_words(out, "2026-11-29")] == ["año", "fame"]
    assert not (tmp_path / "-").exists()
    other = tmp_path / "other.json"
    done = subprocess.run(
        f"{sys.executable} -m boggle words export - | "
        f"{sys.executable} -m boggle words import - --file {other}",
        shell=True,
        cwd=here,
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    assert list(stored(other)) == ["año", "fame"]


def test_a_file_of_kept_words_with_a_byte_order_mark_is_read_as_my_words_reads_it(
    data_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file saved again by Notepad begins with a byte order mark, which My words' Add
    from a file passes over; `words import` (and the kept file itself) said it was "not a
    file of kept words"."""
    source = saved_file(tmp_path / "saved.json", {"word": "fame"})
    source.write_bytes(b"\xef\xbb\xbf" + source.read_bytes())
    assert main(["words", "import", str(source)]) == 0
    assert capsys.readouterr().out.startswith(f"Added 1 word from {source}: FAME")
    assert main(["words", "list", "--file", str(source)]) == 0
    assert "FAME" in capsys.readouterr().out


def test_file_and_json_before_the_action_are_taken_not_refused(
    data_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``boggle words --file F`` and ``boggle words --json`` said "invalid choice: 'F'" and
    "unrecognized arguments: --json", though bare ``boggle words`` lists. Before the action
    they are the action's own: an action's defaults must not overwrite them."""
    on_day(monkeypatch, "2026-11-29")
    mine = tmp_path / "mine.json"
    assert main(["words", "--file", str(mine), "add", "fame"]) == 0
    assert capsys.readouterr().out == f"Kept FAME to learn (1 word in {mine}).\n"
    assert list(stored(mine)) == ["fame"] and not data_home.exists()
    assert main(["words", "--file", str(mine)]) == 0
    assert "FAME" in capsys.readouterr().out
    for argv in (["--json", "--file", str(mine)], ["--json", "list", "--file", str(mine)]):
        assert main(["words", *argv]) == 0
        shown = json.loads(capsys.readouterr().out)
        assert shown["file"] == str(mine) and [w["word"] for w in shown["words"]] == ["fame"]
    assert main(["words", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"file": str(data_home), "words": []}
    # given twice, the one after the action is the action's
    assert main(["words", "--file", str(mine), "list", "--file", str(data_home)]) == 0
    assert capsys.readouterr().out.startswith(f"No words kept ({data_home})")
    # --json where no JSON is printed: one line, nothing done
    assert main(["words", "--json", "--file", str(mine), "remove", "fame"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "'boggle words list --json'" in err
    assert list(stored(mine)) == ["fame"]


def test_a_letters_clue_tells_the_word_from_the_other_kept_words_of_its_board(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A word without a meaning got "4 letters, starting with C" beside CAMA, CAPA and COSA of
    the same board, and typing one of those was wrong: the clue now gives as many first letters
    as tell it from them, and the board, as My words does, and a kept word that fits the clue
    too is said so and the clue asked again."""
    import boggle.game.hints

    monkeypatch.setattr(boggle.game.hints, "hint_definition", lambda word, language="en": "")
    on_day(monkeypatch, "2026-11-29")
    board = "abcd efgh ijkl mnop"
    later = {"due": "2026-12-20", "board": board, "list": "es", "language": "es"}
    saved_file(
        data_home.parent.parent.parent / "saved.json",
        {"word": "casa", "board": board, "list": "es", "language": "es"},
        {"word": "cama", **later},
        {"word": "cosa", **later},
        {"word": "amada", "board": board, "list": "es", "language": "es"},
        {"word": "amado", **later},
    )
    assert main(["words", "import", str(data_home.parent.parent.parent / "saved.json")]) == 0
    capsys.readouterr()
    answers(monkeypatch, "amado", "amada", "cama")
    assert main(["words", "practise", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:] == [
        "5 letters, starting with AMAD, on the board ABCD EFGH IJKL MNOP",
        "> AMADO fits too, but it is another kept word: try the other one.",
        "> Right: AMADA. Again tomorrow: right then too and it is learned.",
        "4 letters, starting with CAS, on the board ABCD EFGH IJKL MNOP",
        "> Not quite: the word is CASA.",
        "4 letters, starting with CAS, on the board ABCD EFGH IJKL MNOP",  # asked again
        "> ",
        "Practised 2 words: 1 right; 1 word still due today.",
    ]
    assert stored(data_home)["amado"]["streak"] == 0 and stored(data_home)["amado"]["due"]


def test_words_import_takes_the_progress_of_a_word_practised_later_in_the_file(
    data_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A learner practising in the terminal and in a browser: a word learned in the browser
    after the terminal's last practice stayed "to learn" here when its file was imported (the
    user's entry always stayed); now the entry practised last wins, as in both directions."""
    on_day(monkeypatch, "2026-12-01")
    data_home.parent.mkdir(parents=True)
    saved_file(
        data_home,
        {"word": "fame", "streak": 1, "due": "2026-11-30", "practised": "2026-11-29"},
        {"word": "limbo", "learned": True, "streak": 2, "due": "2026-12-04",
         "practised": "2026-12-01", "learned_on": "2026-12-01"},
    )  # fmt: skip
    source = saved_file(
        tmp_path / "boggle-words-2026-11-30.json",
        {"word": "fame", "learned": True, "streak": 2, "due": "2026-12-03",
         "practised": "2026-11-30", "learned_on": "2026-11-30"},
        {"word": "limbo", "streak": 0, "due": "", "practised": "2026-11-30"},
        {"word": "axle"},
    )  # fmt: skip
    assert main(["words", "import", str(source)]) == 0
    assert capsys.readouterr().out == (
        f"Added 1 word from {source}: AXLE (3 words in {data_home}).\n"
        "Kept already (1, your entry stays): LIMBO.\n"
        f"Brought up to date, practised later in {source} (1): FAME.\n"
    )
    kept = stored(data_home)
    assert {
        k: kept["fame"][k] for k in ("learned", "streak", "due", "practised", "learned_on")
    } == {
        "learned": True,
        "streak": 2,
        "due": "2026-12-03",
        "practised": "2026-11-30",
        "learned_on": "2026-11-30",
    }
    assert (kept["limbo"]["learned"], kept["limbo"]["practised"]) == (True, "2026-12-01")
    assert main(["words", "import", str(source)]) == 0  # once more: nothing newer
    assert capsys.readouterr().out == (
        f"No word added from {source}.\nKept already (3, your entry stays): FAME, LIMBO, AXLE.\n"
    )


def test_practise_asks_the_words_missed_again_until_they_are_right(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`boggle words practise` asked each word due once and stopped with the words missed still
    due, unlike My words, which asks them again in another pass (never the word just asked at
    once) until each is right or the learner stops: now it does the same."""
    on_day(monkeypatch, "2026-11-29")
    assert main(["words", "add", "limbo", "fame"]) == 0
    answers(monkeypatch, "fame", "fame", "limbo", "")
    assert main(["words", "practise", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    verdicts = [line.split(".")[0] for line in out if line.startswith("> ")]
    # FAME right, LIMBO missed; LIMBO asked again (the one word left), right
    assert verdicts == ["> Right: FAME", "> Not quite: the word is LIMBO", "> Right: LIMBO"]
    assert out[-1] == "Practised 2 words: 2 right."
    assert [e["due"] for e in stored(data_home).values()] == ["2026-11-30", "2026-11-30"]

    on_day(monkeypatch, "2026-11-30")
    answers(monkeypatch, "mile", "mile", "mile")  # missed each time, then Ctrl-D
    assert main(["words", "practise", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    asked = [line for line in out if line.startswith("> Not quite")]
    named = [line.removeprefix("> Not quite: the word is ").rstrip(".") for line in asked]
    assert len(named) == 3 and named[1] != named[0] and named[2] != named[1]
    assert out[-1] == "Practised 2 words: 0 right; 2 words still due today."


def test_fields_a_later_version_keeps_are_written_back_as_read(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An older ``boggle words`` dropped the entry's fields it did not know (as ``practised``
    and ``learned_on`` were to the one before them) when it saved: a later version's kept
    nothing of its own. Now they are written back as read, after the known ones, by each
    command that saves (remove, add here)."""
    on_day(monkeypatch, "2026-11-29")
    data_home.parent.mkdir(parents=True)
    later = {"hint": {"seen": 3}, "tags": ["food", "ñ"]}
    saved_file(data_home, {"word": "limbo", **later}, {"word": "fame"}, {"word": "lime"})
    assert main(["words", "remove", "fame"]) == 0
    assert main(["words", "add", "mile"]) == 0
    capsys.readouterr()
    kept = stored(data_home)
    assert sorted(kept) == ["limbo", "lime", "mile"]
    assert {name: kept["limbo"][name] for name in later} == later
    assert list(kept["limbo"])[-2:] == ["hint", "tags"]  # after the known fields
    assert "hint" not in kept["lime"]


def test_practise_appends_each_answer_and_writes_the_whole_file_once(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each answer rewrote the whole file (1.1 MB, about 60-110 ms at 5,000 words): now it is
    one line appended to ``words.json.answers``, folded into the file once, at the end."""
    from boggle.game.kept_words import answers_file

    on_day(monkeypatch, "2026-11-29")
    assert main(["words", "add", "limbo", "fame"]) == 0
    saves: list[int] = []
    whole = words_command.save_words

    def counted_save(path: Path, words: object) -> None:
        saves.append(len(answers_file(path).read_text().splitlines()))
        whole(path, words)  # type: ignore[arg-type]

    monkeypatch.setattr(words_command, "save_words", counted_save)
    answers(monkeypatch, "fame", "limbo", "")
    assert main(["words", "practise", "--seed", "1"]) == 0
    assert saves == [2]  # once, at the end, with both answers in the journal
    assert not answers_file(data_home).exists()
    assert [(e["streak"], e["due"]) for e in stored(data_home).values()] == [(1, "2026-11-30")] * 2
    assert capsys.readouterr().out.splitlines()[-1] == "Practised 2 words: 2 right."


def test_a_journal_torn_inside_a_letter_keeps_its_whole_answers(tmp_path: Path) -> None:
    """A crash that cut the journal's last line inside a two-byte letter (the é of café)
    left a file that is not UTF-8: it was read as empty, and the next save removed it with
    every answer of the run in it."""
    from boggle.game.kept_words import (
        KeptWord,
        answered,
        answers_file,
        load_words,
        record_answer,
        save_words,
    )

    path = tmp_path / "words.json"
    save_words(path, [KeptWord("fame"), KeptWord("cafe")])
    record_answer(path, answered(KeptWord("fame"), True, "2026-11-29"))
    with answers_file(path).open("ab") as journal:
        journal.write('{"word": "cafe", "note": "café'.encode()[:-1])  # torn inside é
    words = load_words(path, "2026-11-29")
    assert [(w.word, w.streak) for w in words] == [("fame", 1), ("cafe", 0)]
    save_words(path, words)
    assert [(w.word, w.streak) for w in load_words(path, "2026-11-29")] == [
        ("fame", 1),
        ("cafe", 0),
    ]


def test_answers_of_a_run_that_crashed_are_read_and_folded_in_at_the_next_start(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A run killed after an answer left it in the journal only: every command reads it, and
    the next practise folds it into the file (a torn last line left out)."""
    from boggle.game.kept_words import KeptWord, answered, answers_file, record_answer

    on_day(monkeypatch, "2026-11-29")
    assert main(["words", "add", "limbo", "fame"]) == 0
    before = data_home.read_bytes()
    entry = stored(data_home)["fame"]
    fame = KeptWord("fame", str(entry["list"]), str(entry["language"]))
    record_answer(data_home, answered(fame, True, "2026-11-29"))  # then killed
    with answers_file(data_home).open("a") as journal:
        journal.write('{"word": "limbo", "streak": 1, "du')  # torn mid-write
    assert data_home.read_bytes() == before
    capsys.readouterr()
    assert main(["words", "list"]) == 0
    listed = capsys.readouterr().out
    assert "practised 2026-11-29" in listed and listed.count("practised") == 1
    answers(monkeypatch, "")  # Ctrl-D at once
    assert main(["words", "practise"]) == 0
    assert not answers_file(data_home).exists()
    kept = stored(data_home)
    assert (kept["fame"]["streak"], kept["fame"]["due"]) == (1, "2026-11-30")
    assert (kept["limbo"]["streak"], kept["limbo"]["due"]) == (0, "")


ADD_PAUSED_BEFORE_SAVING = """
import sys, time
from pathlib import Path
from boggle.cli.commands import words
from boggle.cli.main import main

paused, go, path = (Path(name) for name in sys.argv[1:])
save = words.save_words

def save_later(to, kept):
    paused.write_text("read, not saved yet")
    while not go.exists():
        time.sleep(0.01)
    save(to, kept)

words.save_words = save_later
sys.exit(main(["words", "add", "axle", "--file", str(path)]))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="no file locks there (LOCKS)")
def test_an_answer_given_while_another_terminal_adds_a_word_is_kept(tmp_path: Path) -> None:
    """`boggle words add` in one terminal read the file (and its journal of answers), then
    `practise` in another appended an answer and folded it in, then `add` saved what it had
    read and removed the journal: the answer was lost. Now each holds the file (a lock) from
    its read to its write, and practise waits for add, saying so on stderr."""
    from boggle.game.kept_words import load_words

    path = tmp_path / "words.json"
    assert main(["words", "add", "fame", "--file", str(path)]) == 0
    paused, go = tmp_path / "paused", tmp_path / "go"
    env = os.environ | {"PYTHONPATH": os.pathsep.join(sys.path)}
    adder = subprocess.Popen(
        [sys.executable, "-c", ADD_PAUSED_BEFORE_SAVING, str(paused), str(go), str(path)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        for _ in range(3000):  # 30 s at most
            if paused.exists() or adder.poll() is not None:
                break
            subprocess.run(["sleep", "0.01"], check=True)
        assert paused.exists(), adder.communicate()
        waits = tmp_path / "practise.err"
        with waits.open("wb") as err:
            practise = subprocess.Popen(
                [sys.executable, "-m", "boggle", "words", "practise", "--file", str(path)],
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
            )
            assert practise.stdin is not None
            practise.stdin.write(b"fame\nfame\n")  # right, whichever word is asked first
            practise.stdin.close()
            for _ in range(3000):  # done (the answer lost), or waiting for add
                if practise.poll() is not None or b"waiting" in waits.read_bytes():
                    break
                subprocess.run(["sleep", "0.01"], check=True)
            go.write_text("save now")
            assert practise.stdout is not None
            out = practise.stdout.read()
        assert practise.wait(timeout=60) == 0, waits.read_text()
        assert "Right: FAME." in out.decode()
        assert adder.wait(timeout=60) == 0
    finally:
        go.touch()
        adder.kill()
        adder.wait()
    kept = {w.word: w.streak for w in load_words(path, "2026-11-29")}
    assert kept == {"axle": 0, "fame": 1}
    assert waits.read_text().startswith(
        f"boggle words: waiting for another 'boggle words' to finish with {path}"
    )


def test_practise_says_in_a_line_where_files_cannot_be_locked(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Where the system has no file locks (Windows), practise says once that words are not
    to be changed in another terminal while it runs."""
    monkeypatch.setattr(words_command, "LOCKS", False)
    answers(monkeypatch, "")
    assert main(["words", "practise"]) == 0
    err = capsys.readouterr().err
    assert err == (
        "boggle words: this system has no file locks: add, remove or import words after "
        "practise stops, not in another terminal while it runs\n"
    )


def test_a_command_that_only_reads_makes_no_folder_and_a_writer_that_cannot_lock_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The lock file: never made by `list` (a folder it may not write), and one that cannot
    be made is one line, nothing changed, for a command about to write."""
    missing = tmp_path / "none" / "words.json"
    assert main(["words", "list", "--file", str(missing)]) == 0
    assert not missing.parent.exists()
    (tmp_path / "words.json.lock").mkdir()  # in the way: not a file
    assert main(["words", "add", "fame", "--file", str(tmp_path / "words.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"boggle: error: cannot lock {tmp_path / 'words.json.lock'}: "), err
    assert not (tmp_path / "words.json").exists()


def test_practise_with_nothing_due_in_a_folder_it_cannot_lock_in_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`boggle words practise` on a read-only folder failed at once with "cannot lock
    .../words.json.lock: Read-only file system", even with nothing to practise (nothing
    written): it says that nothing is due. With words due it still fails in that one line,
    before asking any (an answer could not be kept)."""
    path = tmp_path / "words.json"
    on_day(monkeypatch, "2026-11-29")
    assert main(["words", "add", "limbo", "--file", str(path)]) == 0
    answers(monkeypatch, "limbo")
    assert main(["words", "practise", "--file", str(path)]) == 0
    capsys.readouterr()
    kept = path.read_bytes()
    (tmp_path / "words.json.lock").unlink()
    (tmp_path / "words.json.lock").mkdir()  # in the way: the lock cannot be made
    assert main(["words", "practise", "--file", str(path)]) == 0
    assert capsys.readouterr() == ("No word is due today; the next on 2026-11-30.\n", "")
    none = tmp_path / "none" / "words.json"  # no words kept: said too
    (tmp_path / "none").mkdir()
    (tmp_path / "none" / "words.json.lock").mkdir()
    assert main(["words", "practise", "--file", str(none)]) == 0
    out, err = capsys.readouterr()
    assert out == "No words kept: keep some with 'boggle words add WORD'.\n" and err == ""
    on_day(monkeypatch, "2026-11-30")  # limbo due: its answer could not be kept
    answers(monkeypatch, "limbo")
    assert main(["words", "practise", "--file", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"boggle: error: cannot lock {tmp_path / 'words.json.lock'}: "), err
    assert err.count("\n") == 1
    assert path.read_bytes() == kept


@pytest.mark.skipif(sys.platform == "win32", reason="no file locks there (LOCKS)")
@pytest.mark.parametrize("action", [["list"], ["add", "fame"], ["remove", "fame"], ["practise"]])
def test_a_file_that_is_not_one_is_refused_without_a_lock_file_beside_it(
    tmp_path: Path, action: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """`boggle words --file DIR` (or a device: `--file /dev/null` made /dev/null.lock) made
    DIR.lock beside what it then refused in one line: a refused file is left with nothing
    made beside it."""
    folder = tmp_path / "notes"
    folder.mkdir()
    assert main(["words", *action, "--file", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"boggle: error: file of kept words '{folder}' is a directory"), err
    assert sorted(tmp_path.iterdir()) == [folder]


@pytest.mark.skipif(sys.platform == "win32", reason="no file locks there (LOCKS)")
@pytest.mark.parametrize("action", [["list"], ["add", "fame"], ["remove", "fame"]])
def test_a_file_under_a_file_is_refused_as_such_not_as_a_lock_that_exists(
    tmp_path: Path, action: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """`--file notes.txt/words.json` (notes.txt a file): `add` said "cannot lock
    notes.txt/words.json.lock: File exists", the lock's folder made where a file is; each
    action says the file cannot be read, "Not a directory", as `list` did."""
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    assert main(["words", *action, "--file", str(notes / "words.json")]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"boggle: error: file of kept words '{notes / 'words.json'}' cannot be read: "
        "Not a directory\n"
    )
    assert notes.read_text() == "mine\n"
