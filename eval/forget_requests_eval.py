"""How many requests of a JSONL file of commands the command grammar reads right: the action
expected ("forget", "remember"), or no command at all ("none").

OMP_NUM_THREADS=1 .venv/bin/python eval/forget_requests_eval.py [eval/command_requests_s22.jsonl]
(default: eval/forget_requests.jsonl)
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
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "eval", "forget_requests.jsonl")
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    found = 0
    for row in rows:
        command = recognise(parser.parse(row["text"]))
        got = "none" if command is None or command.tentative and row["expect"] == "none" else command.action
        ok = got == row["expect"]
        found += ok
        if not ok:
            print(f"MISS ({row['expect']}, got {got}) {row['text']}")
    print(f"recognised {found} of {len(rows)}")


if __name__ == "__main__":
    main()
