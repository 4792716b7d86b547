"""boggle: solve, roll, judge, play and study Boggle boards.

>>> from boggle import Board, Lexicon, solve
>>> solution = solve(Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(["fame", "moxie"]))
>>> [word.word for word in solution], solution.score
(['fame'], 1)
"""

from boggle.board import MAX_CELLS, MAX_SIDE, MULTI_LETTER_FACES, Board, Cell
from boggle.dice import DICE_SETS, DiceSet, roll, roll_board, uniform_board
from boggle.engines import default_engine, engine_names, get_engine, solve
from boggle.errors import (
    BoardError,
    BoggleError,
    DiceError,
    EngineError,
    JudgeError,
    LexiconError,
    RulesError,
)
from boggle.game import Match, PlayerList, PlaySession, RoundResult, Status, judge_round
from boggle.lexicon import DEFAULT_WORDLIST, Lexicon, bundled_lists, load_lexicon, normalise_word
from boggle.rules import (
    BIG,
    CLASSIC,
    PRESETS,
    Rules,
    RulesChoice,
    choose_rules,
    preset,
    rules_for_board,
)
from boggle.solution import Found, ScoredWord, Solution

__version__ = "0.1.0"

__all__ = [
    "BIG",
    "CLASSIC",
    "DEFAULT_WORDLIST",
    "DICE_SETS",
    "MAX_CELLS",
    "MAX_SIDE",
    "MULTI_LETTER_FACES",
    "PRESETS",
    "Board",
    "BoardError",
    "BoggleError",
    "Cell",
    "DiceError",
    "DiceSet",
    "EngineError",
    "Found",
    "JudgeError",
    "Lexicon",
    "LexiconError",
    "Match",
    "PlaySession",
    "PlayerList",
    "RoundResult",
    "Rules",
    "RulesChoice",
    "RulesError",
    "ScoredWord",
    "Solution",
    "Status",
    "bundled_lists",
    "choose_rules",
    "default_engine",
    "engine_names",
    "get_engine",
    "judge_round",
    "load_lexicon",
    "normalise_word",
    "preset",
    "roll",
    "roll_board",
    "rules_for_board",
    "solve",
    "uniform_board",
]
