"""How many forget requests of eval/forget_requests.jsonl the command grammar recognises.

OMP_NUM_THREADS=1 .venv/bin/python eval/forget_requests_eval.py
"""

from __future__ import annotations

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "layers", "memstore"))

from memstore.adapters.spacy_parser import SpacyParser  # noqa: E402
from memstore.domain.language.commands import recognise  # noqa: E402


def main() -> None:
    parser = SpacyParser()
    with open(os.path.join(ROOT, "eval", "forget_requests.jsonl"), encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    found = 0
    for row in rows:
        command = recognise(parser.parse(row["text"]))
        ok = command is not None and command.action == row["expect"]
        found += ok
        if not ok:
            print(f"MISS {row['text']}")
    print(f"recognised {found} of {len(rows)}")


if __name__ == "__main__":
    main()
