"""How a server's rooms are set up: where results are kept, the limits, the clock.

>>> RoomsConfig().data_dir is None, RoomsConfig().limits.max_players
(True, 40)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from boggle.model.board import Board
from boggle.model.checks import check_limits
from boggle.rooms.challenges import ChallengeLimits
from boggle.rooms.limits import RoomLimits
from boggle.rooms.settings import RoomSettings, roll_at_random
from boggle.rooms.storage import DEFAULT_KEEP_DAYS
from boggle.wordlists.lexicon import Lexicon


@dataclass(frozen=True)
class RoomsConfig:
    """Where results are kept (``None``: in memory), the rooms' limits, the clock (seconds,
    monotonic; tests move their own), each round's board (rolled at random with the room's
    dice; tests fix their own), how often word counts go to everyone (a player's own
    feedback carries them too) and how long results are kept.

    >>> config = RoomsConfig(keep_days=7, clock=lambda: 100.0)
    >>> config.keep_days, config.clock(), config.challenges.max_results
    (7, 100.0, 100)
    >>> fixed = RoomsConfig(roll=lambda settings, lexicon: Board.parse("fxie amlo ewbx astu"))
    >>> fixed.roll(RoomSettings(), None)
    Board.parse('fxie amlo ewbx astu')
    """

    data_dir: Path | None = None
    limits: RoomLimits = field(default_factory=RoomLimits)
    clock: Callable[[], float] = time.monotonic
    roll: Callable[[RoomSettings, Lexicon | None], Board] = field(
        default_factory=lambda: roll_at_random
    )
    """The board of a round, from the room's settings and its list (a factory: a function
    kept on the class would read as a method of it)."""
    progress_seconds: float = 2.0
    keep_days: float | None = DEFAULT_KEEP_DAYS
    """Stored rounds and matches older than this many days are deleted (``None``: never)."""
    challenges: ChallengeLimits = field(default_factory=ChallengeLimits)
    rooms_file: Path | None = None
    """Where the open rooms are kept when the server stops, and read back from when it
    starts (:mod:`boggle.rooms.state`; ``None``: rooms end with the server)."""

    def __post_init__(self) -> None:
        check_limits(self)
