"""The bundled word lists: the manifest matches the files, and the build script works."""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import io
import json
import tarfile
from pathlib import Path
from types import ModuleType

import pytest

from boggle import DEFAULT_WORDLIST, bundled_lists, load_lexicon
from boggle.lexicon import DATA_DIR

REPO = Path(__file__).resolve().parents[1]
MANIFEST = json.loads((DATA_DIR / "wordlists.json").read_text())


def build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_wordlists", REPO / "scripts" / "build_wordlists.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("entry", MANIFEST, ids=[e["name"] for e in MANIFEST])
def test_manifest_matches_file(entry: dict[str, object]) -> None:
    text = gzip.decompress((DATA_DIR / str(entry["file"])).read_bytes())
    assert hashlib.sha256(text).hexdigest() == entry["sha256"]
    words = text.decode("ascii").split("\n")
    assert words[-1] == ""
    words = words[:-1]
    assert len(words) == entry["words"]
    assert words == sorted(set(words))
    assert all(word.isascii() and word.isalpha() and word.islower() for word in words)


def test_sizes_nest_and_default_is_one() -> None:
    names = [e["name"] for e in MANIFEST]
    assert [e["name"] for e in MANIFEST if e["default"]] == [DEFAULT_WORDLIST]
    counts = [e["words"] for e in MANIFEST]
    assert counts == sorted(counts) and len(set(counts)) == len(counts)
    assert [b.name for b in bundled_lists()] == names
    small, large = load_lexicon(names[0]), load_lexicon(names[-1])
    assert small.word_set <= large.word_set


def test_default_list_loads_by_name() -> None:
    lexicon = load_lexicon()
    assert lexicon.name == DEFAULT_WORDLIST and lexicon.bundled
    assert {"fame", "colour", "color", "quiz"} <= lexicon.word_set
    assert "source" not in lexicon.to_json()  # no installation path is shown


def test_copyright_notice_is_shipped() -> None:
    notice = (DATA_DIR / "SCOWL-COPYRIGHT.txt").read_text()
    assert "Kevin Atkinson" in notice and "SCOWL" in notice


def fake_deb(files: dict[str, bytes]) -> bytes:
    """A minimal .deb: an ar archive with a data.tar.gz holding ``files``."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo("./" + name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    body = buffer.getvalue()
    header = f"{'data.tar.gz':<16}{0:<12}{0:<6}{0:<6}{100644:<8}{len(body):<10}`\n".encode()
    return b"!<arch>\n" + header + body + (b"\n" if len(body) % 2 else b"")


def test_build_script_on_a_fake_package(tmp_path: Path) -> None:
    script = build_script()
    final = "usr/share/dict/scowl/"
    deb = fake_deb(
        {
            final + "english-words.10": b"cat\ndog\nit's\n",
            final + "american-words.50": "color\ncaf\xe9\n".encode(),
            final + "british-words.70": b"colour\n",
            final + "english-words.80": b"zymurgy\n",
            final + "english-proper-names.10": b"Paris\nparis\n",
            final + "english-upper.10": b"NASA\n",
            "usr/share/doc/scowl/copyright": b"Copyright SCOWL\n",
        }
    )
    manifest = script.build(deb, tmp_path, "test")
    counts = {entry["name"]: entry["words"] for entry in manifest}
    assert counts == {"en-50": 3, "en-70": 4, "en-80": 5}
    text = gzip.decompress((tmp_path / "en-70.txt.gz").read_bytes()).decode()
    assert text == "cat\ncolor\ncolour\ndog\n"
    assert (tmp_path / "SCOWL-COPYRIGHT.txt").read_text() == "Copyright SCOWL\n"
    again = tmp_path / "again"
    script.build(deb, again, "test")
    assert (again / "en-70.txt.gz").read_bytes() == (tmp_path / "en-70.txt.gz").read_bytes()


def test_build_script_rejects_other_files() -> None:
    with pytest.raises(ValueError, match="not a Debian package"):
        build_script().read_deb(b"PK\x03\x04")
