"""Builds the MemstoreLayer into <target> (sam build runs it through this folder's Makefile).

1. Install requirements.txt for Lambda's platform, resolved exactly as the LanguageLayer resolves it
   (../language/build_layer.py's pip options: cp311, x86_64, manylinux wheels for glibc <= 2.26).
2. Copy the memstore package's runtime code: the subpackages and modules RUNTIME names, nothing
   else. Whatever else lives beside them (caller-side packages, anything new) stays out until it is
   named here; tests/unit/test_layer_contents.py checks that what is copied is complete and clean.

Standard library only; `python build_layer.py --target DIR [--no-dependencies]`.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = HERE / "memstore"
RUNTIME = (
    "__init__.py",
    "settings.py",
    "wiring.py",
    "domain",
    "ports",
    "services",
    "adapters",
    "api",
    "data",
)
"""What the Lambda functions run: the composition root and the layers it wires."""
LEFT_OUT = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def copy_runtime(target: Path) -> Path:
    """The runtime part of the memstore package, copied to `target`/memstore; returns that folder."""
    package = target / "memstore"
    if package.exists():
        shutil.rmtree(package)
    package.mkdir(parents=True)
    for name in RUNTIME:
        source = PACKAGE / name
        if source.is_dir():
            shutil.copytree(source, package / name, ignore=LEFT_OUT)
        else:
            shutil.copy2(source, package / name)
    return package


def install_dependencies(target: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "language_build_layer", HERE.parent / "language" / "build_layer.py"
    )
    assert spec is not None and spec.loader is not None
    language = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(language)
    language.pip("--target", str(target), "-r", str(HERE / "requirements.txt"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", required=True, type=Path, help="the layer's python/ directory")
    parser.add_argument("--no-dependencies", action="store_true", help="copy the memstore package only")
    args = parser.parse_args()
    target = args.target.resolve()
    target.mkdir(parents=True, exist_ok=True)
    if not args.no_dependencies:
        install_dependencies(target)
    package = copy_runtime(target)
    print(f"MemstoreLayer: memstore ({', '.join(RUNTIME)}) in {package}")


if __name__ == "__main__":
    main()
