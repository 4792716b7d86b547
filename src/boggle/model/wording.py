"""Small words for messages: counts with the right plural, "a" or "an" before a size.

>>> counted(1, "point"), counted(61_491, "word"), counted(1, "random board")
('1 point', '61,491 words', '1 random board')
>>> a_size(5, 5), a_size(8, 8), a_size(11, 4), a_size(18, 18), a_size(80, 2)
('a 5x5', 'an 8x8', 'an 11x4', 'an 18x18', 'an 80x2')
"""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and the noun, singular for exactly one (``plural`` defaults to noun + s)."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


def a_size(rows: int, cols: int) -> str:
    """``a 5x5`` or ``an 8x8``: the article as the size is read aloud (eight, eleven, eighteen)."""
    digits = str(rows)
    spoken_vowel = digits.startswith("8") or (digits[:2] in ("11", "18") and len(digits) % 3 == 2)
    return f"{'an' if spoken_vowel else 'a'} {rows}x{cols}"
