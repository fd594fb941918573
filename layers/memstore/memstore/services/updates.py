"""update_memories: accept conversation turns, apply explicit commands at once, and consolidate
the rest when the scope has been quiet for `update_delay` seconds."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any, Protocol

from memstore.domain import merge
from memstore.domain.access import Caller
from memstore.domain.commands import Command
from memstore.domain.errors import Conflict, ExtractionFailed, InvalidRequest, NotFound
from memstore.domain.extraction import Candidate, Extraction, Message
from memstore.domain.ids import id_time, new_id
from memstore.domain.language.commands import recognise
from memstore.domain.language.semantics import Embed
from memstore.domain.language.syntax import Parser
from memstore.domain.models import Kind, MemoryItem, Store, StoreOptions
from memstore.domain.timestamps import iso
from memstore.domain.updates import (
    TERMINAL,
    ClaimOutcome,
    FailedMessage,
    UpdateMemoriesRequest,
    UpdateRecord,
    UpdateStatus,
    check_message_sizes,
    messages_gone_message,
    withhold_message_text,
)
from memstore.ports.clock import Clock
from memstore.ports.events import EventPublisher
from memstore.ports.extractor import Extractor
from memstore.ports.repository import Repository
from memstore.ports.scheduler import ConsolidationJob, Scheduler
from memstore.services.batch_extraction import Failure, describe, extract_isolating
from memstore.services.memory_writer import MemoryWriter

logger = logging.getLogger(__name__)

ExtractorFor = Callable[[Store], Extractor]
SimilarityFor = Callable[[Store, list[MemoryItem], list[Candidate]], merge.Similarity]
"""Builds the similarity consolidation uses for one store, primed with the scope's memories and
the candidates (so an embedding similarity embeds them in one batch)."""


class Guard(Protocol):
    def screen(self, candidates: list[Candidate], options: StoreOptions) -> list[Candidate]: ...


GuardFor = Callable[[Store], Guard]
"""The privacy guard for one store (memstore.domain.privacy.PrivacyGuard on the store's embedder)."""


def lexical_similarity_for(
    store: Store, existing: list[MemoryItem], candidates: list[Candidate]
) -> merge.Similarity:
    return merge.lexical_similarity


BUSY_RETRY_SECONDS = 5
"""How long an update waits when another update of its scope is being processed."""
CLAIM_LEASE_SECONDS = 900
"""A run that has held its scope this long has died without finishing (a consolidation takes
at most a few minutes, retries included): the next update of the scope marks it failed, keeping
its messages, and takes the scope over instead of waiting forever."""
ENQUEUE_ATTEMPTS = 25
"""Concurrent submissions for one scope race on a conditional write; each loser re-reads and
tries again, so every message lands in the one surviving pending update."""
REMEMBER_IMPORTANCE = 0.9
UNRECORDED_GRACE_SECONDS = 60
"""An update's consolidation is scheduled before the update is recorded (UpdateService.submit).
A run that finds no update this soon after the update's id was made waits for that write; past
it (longer than a submitting function may run, 29 s) the submission failed and the run is done."""
UNRECORDED_RETRY_SECONDS = BUSY_RETRY_SECONDS
UNRECORDED_POLLS = 20
UNRECORDED_POLL_SECONDS = 0.1
"""A run that starts while its submission is still writing the update (update_delay 0: the
execution starts a few milliseconds before the write) re-reads it this often, this many times,
before it waits UNRECORDED_RETRY_SECONDS in the state machine."""
pause: Callable[[float], None] = time.sleep


def job_for(update: UpdateRecord) -> ConsolidationJob:
    return job_of(update.store, update.scope, update.update_id, update.due_at)


def job_of(store: str, scope: str, update_id: str, due_at: int) -> ConsolidationJob:
    return ConsolidationJob(
        store=store, scope=scope, update_id=update_id, due_at=due_at, wait_until=iso(due_at)
    )


def allowed_kinds(options: StoreOptions) -> set[Kind]:
    kinds = set()
    if options.user_profile_enabled:
        kinds.add(Kind.USER_PROFILE)
    if options.chat_summary_enabled:
        kinds.add(Kind.CHAT_SUMMARY)
    if options.procedural_memory_enabled:
        kinds.add(Kind.PROCEDURAL)
    return kinds


def plan(
    store: Store,
    existing: list[MemoryItem],
    extraction: Extraction,
    similarity_for: SimilarityFor,
    guard_for: GuardFor,
    forget_embed: Embed | None = None,
) -> tuple[list[merge.Operation], merge.Similarity]:
    """Privacy guard, then the store's kinds, then consolidation against what the scope holds
    (forget requests resolved with `forget_embed`, see domain/language/forget.py).
    Returns the operations and the similarity used (it may hold the new texts' vectors)."""
    options = store.definition.options
    kinds = allowed_kinds(options)
    screened = [c for c in guard_for(store).screen(extraction.memories, options) if c.kind in kinds]
    similarity = similarity_for(store, existing, screened)
    operations = merge.consolidate(
        existing, extraction.model_copy(update={"memories": screened}), similarity, forget_embed=forget_embed
    )
    return operations, similarity


RememberCandidate = Callable[[Command, list[str]], Candidate]
PlannedCommand = tuple[Command, list[merge.Operation], merge.Similarity]
ForgetEmbedFor = Callable[[Store], Embed]
"""The embedder forget requests are resolved with, for one store (its own embedding model)."""


def verbatim_candidate(command: Command, message_ids: list[str]) -> Candidate:
    return Candidate(
        kind=Kind.USER_PROFILE,
        content=command.content,
        message_ids=message_ids,
        importance=REMEMBER_IMPORTANCE,
    )


def command_extraction(command: Command, message_id: str, remember: RememberCandidate) -> Extraction:
    if command.action == "forget":
        if command.tentative:
            return Extraction(forget_facts=[command.content])
        return Extraction(forget=[command.content])
    return Extraction(memories=[remember(command, [message_id])])


def preview(op: merge.Operation) -> dict[str, Any]:
    """What a dry run reports for one operation (nothing is written, so creates have no id)."""
    kind = "update" if op.action == "reinforce" else op.action
    item: dict[str, Any] = {"memory_id": op.memory_id}
    if op.candidate is not None and op.action != "delete":
        item.update(kind=op.candidate.kind.value, content=op.candidate.content)
    return {"kind": kind, "memory_item": item}


class UpdateService:
    def __init__(
        self,
        repo: Repository,
        clock: Clock,
        scheduler: Scheduler,
        writer: MemoryWriter,
        extractor_for: ExtractorFor,
        similarity_for: SimilarityFor = lexical_similarity_for,
        remember: RememberCandidate = verbatim_candidate,
        *,
        guard_for: GuardFor,
        parser: Parser,
        forget_embed_for: ForgetEmbedFor | None = None,
    ):
        """`remember` words the memory an explicit "remember that …" stores: the wiring passes
        the rules extractor's wording, so the later extraction of the same message reinforces
        that memory instead of adding a copy. `parser` reads the newest user message for an
        explicit command (domain/language/commands.py); `forget_embed_for` gives the embedder a
        forget request is resolved with (without one, by words alone)."""
        self._parser = parser
        self._forget_embed_for = forget_embed_for
        self._repo = repo
        self._clock = clock
        self._scheduler = scheduler
        self._writer = writer
        self._extractor_for = extractor_for
        self._similarity_for = similarity_for
        self._guard_for = guard_for
        self._remember = remember

    def submit(self, store_name: str, request: UpdateMemoriesRequest, caller: Caller) -> dict[str, Any]:
        check_message_sizes(request.items)
        store = self._store(store_name)
        scope = caller.resolve(request.scope)
        now = int(self._clock())
        update_id = new_id("upd", now)
        messages = [
            Message(id=m.id or f"msg_{update_id[4:]}_{n}", role=m.role, content=m.text())
            for n, m in enumerate(request.items)
        ]
        carried = self._carried_messages(store.name, scope, request.previous_update_id)
        if not messages and not carried:
            raise InvalidRequest("items must hold at least one message", "items")
        command = self._command(messages)
        if request.dry_run:
            return self._dry_run(store, scope, carried + messages, command)
        planned = self._plan_command(store, scope, command) if command else None
        # Scheduled before anything is written: a scheduler that stays unavailable fails the
        # request (503) with nothing recorded, so the client's retry is the whole recovery; a
        # run scheduled for an update whose write then failed finds no update and ends.
        self._scheduler.schedule(job_of(store.name, scope, update_id, now + request.update_delay))
        commands = self._apply_command(store, scope, planned, update_id) if planned else []
        if command and (commands or not command[0].tentative):
            messages = [
                m.model_copy(update={"command_applied": True}) if m.id == command[1] else m for m in messages
            ]
        update = self._enqueue(store.name, scope, update_id, carried + messages, request, now)
        return {
            "object": "memory_store.update",
            "update_id": update.update_id,
            "status": update.status.value,
            "memory_commands": commands,
        }

    def get(self, store_name: str, update_id: str, caller: Caller, *, messages: bool = True) -> UpdateRecord:
        """The update as stored; `messages=False` for its public view, which shows none."""
        self._store(store_name)
        update = self._repo.get_update(store_name, update_id, messages=messages)
        if update is None or not caller.can_see(update.scope):
            raise NotFound(f"update '{update_id}' not found", "update_id")
        return update

    def _enqueue(
        self,
        store: str,
        scope: str,
        update_id: str,
        messages: list[Message],
        request: UpdateMemoriesRequest,
        now: int,
    ) -> UpdateRecord:
        for _ in range(ENQUEUE_ATTEMPTS):
            pending_id = self._repo.scope_state(store, scope).pending_update_id
            pending = self._repo.get_update(store, pending_id, scope=scope) if pending_id else None
            earlier = pending.messages if pending and pending.status == UpdateStatus.QUEUED else []
            update = UpdateRecord(
                update_id=update_id,
                store=store,
                scope=scope,
                status=UpdateStatus.QUEUED,
                messages=[*earlier, *messages],
                previous_update_id=request.previous_update_id
                or (pending.previous_update_id if pending else None),
                due_at=now + request.update_delay,
                created_at=now,
                updated_at=now,
            )
            try:
                self._repo.enqueue_update(update, supersedes=pending_id)
                return update
            except Conflict:
                continue
        raise Conflict("too many concurrent updates for this scope; retry", "scope")

    def _carried_messages(self, store: str, scope: str, previous_id: str | None) -> list[Message]:
        """A failed previous update's messages are retried with this one (the documented way to
        retry a failure) while the store still keeps them; a completed one's serve only as
        context for extraction."""
        if previous_id is None:
            return []
        previous = self._repo.get_update(store, previous_id, now=self._clock(), scope=scope, messages=False)
        if previous is None or previous.scope != scope:
            raise InvalidRequest(
                f"previous_update_id '{previous_id}' is not an update of this scope", "previous_update_id"
            )
        if previous.status != UpdateStatus.FAILED:
            return []
        previous = self._repo.get_update(store, previous_id, now=self._clock(), scope=scope) or previous
        if not previous.messages:
            # past the store's message_retention_seconds: nothing is left to retry
            raise InvalidRequest(messages_gone_message(previous_id), "previous_update_id")
        # what consolidation set aside failed on its own: a retry does not replay it
        return previous.usable_messages()

    def _command(self, messages: list[Message]) -> tuple[Command, str] | None:
        users = [m for m in messages if m.role == "user"]
        if not users or not users[-1].content.strip():
            return None
        try:
            parsed = self._parser.parse(users[-1].content)
        except Exception as e:
            # a message the parser cannot read carries no command; consolidation sets it aside
            logger.warning("command not parsed", extra={"error_type": type(e).__name__})
            return None
        command = recognise(parsed)
        return (command, users[-1].id) if command else None

    def _forget_embed(self, store: Store) -> Embed | None:
        return self._forget_embed_for(store) if self._forget_embed_for is not None else None

    def _plan_command(self, store: Store, scope: str, command: tuple[Command, str]) -> PlannedCommand:
        """What the command will write (the slow part: reading and embedding), before anything is."""
        cmd, message_id = command
        existing = self._repo.scope_items(store.name, scope, self._clock())
        operations, similarity = plan(
            store,
            existing,
            command_extraction(cmd, message_id, self._remember),
            self._similarity_for,
            self._guard_for,
            self._forget_embed(store),
        )
        return cmd, operations, similarity

    def _apply_command(self, store: Store, scope: str, planned: PlannedCommand, update_id: str) -> list[dict]:
        cmd, operations, similarity = planned
        applied = self._writer.apply(
            store, scope, operations, update_id, vectors=similarity, reason="command"
        )
        if cmd.tentative and not applied:
            return []
        call: dict[str, Any] = {
            "type": "memory_command_call",
            "arguments": {"action": cmd.action, "content": cmd.echoed()},
        }
        if cmd.action == "forget":
            # completed with the deleted ids when the request named something; no_match otherwise
            deleted = [op["memory_item"]["memory_id"] for op in applied if op["kind"] == "delete"]
            call.update(status="completed" if applied else "no_match", deleted=deleted)
        elif applied:
            call["status"] = "completed"
        else:
            # the privacy guard refused it: what was refused is not echoed back either
            call.update(status="rejected", arguments={"action": cmd.action, "content": ""})
        return [call]

    def _dry_run(
        self, store: Store, scope: str, messages: list[Message], command: tuple[Command, str] | None
    ) -> dict[str, Any]:
        existing = self._repo.scope_items(store.name, scope, self._clock())
        extractor = self._extractor_for(store)
        extraction, failures = extract_isolating(
            lambda batch: extractor.extract(batch, [], existing, store.definition.options), messages
        )
        if command:
            extra = command_extraction(*command, self._remember)
            extraction = extraction.model_copy(
                update={
                    "memories": extra.memories + extraction.memories,
                    "forget": extra.forget + extraction.forget,
                    "forget_facts": extra.forget_facts + extraction.forget_facts,
                }
            )
        operations, _ = plan(
            store, existing, extraction, self._similarity_for, self._guard_for, self._forget_embed(store)
        )
        guard = self._guard_for(store)
        commands = [
            {
                "type": "memory_command_call",
                "arguments": {
                    "action": c.action,
                    "content": "" if guard.flags(c.content, store.definition.options) else c.content,
                },
                "status": "dry_run",
            }
            for c, _ in ([command] if command else [])
        ]
        return {
            "object": "memory_store.update",
            "update_id": None,
            "status": "dry_run",
            "memory_commands": commands,
            "result": {
                "memory_operations": [preview(op) for op in operations],
                "usage": extraction.usage,
                "failed_messages": [set_aside(messages, f).public() for f in failures],
            },
        }

    def _store(self, name: str) -> Store:
        store = self._repo.get_store(name)
        if store is None:
            raise NotFound(f"memory store '{name}' not found", "name")
        return store


def set_aside(messages: list[Message], failure: Failure) -> FailedMessage:
    code, message = describe(failure.error)
    error = withhold_message_text({"code": code, "message": message}, messages)
    return FailedMessage(index=failure.index, message_id=messages[failure.index].id, **error)


def failure_body(error: dict[str, Any]) -> dict[str, str]:
    """Only our own extraction errors carry a message worth showing; any other cause (a Lambda
    error's text may quote input) is reduced to its type."""
    kind = str(error.get("Error") or "Error")
    if kind == "ExtractionFailed":
        return {"code": "extraction_failed", "message": str(error.get("Cause") or "extraction failed")[:500]}
    return {
        "code": "internal_error",
        "message": f"consolidation failed ({kind[:80]}); retry with previous_update_id",
    }


class ConsolidationService:
    """Runs one update: the body of functions/consolidate, one step of the state machine."""

    def __init__(
        self,
        repo: Repository,
        clock: Clock,
        writer: MemoryWriter,
        extractor_for: ExtractorFor,
        publisher: EventPublisher,
        similarity_for: SimilarityFor = lexical_similarity_for,
        *,
        guard_for: GuardFor,
        forget_embed_for: ForgetEmbedFor | None = None,
        reuse_parses: Callable[[], AbstractContextManager[object]] = nullcontext,
    ):
        """`reuse_parses` opens a block in which the parser reads each text once (the wiring
        passes the parser's own; see adapters/spacy_parser.py)."""
        self._forget_embed_for = forget_embed_for
        self._reuse_parses = reuse_parses
        self._repo = repo
        self._clock = clock
        self._writer = writer
        self._extractor_for = extractor_for
        self._publisher = publisher
        self._similarity_for = similarity_for
        self._guard_for = guard_for

    def run(self, job: ConsolidationJob) -> dict[str, Any]:
        """Returns the job with `status`: "wait" (due_at moved), "done" or "superseded".
        Dependency errors propagate (the state machine retries them); a model that produced
        nothing usable fails the update with its messages kept."""
        update = self._repo.get_update(job.store, job.update_id, scope=job.scope)
        now = int(self._clock())
        if update is None:
            update = self._await_recorded(job, now)
        if update is None:
            return self._unrecorded(job, now)
        if update.status == UpdateStatus.SUPERSEDED:
            return self._answer(job, "superseded")
        if update.status in TERMINAL:
            return self._answer(job, "done")
        if update.status == UpdateStatus.QUEUED and update.due_at > now:
            return self._answer(
                job.model_copy(update={"due_at": update.due_at, "wait_until": iso(update.due_at)}), "wait"
            )
        outcome = self._repo.claim_update(job.store, job.scope, job.update_id, now)
        if outcome == ClaimOutcome.BUSY and self._release_abandoned(job.store, job.scope, now):
            outcome = self._repo.claim_update(job.store, job.scope, job.update_id, now)
        if outcome == ClaimOutcome.GONE:
            return self._answer(job, "superseded")
        if outcome == ClaimOutcome.BUSY:
            due = now + BUSY_RETRY_SECONDS
            return self._answer(job.model_copy(update={"due_at": due, "wait_until": iso(due)}), "wait")
        store = self._repo.get_store(job.store)
        if store is None:
            return self._answer(job, "done")
        try:
            with self._reuse_parses():
                result, failed_messages = self._consolidate(store, update)
        except ExtractionFailed as e:
            self.fail(job, {"Error": type(e).__name__, "Cause": e.message})
            return self._answer(job, "failed")
        finished_at = int(self._clock())
        finished = update.model_copy(
            update={
                "status": UpdateStatus.COMPLETED,
                "result": result,
                "failed_messages": failed_messages,
                "updated_at": finished_at,
                "messages_expire_at": finished_at + store.definition.options.message_retention_seconds,
            }
        )
        self._repo.finish_update(finished)
        self._publish_completed(finished)
        return self._answer(job, "done")

    def fail(self, job: ConsolidationJob, error: dict[str, Any]) -> dict[str, Any]:
        """Marks the update failed, keeping its messages for a retry for the store's
        `message_retention_seconds` (see docs/api.md)."""
        update = self._repo.get_update(job.store, job.update_id)
        if update is None or update.status in TERMINAL:
            return self._answer(job, "failed")
        store = self._repo.get_store(job.store)
        retention = store.definition.options.message_retention_seconds if store else 0
        failed_at = int(self._clock())
        failed = update.model_copy(
            update={
                "status": UpdateStatus.FAILED,
                "updated_at": failed_at,
                "error": withhold_message_text(failure_body(error), update.messages),
                "messages_expire_at": failed_at + retention,
            }
        )
        self._repo.finish_update(failed)
        return self._answer(job, "failed")

    def _await_recorded(self, job: ConsolidationJob, now: int) -> UpdateRecord | None:
        if now >= id_time(job.update_id) + UNRECORDED_GRACE_SECONDS:
            return None
        for _ in range(UNRECORDED_POLLS):
            pause(UNRECORDED_POLL_SECONDS)
            update = self._repo.get_update(job.store, job.update_id)
            if update is not None:
                return update
        return None

    def _unrecorded(self, job: ConsolidationJob, now: int) -> dict[str, Any]:
        """No such update: its submission may still be writing it (wait a moment), or failed
        after scheduling it (done)."""
        if now < id_time(job.update_id) + UNRECORDED_GRACE_SECONDS:
            due = now + UNRECORDED_RETRY_SECONDS
            return self._answer(job.model_copy(update={"due_at": due, "wait_until": iso(due)}), "wait")
        return self._answer(job, "done")

    def _release_abandoned(self, store: str, scope: str, now: float) -> bool:
        running_id = self._repo.scope_state(store, scope).running_update_id
        running = self._repo.get_update(store, running_id) if running_id else None
        if running is None or now - running.updated_at < CLAIM_LEASE_SECONDS:
            return False
        job = ConsolidationJob(store=store, scope=scope, update_id=running.update_id, due_at=0, wait_until="")
        self.fail(job, {"Error": "Abandoned"})
        return True

    def _consolidate(self, store: Store, update: UpdateRecord) -> tuple[dict[str, Any], list[FailedMessage]]:
        """The update's result, and its messages set aside (earlier runs' and this one's): a
        message whose extraction raises while others go through is recorded before anything is
        written, so a retried run never extracts it again."""
        context: list[Message] = []
        if update.previous_update_id:
            # past the previous update's message retention its messages are gone: no context
            previous = self._repo.get_update(
                store.name, update.previous_update_id, now=self._clock(), scope=update.scope
            )
            context = (
                previous.usable_messages() if previous and previous.status != UpdateStatus.FAILED else []
            )
        existing = self._repo.scope_items(store.name, update.scope, self._clock())
        extractor = self._extractor_for(store)

        def extract(messages: list[Message]) -> Extraction:
            return extractor.extract(messages, context, existing, store.definition.options)

        skip = frozenset(f.index for f in update.failed_messages)
        extraction, failures = extract_isolating(extract, update.messages, skip)
        failed = update.failed_messages
        if failures:
            failed = sorted([*failed, *(self._set_aside(update, f) for f in failures)], key=lambda f: f.index)
            self._repo.record_failed_messages(update.model_copy(update={"failed_messages": failed}))
        forget_embed = self._forget_embed_for(store) if self._forget_embed_for is not None else None
        operations, similarity = plan(
            store, existing, extraction, self._similarity_for, self._guard_for, forget_embed
        )
        applied = self._writer.apply(
            store,
            update.scope,
            operations,
            update.update_id,
            vectors=similarity,
            read={m.memory_id: m for m in existing},
        )
        result = {
            "memory_operations": applied,
            "usage": extraction.usage,
            "failed_messages": [f.public() for f in failed],
        }
        return result, failed

    @staticmethod
    def _set_aside(update: UpdateRecord, failure: Failure) -> FailedMessage:
        logger.warning(
            "message set aside",
            extra={
                "update_id": update.update_id,
                "index": failure.index,
                "error_type": type(failure.error).__name__,
            },
        )
        return set_aside(update.messages, failure)

    def _publish_completed(self, update: UpdateRecord) -> None:
        counts: dict[str, int] = {}
        for op in (update.result or {}).get("memory_operations", []):
            counts[op["kind"]] = counts.get(op["kind"], 0) + 1
        self._publisher.publish(
            "memstore.UpdateCompleted",
            {
                "store": update.store,
                "update_id": update.update_id,
                "status": update.status.value,
                "operations": counts,
            },
        )

    @staticmethod
    def _answer(job: ConsolidationJob, status: str) -> dict[str, Any]:
        return {**job.model_dump(), "status": status}
