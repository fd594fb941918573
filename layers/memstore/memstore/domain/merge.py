"""The consolidation policy: how new candidates and forget requests change a scope's memories.

Pure functions over the current memories and one extraction; the caller applies the
operations (and keeps an updated memory's old content as a revision). The similarity function
is a parameter so an embedding similarity can replace the lexical default."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel

from memstore.domain.commands import split_sentences
from memstore.domain.extraction import Candidate, Extraction
from memstore.domain.language import forget
from memstore.domain.language.semantics import Embed
from memstore.domain.models import Kind, MemoryItem
from memstore.domain.search_terms import consolidation_stopwords, stem

Similarity = Callable[[str, str], float]

DUPLICATE_THRESHOLD = 0.8
"""Dice overlap of content words at or above which two memories say the same thing: the rules
extractor rewrites a repeated statement to (nearly) the same words, and a paraphrase by a model
that keeps the values still shares most content words. Below it, a second memory is kept."""
UPDATE_SIMILARITY = 0.5
"""An is_update candidate with no topic or `replaces` match updates the most similar memory of
its kind only at this similarity or above: half its content words in common means it is about
the same thing; less would let an unrelated change overwrite a fact."""
SUMMARY_STALE_SIMILARITY = 0.5
"""A summary sentence this similar to a replaced or forgotten memory restates it and is removed."""


_TOKEN = re.compile(r"[a-z0-9]+")


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch)).lower().replace("’", "'")


def content_words(text: str) -> set[str]:
    """Lower-cased, accent-free content words (no stop words), Porter2-stemmed as search stems them."""
    folded = _fold(text).replace("'s ", " ")
    stop = consolidation_stopwords()
    return {stem(w) for w in _TOKEN.findall(folded) if w not in stop and len(w) > 1 or w.isdigit()}


_VALUE = re.compile(r"(?<!^)(?<![.!?:]\s)\b(?:[A-Z][\w'\-]+|\d[\d.,:]*)")
_PART = re.compile(r"(?<=[,;])\s+")
_POINTER = re.compile(r"(?:it|that|this|they)\b", re.IGNORECASE)
"""Pronouns that open a part pointing back at what came before it."""


def value_words(text: str) -> frozenset[str]:
    """Names and numbers a statement carries (capitalised words not opening a sentence)."""
    return frozenset(w.lower().rstrip(".,:") for w in _VALUE.findall(text.strip()))


def what_holds_now(new: str, old: str) -> str:
    """A replacement states what is true now. A part of it (between commas or semicolons) that
    names a value of the memory it replaces and none of its own is history, which the revision
    keeps: "Gave the Oura ring to my brother, the user is on a Whoop strap now." replacing "The
    user wears an Oura ring." keeps "The user is on a Whoop strap now."; unchanged unless a part
    with a value of its own, and readable alone (not opening with a pronoun), is left."""
    new = new.strip()
    former = value_words(old)
    bounds = [0, *(m.end() for m in _PART.finditer(new)), len(new)]
    parts = [
        (
            new[a:b],
            frozenset(w.group().lower().rstrip(".,:") for w in _VALUE.finditer(new) if a <= w.start() < b),
        )
        for a, b in zip(bounds, bounds[1:], strict=False)
    ]
    kept = [(text, values) for text, values in parts if not (values & former and values <= former)]
    if len(kept) in (0, len(parts)) or not any(values - former for _, values in kept):
        return new
    if _POINTER.match(kept[0][0]):
        return new  # "…, it's Obsidian now": the pronoun points into the part that would go
    text = " ".join(t.strip() for t, _ in kept).strip(" ,;")
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def replaced_in(old: str, new: Candidate) -> str:
    """What a replacement leaves of a memory of several sentences: "The user: Nodar, QA engineer,
    Tbilisi. Prints drone parts on an Ender 3." changed by "sold Ender, bought a Bambu P1S" keeps
    its first sentence; only the one sentence that shares words with the change (its content or
    the user's words for it) is replaced. One sentence, or no single one: the whole is replaced."""
    parts = split_sentences(old)
    said = content_words(f"{new.content} {new.evidence or ''}")
    overlap = [len(content_words(p) & said) for p in parts]
    named = [n for n, k in enumerate(overlap) if k]
    if len(parts) < 2 or len(named) != 1:
        return what_holds_now(new.content, old)
    kept = [p for n, p in enumerate(parts) if n != named[0]]
    return " ".join([*kept, what_holds_now(new.content, parts[named[0]])])


def lexical_similarity(a: str, b: str) -> float:
    """Dice coefficient of the two texts' content words (0..1)."""
    wa, wb = content_words(a), content_words(b)
    if not wa or not wb:
        return 0.0
    return 2 * len(wa & wb) / (len(wa) + len(wb))


class Operation(BaseModel):
    action: Literal["create", "update", "reinforce", "delete"]
    memory_id: str | None = None
    """Target of update/reinforce/delete."""
    candidate: Candidate | None = None
    """New content for create/update; the evidence for reinforce."""


def sentences(text: str) -> list[str]:
    """A summary's sentences, split as chat messages are ("Dr." or "Mr." does not end one)."""
    return split_sentences(text)


def _item_topic(item: MemoryItem) -> str | None:
    return getattr(item, "topic", None)


class _Plan:
    """Working state while one extraction is consolidated: the live view plus the operations."""

    def __init__(self, existing: list[MemoryItem], similarity: Similarity):
        self.sim = similarity
        self.items = {m.memory_id: m for m in existing}
        self.content = {m.memory_id: m.content for m in existing}
        self.topic = {m.memory_id: _item_topic(m) for m in existing}
        self.ops: list[Operation] = []
        self.touched: set[str] = set()

    def live(self, kind: Kind | None = None, summaries: bool = False) -> list[str]:
        return [
            i
            for i, m in self.items.items()
            if i in self.content
            and (summaries == (m.kind == Kind.CHAT_SUMMARY))
            and (kind is None or m.kind == kind)
        ]

    def delete(self, memory_id: str) -> None:
        if memory_id in self.content:
            del self.content[memory_id]
            self.ops = [o for o in self.ops if o.memory_id != memory_id]
            self.ops.append(Operation(action="delete", memory_id=memory_id))

    def rewrite(self, memory_id: str, content: str, like: Candidate | None = None) -> None:
        item = self.items[memory_id]
        cand = (
            like.model_copy(update={"content": content})
            if like is not None
            else Candidate(kind=item.kind, content=content, importance=item.importance)
        )
        self.content[memory_id] = content
        if like is not None:
            self.topic[memory_id] = self.topic.get(memory_id) or like.topic
        cand = cand.model_copy(update={"topic": self.topic.get(memory_id)})
        self.ops = [
            o for o in self.ops if not (o.memory_id == memory_id and o.action in ("update", "reinforce"))
        ]
        self.ops.append(Operation(action="update", memory_id=memory_id, candidate=cand))
        self.touched.add(memory_id)

    def reinforce(self, memory_id: str, evidence: Candidate) -> None:
        if memory_id in self.touched:
            return
        self.ops.append(Operation(action="reinforce", memory_id=memory_id, candidate=evidence))
        self.touched.add(memory_id)

    def scrub_summaries(self, stale_text: str, keep_words: set[str]) -> None:
        """Remove from every summary the sentences that restate `stale_text`."""
        value = content_words(stale_text) - keep_words
        names = content_words(" ".join(re.findall(r"(?<!^)\b(?!I\b)[A-Z][\w'\-]*", stale_text))) & value
        for sid in self.live(summaries=True):
            parts = sentences(self.content[sid])
            kept = []
            for s in parts:
                words = content_words(s)
                stale = bool(value) and (
                    self.sim(s, stale_text) >= SUMMARY_STALE_SIMILARITY
                    or bool(names & words)
                    or value <= words
                )
                if not stale:
                    kept.append(s)
            self._keep_sentences(sid, parts, kept)

    def forget(self, phrase: str, embed: Embed | None, instructions: bool = True) -> None:
        """Delete the memories `phrase` names and the summary sentences that speak of it
        (domain/language/forget.py decides both); procedural ones only with `instructions`."""
        named = [self.items[i] for i in self.live() if instructions or self.items[i].kind != Kind.PROCEDURAL]
        for mid in forget.resolve(phrase, named, embed):
            self.delete(mid)
        for sid in self.live(summaries=True):
            parts = sentences(self.content[sid])
            stale = set(forget.resolve_sentences(phrase, parts, embed))
            self._keep_sentences(sid, parts, [s for n, s in enumerate(parts) if n not in stale])

    def _keep_sentences(self, sid: str, parts: list[str], kept: list[str]) -> None:
        if len(kept) == len(parts):
            return
        if kept:
            self.rewrite(sid, " ".join(kept))
        else:
            self.delete(sid)


def _collapse(candidates: list[Candidate], similarity: Similarity) -> list[Candidate]:
    """Candidates of one extraction that say the same thing become one. Two statements in one
    conversation never replace each other unless the later one marks a change of a
    single-valued topic ("I'm in Leeds. Actually, I just moved to York.")."""
    out: list[Candidate] = []
    for c in candidates:
        merged = False
        for i, prev in enumerate(out):
            if prev.kind != c.kind:
                continue
            same_slot = (
                c.topic is not None
                and c.topic == prev.topic
                and c.exclusive
                and c.is_update
                and c.kind != Kind.CHAT_SUMMARY
                and similarity(prev.content, c.content) >= UPDATE_SIMILARITY
            )
            if same_slot or similarity(prev.content, c.content) >= DUPLICATE_THRESHOLD:
                keep = c if same_slot else prev
                out[i] = keep.model_copy(
                    update={
                        "message_ids": sorted(set(prev.message_ids) | set(c.message_ids)),
                        "importance": max(prev.importance, c.importance),
                        "is_update": prev.is_update or c.is_update,
                        "replaces": list(dict.fromkeys(prev.replaces + c.replaces)),
                    }
                )
                merged = True
                break
        if not merged:
            out.append(c)
    return out


def _best(plan: _Plan, ids: list[str], text: str) -> tuple[str | None, float]:
    best, score = None, 0.0
    for i in ids:
        s = plan.sim(plan.content[i], text)
        if s > score:
            best, score = i, s
    return best, score


def consolidate(
    existing: list[MemoryItem],
    extraction: Extraction,
    similarity: Similarity = lexical_similarity,
    forget_embed: Embed | None = None,
) -> list[Operation]:
    """The operations that fold `extraction` into `existing`.

    Forget requests delete every memory that names the thing (summaries lose the sentences), as
    domain/language/forget.py resolves it with `forget_embed` (the store's embedder; without
    one, by words alone); a candidate of the same extraction that names it is not stored.
    A candidate that repeats a memory reinforces it; one that names it in `replaces`, shares its
    topic with another value, or signals a change about it updates it; summaries are never the
    target of a fact update, but lose sentences stating a replaced value. Anything else is
    created."""
    plan = _Plan(existing, similarity)
    phrases = [p for p in extraction.forget if p.strip()]
    tentative = [p for p in extraction.forget_facts if p.strip()]

    for phrase in phrases:
        plan.forget(phrase, forget_embed)
    candidates = [c for c in extraction.memories if c.content.strip()]
    texts = [c.content for c in candidates]
    facts = [i for i, c in enumerate(candidates) if c.kind != Kind.PROCEDURAL]
    for phrase in tentative:
        plan.forget(phrase, forget_embed, instructions=False)
    # a candidate of the same extraction that names the thing is not stored (the request
    # itself, read as an instruction, included); the facts are judged apart from it
    forgotten = {i for p in phrases + tentative for i in forget.resolve_sentences(p, texts, forget_embed)}
    forgotten |= {
        facts[i]
        for p in tentative
        for i in forget.resolve_sentences(p, [texts[n] for n in facts], forget_embed)
    }
    candidates = [c for i, c in enumerate(candidates) if i not in forgotten]
    candidates = _collapse(candidates, similarity)

    for c in candidates:
        if c.kind == Kind.CHAT_SUMMARY:
            continue
        target: str | None = None
        replaced = [i for i in c.replaces if i in plan.content and plan.items[i].kind != Kind.CHAT_SUMMARY]
        if replaced:
            target = replaced[0]
            for extra in replaced[1:]:
                plan.scrub_summaries(plan.content[extra], content_words(c.content))
                plan.delete(extra)
        same_kind = plan.live(kind=c.kind)
        if target is None and c.topic is not None and c.exclusive:
            slot = [i for i in same_kind if plan.topic.get(i) == c.topic]
            best, score = _best(plan, slot, c.content)
            target = best if score >= UPDATE_SIMILARITY else None
        dup, dup_score = _best(plan, same_kind, c.content)
        # a named replacement that differs by its value alone ("… on Tuesdays" for "… on
        # Thursdays") embeds as a near-duplicate; it is still a new value
        new_value = dup in replaced and content_words(c.content) != content_words(plan.content[dup])
        if (
            dup is not None
            and dup_score >= DUPLICATE_THRESHOLD
            and (target is None or target == dup)
            and not new_value
        ):
            plan.reinforce(dup, c)
            continue
        if target is None and c.is_update and dup is not None and dup_score >= UPDATE_SIMILARITY:
            target = dup
        if target is not None:
            old = plan.content[target]
            plan.rewrite(target, replaced_in(old, c), like=c)
            plan.scrub_summaries(old, content_words(c.content))
            continue
        plan.ops.append(Operation(action="create", candidate=c))

    for c in candidates:
        if c.kind != Kind.CHAT_SUMMARY:
            continue
        dup, dup_score = _best(plan, plan.live(summaries=True), c.content)
        if dup is not None and dup_score >= DUPLICATE_THRESHOLD:
            plan.reinforce(dup, c)
        else:
            plan.ops.append(Operation(action="create", candidate=c))
    return plan.ops
