"""The deterministic extractor (`memstore-rules`): memories from what the user says, by general
English syntax (the Parser port, spaCy by default) and embedding similarity to labelled
examples (the store's own embedder). No model call, no network, no randomness.

It reads the user's messages (earlier messages of a chained update are context: the
assistant's question a bare answer replies to), keeps clauses that state something durable
about the user or a standing instruction, rewrites them in the third person with the user's
own words for the values, marks changes ("no longer", "moved", "switched", "now") so that
consolidation replaces what they change, and recognises remember/forget commands with the one
grammar in domain/language/commands.py.

It writes no chat summaries: all it could put in one is its own facts again, which would compete
with them for search slots and keep values after the facts change (a chat model's extractor
writes real summaries)."""

from __future__ import annotations

import numpy as np

from memstore.domain import vectors
from memstore.domain.commands import Command
from memstore.domain.language import commands as grammar
from memstore.domain.language.statements import Reader, Semantics, Statement, Turn
from memstore.domain.language.text import finish, third_person
from memstore.domain.models import Kind, MemoryItem, StoreOptions
from memstore.ports.embedder import Embedder
from memstore.ports.extractor import Candidate, Extraction, Message
from memstore.ports.language import Parser

IMPORTANCE_REMEMBER = 0.9
IMPORTANCE_PROCEDURAL = 0.8
IMPORTANCE_PROFILE = 0.7
RETRACTION_MATCH = 0.5
"""Cosine at which a retracted clause ("no longer learning Norwegian") names an existing memory
("The user is learning Norwegian."), which the new value then replaces."""


class RulesExtractor:
    name = "memstore-rules"

    def __init__(self, parser: Parser, embedder: Embedder):
        self._parser = parser
        self._embedder = embedder
        self._semantics: Semantics | None = None

    @property
    def semantics(self) -> Semantics:
        if self._semantics is None:
            self._semantics = Semantics(self._embedder.embed)
        return self._semantics

    def extract(
        self,
        messages: list[Message],
        context: list[Message],
        existing: list[MemoryItem],
        options: StoreOptions,
    ) -> Extraction:
        conversation = [m for m in [*context, *messages] if m.content.strip()]
        parsed = self._parser.parse_many([m.content for m in conversation])
        turns = [Turn(m.id, m.role, s) for m, s in zip(conversation, parsed, strict=True)]
        new_ids = {m.id for m in messages if m.role == "user"}
        forget = [
            c.content
            for t in turns
            if t.message_id in new_ids
            for c in [grammar.recognise(t.sentences)]
            if c is not None and c.action == "forget"
        ]
        remembered = [
            self.remember(c, [t.message_id])
            for t in turns
            if t.message_id in new_ids
            for c in [grammar.recognise(t.sentences)]
            if c is not None and c.action == "remember"
        ]
        statements = Reader(self.semantics).read(turns, new_ids, grammar.is_command)
        slots = self._slots(existing) if any(s.exclusive for s in statements) else {}
        memories = remembered + [self._candidate(s, existing, slots) for s in statements]
        if not options.procedural_memory_enabled:
            memories = [c for c in memories if c.kind != Kind.PROCEDURAL]
        if not options.user_profile_enabled:
            memories = [c for c in memories if c.kind != Kind.USER_PROFILE]
        return Extraction(memories=memories, forget=forget)

    def remember(self, command: Command, message_ids: list[str]) -> Candidate:
        return remember_candidate(self._parser, command, message_ids)

    def _slots(self, existing: list[MemoryItem]) -> dict[str, list[MemoryItem]]:
        """Existing profile memories by single-valued facet (filed under it, or judged now)."""
        pool = [m for m in existing if m.kind == Kind.USER_PROFILE]
        found = self._vectors([m for m in pool if m.topic is None])
        out: dict[str, list[MemoryItem]] = {}
        for m in pool:
            if m.topic is not None:
                facet, exclusive = m.topic, self.semantics.is_exclusive(m.topic)
            else:
                facet, exclusive = self.semantics.facet(found[m.memory_id])
            if facet is not None and exclusive:
                out.setdefault(facet, []).append(m)
        return out

    def _vectors(self, items: list[MemoryItem]) -> dict[str, np.ndarray]:
        stored = {
            m.memory_id: vectors.decode(m.embedding)
            for m in items
            if m.embedding is not None and m.embedding_model == self._embedder.model
        }
        missing = [m for m in items if m.memory_id not in stored]
        if missing:
            stored.update(zip([m.memory_id for m in missing], self._embedder.embed([m.content for m in missing]),
                              strict=True))
        return stored

    def _candidate(
        self, statement: Statement, existing: list[MemoryItem], slots: dict[str, list[MemoryItem]]
    ) -> Candidate:
        procedural = statement.label == "procedural"
        replaces = self._retracted(statement, existing) if statement.retraction_of else []
        if not replaces and statement.exclusive and statement.facet in slots:
            replaces = [slots[statement.facet][-1].memory_id]
        return Candidate(
            kind=Kind.PROCEDURAL if procedural else Kind.USER_PROFILE,
            content=statement.text,
            message_ids=[statement.message_id],
            topic=statement.facet,
            exclusive=statement.exclusive,
            is_update=statement.change.shift,
            replaces=replaces,
            importance=IMPORTANCE_PROCEDURAL if procedural else IMPORTANCE_PROFILE,
        )

    def _retracted(self, statement: Statement, existing: list[MemoryItem]) -> list[str]:
        pool = [m for m in existing if m.kind != Kind.CHAT_SUMMARY]
        if not pool:
            return []
        vectors = self._embedder.embed([statement.retraction_of or "", *(m.content for m in pool)])
        sims = np.asarray(vectors[1:]) @ np.asarray(vectors[0])
        best = int(np.argmax(sims))
        return [pool[best].memory_id] if sims[best] >= RETRACTION_MATCH else []


def remember_candidate(parser: Parser, command: Command, message_ids: list[str]) -> Candidate:
    """The memory an explicit "remember that …" stores, in the words the extraction of the same
    message uses (so that the later extraction reinforces this memory instead of copying it)."""
    sentences = parser.parse(command.content)
    text = " ".join(third_person(s, list(s.tokens)) for s in sentences) or finish(command.content)
    return Candidate(
        kind=Kind.USER_PROFILE, content=text, message_ids=list(message_ids), importance=IMPORTANCE_REMEMBER
    )
