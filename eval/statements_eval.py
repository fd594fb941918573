"""Evaluate the statement classifier's labelled examples on a held-out set.

Builds `PrototypeClassifier(examples.load("statements"), LocalMiniLMEmbedder().embed)` and
classifies `eval/statements_eval.jsonl` (sentences written separately from the training file),
printing per-label precision/recall, the confusion matrix, and binary keep/drop accuracy
(keep = durable + procedural) for k = 1, 3, 5.

Run: cd /work/main && PYTHONPATH=layers/memstore .venv/bin/python eval/statements_eval.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

from memstore.adapters.local_embedder import LocalMiniLMEmbedder  # noqa: E402
from memstore.domain.language import examples  # noqa: E402
from memstore.domain.language.semantics import PrototypeClassifier  # noqa: E402

EVAL_FILE = Path(__file__).with_name("statements_eval.jsonl")
LABELS = ("durable", "procedural", "transient", "request", "chitchat", "other_person", "opinion_world")
KEEP = {"durable", "procedural"}
SHORT = {
    "durable": "dur",
    "procedural": "proc",
    "transient": "tran",
    "request": "req",
    "chitchat": "chat",
    "other_person": "other",
    "opinion_world": "opin",
}


def load_eval() -> list[tuple[str, str]]:
    rows = []
    for line in EVAL_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            rows.append((row["text"], row["label"]))
    return rows


def report(k: int, gold: list[str], pred: list[str]) -> None:
    print(f"\n=== k = {k} ===")
    correct = sum(g == p for g, p in zip(gold, pred, strict=True))
    print(f"accuracy (7-way): {correct}/{len(gold)} = {correct / len(gold):.3f}")
    print(f"{'label':<14}{'prec':>7}{'rec':>7}{'f1':>7}{'n':>5}")
    for label in LABELS:
        tp = sum(g == label and p == label for g, p in zip(gold, pred, strict=True))
        n_pred = sum(p == label for p in pred)
        n_gold = sum(g == label for g in gold)
        prec = tp / n_pred if n_pred else 0.0
        rec = tp / n_gold if n_gold else 0.0
        f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
        print(f"{label:<14}{prec:>7.3f}{rec:>7.3f}{f1:>7.3f}{n_gold:>5}")
    print("confusion (rows = gold, cols = predicted):")
    print(f"{'':<14}" + "".join(f"{SHORT[label]:>7}" for label in LABELS))
    for g_label in LABELS:
        counts = [
            sum(g == g_label and p == p_label for g, p in zip(gold, pred, strict=True)) for p_label in LABELS
        ]
        print(f"{g_label:<14}" + "".join(f"{c:>7}" for c in counts))
    gk = [g in KEEP for g in gold]
    pk = [p in KEEP for p in pred]
    acc = sum(a == b for a, b in zip(gk, pk, strict=True)) / len(gk)
    tp = sum(a and b for a, b in zip(gk, pk, strict=True))
    keep_prec = tp / sum(pk) if sum(pk) else 0.0
    keep_rec = tp / sum(gk) if sum(gk) else 0.0
    print(f"keep/drop accuracy: {acc:.3f}  (keep precision {keep_prec:.3f}, keep recall {keep_rec:.3f})")


def main() -> None:
    train = examples.load("statements")
    rows = load_eval()
    embed = LocalMiniLMEmbedder().embed
    texts = [t for t, _ in rows]
    gold = [g for _, g in rows]
    print(f"training examples: {len(train)}; eval sentences: {len(rows)}")
    vectors = None
    for k in (1, 3, 5):
        clf = PrototypeClassifier(train, embed, k=k)
        if vectors is None:
            import numpy as np

            vectors = np.asarray(embed(texts), dtype=np.float32)
        pred = [d.label for d in clf.decide_vectors(vectors)]
        report(k, gold, pred)


if __name__ == "__main__":
    main()
