"""The import rules of docs/architecture.md: every import in src/boggle goes down the layers."""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "src" / "boggle"

# Layers, lowest first (docs/architecture.md, "Layers and import rules"): the packages of
# src/boggle.  A module may import modules of lower layers and of its own package, never a
# package of its own layer or of a higher one; only the last layer (the command line and
# ``python -m boggle``) is open.
LAYERS: list[tuple[str, ...]] = [
    ("model",),
    ("files",),
    ("wordlists",),
    ("definitions", "_native"),
    ("engines",),
    ("dice", "game"),
    ("scale",),
    ("study", "search", "rooms"),
    ("web",),
    ("cli", "__main__"),
]
OPEN_LAYERS = {len(LAYERS) - 1}


def _module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _top(module: str) -> str:
    """``boggle.engines.trie`` -> ``engines``; ``boggle`` itself -> ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _layer(module: str) -> int:
    top = _top(module)
    for index, names in enumerate(LAYERS):
        if top in names:
            return index
    raise AssertionError(f"{module} is in no layer of LAYERS: add it to docs/architecture.md")


def _runtime_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, module) of every boggle import, skipping ``if TYPE_CHECKING:`` blocks."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            return
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("boggle"):
            if node.module == "boggle":
                found.extend((node.lineno, f"boggle.{alias.name}") for alias in node.names)
            else:
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, a.name) for a in node.names if a.name.startswith("boggle"))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _violations() -> list[str]:
    problems = []
    for path in sorted(SOURCE.rglob("*.py")):
        module = _module_name(path)
        if module == "boggle":  # the package's front door re-exports from every layer
            continue
        here = _layer(module)
        for line, imported in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if imported == "boggle.__version__":
                continue
            there = _layer(imported)
            same_package = _top(imported) == _top(module)
            if there > here or (there == here and not same_package and here not in OPEN_LAYERS):
                problems.append(f"{path.relative_to(SOURCE.parent)}:{line} imports {imported}")
    return problems


def test_every_import_goes_down_the_layers() -> None:
    assert _violations() == []


def test_the_named_rules_hold() -> None:
    for path in sorted(SOURCE.rglob("*.py")):
        module = _module_name(path)
        if module == "boggle":
            continue
        imports = {m for _, m in _runtime_imports(ast.parse(path.read_text(encoding="utf-8")))}
        tops = {_top(m) for m in imports}
        if _top(module) == "engines":
            assert not tops & {"study", "scale", "game", "web", "cli"}, module
        if _layer(module) < _layer("boggle.web"):  # the library
            assert not tops & {"web", "cli"}, module


def test_the_checker_sees_a_violation() -> None:
    tree = ast.parse("import os\nfrom boggle.cli.commands import solve\nfrom boggle import study\n")
    assert _runtime_imports(tree) == [(2, "boggle.cli.commands"), (3, "boggle.study")]
    guarded = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from boggle.web import app\n"
    )
    assert _runtime_imports(ast.parse(guarded)) == []
    assert _layer("boggle.engines.trie") < _layer("boggle.study.paths")
    assert _layer("boggle.study.paths") < _layer("boggle.cli.commands.x")
