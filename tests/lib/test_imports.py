"""How boggle loads: lazily, and without Unix-only modules (issue 12)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
        "from boggle.study.paths import path_table\n"
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
    from boggle.model.errors import EngineError

    with pytest.raises(EngineError, match="does not read word files"):
        get_engine("trie").solve_file(None, "x", None)  # type: ignore[arg-type]


def test_a_solve_with_a_warm_cache_loads_no_heavy_module(tmp_path: Path) -> None:
    """``boggle solve`` starts fast: none of these modules (each milliseconds to import) is
    loaded once the bundled list's summary and compiled form are cached (the first run
    computes the list's SHA-256, so it loads hashlib)."""
    code = (
        "import io, sys, contextlib\n"
        "from boggle.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    main(['solve', 'fxie amlo ewbx astu'])\n"
        "heavy = ('typing', 'dataclasses', 'inspect', 'secrets', 'hashlib', 'shutil', 'html', "
        "'pathlib', 'threading', 'gzip', 'random')\n"
        "print(sorted(m for m in heavy if m in sys.modules), 'WORDS:' in out.getvalue())\n"
    )
    env = {**os.environ, "BOGGLE_CACHE_DIR": str(tmp_path)}
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert second.returncode == 0, second.stderr
    assert second.stdout.strip() == "[] True"
    assert list(tmp_path.glob("lists/*.summary")) and list(tmp_path.glob("tries/*.trie"))
