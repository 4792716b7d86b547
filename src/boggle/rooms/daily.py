"""The daily board: the same board for everyone on a date, for a word list and a size.

The seed is a hash of the date, the list's name and the size, so every server
gives the same board for the same three; the result line to share tells the
score, the word count and the percent of the maximum, and no word.

>>> import datetime
>>> day = datetime.date(2026, 11, 23)
>>> str(daily_board(day, "en-70", 4)) == str(daily_board(day, "en-70", 4))
True
>>> str(daily_board(day, "en-70", 4)) == str(daily_board(day + datetime.timedelta(1), "en-70", 4))
False
>>> share_line(day, "English (111,817 words)", 4, score=23, words=12, maximum=180)
'boggle daily 2026-11-23, 4x4, English (111,817 words): 23 points, 12 words, 13% of the maximum'
>>> share_line(day, "English (111,817 words)", 4, score=1, words=1, maximum=180)
'boggle daily 2026-11-23, 4x4, English (111,817 words): 1 point, 1 word, 1% of the maximum'
"""

from __future__ import annotations

import datetime
import hashlib
import re

from boggle.dice.cubes import roll_board
from boggle.dice.measured import roll_for_language
from boggle.model.board import Board
from boggle.rooms.limits import RoomError
from boggle.wordlists.lexicon import Lexicon

DAILY_SECONDS = 180
DAILY_SIZES = {4: "new", 5: "big", 6: "superbig"}
"""The dice of each size the daily board comes in (English; another language's board draws
each cell from its list's letters)."""


def parse_date(text: str | None, today: datetime.date | None = None) -> datetime.date:
    """A date written ``YYYY-MM-DD``; ``None`` is today (UTC).  Boards are out until
    tomorrow's (the date somewhere on Earth), not later.

    >>> parse_date("2026-11-24", today=datetime.date(2026, 11, 23))
    datetime.date(2026, 11, 24)
    >>> parse_date("2026-11-25", today=datetime.date(2026, 11, 23))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    boggle.rooms.limits.RoomError: the daily board of 2026-11-25 is not out yet: the latest ...
    >>> parse_date("2026-02-30")
    Traceback (most recent call last):
    ...
    boggle.rooms.limits.RoomError: no such day: '2026-02-30'
    """
    today = today or datetime.datetime.now(datetime.UTC).date()
    if text is None:
        return today
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):  # 2026-02-30, 0000-01-01
            raise RoomError("bad_date", f"no such day: {text!r}") from None
        raise RoomError("bad_date", f"a date is written YYYY-MM-DD, got {text[:40]!r}") from None
    latest = today + datetime.timedelta(days=1)
    if day > latest:
        raise RoomError(
            "future_date", f"the daily board of {day} is not out yet: the latest is {latest}"
        )
    return day


def daily_seed(date: datetime.date, dictionary: str, size: int) -> int:
    digest = hashlib.sha256(f"boggle-daily|{date.isoformat()}|{dictionary}|{size}".encode())
    return int.from_bytes(digest.digest()[:6], "big")


def daily_board(
    date: datetime.date, dictionary: str, size: int, lexicon: Lexicon | None = None
) -> Board:
    """The board of the day for this list and size (4, 5 or 6), in the language of the list
    ``lexicon`` (English without one) as :func:`~boggle.dice.measured.roll_for_language`
    rolls it: English rolls the dice of the size, another language draws each cell from
    its list's letters.

    >>> daily_board(datetime.date(2026, 11, 23), "en-70", 4)
    Board.parse('vlea oree ovfm daiy')
    >>> spanish = Lexicon.from_words(["año", "niño"])
    >>> spanish.language = "es"
    >>> set(daily_board(datetime.date(2026, 11, 23), "mine", 5, spanish).faces) <= set("añino")
    True
    >>> daily_board(datetime.date(2026, 11, 23), "en-70", 7)
    Traceback (most recent call last):
    ...
    boggle.rooms.limits.RoomError: the daily board is 4, 5, 6 a side, got 7
    """
    if size not in DAILY_SIZES:
        raise RoomError(
            "bad_size", f"the daily board is {', '.join(map(str, DAILY_SIZES))} a side, got {size}"
        )
    seed = daily_seed(date, dictionary, size)
    if lexicon is None:
        return roll_board(DAILY_SIZES[size], seed)
    return roll_for_language(lexicon, DAILY_SIZES[size], seed, size, size)


SHARE_TITLE_CHARS = 40
"""A word list's title in the line to share is cut to this many characters (an operator's
list may have a long name): the line stays short enough to paste in a message."""


def share_line(
    date: datetime.date, list_title: str, size: int, score: int, words: int, maximum: int
) -> str:
    """The result to share, on one line: the day, the size and the word list by its title
    (:func:`boggle.wordlists.catalogue.list_title`, as every page names it), then numbers
    only, no words.

    >>> day = datetime.date(2026, 11, 23)
    >>> share_line(day, "Spanish (mine)", 5, score=40, words=21, maximum=0)
    'boggle daily 2026-11-23, 5x5, Spanish (mine): 40 points, 21 words, 0% of the maximum'
    >>> share_line(day, "mine (the chess club's own list, 2019-26)", 4, 1, 1, 4)
    "boggle daily 2026-11-23, 4x4, mine (the chess club's own list, 2019-2…: 1 point, 1 word, \
25% of the maximum"
    """
    title = " ".join(list_title.split())  # one line, whatever the list's name holds
    if len(title) > SHARE_TITLE_CHARS:
        title = title[: SHARE_TITLE_CHARS - 1] + "\u2026"
    percent = round(100 * score / maximum) if maximum else 0
    return (
        f"boggle daily {date.isoformat()}, {size}x{size}, {title}: "
        f"{score} point{'' if score == 1 else 's'}, {words} word{'' if words == 1 else 's'}, "
        f"{percent}% of the maximum"
    )
