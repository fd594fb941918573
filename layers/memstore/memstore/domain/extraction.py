"""What extraction produces: the conversation messages an update carries, the candidate memories an
extractor proposes from them, and an extraction's whole answer. Extractors only propose: the
privacy guard (domain/privacy/) filters the candidates and the consolidation policy
(domain/merge.py) decides what becomes a create, update or delete."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from memstore.domain.models import Kind


class Message(BaseModel):
    id: str
    role: Literal["user", "assistant", "system"]
    content: str
    command_applied: bool = False
    """The instant path already applied this message's remember/forget command before the
    202: consolidation must not forget again (the target is gone, and a second search for it
    would find the next-best memory)."""


class Candidate(BaseModel):
    """A memory an extractor proposes."""

    kind: Kind
    content: str
    message_ids: list[str] = Field(default_factory=list)
    topic: str | None = None
    """A slot such as "coffee" or "language learning": a new candidate with the topic of an
    existing memory but another value contradicts it (an update, not a second memory)."""
    exclusive: bool = False
    """The topic holds one value at a time (a name, a home city, a job): a new value replaces the
    memory filed under it."""
    is_update: bool = False
    """The user signalled a change ("actually", "no longer", "I switched to")."""
    replaces: list[str] = Field(default_factory=list)
    """memory_ids of existing memories this candidate contradicts (extractors that see them)."""
    importance: float = 0.5
    context: str | None = None
    """Words the content's value was taken from (the question before "I wear one every day."):
    screened by the privacy guard with the content, never stored."""
    evidence: str | None = None
    """The user's own words the content was rewritten from (a rewrite can hide from a detector
    what they show: "i'm 17 so …"): read by the privacy guard's detectors, never stored."""


class Extraction(BaseModel):
    memories: list[Candidate] = Field(default_factory=list)
    forget: list[str] = Field(default_factory=list)
    """What the user asked to forget, as short phrases ("the Vespa")."""
    forget_facts: list[str] = Field(default_factory=list)
    """Tentative forgets ("delete the football thing"): they delete the stored facts they name,
    never a stored instruction, which an editing request about replies ("drop the emojis")
    would otherwise wipe."""
    usage: dict[str, int] | None = None
