"""Syntax as the language rules read it: sentences, tokens, lemmas, parts of speech and
dependencies, and the Parser they need.

The rules read this neutral structure, never a parser library's objects, so they are testable
without one and another parser can replace the default (adapters/spacy_parser.py).
The Parser Protocol lives here, beside the rules that consume it, so the domain imports no port."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True)
class Token:
    i: int
    """Index within its sentence."""
    text: str
    lemma: str
    pos: str
    """Universal part of speech: NOUN, VERB, AUX, PRON, PROPN, ADJ, ADV, NUM, …"""
    tag: str
    """Penn Treebank tag: VBZ, VBP, VBD, PRP$, …"""
    dep: str
    """Dependency label (ClearNLP style): nsubj, dobj, ROOT, neg, poss, …"""
    head: int
    """Index of the head token within the sentence (the root is its own head)."""
    morph: dict[str, str] = field(default_factory=dict)
    """Person, Number, Tense, VerbForm, Mood, Poss, …"""
    space: str = " "
    """The whitespace that followed the token in the text."""

    @property
    def lower(self) -> str:
        return self.text.lower()


@dataclass(frozen=True)
class Sentence:
    text: str
    tokens: tuple[Token, ...]

    def children(self, token: Token) -> list[Token]:
        return [t for t in self.tokens if t.head == token.i and t.i != token.i]

    def subtree(self, token: Token) -> list[Token]:
        out, frontier = [token], [token]
        while frontier:
            nxt = [c for t in frontier for c in self.children(t)]
            out.extend(nxt)
            frontier = nxt
        return sorted(out, key=lambda t: t.i)

    @property
    def root(self) -> Token:
        return next(t for t in self.tokens if t.head == t.i)


class Parser(Protocol):
    def parse(self, text: str) -> list[Sentence]:
        """The text's sentences, each with its tokens."""

    def parse_many(self, texts: Sequence[str]) -> list[list[Sentence]]:
        """`parse` for each text, in one batch."""
