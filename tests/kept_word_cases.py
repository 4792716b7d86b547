"""Stored entries of one word kept twice or more, and the card they become: the same cases
for the library (``boggle.game.kept_words.read_words``, ``merged``; tests/lib/test_kept_words.py)
and the web page (``readWords`` and ``combined`` in learn.js; tests/web/test_learn_browser.py),
which must merge them alike: the progress of the entry further on (learned, then right answers
in a row; the first on a tie) with its list, board and due day, the day first kept, the most
points, the most common level, the day last practised (the latest) and the day learned (the
card's).  Each case is read on :data:`DAY`."""

from __future__ import annotations

from typing import Any

DAY = "2026-11-29"

FIELDS = (
    "word",
    "list",
    "language",
    "points",
    "level",
    "board",
    "date",
    "learned",
    "streak",
    "due",
    "practised",
    "learned_on",
)


def entry(word: str = "fame", **fields: Any) -> dict[str, Any]:
    """A stored entry: ``word`` of ``en-70``, kept on 2026-11-20, due at once, unless told."""
    stored: dict[str, Any] = {"word": word, "list": "en-70", "language": "en", "points": 1}
    stored.update({"level": None, "board": "fxie", "date": "2026-11-20", "due": ""})
    stored.update({"learned": False, "streak": 0, "practised": "", "learned_on": ""})
    stored.update(fields)
    return stored


def card(word: str = "fame", **fields: Any) -> dict[str, Any]:
    """The card expected, every field of :data:`FIELDS`."""
    return {key: value for key, value in entry(word, **fields).items() if key in FIELDS}


MERGE_CASES: list[tuple[str, list[dict[str, Any]], list[dict[str, Any]]]] = [
    (
        "learned beats right answers in a row, the level the most common",
        [
            entry(streak=1, due="2026-11-30", level="common", date="2026-11-25"),
            entry(list="en-80", learned=True, streak=2, due="2026-12-05", board="abcd", points=3),
        ],
        [card(list="en-80", learned=True, streak=2, due="2026-12-05", board="abcd", points=3,
              level="common")],
    ),
    (
        "learned beats a longer streak not learned (a file's)",
        [
            entry(streak=4, due="2026-12-20", level="standard"),
            entry(list="en-80", learned=True, streak=0, due="2026-12-01", level="obscure"),
        ],
        [card(list="en-80", learned=True, streak=0, due="2026-12-01", level="standard")],
    ),
    (
        "more right answers in a row, of three entries",
        [
            entry(streak=1, due="2026-11-30", level="obscure", date="2026-11-22"),
            entry(list="en-80", streak=0, level=None, date=""),
            entry(list=None, streak=3, due="2026-12-02", level="obscure", date="2026-11-21",
                  points=5),
        ],
        [card(list=None, streak=3, due="2026-12-02", level="obscure", date="2026-11-21",
              points=5)],
    ),
    (
        "a tie keeps the first, its due day and list",
        [
            entry(list="en-80", streak=1, due="2026-12-01", level="standard"),
            entry(streak=1, due="2026-11-30", level="common", points=4),
        ],
        [card(list="en-80", streak=1, due="2026-12-01", level="common", points=4)],
    ),
    (
        "a language that is not a code is its list's, and the entries are one card",
        [
            entry(language="", streak=0, level="standard"),
            entry(list="en-80", language="en", learned=True, streak=2, due="2026-12-03"),
            entry(word="casa", list="es", language="EN"),
        ],
        [
            card(list="en-80", learned=True, streak=2, due="2026-12-03", level="standard"),
            card(word="casa", list="es", language="es"),
        ],
    ),
    (
        "a word of two languages is two cards",
        [entry(word="casa", list="es", language="es"),
         entry(word="casa", list="pt", language="pt")],
        [card(word="casa", list="es", language="es"),
         card(word="casa", list="pt", language="pt")],
    ),
    (
        "an entry further on from before due days takes its due day from the spread",
        [
            entry(streak=1, due="2026-12-10"),
            {"word": "fame", "list": "en-80", "learned": True, "streak": 2, "points": 2},
        ],
        [card(list="en-80", learned=True, streak=2, due="", points=2, board="", level=None,
              date="2026-11-20")],
    ),
    (
        "the day last practised is the latest, the day learned the card's",
        [
            entry(streak=1, due="2026-11-30", practised="2026-11-29"),
            entry(list="en-80", learned=True, streak=2, due="2026-12-01",
                  practised="2026-11-28", learned_on="2026-11-28"),
            entry(word="limbo", streak=0, practised="2026-11-27", learned_on="2026-11-26"),
        ],
        [
            card(list="en-80", learned=True, streak=2, due="2026-12-01", practised="2026-11-29",
                 learned_on="2026-11-28"),
            card(word="limbo", practised="2026-11-27"),  # not learned: no day learned
        ],
    ),
    (
        "no level known in either",
        [entry(list=None, language=None, streak=1), entry(list=None, language=None, streak=2)],
        [card(list=None, language=None, streak=2)],
    ),
]  # fmt: skip


WORD_CASES: list[tuple[str, str | None]] = [
    ("fame", "fame"),
    ("  Fame\t", "fame"),
    ("FAME\n", "fame"),
    ("café", "café"),
    ("straße", "straße"),
    ("ΟΔΟΣ", "οδος"),  # a final sigma, lowered as a final sigma
    ("\uff46\uff41\uff4d\uff45", "\uff46\uff41\uff4d\uff45"),  # fullwidth letters are letters
    ("\U0001d41a\U0001d41b", "\U0001d41a\U0001d41b"),  # letters past U+FFFF: 2 characters
    ("a" * 64, "a" * 64),
    ("\U0001d41a" * 64, "\U0001d41a" * 64),  # 64 characters, 128 UTF-16 units
    ("a" * 65, None),
    ("e-mail", None),  # a hyphen
    ("don't", None),  # an apostrophe
    ("don\u2019t", None),  # a typographic one
    ("r2d2", None),  # digits
    ("2", None),
    ("٣", None),  # an Arabic-Indic digit
    ("ice cream", None),  # a space inside
    ("a_b", None),
    ("<b>", None),
    ('a"b', None),
    ("", None),
    ("   ", None),
    ("cafe\u0301", None),  # a combining accent is no letter
    ("İstanbul", None),  # lowered, its dot is a combining one
    ("fame\x1c", "fame"),  # what Python's strip() takes off: a file separator
    ("\x85fame", "fame"),  # and NEXT LINE
    ("\ufefffame", None),  # a byte order mark it leaves, which is no letter
]
"""Words as stored, and the word a card keeps (``None``: the entry is dropped): the same for
the library (``boggle.game.kept_words``: stripped, lowered, letters only, 1 to 64 of them)
and the page (learn.js ``cleanEntry``, through ``readWords``)."""
