"""Offensive words kept out of a list: for a class, or anyone who would rather not see them.

The English lists, as SCOWL has them, hold slurs, swear words and sexual slang; a round
shows them among the words nobody found (on a projector, to a class of ten-year-olds).
``data/en-offensive.txt`` holds such words, each inflection a line (hand-written for boggle,
a comment line starting with ``#``); :func:`without_offensive` gives a list without them,
under the same name, so a server told to leave them out (``boggle serve --no-offensive``)
offers its lists as before, less these words: they neither count, nor are listed as missed,
nor are given as hints.  Other languages have no such file yet: their lists are unchanged.

>>> from boggle import Lexicon
>>> clean = without_offensive(Lexicon.from_words(["cat", "shit", "fame"], name="en-70"))
>>> clean.words, clean.name
(('cat', 'fame'), 'en-70')
"""

from __future__ import annotations

import os
import re
import unicodedata
from functools import cache

from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.sources import DATA_DIR


def offensive_file(language: str) -> str:
    """Where the offensive words of ``language`` are kept (the file may not exist).

    >>> os.path.basename(offensive_file("en")), os.path.exists(offensive_file("es"))
    ('en-offensive.txt', False)
    """
    return os.path.join(DATA_DIR, f"{language}-offensive.txt")


@cache
def offensive_words(language: str | None) -> frozenset[str]:
    """The words of ``language`` (English for ``None``, the default profile) to leave out;
    none for a language without a file.

    >>> {"shit", "nigger"} <= offensive_words("en"), "cat" in offensive_words("en")
    (True, False)
    >>> offensive_words("es")
    frozenset()
    """
    try:
        with open(offensive_file(language or "en"), encoding="utf-8") as file:
            lines = [line.strip() for line in file]
    except FileNotFoundError:
        return frozenset()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def without_offensive(lexicon: Lexicon) -> Lexicon:
    """``lexicon`` less the words :func:`offensive_words` names for its language, under its
    own name, language and written forms (built once a lexicon; ``lexicon`` itself when it
    holds none of them).

    >>> from boggle import Lexicon
    >>> clean = Lexicon.from_words(["cat", "fame"])
    >>> without_offensive(clean) is clean
    True
    """
    left_out = offensive_words(lexicon.language)
    if not left_out or left_out.isdisjoint(lexicon.word_set):
        return lexicon

    def build(whole: Lexicon) -> Lexicon:
        words = tuple(word for word in whole.words if word not in left_out)
        kept = Lexicon._normalised(words, whole.name, whole.source)
        kept.language = whole.language
        kept.bundled = whole.bundled
        kept._read_written = whole._read_written
        return kept

    return lexicon.cached("without offensive words", build)  # type: ignore[no-any-return]


def offensive_word(word: str, language: str | None) -> bool:
    """Whether ``word`` (any case) is one of :func:`offensive_words` of ``language``: a list
    less them neither counts nor shows it, and its meaning is not given either.

    >>> offensive_word("Shit", "en"), offensive_word("cat", "en"), offensive_word("shit", "es")
    (True, False, False)
    """
    return unicodedata.normalize("NFC", word.strip().lower()) in offensive_words(language)


NOT_DEFINED = "left out as an offensive word"
"""What is said in place of the meaning of a word :func:`offensive_word` finds, where the
offensive words are left out."""


NAME_REFUSED = "a name with an offensive word is not taken on this server: choose another"
"""What a player is told whose name :func:`offensive_name` finds (rooms and challenges)."""


def offensive_name(name: str) -> bool:
    """Whether a player's name holds an offensive word (English), whatever its case,
    accents or the signs between its words: on a server that leaves these words out, the
    class would read it in the players' line and the standings on the projector.

    >>> offensive_name("Sam K"), offensive_name("Big SHIT")
    (False, True)
    >>> offensive_name("\uff53\uff48\uff49\uff54_head")  # fullwidth letters, joined
    True
    >>> offensive_name("Scunthorpe"), offensive_name("Dickens")  # inside a word: a name
    (False, False)
    """
    plain = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    letters = "".join(char for char in plain if not unicodedata.combining(char))
    words = re.findall(r"[^\W\d_]+", letters)
    left_out = offensive_words("en")
    return any(word in left_out for word in words) or "".join(words) in left_out
