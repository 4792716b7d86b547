"""The letters: the a-z alphabet, and a word's set of letters as a bit mask.

Letter ``a`` is bit 0 and ``z`` bit 25; letters beyond a-z (``é``) get the
bits after, in sorted order.  The letter-set mask is the Haskell paper's hash
(``wordHash'``, before the modulo): anagrams and words over the same letters
share it.

>>> letter_set_mask("cab"), letter_set_mask("abaca")
(7, 7)
>>> letter_indices("zé")["z"], letter_indices("zé")["é"]
(25, 26)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping

LATIN = "abcdefghijklmnopqrstuvwxyz"
"""The 26 letters of plain English words, in order."""


def nfc(text: str) -> str:
    """``text`` in Unicode NFC (composed) form; ASCII is returned as it is.

    >>> nfc("Ba\\u0308r") == "Bär"
    True
    """
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def typed_letters(text: str) -> str:
    """``text`` as a person's typing is read: Unicode NFKC, so the compatibility forms of a
    letter (the fullwidth letters of an East Asian keyboard, U+FF21 to U+FF5A; the
    ligature U+FB01 ``fi``) are the letters they show, composed as :func:`nfc` composes;
    ASCII is returned as it is.

    >>> typed_letters("\\uff23\\uff21\\uff34"), typed_letters("\\ufb01re")
    ('CAT', 'fire')
    >>> typed_letters("Ba\\u0308r") == nfc("Ba\\u0308r") == "B\\xe4r"
    True
    """
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


def board_letters(text: str) -> str:
    """A board's ``text`` as typed: :func:`nfc`, and each character that Unicode NFKC reads
    as one other letter, space or mark of the compact form as that character (the fullwidth
    letters, slash, comma, brackets and space of an East Asian keyboard).  One NFKC reads as
    several (the ligature U+FB01 ``fi``) is kept, as one cell is one character or a bracketed
    face, and so is one it reads as a digit or other sign (``²``), to be refused as typed.

    >>> board_letters("\uff26\uff38\uff29\uff25\u3000amlo\uff0fewbx")
    'FXIE amlo/ewbx'
    >>> board_letters("\ufb01re\xb2") == "\ufb01re\xb2"
    True
    """
    text = nfc(text)
    if text.isascii():
        return text
    return "".join(_board_character(char) for char in text)


def _board_character(char: str) -> str:
    read = unicodedata.normalize("NFKC", char)
    if len(read) == 1 and (read.isalpha() or read.isspace() or read in "/,[]"):
        return read
    return char


def not_text(text: str) -> str | None:
    """What in ``text`` is not text, in words, or ``None`` when it is all text: a byte
    that was not UTF-8 (a command line's or a terminal's undecodable bytes reach Python
    as the surrogate escapes U+DC80-U+DCFF) or another lone surrogate (JSON's ``"\\ud800"``).

    >>> not_text("fame"), not_text("été")
    (None, None)
    >>> not_text(b"ab\\xffc".decode("utf-8", "surrogateescape"))
    'the byte 0xff, which is not UTF-8'
    >>> not_text("\\ud800")
    'a lone surrogate (U+D800)'
    """
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        code = ord(text[error.start])
        if 0xDC80 <= code <= 0xDCFF:
            return f"the byte 0x{code - 0xDC00:02x}, which is not UTF-8"
        return f"a lone surrogate (U+{code:04X})"
    return None


def letter_indices(alphabet: Iterable[str] = LATIN, *, latin_first: bool = True) -> dict[str, int]:
    """The bit index of each letter: ``a``-``z`` are 0-25, other letters follow in sorted
    order; without ``latin_first``, the letters of ``alphabet`` alone, in sorted order
    (the smallest masks for one word list).

    >>> letter_indices("cä", latin_first=False)
    {'c': 0, 'ä': 1}
    """
    if not latin_first:
        return {letter: index for index, letter in enumerate(sorted(set(alphabet)))}
    indices = {letter: index for index, letter in enumerate(LATIN)}
    for letter in sorted(set(alphabet) - set(indices)):
        indices[letter] = len(indices)
    return indices


LATIN_INDICES: Mapping[str, int] = letter_indices()


def letter_set_mask(word: str, indices: Mapping[str, int] = LATIN_INDICES) -> int:
    """The set of the word's letters as a bit mask (bit ``indices[letter]`` per letter)."""
    mask = 0
    for letter in word:
        mask |= 1 << indices[letter]
    return mask


def indices_for(words: Iterable[str]) -> Mapping[str, int]:
    """Indices covering every letter of ``words`` (the a-z ones when they suffice)."""
    alphabet = set("".join(words))
    return LATIN_INDICES if alphabet <= LATIN_INDICES.keys() else letter_indices(alphabet)
