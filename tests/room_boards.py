"""The boards and the clock of the rooms a test serves (``RoomsConfig(roll=same_boards,
clock=RoomClock())``): the same boards each run, and rounds that end when the test says. A
server's rooms roll theirs at random, and what a test asserts of a round's words (six words
to enter, one of two points or more, a word nobody found) holds for most boards, not all: a
test on a random board fails now and then, by chance. And a round on the real clock is one
that a loaded machine may not finish its words in.
"""

from __future__ import annotations

from typing import Any

from boggle import Board, load_lexicon, solve
from boggle.rooms import RoomSettings
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.spelling import lexicon_profile

FXIE = "fxie amlo ewbx astu"
"""The 4x4 board of the tests (the solo and challenge pages' too): words of one to five
points, more than six of them, some of them missed by any player in a test."""


def fxie_word(length: int) -> dict[str, Any]:
    """The first word of ``length`` letters on FXIE in the default list (as the solver lists
    them), as a page's round shows it: its ``word``, ``points`` and ``path``."""
    words = solve(Board.parse(FXIE), load_lexicon()).words
    found = next(entry for entry in words if len(entry.word) == length)
    return {"word": found.word, "points": found.points, "path": [list(cell) for cell in found.path]}


def same_boards(settings: RoomSettings, lexicon: Lexicon | None = None) -> Board:
    """Each round's board in a test: FXIE for a 4x4 room of an English list; a room of
    another size or language plays its board rolled from seed 1 (a rematch on the big dice
    still gets a 5x5 board, a Spanish room the list's letters).

    >>> same_boards(RoomSettings())
    Board.parse('fxie amlo ewbx astu')
    >>> big = same_boards(RoomSettings(dice="big", rows=5, cols=5))
    >>> (big.rows, big.cols), big == same_boards(RoomSettings(dice="big", rows=5, cols=5))
    ((5, 5), True)
    """
    english = lexicon is None or lexicon_profile(lexicon).code == "en"
    if english and (settings.rows, settings.cols) == (4, 4):
        return Board.parse(FXIE)
    return settings.roll(1, lexicon)


class RoomClock:
    """The rooms' clock (monotonic seconds) in a test: it stands still until the test moves
    it, so a round lasts as long as the test needs however loaded the machine is.

    >>> clock = RoomClock()
    >>> clock.now += 61
    >>> clock()
    1061.0
    """

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
