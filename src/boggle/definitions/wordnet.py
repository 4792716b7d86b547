"""WordNet's glosses, from the system's WordNet or from the extract shipped with boggle.

A :class:`Glossary` answers two questions per part of speech: is this a base form
(lemma) of the dictionary, and what are its glosses, most common sense first.
:class:`SystemWordNet` reads Princeton WordNet 3.0's database files where Debian's
``wordnet-base`` puts them (``index.POS``, ``data.POS``, ``POS.exc``);
:class:`GlossExtract` reads the compact extract the project's
``scripts/build_definitions.py`` writes (``data/wordnet-glosses.txt.gz``).

A gloss keeps the definition and drops WordNet's quoted examples:
``a small domesticated carnivorous mammal...; "the cat sat"`` becomes its first part.

>>> gloss_definition('an earlier time; "in the past"; "the past is gone"')
'an earlier time'
"""

from __future__ import annotations

import bisect
import gzip
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence

from boggle.definitions.morphology import PARTS_OF_SPEECH

SYSTEM_WORDNET_DIRS = (
    "/usr/share/wordnet",
    "/usr/local/share/wordnet",
    "/opt/homebrew/share/wordnet",
)
"""Where WordNet's database files are looked for (``$WNSEARCHDIR`` first, as WordNet does)."""

FILE_NAMES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
"""WordNet's file name for each part of speech (``index.noun``, ``adj.exc``...)."""

MAX_SENSES = 2
"""Glosses kept per word and part of speech (WordNet lists the commonest senses first)."""

EXTRACT_FORMAT = "boggle-wordnet-glosses 1"
"""The extract's first line: what it is and the version of its layout."""


def gloss_definition(gloss: str) -> str:
    """A WordNet gloss without its quoted examples (see the module docstring)."""
    definition = gloss.split('; "', 1)[0].strip()
    if definition.startswith('"'):  # a gloss that is an example only
        return definition.strip('"; ')
    return definition.rstrip(";").strip()


def _plain(lemma: str) -> bool:
    return lemma.isascii() and lemma.isalpha() and lemma.islower()


LEMMA = re.compile(r"[a-z]+(?:[-_][a-z]+)*")
"""The lemmas read: lowercase a-z words, and phrases of them joined by ``_`` or ``-``."""

Key = tuple[str, str]
"""A lemma and its part of speech: ``("fly-by", "n")``."""


def joined_forms(keys: Iterable[Key]) -> dict[str, Key]:
    """Hyphenated lemmas by their letters run together (``flyby`` -> ``fly-by``).

    >>> joined_forms([("fly-by", "n"), ("ice_cream", "n"), ("cat", "n")])
    {'flyby': ('fly-by', 'n')}
    """
    joined: dict[str, Key] = {}
    for lemma, pos in sorted(keys):
        if "-" in lemma and "_" not in lemma:
            joined.setdefault(lemma.replace("-", ""), (lemma, pos))
    return joined


def phrases_by_word(keys: Iterable[Key]) -> dict[str, Key]:
    """For each word of a phrase lemma, the shortest phrase using it (then A-Z).

    >>> phrases_by_word([("quid_pro_quo", "n"), ("status_quo", "n")])["quo"]
    ('status_quo', 'n')
    """
    phrases: dict[str, Key] = {}
    for lemma, pos in sorted(keys, key=lambda key: (len(key[0]), key)):
        if "_" in lemma or "-" in lemma:
            for part in re.split("[-_]", lemma):
                if len(part) > 1:
                    phrases.setdefault(part, (lemma, pos))
    return phrases


class Glossary:
    """Lemmas with their glosses by part of speech, and morphy's exception lists."""

    name = ""
    """Where the glosses come from, as ``source`` tells users."""

    exceptions: Mapping[str, Mapping[str, Sequence[str]]]
    """By part of speech: an irregular form's base forms (``{"v": {"ran": ("run",)}}``)."""

    def is_lemma(self, word: str, pos: str) -> bool:
        raise NotImplementedError

    def glosses(self, lemma: str, pos: str) -> list[str]:
        raise NotImplementedError

    def joined(self, word: str) -> Key | None:
        """The hyphenated lemma spelled ``word`` without its hyphens, or ``None``."""
        raise NotImplementedError

    def phrase_of(self, word: str) -> Key | None:
        """A phrase lemma that uses ``word`` as one of its words, or ``None``."""
        raise NotImplementedError


class SystemWordNet(Glossary):
    """WordNet 3.0's database files in ``folder``; only plain a-z lemmas are read.

    Opening reads the index files (about half a second); a gloss is read from its data
    file when asked for.
    """

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.name = f"WordNet 3.0 ({folder})"
        self.offsets: dict[str, dict[str, tuple[int, ...]]] = {}
        exceptions: dict[str, dict[str, tuple[str, ...]]] = {}
        for pos in PARTS_OF_SPEECH:
            self.offsets[pos] = _read_index(os.path.join(folder, f"index.{FILE_NAMES[pos]}"))
            exceptions[pos] = read_exceptions(os.path.join(folder, f"{FILE_NAMES[pos]}.exc"))
        self.exceptions = exceptions
        self._lines: dict[tuple[int | str, ...], str] = {}
        self._joined: dict[str, Key] | None = None
        self._phrases: dict[str, Key] | None = None

    @classmethod
    def find(cls) -> SystemWordNet | None:
        """The system's WordNet, or ``None`` when no folder holds its files."""
        folders = [os.environ.get("WNSEARCHDIR", ""), *SYSTEM_WORDNET_DIRS]
        for folder in folders:
            if folder and os.path.isfile(os.path.join(folder, "index.noun")):
                try:
                    return cls(folder)
                except (OSError, ValueError):
                    continue
        return None

    def is_lemma(self, word: str, pos: str) -> bool:
        return word in self.offsets[pos]

    def glosses(self, lemma: str, pos: str) -> list[str]:
        """Up to :data:`MAX_SENSES` glosses, common senses first; a proper noun's sense
        (``Miller``) comes after them, named: ``Miller: United States bandleader...``."""
        common: list[str] = []
        proper: list[str] = []
        for offset in self.offsets[pos].get(lemma, ()):
            gloss, name = self._gloss(pos, offset, lemma)
            if name is None:
                common.append(gloss)
            else:
                proper.append(f"{name}: {gloss}")
        return (common + proper)[:MAX_SENSES]

    def _gloss(self, pos: str, offset: int, lemma: str) -> tuple[str, str | None]:
        """The gloss of a synset, and how it writes ``lemma`` when only capitalised."""
        key = (pos, offset)
        if key not in self._lines:
            with open(os.path.join(self.folder, f"data.{FILE_NAMES[pos]}"), "rb") as data:
                data.seek(offset)
                self._lines[key] = data.readline().decode("utf-8", "replace")
        line = self._lines[key]
        head, _, gloss = line.partition(" | ")
        fields = head.split()
        words = [fields[4 + 2 * i] for i in range(int(fields[3], 16))]
        written = [w for w in words if w.lower().split("(")[0] == lemma]
        name = None
        if written and not any(w.split("(")[0] == lemma for w in written):
            name = written[0].split("(")[0].replace("_", " ")
        return gloss_definition(gloss), name

    def _keys(self) -> Iterator[Key]:
        for pos, offsets in self.offsets.items():
            for lemma in offsets:
                yield lemma, pos

    def joined(self, word: str) -> Key | None:
        if self._joined is None:
            self._joined = joined_forms(self._keys())
        return self._joined.get(word)

    def phrase_of(self, word: str) -> Key | None:
        if self._phrases is None:
            self._phrases = phrases_by_word(self._keys())
        return self._phrases.get(word)


def _read_index(path: str) -> dict[str, tuple[int, ...]]:
    """``index.POS``: each plain lemma's synset offsets, commonest sense first."""
    offsets: dict[str, tuple[int, ...]] = {}
    with open(path, encoding="utf-8", errors="replace") as index:
        for line in index:
            if line.startswith(" "):  # the licence at the top
                continue
            fields = line.split()
            if len(fields) < 6 or not LEMMA.fullmatch(fields[0]):
                continue
            senses = int(fields[2])
            offsets[fields[0]] = tuple(int(field) for field in fields[len(fields) - senses :])
    return offsets


def read_exceptions(path: str) -> dict[str, tuple[str, ...]]:
    """A ``POS.exc`` file: each plain irregular form's plain base forms."""
    exceptions: dict[str, tuple[str, ...]] = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as listing:
            lines = listing.read().splitlines()
    except FileNotFoundError:
        return exceptions
    return parse_exceptions(lines)


def parse_exceptions(lines: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Exception lines ``FORM BASE [BASE...]``, the plain a-z ones only.

    >>> parse_exceptions(["ran run", "geese goose", "a_priori x"])
    {'ran': ('run',), 'geese': ('goose',)}
    """
    exceptions: dict[str, tuple[str, ...]] = {}
    for line in lines:
        form, *bases = line.split()
        plain = tuple(base for base in bases if _plain(base))
        if _plain(form) and plain:
            exceptions[form] = plain
    return exceptions


class GlossExtract(Glossary):
    """The extract of WordNet's glosses shipped with boggle (see :func:`extract_text`).

    Its lines, after the format line and ``#`` comments: ``!POS FORM BASE...`` for an
    exception, ``=WORD LEMMA POS`` for a hyphenated lemma written run together, ``~WORD
    LEMMA POS`` for a phrase that uses the word, and ``LEMMA<TAB>POS<TAB>GLOSS[<TAB>GLOSS...]``
    for a lemma's glosses, sorted by lemma.  The glosses' lines are kept as they are and
    searched by bisection (a tab sorts before every letter, ``-`` and ``_``), so opening
    the extract costs its decompression, not a table of every lemma.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.name = "WordNet 3.0 (extract bundled with boggle)"
        exceptions: dict[str, dict[str, tuple[str, ...]]] = {pos: {} for pos in PARTS_OF_SPEECH}
        joined: dict[str, Key] = {}
        phrases: dict[str, Key] = {}
        with gzip.open(path, "rb") as handle:
            lines = handle.read().decode("utf-8").split("\n")
        if not lines or lines[0] != EXTRACT_FORMAT:
            raise ValueError(f"{path} is not a {EXTRACT_FORMAT!r} file")
        first = 1
        for first in range(1, len(lines)):
            line = lines[first]
            if line.startswith("!"):
                pos, form, *bases = line[1:].split()
                exceptions[pos][form] = tuple(bases)
            elif line[:1] in ("=", "~"):
                word, lemma, pos = line[1:].split()
                (joined if line[0] == "=" else phrases)[word] = (lemma, pos)
            elif not line.startswith("#"):
                break
        self.lines = lines
        self.first = first
        self.exceptions = exceptions
        self.joined_words = joined
        self.phrases = phrases

    def _entry(self, lemma: str, pos: str) -> list[str] | None:
        """The glosses of ``lemma`` as ``pos``, or ``None`` when the extract lacks it."""
        head = f"{lemma}\t"
        lines = self.lines
        index = bisect.bisect_left(lines, head, self.first)
        while index < len(lines) and lines[index].startswith(head):
            fields = lines[index].split("\t")
            if fields[1] == pos:
                return fields[2:]
            index += 1
        return None

    def is_lemma(self, word: str, pos: str) -> bool:
        return self._entry(word, pos) is not None

    def glosses(self, lemma: str, pos: str) -> list[str]:
        return self._entry(lemma, pos) or []

    def joined(self, word: str) -> Key | None:
        return self.joined_words.get(word)

    def phrase_of(self, word: str) -> Key | None:
        return self.phrases.get(word)


def extract_text(
    entries: Mapping[Key, Sequence[str]],
    exceptions: Mapping[str, Mapping[str, Sequence[str]]],
    header: Sequence[str] = (),
    joined: Mapping[str, Key] | None = None,
    phrases: Mapping[str, Key] | None = None,
) -> str:
    """The extract's text: the format line, ``#`` header lines, exceptions, then glosses,
    each part sorted so that a rebuild gives the same bytes.

    >>> extract_text({("cat", "n"): ["a feline"]}, {"n": {"cats": ["cat"]}}).splitlines()
    ['boggle-wordnet-glosses 1', '!n cats cat', 'cat\\tn\\ta feline']
    """
    lines = [EXTRACT_FORMAT, *(f"# {line}" for line in header)]
    for pos in PARTS_OF_SPEECH:
        for form in sorted(exceptions.get(pos, {})):
            lines.append(f"!{pos} {form} {' '.join(exceptions[pos][form])}")
    for mark, aliases in (("=", joined or {}), ("~", phrases or {})):
        for word in sorted(aliases):
            lines.append(f"{mark}{word} {aliases[word][0]} {aliases[word][1]}")
    order = {pos: i for i, pos in enumerate(PARTS_OF_SPEECH)}
    for lemma, pos in sorted(entries, key=lambda key: (key[0], order[key[1]])):
        glosses = [g.replace("\t", " ").replace("\n", " ") for g in entries[lemma, pos]]
        lines.append("\t".join([lemma, pos, *glosses]))
    return "".join(line + "\n" for line in lines)
