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

import re

import numpy as np

from memstore.domain import vectors
from memstore.domain.commands import Command
from memstore.domain.extraction import Candidate, Extraction, Message
from memstore.domain.language import changes
from memstore.domain.language import commands as grammar
from memstore.domain.language.statements import Reader, Semantics, Statement, Turn
from memstore.domain.language.syntax import Parser, Sentence
from memstore.domain.language.text import finish, is_first_person, subject_noun, third_person
from memstore.domain.merge import content_words
from memstore.domain.models import Kind, MemoryItem, StoreOptions
from memstore.domain.privacy.policy import read_policy
from memstore.domain.topics import search_text
from memstore.ports.embedder import Embedder

IMPORTANCE_REMEMBER = 0.9
IMPORTANCE_PROCEDURAL = 0.8
IMPORTANCE_PROFILE = 0.7
IMPORTANCE_SUMMARY = 0.3
RETRACTION_MATCH = 0.5
"""Cosine at which a retracted clause ("no longer learning Norwegian") names an existing memory
("The user is learning Norwegian."), which the new value then replaces."""
CHANGE_MATCH_FACET = 0.45
"""Cosine at which a statement marked as a change ("these days I eat flexitarian") replaces a
memory of the same facet ("The user is pescatarian.")."""
CHANGE_MATCH = 0.6
EXCLUSIVE_MATCH = 0.6
"""A new value of a single-valued facet (name, occupation, residence) replaces the memory filed
under it only this similar: a misjudged facet ("switched to Neovim" as a name) must not
overwrite the user's name (measured: 0.55 for that pair, 0.7-0.9 for a new job or name)."""
"""… and a memory filed under another facet, or under none."""
FACET_BONUS = 0.1
SUBJECT_CHECKS = 5
"""How many of a change's best-matching memories are checked for being about the same subject
(the best one about someone else must not hide the next one about the user)."""
SOMEONE_FACETS = ("family", "pets")
"""Facets whose subjects are people or animals of the user's, not the user."""
POLICY_CACHE = 256
TARGET_POOL = 500
"""Changes are matched against the scope's newest memories only: every read is bounded."""


class RulesExtractor:
    name = "memstore-rules"

    def __init__(self, parser: Parser, embedder: Embedder):
        self._parser = parser
        self._embedder = embedder
        self._semantics: Semantics | None = None
        self._policies: dict[str | None, tuple[str, ...]] = {}

    @property
    def semantics(self) -> Semantics:
        if self._semantics is None:
            self._semantics = Semantics(self._embedder.embed)
        return self._semantics

    def warm(self) -> None:
        """Embeds the labelled examples now rather than in the first update."""
        _ = self.semantics

    def extract(
        self,
        messages: list[Message],
        context: list[Message],
        existing: list[MemoryItem],
        options: StoreOptions,
    ) -> Extraction:
        conversation = [m for m in [*context, *messages] if m.content.strip()]
        new_ids = {m.id for m in messages if m.role == "user"}
        turns = self._turns(conversation, new_ids)
        applied = {m.id for m in messages if m.command_applied}
        forget = [
            c
            for t in turns
            if t.message_id in new_ids - applied
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
        reader = Reader(self.semantics, self._focus(options.user_profile_details))
        deleted = {
            id(s) for t in turns if t.message_id in applied for s in t.sentences if grammar.recognise([s])
        }
        deleted |= {
            id(before)
            for t in turns
            if t.message_id in new_ids
            for before, s in zip(t.sentences, t.sentences[1:], strict=False)
            if grammar.points_back(s, before)
        }

        def is_command(sentence) -> bool:
            return grammar.is_command(sentence) or id(sentence) in deleted

        statements = (
            reader.read(turns, new_ids, is_command)
            + self._updating_mentions(reader, existing)
            + _swapped_values(reader, existing)
        )
        candidates = [self._candidate(s) for s in statements]
        if any(s.change.shift or s.exclusive for s in statements) and existing:
            named = {t.message_id: _named_values(t) for t in turns if t.message_id in new_ids}
            candidates = self._targets(statements, candidates, existing, named)
        memories = remembered + candidates
        if options.chat_summary_enabled and reader.mentioned:
            memories.append(
                Candidate(
                    kind=Kind.CHAT_SUMMARY,
                    content=" ".join(s.text for s in reader.mentioned),
                    message_ids=sorted({s.message_id for s in reader.mentioned}),
                    importance=IMPORTANCE_SUMMARY,
                )
            )
        if not options.procedural_memory_enabled:
            memories = [c for c in memories if c.kind != Kind.PROCEDURAL]
        if not options.user_profile_enabled:
            memories = [c for c in memories if c.kind != Kind.USER_PROFILE]
        # a destructive request the reader took as a standing instruction ("Can you drop the
        # emojis? I prefer plain text.") edits the replies: it forgets nothing
        requests = [s.request for s in statements if s.request]
        return Extraction(
            memories=memories,
            forget=[c.content for c in forget if not c.tentative],
            forget_facts=[
                c.content for c in forget if c.tentative and not any(c.content in r for r in requests)
            ],
        )

    def _turns(self, conversation: list[Message], new_ids: set[str]) -> list[Turn]:
        """Parses the new user turns and the turn before each (the question they may answer);
        the rest of the conversation is never read, so it is not parsed."""
        read = {
            n
            for i, m in enumerate(conversation)
            if m.id in new_ids and m.role == "user"
            for n in (i - 1, i)
            if n >= 0
        }
        parsed = iter(
            [
                self._corrected(d)
                for d in self._parser.parse_many([conversation[n].content for n in sorted(read)])
            ]
        )
        return [Turn(m.id, m.role, next(parsed) if n in read else []) for n, m in enumerate(conversation)]

    def _corrected(self, sentences: list[Sentence]) -> list[Sentence]:
        """ "Scratch that, I'm singing tenor now": the correction read on its own."""
        out: list[Sentence] = []
        for s in sentences:
            fixed = grammar.correction(s)
            out.extend(self._parser.parse(fixed) if fixed else [s])
        return out

    def _focus(self, details: str | None) -> tuple[str, ...]:
        """The policy's focus phrases, read once per policy text."""
        if details not in self._policies:
            if len(self._policies) >= POLICY_CACHE:
                self._policies.clear()
            self._policies[details] = read_policy(details, self._parser).focus
        return self._policies[details]

    def remember(self, command: Command, message_ids: list[str]) -> Candidate:
        return remember_candidate(self._parser, command, message_ids)

    def _candidate(self, statement: Statement) -> Candidate:
        procedural = statement.label == "procedural"
        return Candidate(
            kind=Kind.PROCEDURAL if procedural else Kind.USER_PROFILE,
            content=statement.text,
            message_ids=[statement.message_id],
            topic=statement.facet,
            exclusive=statement.exclusive,
            is_update=statement.change.shift,
            importance=IMPORTANCE_PROCEDURAL if procedural else IMPORTANCE_PROFILE,
            context=statement.context,
            # the user's words, with the clause a change retracts ("I sold Ender"): consolidation
            # reads which part of a stored memory it replaces
            evidence=" ".join(filter(None, (statement.retraction_of, statement.evidence)))
            if statement.label != "intro"
            else None,
        )

    def _targets(
        self,
        statements: list[Statement],
        candidates: list[Candidate],
        existing: list[MemoryItem],
        named_in: dict[str, set[str]],
    ) -> list[Candidate]:
        """Which stored memory a change (or a new value of a single-valued facet) replaces: the
        one holding the value the change names as former, else one about the same thing that
        holds a value the message names besides the new one ("I switched the trip to
        Edinburgh; Bergen was too expensive"), else the most similar memory of its kind; judged
        with the scope's newest memories only."""
        pool = sorted(
            (m for m in existing if m.kind != Kind.CHAT_SUMMARY), key=lambda m: m.updated_at, reverse=True
        )[:TARGET_POOL]
        if not pool:
            return candidates
        stored = self._vectors(pool)
        facets = {m.memory_id: self._facet_of(m, stored[m.memory_id]) for m in pool}
        contents = {m.memory_id: m.content for m in pool}
        stated = self._embedder.embed([search_text(c.content, c.topic, c.kind) for c in candidates])
        retracted = self._embedder.embed([s.retraction_of or "" for s in statements])
        out: list[Candidate] = []
        frames: list[tuple[int, str]] = []
        for statement, c, vector, back in zip(statements, candidates, stated, retracted, strict=True):
            if not (statement.change.shift or statement.exclusive):
                out.append(c)
                continue
            scored: list[tuple[float, str]] = []
            named = [m for m in pool if statement.former and _names(m.content, statement.former)]
            aside = named_in.get(statement.message_id, set()) - content_words(c.content)
            if not named and statement.change.shift and aside:
                named = [
                    m
                    for m in pool
                    if aside & content_words(m.content)
                    and (
                        facets[m.memory_id] == c.topic
                        or float(stored[m.memory_id] @ vector) >= CHANGE_MATCH_FACET
                    )
                ]
            scored += [(float(stored[m.memory_id] @ vector), m.memory_id) for m in named]
            for m in [] if named else pool:
                cosine = float(stored[m.memory_id] @ vector)
                if statement.retraction_of:
                    cosine = max(cosine, float(stored[m.memory_id] @ back))
                # the same thing of the user's with the same verb is one slot, whatever kind or
                # facet each was filed under
                same_frame = (
                    statement.change.shift
                    and cosine >= CHANGE_MATCH_FACET
                    and self._same_frame(c.content, m.content)
                )
                if m.kind != c.kind and not same_frame:
                    continue
                same_facet = same_frame or (c.topic is not None and facets[m.memory_id] == c.topic)
                enough = (
                    (statement.exclusive and same_facet and cosine >= EXCLUSIVE_MATCH)
                    or (statement.retraction_of is not None and cosine >= RETRACTION_MATCH)
                    or (
                        statement.change.shift
                        and cosine >= (CHANGE_MATCH_FACET if same_facet else CHANGE_MATCH)
                    )
                )
                if enough:
                    scored.append((cosine + (FACET_BONUS if same_facet else 0.0), m.memory_id))
            best = next(
                (
                    memory_id
                    for _, memory_id in sorted(scored, reverse=True)[:SUBJECT_CHECKS]
                    if self._same_subject(c.content, contents[memory_id])
                ),
                None,
            )
            if best:
                former = content_words(statement.former) if statement.former else aside
                frames.append((len(out), _without_words(contents[best], former)))
                # other memories of the same slot that state the value the change names as former
                slot = facets[best]
                stale = [
                    m.memory_id
                    for m in named
                    if m.memory_id != best
                    and slot is not None
                    and facets[m.memory_id] == slot
                    and self._same_subject(c.content, m.content)
                ]
                out.append(c.model_copy(update={"replaces": [best, *stale]}))
                continue
            # judged here against the stored memories: a new value of a single-valued facet that
            # replaces none of them must not be made to replace one by its facet alone
            out.append(c if c.is_update else c.model_copy(update={"exclusive": False}))
        return self._slots(out, frames)

    def _slots(self, candidates: list[Candidate], frames: list[tuple[int, str]]) -> list[Candidate]:
        """A replacement is filed under the facet of the memory it replaces, without its old
        value, read together with the new statement: "The user's big hobby is … The user
        switched to geocaching." The old frame names the slot better than a terse change does,
        and its old value can mislead ("translator" reads as languages, not occupation)."""
        if not frames:
            return candidates
        texts = [f"{frame} {candidates[n].content}" for n, frame in frames]
        out = list(candidates)
        for (n, _), vector in zip(frames, self._embedder.embed(texts), strict=True):
            facet, _ = self.semantics.facet(np.asarray(vector))
            if facet is not None:
                out[n] = out[n].model_copy(update={"topic": facet})
        return out

    def _updating_mentions(self, reader: Reader, existing: list[MemoryItem]) -> list[Statement]:
        """A passing mention that changes something by naming its old value, where a stored
        memory about the same subject holds that value ("the trip is now to Kyoto instead of
        Tbilisi" while the scope remembers the trip to Tbilisi), is a change of that memory: the
        scope already keeps the thing as lasting. Taken out of `reader.mentioned`, so the chat
        summary does not repeat it."""
        stored = [m.content for m in existing if m.kind != Kind.CHAT_SUMMARY]
        updating = [
            s
            for s in reader.mentioned
            if s.change.shift
            and s.former
            and any(_names(content, s.former) and self._same_subject(s.text, content) for content in stored)
        ]
        for s in updating:
            reader.mentioned.remove(s)
            s.label = "durable"
        return updating

    def _same_subject(self, new: str, old: str) -> bool:
        """A statement about the user's sister never replaces one about the user (nor the other
        way round). When either is about someone of the user's (a person or an animal: the
        family and pets facets), the two must be about the same one, or one must name the
        other's; an attribute of the user ("the user's editor") is the user's own."""
        (a, b) = (subject_noun(s[0]) if s else None for s in self._parser.parse_many([new, old]))
        if a == b:
            return True
        if not any(self._someone(noun) for noun in (a, b) if noun is not None):
            return True
        return any(
            noun is not None and self._someone(noun) and noun in text.lower()
            for noun, text in ((a, old), (b, new))
        )

    def _same_frame(self, new: str, old: str) -> bool:
        """ "The user's default browser is Opera now." / "The user's browser is Safari.": the same
        subject (its head noun, not the user themself) with the same verb."""
        frames = [
            (subject_noun(doc[0]), doc[0].root.lemma.lower()) if doc else (None, None)
            for doc in self._parser.parse_many([new, old])
        ]
        return frames[0][0] is not None and frames[0] == frames[1]

    def _someone(self, noun: str) -> bool:
        (vector,) = self._embedder.embed([f"The user's {noun}."])
        facet, _ = self.semantics.facet(np.asarray(vector))
        return facet in SOMEONE_FACETS

    def _facet_of(self, item: MemoryItem, vector: np.ndarray) -> str | None:
        if item.topic is not None:
            return item.topic
        return self.semantics.facet(vector)[0]

    def _vectors(self, items: list[MemoryItem]) -> dict[str, np.ndarray]:
        """Stored vectors where the memory was embedded by this embedder, else embedded now."""
        found = {
            m.memory_id: vectors.decode(m.embedding)
            for m in items
            if m.embedding is not None and m.embedding_model == self._embedder.model
        }
        missing = [m for m in items if m.memory_id not in found]
        if missing:
            texts = [search_text(m.content, m.topic, m.kind) for m in missing]
            found.update(zip((m.memory_id for m in missing), self._embedder.embed(texts), strict=True))
        return found


def _swapped_values(reader: Reader, existing: list[MemoryItem]) -> list[Statement]:
    """ "Change of plan, it's Madeira now, not Ghent.": a new value said with only the value it
    replaces is the newest stored memory that holds that value, with the new value in its place
    ("The user and others are off to Madeira in the summer."); `_targets` then replaces that
    memory. Nothing is said when no stored memory holds the former value."""
    stored = sorted(
        (m for m in existing if m.kind != Kind.CHAT_SUMMARY), key=lambda m: m.updated_at, reverse=True
    )
    out: list[Statement] = []
    for swap in reader.swaps:
        former = re.compile(rf"\b{re.escape(swap.former or '')}\b", re.IGNORECASE)
        holder = next((m for m in stored if swap.former and former.search(m.content)), None)
        if holder is None:
            continue
        out.append(
            Statement(
                swap.message_id,
                former.sub(swap.text.rstrip(".!"), holder.content, count=1),
                swap.evidence,
                label="procedural" if holder.kind == Kind.PROCEDURAL else "durable",
                change=changes.Change(shift=True),
                former=swap.former,
            )
        )
    return out


def _named_values(turn: Turn) -> set[str]:
    """The content words of everything a message names (nouns, names, adjectives, numbers)."""
    return {
        w
        for sentence in turn.sentences
        for t in sentence.tokens
        if t.pos in changes.NAMING and not is_first_person(t)
        for w in content_words(t.text)
    }


def _without_words(content: str, words: set[str]) -> str:
    """`content` without the words whose content-word form is in `words`."""
    return " ".join(w for w in content.split() if not ((own := content_words(w)) and own <= words))


def _names(content: str, words: str) -> bool:
    """Every word of `words` occurs in `content` as a word (case and accents aside)."""
    have = set(content_words(content))
    return all(w in have for w in content_words(words))


def remember_candidate(parser: Parser, command: Command, message_ids: list[str]) -> Candidate:
    """The memory an explicit "remember that …" stores, in the words the extraction of the same
    message uses (so that the later extraction reinforces this memory instead of copying it)."""
    sentences = parser.parse(command.content)
    text = " ".join(third_person(s, list(s.tokens)) for s in sentences) or finish(command.content)
    return Candidate(
        kind=Kind.USER_PROFILE, content=text, message_ids=list(message_ids), importance=IMPORTANCE_REMEMBER
    )
