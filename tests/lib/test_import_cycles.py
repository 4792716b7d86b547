"""No import cycle anywhere in src/boggle: not at the top of a module, not inside a function.

An import inside a function that only breaks a loop still is one (the two modules cannot be
understood, tested or moved apart), so every ``import`` counts wherever it stands, except
those under ``if TYPE_CHECKING:``, which never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "src" / "boggle"


def _module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(SOURCE.rglob("*.py"))}


def _imported(tree: ast.Module, module: str, known: set[str]) -> set[str]:
    """The boggle modules ``tree`` imports, anywhere in it (``TYPE_CHECKING`` blocks aside).

    ``from boggle.x import y`` imports ``boggle.x.y`` when that is a module, else ``boggle.x``;
    relative imports are resolved against ``module``.
    """
    found: set[str] = set()
    is_package = module in {m for m in known if any(k.startswith(m + ".") for k in known)}

    def resolve(base: str, level: int) -> str:
        if not level:
            return base
        parts = module.split(".")
        anchor = parts if is_package else parts[:-1]
        anchor = anchor[: len(anchor) - (level - 1)]
        return ".".join([*anchor, base] if base else anchor)

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            base = resolve(node.module or "", node.level)
            for alias in node.names:
                target = f"{base}.{alias.name}"
                found.add(target if target in known else base)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {name for name in found if name in known and name != module}


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {
        name: _imported(ast.parse(path.read_text(encoding="utf-8")), name, known)
        for name, path in modules.items()
    }


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm), each
    sorted, and each module that imports itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted(groups)


def test_no_module_of_boggle_imports_itself_through_others() -> None:
    assert find_cycles(import_graph()) == []


def test_the_graph_sees_imports_inside_functions() -> None:
    graph = import_graph()
    assert "boggle.cli.main" in graph["boggle.__main__"]  # imported inside run()
    assert "boggle.model.records" in graph["boggle.wordlists.sources"]  # the else of TYPE_CHECKING
    assert "boggle.wordlists.lexicon" not in graph["boggle.model.solution"]  # TYPE_CHECKING only


def test_the_checker_finds_a_loop_held_apart_by_a_function_level_import() -> None:
    known = {"boggle.a", "boggle.b", "boggle.c"}
    a = ast.parse("from boggle.b import x\n")
    b = ast.parse("def f():\n    from boggle.c import y\n")
    c = ast.parse("import boggle.a\n")
    graph = {
        "boggle.a": _imported(a, "boggle.a", known),
        "boggle.b": _imported(b, "boggle.b", known),
        "boggle.c": _imported(c, "boggle.c", known),
    }
    assert find_cycles(graph) == [["boggle.a", "boggle.b", "boggle.c"]]
    graph["boggle.c"] = set()
    assert find_cycles(graph) == []
