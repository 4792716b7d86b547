"""Build the word lists bundled with boggle from Debian's ``scowl`` package.

    python scripts/build_wordlists.py [--deb scowl_*.deb] [--out src/boggle/data]

Without ``--deb`` it runs ``apt-get download scowl`` in a temporary folder.
For each size (50, 70, 80) it takes every word of SCOWL's ``english-words``,
``american-words`` and ``british-words`` files up to that size, so both
American and British spellings are accepted, and leaves out SCOWL's separate
files of proper names, abbreviations, contractions and capitalised words.  A
word is kept only when it is plain lowercase a-z (no apostrophe, capital,
accent or digit).  The lists are written sorted, one word per line, gzipped
reproducibly (mtime 0), with a manifest (``wordlists.json``) and SCOWL's
copyright notice beside them.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

SIZES = (50, 70, 80)
DEFAULT_SIZE = 70
CATEGORIES = ("english-words", "american-words", "british-words")
WORD = re.compile(r"[a-z]+")
FINAL_DIR = "usr/share/dict/scowl/"
COPYRIGHT = "usr/share/doc/scowl/copyright"

DESCRIPTIONS = {
    50: "SCOWL size 50: common English words (US and UK spellings)",
    70: "SCOWL size 70: common and less common words, the size of a large "
    "desk dictionary (US and UK spellings)",
    80: "SCOWL size 80: adds rarer and archaic words, as a big unabridged dictionary would",
}


def read_deb(deb: bytes) -> dict[str, bytes]:
    """The files of a .deb (an ar archive holding data.tar.*), by path."""
    if not deb.startswith(b"!<arch>\n"):
        raise ValueError("not a Debian package (no ar header)")
    offset = 8
    while offset < len(deb):
        header = deb[offset : offset + 60]
        name = header[:16].decode().strip().rstrip("/")
        size = int(header[48:58].decode().strip())
        body = deb[offset + 60 : offset + 60 + size]
        offset += 60 + size + (size % 2)
        if name.startswith("data.tar"):
            files = {}
            with tarfile.open(fileobj=io.BytesIO(body)) as archive:
                for member in archive.getmembers():
                    extracted = archive.extractfile(member) if member.isfile() else None
                    if extracted is not None:
                        files[member.name.removeprefix("./")] = extracted.read()
            return files
    raise ValueError("the package has no data.tar member")


def words_up_to(final: dict[str, str], size: int) -> list[str]:
    """Every plain lowercase word of the chosen categories with SCOWL size <= ``size``.

    ``final`` maps SCOWL file names (``english-words.50``) to their text.
    """
    kept: set[str] = set()
    for name, text in final.items():
        category, _, level = name.rpartition(".")
        if category in CATEGORIES and level.isdigit() and int(level) <= size:
            kept.update(line.strip() for line in text.splitlines() if WORD.fullmatch(line.strip()))
    return sorted(kept)


def download_deb() -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["apt-get", "download", "scowl"], cwd=folder, check=True)
        (deb,) = Path(folder).glob("scowl_*.deb")
        return deb.read_bytes()


def decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")  # older SCOWL releases are ISO-8859-1


def build(deb: bytes, out: Path, version: str) -> list[dict[str, object]]:
    files = read_deb(deb)
    final = {
        path.removeprefix(FINAL_DIR): decode(data)
        for path, data in files.items()
        if path.startswith(FINAL_DIR)
    }
    out.mkdir(parents=True, exist_ok=True)
    manifest: list[dict[str, object]] = []
    for size in SIZES:
        words = words_up_to(final, size)
        text = ("\n".join(words) + "\n").encode()
        name = f"en-{size}"
        file = f"{name}.txt.gz"
        (out / file).write_bytes(gzip.compress(text, compresslevel=9, mtime=0))
        manifest.append(
            {
                "name": name,
                "file": file,
                "words": len(words),
                "sha256": hashlib.sha256(text).hexdigest(),
                "description": DESCRIPTIONS[size],
                "default": size == DEFAULT_SIZE,
                "source": f"Debian scowl {version}",
            }
        )
    (out / "wordlists.json").write_text(json.dumps(manifest, indent=2) + "\n")
    (out / "SCOWL-COPYRIGHT.txt").write_bytes(files[COPYRIGHT])
    return manifest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deb", type=Path, help="a scowl .deb (default: apt-get download scowl)")
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parents[1] / "src/boggle/data"
    )
    args = parser.parse_args()
    deb = args.deb.read_bytes() if args.deb else download_deb()
    match = re.search(rb"Version: (\S+)", _control(deb))
    version = match.group(1).decode() if match else "unknown"
    for entry in build(deb, args.out, version):
        print(f"{entry['name']}: {entry['words']:,} words")
    return 0


def _control(deb: bytes) -> bytes:
    """The control file of the package, for its version."""
    offset = 8
    while offset < len(deb):
        header = deb[offset : offset + 60]
        name = header[:16].decode().strip().rstrip("/")
        size = int(header[48:58].decode().strip())
        if name.startswith("control.tar"):
            with tarfile.open(fileobj=io.BytesIO(deb[offset + 60 : offset + 60 + size])) as tar:
                for member in tar.getmembers():
                    if member.name.endswith("control"):
                        extracted = tar.extractfile(member)
                        return extracted.read() if extracted else b""
        offset += 60 + size + (size % 2)
    return b""


if __name__ == "__main__":
    sys.exit(main())
