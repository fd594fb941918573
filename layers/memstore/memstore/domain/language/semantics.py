"""Decisions by embedding similarity to labelled examples.

A `PrototypeClassifier` embeds its examples once (with whatever embedder it is given: the
local MiniLM, or a store's own model) and scores a text per label as the mean cosine of its
`k` nearest examples of that label. Scores are relative to the same embedder's geometry, so
the decision (best label and its margin over the runner-up) needs no per-model constants."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from memstore.domain.language.examples import Example

Embed = Callable[[Sequence[str]], np.ndarray]
"""Texts → float32 rows of unit length (the Embedder port's `embed`)."""


@dataclass(frozen=True)
class Decision:
    label: str
    score: float
    margin: float
    """Score of the best label minus the runner-up's (0 when there is one label)."""
    scores: dict[str, float]


class PrototypeClassifier:
    def __init__(self, examples: Sequence[Example], embed: Embed, k: int = 3):
        if not examples:
            raise ValueError("a classifier needs examples")
        self._embed = embed
        self._k = k
        self.labels = sorted({e.label for e in examples})
        vectors = np.asarray(embed([e.text for e in examples]), dtype=np.float32)
        self._by_label = {
            label: vectors[[i for i, e in enumerate(examples) if e.label == label]] for label in self.labels
        }

    def nearness(self, vectors: np.ndarray, label: str) -> np.ndarray:
        """Each vector's mean cosine to its `k` nearest examples of `label`."""
        sims = vectors @ self._by_label[label].T
        k = min(self._k, sims.shape[1])
        return -np.sort(-sims, axis=1)[:, :k].mean(axis=1)

    def decide_vectors(self, vectors: np.ndarray) -> list[Decision]:
        per_label = {}
        for label, protos in self._by_label.items():
            sims = vectors @ protos.T
            k = min(self._k, protos.shape[0])
            top = -np.sort(-sims, axis=1)[:, :k]
            per_label[label] = top.mean(axis=1)
        out = []
        for row in range(vectors.shape[0]):
            scores = {label: float(per_label[label][row]) for label in self.labels}
            ranked = sorted(scores.items(), key=lambda kv: -kv[1])
            margin = ranked[0][1] - ranked[1][1] if len(ranked) > 1 else 0.0
            out.append(Decision(label=ranked[0][0], score=ranked[0][1], margin=margin, scores=scores))
        return out

    def decide(self, texts: Sequence[str]) -> list[Decision]:
        if not texts:
            return []
        return self.decide_vectors(np.asarray(self._embed(list(texts)), dtype=np.float32))
