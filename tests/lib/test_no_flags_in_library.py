"""The library's messages name no command-line option: a parameter that was wrong is named
as the library calls it (and carried as ``setting``), a fix a shell offers is a ``remedy``
code; the command line writes its own options (boggle.cli.main.with_option, CLI_REMEDIES)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from boggle.cli.main import CLI_REMEDIES, main, with_option
from boggle.model.errors import REMEDIES, BoggleError
from boggle.search import prove, search
from boggle.wordlists.lexicon import Lexicon

SOURCE = Path(__file__).resolve().parents[2] / "src" / "boggle"
SHELLS = {"cli", "web", "__main__.py"}
FLAG = re.compile(r"(?<![\w-])--[a-z]")
NOT_MESSAGES = {("engines/gpu/device.py", "--std=c++14")}  # NVRTC's compiler option


def _docstrings(tree: ast.Module) -> set[int]:
    """ids of the string statements (docstrings of modules, classes, functions, attributes)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def flags_in_library(source: Path = SOURCE) -> list[str]:
    found = []
    for path in sorted(source.rglob("*.py")):
        relative = path.relative_to(source)
        if relative.parts[0] in SHELLS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
                and FLAG.search(node.value)
                and (relative.as_posix(), node.value) not in NOT_MESSAGES
            ):
                found.append(f"{relative}:{node.lineno}: {node.value[:60]!r}")
    return found


def test_no_library_string_names_a_command_line_option() -> None:
    assert flags_in_library() == []


def test_the_check_sees_a_flag(tmp_path: Path) -> None:
    (tmp_path / "module.py").write_text(
        '"""Docs may say --jobs."""\n'
        'def f(n):\n    """--top too."""\n'
        '    raise ValueError(f"--jobs must be at least 1, got {n}")\n'
    )
    assert flags_in_library(tmp_path) == ["module.py:4: '--jobs must be at least 1, got '"]


def test_every_remedy_has_the_command_lines_words() -> None:
    assert set(CLI_REMEDIES) == set(REMEDIES)


SMALL = Lexicon.from_words(["tea", "eat", "ate", "seat", "east"])


@pytest.mark.parametrize(
    "call, setting",
    [
        (lambda: search(3, 3, SMALL, jobs=0), "jobs"),
        (lambda: search(3, 3, SMALL, top=0), "top"),
        (lambda: search(3, 3, SMALL, seconds=0), "seconds"),
        (lambda: search(3, 3, SMALL, letters="xyz"), "letters"),
        (lambda: prove(2, 2, SMALL, None, 1, corner_buckets=0), "corner_buckets"),
        (lambda: prove(2, 2, SMALL, None, -1), "above"),
    ],
)
def test_a_wrong_parameter_is_named_as_the_library_calls_it(call: object, setting: str) -> None:
    with pytest.raises(BoggleError) as refused:
        call()  # type: ignore[operator]
    assert refused.value.setting == setting
    assert str(refused.value).startswith(f"{setting} ") and "--" not in str(refused.value)
    assert with_option(refused.value).startswith("--" + setting.replace("_", "-"))


def test_the_command_line_names_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prove", "--size", "2x2", "--above", "1", "--corner-buckets", "0"]) == 2
    assert "--corner-buckets must be at least 1, got 0" in capsys.readouterr().err
    assert main(["search", "--size", "3x3", "--top", "0"]) == 2
    assert "--top must be from 1 to 10,000, got 0" in capsys.readouterr().err
