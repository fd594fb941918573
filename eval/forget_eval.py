"""First-run evaluation of forget resolution (domain/language/forget.py) on eval/forget_eval.jsonl.

The set was written after the resolver's constants were fixed on
layers/memstore/memstore/data/forget_calibration.jsonl and is not used to tune them. Each row is
one scope ({"request", "memories", "targets", "source"}): the request is read by the command
grammar (domain/language/commands.py), its phrase resolved against the memories with the local
all-MiniLM-L6-v2, and the deleted memories compared with the targets.

    OMP_NUM_THREADS=1 .venv/bin/python eval/forget_eval.py [--verbose]

Prints precision and recall of deletion (per memory), the share of scopes resolved exactly, and
how often a request with no target deleted nothing (no_match)."""

from __future__ import annotations

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "layers", "memstore"))

from memstore.adapters.local_embedder import LocalMiniLMEmbedder  # noqa: E402
from memstore.adapters.spacy_parser import SpacyParser  # noqa: E402
from memstore.domain.language import forget  # noqa: E402
from memstore.domain.language.commands import recognise  # noqa: E402
from memstore.domain.models import Kind, MemoryItem  # noqa: E402

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "forget_eval.jsonl")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="?", default=DATA)
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args(argv)
    with open(args.data, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    parse, embed = SpacyParser().parse, LocalMiniLMEmbedder().embed
    tp = fp = fn = exact = not_forget = empty_n = empty_ok = 0
    for row in rows:
        cmd = recognise(parse(row["request"]))
        if cmd is None or cmd.action != "forget":
            not_forget += 1
            phrase = row["request"]
        else:
            phrase = cmd.content
        items = [
            MemoryItem(
                memory_id=str(i),
                store="e",
                scope="u",
                kind=Kind.USER_PROFILE,
                content=c,
                created_at=0,
                updated_at=0,
            )
            for i, c in enumerate(row["memories"])
        ]
        got = {int(m) for m in forget.resolve(phrase, items, embed)}
        want = set(row["targets"])
        tp, fp, fn = tp + len(got & want), fp + len(got - want), fn + len(want - got)
        exact += got == want
        if not want:
            empty_n += 1
            empty_ok += not got
        if args.verbose and got != want:
            print(f"  {row['request']!r} -> {phrase!r}: deleted {sorted(got)}, expected {sorted(want)}")
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    print(f"scenarios                 {len(rows)}")
    print(f"not read as a forget      {not_forget}")
    print(f"deletion precision        {precision:.3f}  ({tp}/{tp + fp})")
    print(f"deletion recall           {recall:.3f}  ({tp}/{tp + fn})")
    print(f"scopes resolved exactly   {exact}/{len(rows)}")
    print(f"no target, nothing gone   {empty_ok}/{empty_n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
