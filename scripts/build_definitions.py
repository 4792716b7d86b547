"""Build the extract of WordNet's glosses shipped with boggle, from Debian's wordnet-base.

    python scripts/build_definitions.py [wordnet-base_*.deb] [--out DIR]

Every word of the bundled English lists (``en-50``, ``en-70``, ``en-80``) is looked up
in WordNet 3.0 as ``boggle define`` looks it up (the word, morphy's base forms, then the
derived-form rules); the extract keeps exactly what those look-ups read: the lemmas with
their first glosses (examples dropped), the exception-list entries, the hyphenated and
phrase lemmas consulted.  So a word of the lists gets the same answer from the extract
as from the full WordNet.  The package is fetched with ``apt-get download`` unless given.
Written: ``wordnet-glosses.txt.gz`` (gzip, mtime 0: a rebuild gives the same bytes) and
``WordNet-COPYRIGHT.txt``, the package's licence notice.
"""

from __future__ import annotations

import argparse
import gzip
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from build_wordlists import download_deb, extract_deb  # beside this script

from boggle.definitions import EXTRACT_FILE, look_up
from boggle.definitions.wordnet import Glossary, Key, SystemWordNet, extract_text

WORDNET_DIR = PurePosixPath("usr/share/wordnet")
COPYRIGHT = PurePosixPath("usr/share/doc/wordnet-base/copyright")
LISTS = ("en-50.txt.gz", "en-70.txt.gz", "en-80.txt.gz")


class RecordingGlossary(Glossary):
    """A glossary that passes every question to ``inner`` and keeps what was found."""

    def __init__(self, inner: SystemWordNet) -> None:
        self.inner = inner
        self.name = inner.name
        self.lemmas: set[Key] = set()
        self.used_exceptions: dict[str, dict[str, tuple[str, ...]]] = {}
        self.joined_words: dict[str, Key] = {}
        self.phrases: dict[str, Key] = {}
        self.exceptions = {pos: _Recorded(self, pos) for pos in inner.exceptions}

    def is_lemma(self, word: str, pos: str) -> bool:
        found = self.inner.is_lemma(word, pos)
        if found:
            self.lemmas.add((word, pos))
        return found

    def glosses(self, lemma: str, pos: str) -> list[str]:
        found = self.inner.glosses(lemma, pos)
        if found:
            self.lemmas.add((lemma, pos))
        return found

    def joined(self, word: str) -> Key | None:
        found = self.inner.joined(word)
        if found:
            self.joined_words[word] = found
        return found

    def phrase_of(self, word: str) -> Key | None:
        found = self.inner.phrase_of(word)
        if found:
            self.phrases[word] = found
        return found


class _Recorded(dict[str, tuple[str, ...]]):
    """One part of speech's exception list, noting each entry read."""

    def __init__(self, owner: RecordingGlossary, pos: str) -> None:
        super().__init__()
        self.owner = owner
        self.pos = pos

    def get(self, form: str, default: object = None) -> tuple[str, ...] | None:  # type: ignore[override]
        found = self.owner.inner.exceptions[self.pos].get(form)
        if found:
            self.owner.used_exceptions.setdefault(self.pos, {})[form] = found
        return found


def list_words(data_dir: Path, files: Iterable[str] = LISTS) -> list[str]:
    """Every word of the bundled English lists, sorted."""
    words: set[str] = set()
    for name in files:
        words.update(gzip.decompress((data_dir / name).read_bytes()).decode("ascii").split())
    return sorted(words)


def build_extract(wordnet_dir: Path, words: Sequence[str], version: str) -> tuple[bytes, int]:
    """The gzipped extract for ``words``, and how many of them have a definition."""
    recorder = RecordingGlossary(SystemWordNet(str(wordnet_dir)))
    defined = 0
    for index, word in enumerate(words):
        if look_up(word, recorder)[1]:
            defined += 1
        if index % 20000 == 0:
            print(f"  {index:,} of {len(words):,} words looked up", file=sys.stderr)
    entries = {key: recorder.inner.glosses(*key) for key in recorder.lemmas}
    header = [
        f"WordNet 3.0 glosses (Debian package wordnet-base {version}) for the words of",
        "boggle's English lists; licence: WordNet-COPYRIGHT.txt beside this file.",
        "Built by scripts/build_definitions.py.",
    ]
    text = extract_text(
        entries, recorder.used_exceptions, header, recorder.joined_words, recorder.phrases
    )
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0), defined


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build boggle's extract of WordNet's glosses.")
    parser.add_argument("deb", nargs="?", type=Path, help="wordnet-base_*.deb (default: download)")
    default_out = Path(__file__).resolve().parents[1] / "src" / "boggle" / "data"
    parser.add_argument("--out", type=Path, default=default_out, help="default: src/boggle/data")
    parser.add_argument(
        "--lists",
        default=",".join(name.removesuffix(".txt.gz") for name in LISTS),
        help="the English lists whose words the extract covers (default: en-50,en-70,en-80)",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="wordnet-") as temp:
        work = Path(temp)
        deb = args.deb or download_deb(work, "wordnet-base")
        unpacked = work / "unpacked"
        unpacked.mkdir()
        version = extract_deb(deb, unpacked)
        files = [f"{name.strip()}.txt.gz" for name in args.lists.split(",") if name.strip()]
        words = list_words(args.out, files)
        data, defined = build_extract(unpacked / WORDNET_DIR, words, version)
        (args.out / EXTRACT_FILE).write_bytes(data)
        copyright_text = (unpacked / COPYRIGHT).read_text("utf-8")
        (args.out / "WordNet-COPYRIGHT.txt").write_text(copyright_text, "utf-8")
    print(
        f"{EXTRACT_FILE}: {len(data):,} bytes gzipped; {defined:,} of {len(words):,} "
        f"words of the English lists have a definition ({100 * defined / len(words):.1f}%)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
