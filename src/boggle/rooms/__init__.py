"""Multiplayer rooms, the daily board and stored results (the web page's shared games).

The library decides everything a room does: :mod:`~boggle.rooms.room` is the state
machine of one room (players, the server's clock, words checked, rounds judged by
``judge_round``), :mod:`~boggle.rooms.hub` holds the rooms of a server,
:mod:`~boggle.rooms.protocol` reads and writes the messages, :mod:`~boggle.rooms.limits`
says what a client may ask, :mod:`~boggle.rooms.storage` keeps results in SQLite and
:mod:`~boggle.rooms.daily` gives the board of the day, :mod:`~boggle.rooms.challenges`
keeps rounds for friends to play later.  ``boggle.web.rooms`` only
carries the messages over WebSockets.
"""

from boggle.rooms.challenges import ChallengeLimits, ChallengeStore
from boggle.rooms.config import RoomsConfig
from boggle.rooms.daily import DAILY_SECONDS, daily_board, share_line
from boggle.rooms.hub import Hub, normalise_code
from boggle.rooms.limits import CreationLimiter, RateLimiter, RoomError, RoomLimits
from boggle.rooms.room import Phase, Player, Room, WordFeedback, judge
from boggle.rooms.settings import RoomSettings
from boggle.rooms.storage import ResultStore, default_data_dir

__all__ = [
    "DAILY_SECONDS",
    "ChallengeLimits",
    "ChallengeStore",
    "CreationLimiter",
    "Hub",
    "Phase",
    "Player",
    "RateLimiter",
    "ResultStore",
    "Room",
    "RoomError",
    "RoomLimits",
    "RoomSettings",
    "RoomsConfig",
    "WordFeedback",
    "daily_board",
    "default_data_dir",
    "judge",
    "normalise_code",
    "share_line",
]
