"""Policy categories by embedding similarity to labelled examples.

`memstore/data/privacy_categories.jsonl` holds example sentences (and short descriptions) for
each category and a larger `none` class of ordinary personal facts. A sentence is flagged for
category C when C is active, C is its nearest label and it beats `none` by `MARGIN` (two
sensitive categories close to each other still make a sensitive sentence); it is also flagged when it is close (`PHRASE_SIMILARITY`) to one of the store's own
exclusion phrases.

Which categories are active:
- on by default, with no policy text: the GDPR Art. 9 special categories — health, sexual life
  and orientation, political opinions, religion, ethnic origin, trade-union membership. A
  demanding user expects an assistant's memory not to keep these unless asked to;
- on when the policy excludes them (an exclusion phrase's nearest category): finances, precise
  location, criminal record, immigration status (and, redundantly, any default one);
- a default category is switched off when the policy's focus phrases ask for it ("Capture
  health details such as medications …"): the store owner opted in.
Credentials, payment/bank/government ids, phone numbers, e-mails, exact ages and birth dates,
and street addresses are not categories here: detectors.py finds them always.

The thresholds were calibrated on the examples with MiniLM (leave-one-out) and are margins
between labels, so they carry over to other embedders only approximately."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from memstore.domain.language.examples import load
from memstore.domain.language.semantics import Embed, PrototypeClassifier

NONE = "none"
DEFAULT_ON = frozenset({"health", "sexual_life", "politics", "religion", "ethnicity", "trade_union"})
MARGIN = 0.04
"""How far a sentence's nearest category must beat `none`."""
FLOOR = 0.3
"""How near a sentence must be to its nearest category's examples at all: a sentence unlike every
example ("The breaker at substation 4B is the Schneider one.", 0.23 from trade-union membership,
0.16 from ordinary facts) is out of what the examples describe, and beating `none` there says
nothing. The sensitive sentences of eval/privacy_eval.jsonl sit at 0.33 and above."""
PHRASE_OVER_NONE = 0.1
"""How far a policy phrase's score for a category must beat `none` for the phrase to name it."""
PHRASE_NEAR_BEST = 0.05
"""A phrase names every category within this of its best one ("criminal history or immigration
status" names two)."""
PHRASE_SIMILARITY = 0.4
"""Cosine of a sentence to one of the store's exclusion phrases that flags it (calibrated on the
examples: a category description passes ~18% of its sentences and ~0.1% of `none` ones)."""
NAMED_SIMILARITY = 0.5
"""Cosine of one of a sentence's noun phrases to an exclusion phrase that flags it: a short
phrase says what it names without the rest of the sentence diluting it ("online poker" is 0.59
from "gambling", the sentence around it under 0.4). Measured on the `none` examples under the
five development policies: 3 of 595 (sentence, policy) pairs flagged at 0.5, 19 at 0.45."""
NAMED_MARGIN = 0.15
"""… and by this much more than it is close to ordinary facts (the `none` examples): "tea" is
0.51 from "drinking" but 0.43 from what people tell about their day; "bourbon" 0.51 and 0.30."""


@dataclass(frozen=True)
class ActivePolicy:
    categories: frozenset[str]
    phrases: tuple[str, ...]
    phrase_vectors: np.ndarray
    phrase_labels: tuple[str, ...]


class CategoryModel:
    def __init__(self, embed: Embed):
        self._embed = embed
        self._classifier = PrototypeClassifier(load("privacy_categories"), embed, k=3)
        self.categories = frozenset(label for label in self._classifier.labels if label != NONE)

    def name(self, phrases: Sequence[str]) -> list[set[str]]:
        """The categories each policy phrase names (possibly none)."""
        out: list[set[str]] = []
        for d in self._classifier.decide(list(phrases)):
            best = max(v for k, v in d.scores.items() if k != NONE)
            out.append(
                {
                    k
                    for k, v in d.scores.items()
                    if k != NONE and v - d.scores[NONE] >= PHRASE_OVER_NONE and v >= best - PHRASE_NEAR_BEST
                }
            )
        return out

    def activate(self, exclusions: Sequence[str], focus: Sequence[str]) -> ActivePolicy:
        excluded = self.name(exclusions)
        wanted = set().union(*self.name(focus)) if focus else set()
        active = (DEFAULT_ON - wanted) | set().union(*excluded)
        vectors = (
            np.asarray(self._embed(list(exclusions)), dtype=np.float32)
            if exclusions
            else np.zeros((0, 1), dtype=np.float32)
        )
        labels = tuple(min(c) if c else "excluded_by_policy" for c in excluded)
        return ActivePolicy(frozenset(active), tuple(exclusions), vectors, labels)

    def flag_named(
        self, vectors: np.ndarray, owners: Sequence[int], n: int, policy: ActivePolicy
    ) -> list[set[str]]:
        """For each of `n` sentences, the exclusions one of its noun phrases (`vectors`, the
        sentence of each in `owners`) is close to."""
        out: list[set[str]] = [set() for _ in range(n)]
        if not policy.phrases or vectors.shape[0] == 0:
            return out
        near = vectors @ policy.phrase_vectors.T
        ordinary = self._classifier.nearness(vectors, NONE)
        for row, owner in enumerate(owners):
            best = int(np.argmax(near[row]))
            if near[row, best] >= NAMED_SIMILARITY and near[row, best] - ordinary[row] >= NAMED_MARGIN:
                out[owner].add(policy.phrase_labels[best])
        return out

    def flag(self, vectors: np.ndarray, policy: ActivePolicy) -> list[set[str]]:
        """For each sentence vector, the active categories it falls in."""
        if vectors.shape[0] == 0:
            return []
        out = []
        decisions = self._classifier.decide_vectors(vectors)
        near = vectors @ policy.phrase_vectors.T if policy.phrases else None
        for row, d in enumerate(decisions):
            found = set()
            if d.label in policy.categories and d.score >= FLOOR and d.score - d.scores[NONE] >= MARGIN:
                found.add(d.label)
            if near is not None:
                best = int(np.argmax(near[row]))
                if near[row, best] >= PHRASE_SIMILARITY:
                    found.add(policy.phrase_labels[best])
            out.append(found)
        return out
