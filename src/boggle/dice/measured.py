"""Dice for every language: a letter distribution measured from the language's word list.

English boards roll the published cube sets of :mod:`boggle.dice.cubes`.  For the
other languages no cube set is published that could be checked, so each cell
is drawn, as Lexica does, with the frequency of its face among the letters of
the list's words: words are split into the profile's faces (``ij`` in Dutch;
``ch``, ``ll``, ``rr`` in Spanish; ``q`` is always the ``Qu`` cube), every
face is counted, and faces under one in a thousand (the ``w`` of a few
loanwords) are left out.  With a ``seed`` a roll is reproducible.

>>> from boggle import Lexicon
>>> dutch = Lexicon.from_words(["ijzer", "ijs", "zee"])
>>> dutch.language = "nl"
>>> sorted(face_weights(dutch).items())[:3]
[('e', 3), ('ij', 2), ('r', 1)]
>>> measured_board(dutch, 2, 3, seed=1).cols
3
"""

from __future__ import annotations

from collections import Counter

from boggle.dice.cubes import check_seed, roll_board
from boggle.model.board import Board, check_size
from boggle.model.checks import whole_number
from boggle.model.errors import DiceError
from boggle.model.wording import quoted
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.spelling import LanguageProfile, lexicon_profile

RARE_SHARE = 1 / 1000
"""Faces rarer than this among a list's letters are not rolled."""


def split_faces(word: str, profile: LanguageProfile) -> list[str]:
    """``word`` as the faces that spell it, multi-letter faces first.

    >>> from boggle.wordlists.spelling import PROFILES
    >>> split_faces("llegar", PROFILES["es"]), split_faces("quiz", PROFILES["en"])
    (['ll', 'e', 'g', 'a', 'r'], ['qu', 'i', 'z'])
    """
    faces = sorted(profile.faces, key=len, reverse=True)
    result: list[str] = []
    i = 0
    while i < len(word):
        face = next((f for f in faces if word.startswith(f, i)), word[i])
        if face == "q":
            face = "qu"
        result.append(face)
        i += len(face) if face != "qu" or word.startswith("qu", i) else 1
    return result


def face_weights(lexicon: Lexicon) -> dict[str, int]:
    """How often each face occurs in the lexicon's words (rare faces left out)."""

    def build(lex: Lexicon) -> dict[str, int]:
        profile = lexicon_profile(lex)
        counts: Counter[str] = Counter()
        for word in lex.words:
            counts.update(split_faces(word, profile))
        total = sum(counts.values())
        return {face: n for face, n in sorted(counts.items()) if n >= total * RARE_SHARE}

    weights: dict[str, int] = lexicon.cached("face-weights", build)
    return weights


def measured_board(
    lexicon: Lexicon, rows: int = 4, cols: int = 4, seed: int | None = None
) -> Board:
    """A board drawn from the lexicon's face distribution (see the module docstring); its
    size is checked before a face is drawn, as :func:`~boggle.dice.cubes.uniform_board`'s.

    >>> measured_board(Lexicon.from_words(["casa"]), 100_000, 100_000)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoardError: a 100000x100000 board (10,000,000,000 cells) is too large: the \
limit is 1,000 rows and columns and 250,000 cells
    """
    whole_number("rows", rows, error=DiceError)
    whole_number("cols", cols, error=DiceError)
    check_seed(seed)
    if rows < 1 or cols < 1:
        raise DiceError(f"a board needs at least one row and one column, got {rows}x{cols}")
    check_size(rows, cols)  # a 100000x100000 board drew 10^10 faces before it was refused
    weights = face_weights(lexicon)
    if not weights:
        raise DiceError(f"word list {quoted(lexicon.name)} has no words to measure letters from")
    import random  # here: only rolling needs it, and it costs every start a millisecond

    rng = random.Random(seed)
    faces = rng.choices(list(weights), weights=list(weights.values()), k=rows * cols)
    return Board(tuple(faces), rows, cols)


def check_chosen_dice(lexicon: Lexicon, dice: str) -> None:
    """Refuse ``dice`` chosen for a list of a language other than English: its boards draw
    each cell from the list's letters (:func:`roll_for_language`), so the set would be
    ignored (``boggle roll --language de --dice big`` gave a German 4x4 board).

    >>> check_chosen_dice(Lexicon.from_words(["cat"]), "big")  # English: the cubes roll
    >>> spanish = Lexicon.from_words(["casa"])
    >>> spanish.language = "es"
    >>> check_chosen_dice(spanish, "big")
    Traceback (most recent call last):
      ...
    boggle.model.errors.DiceError: dice 'big': a Spanish board is not rolled from dice; each cell \
is drawn from the letters of the words of 'custom', so leave the dice out (the size sets the shape)
    """
    profile = lexicon_profile(lexicon)
    if profile.code != "en":
        raise DiceError(
            f"dice {quoted(dice)}: a {profile.name} board is not rolled from dice; each cell is "
            f"drawn from the letters of the words of {quoted(lexicon.name)}, so leave the dice "
            "out (the size sets the shape)",
            setting="dice",
        )


def roll_for_language(
    lexicon: Lexicon,
    dice: str = "new",
    seed: int | None = None,
    rows: int | None = None,
    cols: int | None = None,
) -> Board:
    """A board for the lexicon's language: English rolls ``dice`` (a published cube set
    or ``uniform``), every other language its measured distribution (4x4 by default)."""
    if lexicon_profile(lexicon).code == "en":
        return roll_board(dice, seed, rows, cols)
    rows = 4 if rows is None else rows
    return measured_board(lexicon, rows, rows if cols is None else cols, seed)
