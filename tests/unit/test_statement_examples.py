"""The statement classifier's labelled examples: well-formed, one label set, no duplicates, and
disjoint from the held-out evaluation sentences."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from memstore.domain.language import examples

ALLOWED = {"durable", "procedural", "transient", "request", "chitchat", "other_person", "opinion_world"}
EVAL_FILE = Path(__file__).resolve().parents[2] / "eval" / "statements_eval.jsonl"


def test_statements_load_with_text_label_and_source():
    rows = examples.load("statements")
    assert len(rows) > 100
    for row in rows:
        assert row.text.strip() and row.label and row.source


def test_statement_labels_are_allowed_and_all_present():
    labels = {row.label for row in examples.load("statements")}
    assert labels <= ALLOWED
    assert labels == ALLOWED


def test_statement_texts_are_unique():
    counts = Counter(row.text.strip().lower() for row in examples.load("statements"))
    assert [text for text, n in counts.items() if n > 1] == []


def test_eval_sentences_do_not_appear_in_training():
    if not EVAL_FILE.exists():
        import pytest

        pytest.skip("eval/statements_eval.jsonl is not present")
    train = {row.text.strip().lower() for row in examples.load("statements")}
    held_out = [
        json.loads(line) for line in EVAL_FILE.read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    assert held_out
    assert {row["label"] for row in held_out} <= ALLOWED
    assert [row["text"] for row in held_out if row["text"].strip().lower() in train] == []
