"""Evaluate the facet classifier (data/facets.jsonl, the slot a profile memory is filed under and
whose gloss search reads) on sentences written separately: `eval/facets_eval.jsonl`.

Prints accuracy (the decision `Semantics.facet` makes, thresholds included), how many sentences
were filed under no facet, and every miss.

Run: cd /work/main && PYTHONPATH=layers/memstore .venv/bin/python eval/facets_eval.py
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from memstore.adapters.local_embedder import LocalMiniLMEmbedder  # noqa: E402
from memstore.domain.language.statements import Semantics  # noqa: E402

EVAL_FILE = Path(__file__).with_name("facets_eval.jsonl")


def main() -> None:
    rows = [json.loads(line) for line in EVAL_FILE.read_text(encoding="utf-8").splitlines() if line.strip()]
    embedder = LocalMiniLMEmbedder()
    semantics = Semantics(embedder.embed)
    vectors = np.asarray(embedder.embed([r["text"] for r in rows]), dtype=np.float32)
    outcome: Counter = Counter()
    for row, vector in zip(rows, vectors, strict=True):
        facet, _ = semantics.facet(vector)
        outcome["right" if facet == row["label"] else "none" if facet is None else "wrong"] += 1
        if facet != row["label"]:
            print(f"  {row['label']:>15} -> {facet or '-':15} {row['text']}")
    n = len(rows)
    print(
        f"facets: {outcome['right']}/{n} right ({100 * outcome['right'] / n:.1f} %), "
        f"{outcome['wrong']} under another facet, {outcome['none']} under none"
    )


if __name__ == "__main__":
    main()
