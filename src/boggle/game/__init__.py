"""Rounds by the rules of the game (as "At Play With J: Boggle" gives them).

Judging players' lists, matches, timed play.

A round is a board, the rules, a word list and each player's list of words.
Every entry of a list gets one verdict, decided in this order:

========================  =====================================================
status                    meaning
========================  =====================================================
``invalid``               an empty line, or characters other than letters
``repeated``              the player already listed this word (it counts once)
``too_short``             shorter than the rules' minimum length
``not_on_board``          no path on the board spells it
``not_a_word``            on the board, but not in the word list
``unchecked``             in the word list, but the board could not be read
``crossed_off``           a good word that another player also found: 0 points
``counted``               a good word only this player found: its points
========================  =====================================================

The article's challenge house rule is an option (``challenge``): a challenged
entry that is not in the word list scores -1 (whether or not it is on the
board); a challenged word that counts earns 1 point more.  Other verdicts
(crossed off, too short, repeated, invalid) are settled by the rules, so a
challenge changes nothing there.  ``challenge="listed"`` applies it to the
words each player's ``challenged`` names, ``"all"`` to every entry (a referee
who checks everything), ``"off"`` ignores challenges.

>>> from boggle import Board, Lexicon
>>> lexicon = Lexicon.from_words(["fame", "mile", "limb", "axe"])
>>> result = judge_round("fxie amlo ewbx astu", {"ann": ["fame", "axe", "mile"],
...     "bob": ["FAME", "limb", "limb", "xyz1"]}, lexicon)
>>> [(v.word, v.status.value) for v in result.player("bob").verdicts]
[('fame', 'crossed_off'), ('limb', 'counted'), ('limb', 'repeated'), ('xyz1', 'invalid')]
>>> result.scores()
{'ann': 1, 'bob': 1}
"""

from boggle.game.hints import HINTS_PER_ROUND, Hint, NoWordsLeft, hint_order, next_hint
from boggle.game.matches import DEFAULT_TARGET, Match, play_match
from boggle.game.play import Feedback, FeedbackStatus, PlaySession
from boggle.game.reading import iter_problems, judge_json, read_players, read_round_text
from boggle.game.rounds import (
    CHALLENGE_BONUS,
    CHALLENGE_MODES,
    CHALLENGE_PENALTY,
    ChallengeMode,
    PlayerList,
    PlayerResult,
    RoundResult,
    Verdict,
    default_challenge,
    judge_round,
)
from boggle.game.words import (
    PATH_STEP_BUDGET,
    PathSearchError,
    Status,
    WordCheck,
    check_word,
    find_path,
    reading_note,
    typed_word,
    verdict_message,
)

__all__ = [
    "CHALLENGE_BONUS",
    "CHALLENGE_MODES",
    "CHALLENGE_PENALTY",
    "DEFAULT_TARGET",
    "HINTS_PER_ROUND",
    "PATH_STEP_BUDGET",
    "ChallengeMode",
    "Feedback",
    "FeedbackStatus",
    "Hint",
    "Match",
    "NoWordsLeft",
    "PathSearchError",
    "PlaySession",
    "PlayerList",
    "PlayerResult",
    "RoundResult",
    "Status",
    "Verdict",
    "WordCheck",
    "check_word",
    "default_challenge",
    "find_path",
    "hint_order",
    "iter_problems",
    "judge_json",
    "judge_round",
    "next_hint",
    "play_match",
    "read_players",
    "read_round_text",
    "reading_note",
    "typed_word",
    "verdict_message",
]
