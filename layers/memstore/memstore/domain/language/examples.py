"""Labelled example sentences, kept as data (`memstore/data/<set>.jsonl`), one JSON object a line:
`{"text": ..., "label": ..., "source": ...}`. `source` says where the sentence came from; no
example is copied from a benchmark."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class Example:
    text: str
    label: str
    source: str


@functools.cache
def rows(name: str) -> tuple[dict, ...]:
    """The data file's rows as they are (a row may carry fields beyond text, label, source)."""
    raw = resources.files("memstore.data").joinpath(f"{name}.jsonl").read_text(encoding="utf-8")
    out = []
    for n, line in enumerate(raw.splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        if not row.get("text") or not row.get("label") or not row.get("source"):
            raise ValueError(f"{name}.jsonl line {n}: text, label and source are required")
        out.append(row)
    return tuple(out)


@functools.cache
def load(name: str) -> tuple[Example, ...]:
    return tuple(Example(text=r["text"], label=r["label"], source=r["source"]) for r in rows(name))
