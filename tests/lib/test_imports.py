"""How boggle loads: lazily, and without Unix-only modules (issue 12)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from boggle.engines import BUILT_IN, engine_names, get_engine


def _python(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_import_boggle_loads_no_engine_until_one_is_asked_for() -> None:
    out = _python(
        "import sys, boggle\n"
        "loaded = lambda: sorted(m for m in sys.modules if m.startswith('boggle.engines.'))\n"
        "print(loaded())\n"
        "boggle.get_engine('prefixes').function\n"
        "print(loaded())\n"
    )
    first, second = out.splitlines()
    assert first == "[]"
    assert second == "['boggle.engines.prefixes']"


def test_import_boggle_works_without_the_resource_module() -> None:
    out = _python(
        "import sys\n"
        "sys.modules['resource'] = None\n"
        "import boggle\n"
        "from boggle.engines.letterhash import solve_letterhash\n"
        "from boggle.paths import path_table\n"
        "print(boggle.solve('fxie amlo ewbx astu', boggle.Lexicon.from_words(['fame'])).score,\n"
        "      path_table(3, max_length=2).totals, path_table(2).stats[0].peak_rss_mb)\n"
    )
    assert out == "1 [9, 40] 0.0"


def test_engine_capabilities_are_recorded_in_the_registry() -> None:
    from boggle.engines.letterhash import DEFAULT_MAX_LENGTH

    assert [engine.name for engine in BUILT_IN] == engine_names()
    assert get_engine("letterhash").max_length == DEFAULT_MAX_LENGTH
    streaming = {e.name for e in BUILT_IN if e.streams_in_order}
    file_readers = {e.name for e in BUILT_IN if e.reads_word_file}
    assert streaming == file_readers == {"heap", "heap-seek"}
    for engine in BUILT_IN:
        assert callable(engine.function), engine.name
    from boggle.errors import EngineError

    with pytest.raises(EngineError, match="does not read word files"):
        get_engine("trie").solve_file(None, "x", None)  # type: ignore[arg-type]
