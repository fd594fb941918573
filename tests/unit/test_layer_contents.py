"""The MemstoreLayer holds runtime code only: it is built by layers/memstore/build_layer.py (what
`sam build` runs), and here the same build's memstore package is inspected. Nothing of the local
emulator, the OpenAPI generator, the tests or the caller-side packages is in it, and everything the
functions import from memstore is."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from tests.support import ROOT

LAYER_SOURCE = ROOT / "layers" / "memstore"
CALLER_SIDE = frozenset({"client", "memory", "agents", "mcp", "console"})
"""Subpackages that run in the caller's process (a client library, the memory framework, agent
integrations, an MCP server, the console's assets): never in Lambda."""
DEVELOPMENT = frozenset(
    {"memstore_local", "memstore_openapi", "tests", "pytest", "moto", "hypothesis", "schemathesis"}
)
"""Top-level packages no runtime module may import, not even lazily."""


def _build_script():
    spec = importlib.util.spec_from_file_location("memstore_build_layer", LAYER_SOURCE / "build_layer.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def build():
    return _build_script()


@pytest.fixture(scope="module")
def layer(build, tmp_path_factory) -> Path:
    """The layer's python/ folder as the build leaves it (without the pip-installed dependencies)."""
    target = tmp_path_factory.mktemp("layer") / "python"
    build.copy_runtime(target)
    return target


def _imports(path: Path, package: str) -> list[tuple[str, list[str]]]:
    """(module, names) for every import in `path`, at any depth; relative ones made absolute."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append((module, [alias.name for alias in node.names]))
    return found


def _package_of(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts if path.name == "__init__.py" else parts[:-1]).removesuffix(".__init__")


def _exists(root: Path, module: str) -> bool:
    base = root.joinpath(*module.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def test_the_layer_holds_exactly_the_runtime_subpackages(build, layer):
    shipped = {p.name for p in (layer / "memstore").iterdir()}
    assert shipped == set(build.RUNTIME)
    assert sorted(p.name for p in layer.iterdir()) == ["memstore"]


def test_every_subpackage_is_either_runtime_or_caller_side(build):
    """A new subpackage must be placed deliberately: in build_layer.RUNTIME if Lambda runs it, in
    CALLER_SIDE here if it runs in the caller's process, or outside layers/ (dev/, tests/)."""
    present = {p.name for p in (LAYER_SOURCE / "memstore").iterdir() if p.name != "__pycache__"}
    unplaced = present - set(build.RUNTIME) - CALLER_SIDE
    assert not unplaced, f"place {sorted(unplaced)} in build_layer.RUNTIME or in CALLER_SIDE"
    assert not set(build.RUNTIME) & CALLER_SIDE


def test_no_development_module_is_in_the_layer(layer):
    files = [p.relative_to(layer).as_posix() for p in layer.rglob("*") if p.is_file()]
    assert files, "the build copied nothing"
    for name in ("memstore/local/", "memstore/openapi/", "minilm_numpy", "__pycache__", ".pyc", "egg-info"):
        assert not [f for f in files if name in f], name
    for part in CALLER_SIDE:
        assert not (layer / "memstore" / part).exists(), part
    offenders = []
    for path in layer.rglob("*.py"):
        for module, _ in _imports(path, _package_of(path, layer)):
            if module.split(".")[0] in DEVELOPMENT:
                offenders.append(f"{path.relative_to(layer)} imports {module}")
    assert not offenders, offenders


def test_everything_the_functions_import_from_memstore_is_in_the_layer(layer):
    """The closure over the handlers and every shipped module, lazy imports included: a module the
    allowlist forgot would fail on Lambda, at the first request that reaches it."""
    sources = [(p, _package_of(p, layer)) for p in layer.rglob("*.py")]
    handlers = sorted((ROOT / "functions").glob("*/app.py"))
    assert len(handlers) >= 7
    sources += [(p, "") for p in handlers]
    missing = []
    for path, package in sources:
        for module, names in _imports(path, package):
            if module.split(".")[0] != "memstore":
                continue
            if not _exists(layer, module):
                missing.append(f"{path.name}: {module}")
                continue
            for name in names:
                wanted = f"{module}.{name}"
                if _exists(LAYER_SOURCE, wanted) and not _exists(layer, wanted):
                    missing.append(f"{path.name}: {wanted}")
    assert not missing, missing


def test_the_layer_ships_its_data_files(layer):
    data = layer / "memstore" / "data"
    source = sorted(p.name for p in (LAYER_SOURCE / "memstore" / "data").glob("*.jsonl"))
    assert source and sorted(p.name for p in data.glob("*.jsonl")) == source


def test_the_template_builds_the_layer_with_this_makefile():
    template = (ROOT / "template.yaml").read_text(encoding="utf-8")
    block = template[template.index("  MemstoreLayer:") :]
    block = block[: block.index("\n\n")]
    assert "ContentUri: layers/memstore/" in block and "BuildMethod: makefile" in block
    assert "build-MemstoreLayer:" in (LAYER_SOURCE / "Makefile").read_text(encoding="utf-8")
