"""The kept words' file (``boggle.game.kept_words``): opened as a regular file only, and
two records of one word merged as My words merges them."""

from __future__ import annotations

import json
import os
import re
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from kept_word_cases import DAY, FIELDS, MERGE_CASES, WORD_CASES

from boggle.game.kept_words import KeptWordsError, add_from_file, load_words, read_words


def refused(call: Callable[[], object]) -> str:
    """The one line ``call`` is refused with, failing (not hanging) if it blocks."""
    result: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
        except BaseException as error:
            result.append(error)
        else:
            result.append(None)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(10)
    assert result, "blocked on the file"
    error = result[0]
    assert isinstance(error, KeptWordsError), error
    assert "\n" not in str(error)
    return str(error)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_in_one_line_never_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "words.json"
    os.mkfifo(fifo)
    line = refused(lambda: load_words(fifo, "2026-11-29"))
    assert line == f"file of kept words '{fifo}' is a pipe (FIFO), not a regular file"
    line = refused(lambda: add_from_file([], fifo, "2026-11-29"))
    assert line.endswith("is a pipe (FIFO), not a regular file: nothing added")


def test_a_directory_is_refused_in_one_line(tmp_path: Path) -> None:
    line = refused(lambda: load_words(tmp_path, "2026-11-29"))
    assert line == f"file of kept words '{tmp_path}' is a directory, not a file"
    line = refused(lambda: add_from_file([], tmp_path, "2026-11-29"))
    assert line.endswith("is a directory, not a file: nothing added")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_refused_in_one_line_not_read() -> None:
    for device in ("/dev/zero", "/dev/null"):
        line = refused(lambda: add_from_file([], Path(device), "2026-11-29"))  # noqa: B023
        assert (
            line == f"file of kept words '{device}' is a device, not a regular file: nothing added"
        )


def test_a_missing_file_is_no_words_or_one_line(tmp_path: Path) -> None:
    assert load_words(tmp_path / "none.json", "2026-11-29") == []
    line = refused(lambda: add_from_file([], tmp_path / "none.json", "2026-11-29"))
    assert line == f"cannot read {tmp_path / 'none.json'}: no such file: nothing added"
    if sys.platform != "win32":
        link = tmp_path / "link.json"
        link.symlink_to(tmp_path / "nowhere.json")
        assert load_words(link, "2026-11-29") == []


@pytest.mark.parametrize(
    ("stored", "expected"), [pytest.param(s, e, id=name) for name, s, e in MERGE_CASES]
)
def test_entries_of_one_word_merge_as_my_words_merges_them(
    stored: list[dict[str, object]], expected: list[dict[str, object]]
) -> None:
    """The library kept the level of the entry further on, My words the most common of them;
    and a language that was not a code ("", "EN") made the entry a card of its own in the
    library, one of its list's language on the page (so a word kept twice lost its progress in
    one and not the other).  The same cases hold the page (tests/web/test_learn_browser.py)."""
    words = read_words(json.dumps({"version": 1, "words": stored}), DAY)
    assert [{key: w.to_json()[key] for key in FIELDS} for w in words] == expected


@pytest.mark.parametrize(("stored", "kept"), WORD_CASES)
def test_a_stored_word_is_kept_as_the_page_keeps_it(stored: str, kept: str | None) -> None:
    """What a kept word may hold (letters only: no digit, hyphen, apostrophe or space; 1 to
    64 of them), as learn.js cleanEntry reads it (tests/web/test_learn_merge_browser.py)."""
    words = read_words(json.dumps({"version": 1, "words": [{"word": stored}]}), DAY)
    assert [word.word for word in words] == ([] if kept is None else [kept])


def test_an_answer_keeps_the_day_practised_and_the_day_learned() -> None:
    """A learner wants to see which words they now know and since when, and when a word was
    last practised: the entries kept neither (the page's neither)."""
    from boggle.game.kept_words import KeptWord, answered, progress_line

    fame = KeptWord("fame", "en-70", "en", date="2026-11-20")
    once = answered(fame, True, "2026-11-29")
    assert (once.practised, once.learned_on) == ("2026-11-29", "")
    twice = answered(once, True, "2026-11-30")
    assert (twice.learned, twice.practised, twice.learned_on) == (True, "2026-11-30", "2026-11-30")
    review = answered(twice, True, "2026-12-03")
    assert (review.practised, review.learned_on) == ("2026-12-03", "2026-11-30")
    missed = answered(review, False, "2026-12-10")
    assert (missed.learned, missed.practised, missed.learned_on) == (False, "2026-12-10", "")
    assert read_words(json.dumps({"version": 1, "words": [review.to_json()]}), DAY) == [review]
    words = [review, KeptWord("limbo", learned=True), once]  # limbo: learned before the day kept
    assert progress_line(words, "2026-11-30") == "2 of 3 words learned, 1 this month."
    assert progress_line(words, "2026-12-01") == "2 of 3 words learned, none this month."


def test_both_shells_keep_as_many_words_and_read_as_large_a_file() -> None:
    """``boggle words`` and My words share one limit (a list kept in one is whole in the
    other) and one largest file: learn.js's MOST_KEPT and words.js's MOST_FILE_BYTES are
    this module's, and enough for a learner's year (10 words a day)."""
    from boggle.game import kept_words

    static = Path(kept_words.__file__).parent.parent / "web" / "static"
    learn = (static / "learn.js").read_text(encoding="utf-8")
    words = (static / "words.js").read_text(encoding="utf-8")
    most = re.search(r"^export const MOST_KEPT = (\d+);", learn, re.MULTILINE)
    file_bytes = re.search(r"^const MOST_FILE_BYTES = (\d+);", words, re.MULTILINE)
    assert most and file_bytes
    assert int(most.group(1)) == kept_words.MOST_KEPT >= 3650
    assert int(file_bytes.group(1)) == kept_words.MOST_FILE_BYTES
    # a full list of long entries (5x5 boards, learned, every day set) fits in the file
    entry = kept_words.KeptWord(
        "abcdefghijkl",
        "en-70",
        "en",
        12,
        "standard",
        "abcde " * 4 + "abcde",
        "2026-11-29",
        True,
        3,
        "2026-12-20",
        "2026-11-29",
        "2026-11-29",
    )
    text = kept_words.words_text([entry] * kept_words.MOST_KEPT)
    assert len(text.encode()) < kept_words.MOST_FILE_BYTES / 2


def test_a_file_of_words_all_kept_already_is_added_in_linear_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Adding back one's own saved list (5,000 words, every one kept) looked each word up by
    a scan of the kept list: 12.5 million tests, seconds; the progress still goes to the
    first entry of the word, and a word practised later in the file takes the file's."""
    from boggle.game.kept_words import MOST_KEPT, KeptWord

    words = [
        f"w{chr(97 + i // 676)}{chr(97 + i // 26 % 26)}{chr(97 + i % 26)}" for i in range(2000)
    ]
    kept = [KeptWord(w, "en-70", "en", due=DAY, practised="2026-11-01") for w in words]
    later = [KeptWord(w, "en-80", "en", streak=2, practised="2026-11-20") for w in words[:3]]
    stored = {"version": 1, "words": [w.to_json() for w in [*kept[3:], *later]]}
    path = tmp_path / "words.json"
    path.write_text(json.dumps(stored))
    calls = [0]
    key = KeptWord.key

    def counted(self: KeptWord) -> tuple[str, str]:
        calls[0] += 1
        return key(self)

    monkeypatch.setattr(KeptWord, "key", counted)
    added = add_from_file(kept, path, DAY)
    assert calls[0] < 20 * len(words), calls[0]
    assert len(added.already) == len(words) and not added.added and len(words) <= MOST_KEPT
    assert [(w.word, w.list, w.streak) for w in added.updated] == [
        (w, "en-70", 2) for w in words[:3]
    ]
    assert [w.word for w in added.words] == words
