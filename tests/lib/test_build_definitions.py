"""scripts/build_definitions.py: the extract holds what the look-ups of the lists' words
read, so each of those words gets the same answer from it as from the full WordNet."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
import script_modules

from boggle.definitions import look_up
from boggle.definitions.wordnet import GlossExtract, SystemWordNet

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "build_definitions.py"
SYSTEM = SystemWordNet.find()
WORDS = ["cats", "ran", "geese", "nonhero", "flyby", "quo", "teabags", "zzxqv", "better"]


def load_script() -> ModuleType:
    return script_modules.load_script("build_definitions", SCRIPT)


@pytest.mark.skipif(SYSTEM is None, reason="WordNet is not installed (apt install wordnet-base)")
def test_an_extract_answers_as_wordnet_for_its_words(tmp_path: Path) -> None:
    assert SYSTEM is not None
    script = load_script()
    data, defined = script.build_extract(Path(SYSTEM.folder), WORDS, "test")
    path = tmp_path / "extract.txt.gz"
    path.write_bytes(data)
    extract = GlossExtract(str(path))
    for word in WORDS:
        assert look_up(word, extract) == look_up(word, SYSTEM), word
    assert defined == sum(bool(look_up(word, SYSTEM)[1]) for word in WORDS) == len(WORDS) - 1
    assert not extract.is_lemma("dog", "n")  # only what the words' look-ups read
    again, _ = script.build_extract(Path(SYSTEM.folder), WORDS, "test")
    assert again == data  # a rebuild gives the same bytes
