"""boggle: solve, roll, judge, play and study Boggle boards.

>>> from boggle import Board, Lexicon, solve
>>> solution = solve(Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(["fame", "moxie"]))
>>> [word.word for word in solution], solution.score
(['fame'], 1)
"""

from boggle.board import MAX_CELLS, MAX_SIDE, MULTI_LETTER_FACES, Board, Cell
from boggle.engines import default_engine, engine_names, get_engine, solve
from boggle.errors import BoardError, BoggleError, EngineError, LexiconError, RulesError
from boggle.lexicon import DEFAULT_WORDLIST, Lexicon, bundled_lists, load_lexicon, normalise_word
from boggle.rules import BIG, CLASSIC, PRESETS, Rules, preset, rules_for_board
from boggle.solution import Found, ScoredWord, Solution

__version__ = "0.1.0"

__all__ = [
    "BIG",
    "CLASSIC",
    "DEFAULT_WORDLIST",
    "MAX_CELLS",
    "MAX_SIDE",
    "MULTI_LETTER_FACES",
    "PRESETS",
    "Board",
    "BoardError",
    "BoggleError",
    "Cell",
    "EngineError",
    "Found",
    "Lexicon",
    "LexiconError",
    "Rules",
    "RulesError",
    "ScoredWord",
    "Solution",
    "bundled_lists",
    "default_engine",
    "engine_names",
    "get_engine",
    "load_lexicon",
    "normalise_word",
    "preset",
    "rules_for_board",
    "solve",
]
