"""Only the composition root chooses adapters: no handler in functions/ imports one (import-linter
checks the memstore package itself; the handlers are outside it, so they are read here)."""

from __future__ import annotations

import ast

from tests.support import ROOT


def _imported_modules(source: str) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_no_handler_imports_an_adapter():
    handlers = sorted((ROOT / "functions").glob("*/app.py"))
    assert len(handlers) >= 7
    offenders = {
        path.parent.name: sorted(
            m
            for m in _imported_modules(path.read_text(encoding="utf-8"))
            if m.startswith("memstore.adapters")
        )
        for path in handlers
    }
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_the_check_sees_a_lazy_import():
    assert "memstore.adapters.dynamodb_repository" in _imported_modules(
        "def handler():\n    from memstore.adapters.dynamodb_repository import stream_image_decoder\n"
    )
