"""Base forms of an English word, by WordNet's published morphology (morphy(7WN)).

For each part of speech, a word's base forms are: the forms its exception list gives
(``ran`` -> ``run``), else every form made by the detachment rules (strip a suffix, maybe
add an ending: ``cats`` -> ``cat``, ``boxes`` -> ``box``) that the dictionary holds; the word
itself counts when the dictionary holds it.  Nouns ending in ``ful`` are taken apart as
morphy does (``boxesful`` -> ``boxful``).

Past morphy, :func:`derived_bases` knows the commonest English derivations (a doubled
consonant before ``-ed``/``-ing``, ``-ly``, ``-ness``, ``un-``, ``re-``...): each gives a base
word and how the word means something from it, so ``unkind`` is explained as "not kind".

>>> nouns = {"cat", "box", "church", "fireman", "fly"}
>>> [base_forms(w, "n", nouns.__contains__, {}) for w in ["cats", "boxes", "firemen", "flies"]]
[['cat'], ['box'], ['fireman'], ['fly']]
>>> base_forms("ran", "v", {"run"}.__contains__, {"ran": ("run",)})
['run']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NamedTuple

    class Derivation(NamedTuple):
        base: str
        pos: str
        meaning: str
else:
    from collections import namedtuple

    Derivation = namedtuple("Derivation", ["base", "pos", "meaning"])

PARTS_OF_SPEECH = ("n", "v", "a", "r")
"""WordNet's parts of speech: noun, verb, adjective, adverb (in the order they are tried)."""

POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}

DETACHMENT_RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "v": (
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
"""morphy's rules: (suffix, ending) pairs; a word ending in the suffix may have the base
made by replacing it with the ending.  Adverbs have exceptions only."""

IsLemma = Callable[[str], bool]


def _detached(word: str, pos: str) -> list[str]:
    forms = []
    for suffix, ending in DETACHMENT_RULES[pos]:
        if word.endswith(suffix) and len(word) > len(suffix):
            forms.append(word[: len(word) - len(suffix)] + ending)
    return forms


def base_forms(
    word: str, pos: str, is_lemma: IsLemma, exceptions: Mapping[str, Sequence[str]]
) -> list[str]:
    """The base forms of ``word`` as part of speech ``pos`` that ``is_lemma`` accepts, in the
    order morphy finds them: the word itself, its exceptions, then the detached forms.

    >>> base_forms("better", "a", {"good", "bett"}.__contains__, {"better": ("good", "well")})
    ['good']
    >>> base_forms("boxesful", "n", {"boxful", "box"}.__contains__, {})
    ['boxful']
    """
    found: list[str] = []

    def keep(form: str) -> None:
        if form not in found and is_lemma(form):
            found.append(form)

    keep(word)
    listed = exceptions.get(word)
    if listed:
        for form in listed:
            keep(form)
        return found
    if pos == "n" and word.endswith("ful") and len(word) > 3:
        for form in _detached(word[:-3], "n"):
            keep(form + "ful")
    for form in _detached(word, pos):
        keep(form)
    return found


# --------------------------------------------------------------------------- derivations

_VOWELS = set("aeiou")


def _undoubled(stem: str) -> str | None:
    """``stopp`` -> ``stop``: a stem ending in a doubled consonant, with one of it."""
    if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS and stem[-1] != "s":
        return stem[:-1]
    return None


def _stems(word: str, suffix: str) -> list[str]:
    """The stems ``word`` may be ``STEM + suffix`` of: as written, with ``e`` added, with a
    doubled consonant undone, and ``i`` written back as ``y`` (``happi`` -> ``happy``)."""
    if not word.endswith(suffix) or len(word) - len(suffix) < 2:
        return []
    stem = word[: len(word) - len(suffix)]
    stems = [stem, stem + "e"]
    single = _undoubled(stem)
    if single:
        stems.append(single)
    if stem.endswith("i"):
        stems.append(stem[:-1] + "y")
    return stems


SUFFIX_DERIVATIONS: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    # (suffix, parts of speech of the base, part of speech made, meaning with {} for the base)
    ("ed", ("v",), "v", "past of {}"),
    ("ing", ("v",), "v", "{} (the act or the doing)"),
    ("er", ("v",), "n", "one who or that which does {}"),
    ("ers", ("v",), "n", "those who or that which do {}"),
    ("er", ("a",), "a", "more {}"),
    ("est", ("a",), "a", "most {}"),
    ("ically", ("a",), "r", "in a {} way"),
    ("ly", ("a", "n"), "r", "in a {} way"),
    ("ness", ("a",), "n", "the quality of being {}"),
    ("nesses", ("a",), "n", "the qualities of being {}"),
    ("less", ("n", "v"), "a", "without {}"),
    ("ful", ("n", "v"), "a", "full of {}"),
    ("able", ("v", "n"), "a", "able to be {}"),
    ("ish", ("a", "n"), "a", "somewhat {}, like {}"),
    ("ment", ("v",), "n", "the act or result of {}"),
    ("ments", ("v",), "n", "acts or results of {}"),
    ("ity", ("a",), "n", "the quality of being {}"),
    ("ism", ("a", "n"), "n", "the doctrine or practice of {}"),
    ("ist", ("n", "a"), "n", "one concerned with {}"),
    ("ists", ("n", "a"), "n", "those concerned with {}"),
    ("y", ("n",), "a", "like or full of {}"),
    ("ie", ("n",), "n", "little {}"),
    ("ies", ("n",), "n", "little {}s"),
    ("let", ("n",), "n", "little {}"),
    ("lets", ("n",), "n", "little {}s"),
    ("ling", ("n",), "n", "a little {}"),
    ("lings", ("n",), "n", "little {}s"),
    ("ship", ("n",), "n", "the state or office of {}"),
    ("hood", ("n",), "n", "the state of being {}"),
    ("dom", ("n", "a"), "n", "the realm or state of {}"),
    ("wise", ("n",), "r", "as regards {}"),
    ("ward", ("n", "r"), "r", "towards {}"),
    ("wards", ("n", "r"), "r", "towards {}"),
    ("ier", ("a",), "a", "more {}"),
    ("iest", ("a",), "a", "most {}"),
    ("ed", ("n",), "a", "having or treated with {}"),
    ("d", ("n",), "a", "having or treated with {}"),
    ("ing", ("n",), "n", "the act or material of {}"),
    ("y", ("a",), "r", "in a {} way"),
    ("al", ("n", "a"), "a", "of or relating to {}"),
    ("ic", ("n",), "a", "of or relating to {}"),
    ("ical", ("n",), "a", "of or relating to {}"),
    ("ous", ("n",), "a", "full of or like {}"),
    ("ive", ("v", "n"), "a", "tending to {}"),
    ("ate", ("n",), "a", "having or relating to {}"),
    ("ian", ("n",), "a", "of or relating to {}"),
)
"""Suffixes past morphy's, tried in this order on the word and on its base forms."""

REPLACED_ENDINGS: tuple[tuple[str, str, str, str], ...] = (
    # (ending, base ending, part of speech of the base, meaning): Latin and Greek plurals
    ("i", "us", "n", "plural of {}"),
    ("a", "um", "n", "plural of {}"),
    ("a", "on", "n", "plural of {}"),
    ("ae", "a", "n", "plural of {}"),
    ("es", "is", "n", "plural of {}"),
    ("ices", "ex", "n", "plural of {}"),
    ("ices", "ix", "n", "plural of {}"),
    ("ata", "a", "n", "plural of {}"),
    ("al", "a", "n", "of or relating to {}"),
    ("an", "a", "n", "of or relating to {}"),
    ("ian", "ia", "n", "of or relating to {}"),
    ("ier", "ey", "a", "more {}"),
    ("iest", "ey", "a", "most {}"),
    ("ist", "y", "n", "one concerned with {}"),
)
"""Endings that replace the base's own ending (``tumuli`` -> ``tumulus``)."""

PREFIX_DERIVATIONS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    # (prefix, parts of speech of the base, meaning with {} for the base)
    ("un", ("a", "r"), "not {}"),
    ("un", ("v",), "to reverse {}"),
    ("un", ("n",), "the lack or opposite of {}"),
    ("re", ("v", "n"), "{} again"),
    ("non", ("a", "n", "v", "r"), "not {}"),
    ("dis", ("a", "v", "n"), "the opposite of {}"),
    ("mis", ("v", "n"), "{} wrongly"),
    ("over", ("v", "a", "n"), "{} too much"),
    ("under", ("v", "a", "n"), "{} too little"),
    ("out", ("v",), "to surpass in {}"),
    ("pre", ("v", "n", "a"), "{} before"),
    ("in", ("a",), "not {}"),
    ("im", ("a",), "not {}"),
    ("sub", ("n", "a", "v"), "under or below {}"),
    ("super", ("n", "a"), "above or beyond {}"),
    ("anti", ("n", "a"), "against {}"),
    ("co", ("n", "v"), "together: {}"),
    ("de", ("v", "n"), "to undo {}"),
    ("semi", ("a", "n"), "half {}"),
    ("mid", ("n",), "the middle of {}"),
    ("up", ("v", "n"), "{} upwards"),
)
"""Prefixes: the rest of the word is looked up as it is (``unkind`` -> ``kind``)."""

MIN_BASE_LETTERS = 3
"""A derivation needs a base of at least this many letters (``re`` + ``d`` is no word)."""


def derived_bases(word: str) -> list[Derivation]:
    """The words ``word`` may be derived from, each with its part of speech and what the
    derivation means (``{}`` stands for the base), most likely first; nothing is looked up.

    >>> [(d.base, d.meaning) for d in derived_bases("unkind") if d.base == "kind"][:1]
    [('kind', 'not {}')]
    >>> ("stop", "v") in [(d.base, d.pos) for d in derived_bases("stopped")]
    True
    """
    found: list[Derivation] = []
    for suffix, bases, _made, meaning in SUFFIX_DERIVATIONS:
        for stem in _stems(word, suffix):
            if len(stem) >= MIN_BASE_LETTERS:
                found.extend(Derivation(stem, pos, meaning) for pos in bases)
    for ending, base_ending, pos, meaning in REPLACED_ENDINGS:
        stem = word[: len(word) - len(ending)]
        if word.endswith(ending) and len(stem) >= MIN_BASE_LETTERS - 1:
            found.append(Derivation(stem + base_ending, pos, meaning))
    for prefix, bases, meaning in PREFIX_DERIVATIONS:
        rest = word[len(prefix) :]
        if word.startswith(prefix) and len(rest) >= MIN_BASE_LETTERS:
            found.extend(Derivation(rest, pos, meaning) for pos in bases)
    return found


MIN_COMPOUND_HEAD = 3
MIN_COMPOUND_TAIL = 4
"""A compound read as two words: the first has at least 3 letters, the second at least 4."""

MIN_VARIANT_LETTERS = 5
"""A spelling variant (a final ``e`` added or dropped) is tried for words this long or longer
(its base, without the ``e``, has at least four letters)."""


def compound_splits(word: str) -> list[tuple[str, str]]:
    """The ways ``word`` may be two words (see :data:`MIN_COMPOUND_TAIL`), longest head first.

    >>> compound_splits("pinewood")
    [('pine', 'wood'), ('pin', 'ewood')]
    """
    last = len(word) - MIN_COMPOUND_TAIL
    return [(word[:i], word[i:]) for i in range(last, MIN_COMPOUND_HEAD - 1, -1)]


def spelling_variants(word: str) -> list[str]:
    """The word with a final ``e`` dropped or added (``anilin`` -> ``aniline``).

    >>> spelling_variants("anilin"), spelling_variants("forme"), spelling_variants("for")
    (['aniline'], ['form'], [])
    """
    if word.endswith("e"):
        return [word[:-1]] if len(word) >= MIN_VARIANT_LETTERS else []
    return [word + "e"] if len(word) + 1 >= MIN_VARIANT_LETTERS else []


FORMS_OF_BE = {
    "am": "present tense (I) of be",
    "are": "present tense (you, we, they) of be",
    "is": "present tense (he, she, it) of be",
    "was": "past tense (I, he, she, it) of be",
    "were": "past tense (you, we, they) of be",
    "been": "past participle of be",
    "being": "-ing form of be",
}
"""The forms of ``be`` by name: the one verb whose forms the endings cannot tell."""


def inflection_name(word: str, base: str, pos: str) -> str:
    """What form of ``base`` (as part of speech ``pos``) the inflected ``word`` is, as a
    learner reads it; ``word`` was found from ``base`` by :func:`base_forms`.

    >>> inflection_name("lapses", "lapse", "n"), inflection_name("fared", "fare", "v")
    ('plural of lapse', 'past tense or past participle of fare')
    >>> inflection_name("lapses", "lapse", "v"), inflection_name("best", "good", "a")
    ('present tense (he, she, it) of lapse', 'superlative of good')
    """
    if pos == "n":
        return f"plural of {base}"
    if pos == "v":
        if base == "be" and word in FORMS_OF_BE:
            return FORMS_OF_BE[word]
        if word.endswith("ing"):
            return f"-ing form of {base}"
        if word.endswith("s") and not base.endswith("s"):
            return f"present tense (he, she, it) of {base}"
        return f"past tense or past participle of {base}"
    degree = "superlative" if word.endswith("st") else "comparative"
    if not word.startswith(base[:-1]):  # irregular: best, worse
        return f"{degree} of {base}"
    return f"{degree} of {base}: {'most' if degree == 'superlative' else 'more'} {base}"
