"""Recorded model replies through the real chat-model adapters and then the same consolidation
path the rules extractor takes (UpdateService.submit → ConsolidationService.run → plan():
privacy guard, the store's kinds, merge.consolidate → the writer).

The replies in tests/fixtures/llm/ are the exact wire shapes: Bedrock Converse responses
(`output.message.content[].toolUse`, `stopReason`, `usage`, `metrics`) served by botocore's
Stubber, which validates them against the service model, and OpenAI chat completions
(`choices[].message.tool_calls[].function.arguments`, `refusal`, `usage`) served over HTTP by a
local server. Each case runs once per transport where both apply."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.stub import Stubber

from memstore.adapters.bedrock_extractor import BedrockConverseExtractor
from memstore.adapters.llm_extraction import REFUSED
from memstore.adapters.memory_repository import InMemoryRepository
from memstore.adapters.openai_extractor import OpenAICompatibleExtractor
from memstore.domain.access import Caller
from memstore.domain.errors import ExtractionFailed
from memstore.domain.extraction import Message
from memstore.domain.models import Kind, MemoryItem, StoreDefinition, StoreOptions
from memstore.domain.requests import CreateStoreRequest
from memstore.domain.updates import UpdateMemoriesRequest, UpdateStatus
from memstore.ports.clock import ManualClock
from memstore.settings import Settings
from memstore.wiring import Container
from tests.doubles import RecordingPublisher, RecordingScheduler
from tests.integration.test_openai_extractor import FakeChatServer

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "llm"
STORE, SCOPE = "s", "alice"
CALLER = Caller()
HEALTH_POLICY = (
    "Focus on the user's travel plans, food preferences and home city. "
    "Do not store anything about the user's health."
)


def recording(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / name).read_text())


# --- the two transports -----------------------------------------------------------------------


class Converse:
    """A real bedrock-runtime client answered by a Stubber, recording each request."""

    prefix = "converse"

    def __init__(self):
        self.client = boto3.client(
            "bedrock-runtime",
            region_name="us-east-1",
            aws_access_key_id="testing",
            aws_secret_access_key="testing",
        )
        self.requests: list[dict] = []
        self.client.meta.events.register(
            "provide-client-params.bedrock-runtime.Converse",
            lambda params, **_: self.requests.append(json.loads(json.dumps(params))),
        )
        self.stubber = Stubber(self.client)
        self.stubber.activate()

    def chat_model(self, model: str) -> str:
        return model

    def play(self, responses: list[dict]) -> None:
        for response in responses:
            self.stubber.add_response("converse", response)

    def extractor(self, chat_model: str) -> BedrockConverseExtractor:
        return BedrockConverseExtractor(chat_model, client=self.client)

    def repair_text(self) -> str:
        """The text the adapter sent back with the repair call."""
        last = self.requests[-1]["messages"][-1]["content"][0]
        return last["toolResult"]["content"][0]["text"] if "toolResult" in last else last["text"]

    def close(self) -> None:
        self.stubber.assert_no_pending_responses()
        self.stubber.deactivate()


class ChatCompletions:
    """An OpenAI-compatible endpoint on 127.0.0.1 replaying the recorded completions."""

    prefix = "chat"

    def __init__(self):
        self.server = FakeChatServer()
        self.server.thread.start()

    @property
    def requests(self) -> list[dict]:
        return [r["body"] for r in self.server.requests]

    def chat_model(self, model: str) -> str:
        return f"openai:{model}"

    def play(self, responses: list[dict]) -> None:
        for response in responses:
            self.server.reply(200, response)

    def extractor(self, chat_model: str) -> OpenAICompatibleExtractor:
        return OpenAICompatibleExtractor(
            chat_model.removeprefix("openai:"), self.server.base_url, "sk-test-0123456789", timeout=5
        )

    def repair_text(self) -> str:
        return self.requests[-1]["messages"][-1]["content"]

    def close(self) -> None:
        assert self.server.script == [], "recorded replies left unplayed"
        self.server.server.shutdown()
        self.server.server.server_close()


@pytest.fixture(params=[Converse, ChatCompletions], ids=["converse", "chat"])
def transport(request):
    t = request.param()
    yield t
    t.close()


@pytest.fixture
def chat():
    t = ChatCompletions()
    yield t
    t.close()


# --- the service around them ------------------------------------------------------------------


class Spy:
    """The real adapter, with what it returned (or raised) kept for the assertions."""

    def __init__(self, inner):
        self.inner = inner
        self.name = inner.name
        self.results: list[Any] = []

    def extract(self, messages, context, existing, options):
        try:
            result = self.inner.extract(messages, context, existing, options)
        except Exception as e:
            self.results.append(e)
            raise
        self.results.append(result)
        return result


class Service:
    def __init__(self, transport, fixture: str, *, policy: str | None = None):
        script = recording(f"{transport.prefix}_{fixture}.json")
        self.transport = transport
        self.chat_model = transport.chat_model(script["model"])
        self.responses = script["responses"]
        transport.play(self.responses)
        self.clock = ManualClock()
        self.scheduler = RecordingScheduler()
        self.spy: Spy | None = None

        def factory(model: str) -> Spy:
            self.spy = Spy(transport.extractor(model))
            return self.spy

        settings = Settings(
            default_embedding_model="memstore-hashing",
            allowed_embedding_models=("memstore-hashing",),
            allowed_chat_models=("memstore-rules", self.chat_model),
        )
        self.c = Container(
            settings,
            repository=InMemoryRepository(),
            clock=self.clock,
            scheduler=self.scheduler,
            publisher=RecordingPublisher(),
            extractor_factory=factory,
        )
        options = StoreOptions(procedural_memory_enabled=True, user_profile_details=policy)
        definition = StoreDefinition(chat_model=self.chat_model, options=options)
        self.c.stores.create(CreateStoreRequest(name=STORE, definition=definition), CALLER)

    def seed(self, memory_id: str, content: str, topic: str | None = None) -> MemoryItem:
        now = int(self.clock()) - 86_400
        item = MemoryItem(
            memory_id=memory_id,
            store=STORE,
            scope=SCOPE,
            kind=Kind.USER_PROFILE,
            content=content,
            created_at=now,
            updated_at=now,
            topic=topic,
        )
        self.c.repository.put_item(item)
        return item

    def consolidate(self, *messages: tuple[str, str, str]):
        """Submits the messages (id, role, text) with no delay, runs the consolidation job and
        returns (its status, the stored update)."""
        items = [{"id": i, "role": role, "content": text} for i, role, text in messages]
        answer = self.c.updates.submit(
            STORE, UpdateMemoriesRequest(scope=SCOPE, items=items, update_delay=0), CALLER
        )
        status = self.c.consolidation.run(self.scheduler.jobs[-1])["status"]
        return status, self.c.updates.get(STORE, answer["update_id"], CALLER)

    def item(self, memory_id: str) -> MemoryItem | None:
        return self.c.repository.get_item(STORE, memory_id, self.clock())

    def contents(self) -> list[str]:
        return sorted(i.content for i in self.c.repository.scope_items(STORE, SCOPE, self.clock()))

    def billed(self) -> dict[str, int]:
        """What the recorded responses say they cost, summed."""
        if self.transport.prefix == "converse":
            pairs = [(r["usage"]["inputTokens"], r["usage"]["outputTokens"]) for r in self.responses]
        else:
            pairs = [(r["usage"]["prompt_tokens"], r["usage"]["completion_tokens"]) for r in self.responses]
        inp, out = sum(p[0] for p in pairs), sum(p[1] for p in pairs)
        return {"input_tokens": inp, "output_tokens": out, "total_tokens": inp + out}


# --- (a) what the model must not store, the guard drops ---------------------------------------


def test_secrets_and_excluded_health_facts_are_dropped_by_the_guard(transport):
    svc = Service(transport, "privacy", policy=HEALTH_POLICY)

    status, update = svc.consolidate(
        (
            "msg_a1",
            "user",
            "Sign me up for the API plan: key sk-proj-4fJ8kQz2LmN7pR1tVx9bC3dE6gH0jK5s, "
            "and bill my Visa 4539 1488 0343 6467.",
        ),
        ("msg_a9", "assistant", "Done. Anything else?"),
        ("msg_a2", "user", "I live in Lisbon now, and since my type 2 diabetes diagnosis I'm cutting sugar."),
    )

    assert status == "done" and update.status == UpdateStatus.COMPLETED
    (proposed,) = svc.spy.results
    assert len(proposed.memories) == 4, "the adapter passes the model's proposals on unfiltered"
    assert svc.contents() == ["The user lives in Lisbon."]
    written = json.dumps(update.result)
    for leaked in ("sk-proj", "4539", "6467", "diabetes"):
        assert leaked not in written and not any(leaked in c for c in svc.contents())
    assert update.result["usage"] == svc.billed()


def test_the_store_policy_and_the_never_store_list_reach_the_model(transport):
    svc = Service(transport, "privacy", policy=HEALTH_POLICY)
    svc.consolidate(("msg_a2", "user", "I live in Lisbon now."))

    request = transport.requests[0]
    system = (
        request["system"][0]["text"] if transport.prefix == "converse" else request["messages"][0]["content"]
    )
    assert HEALTH_POLICY in system and "what to focus on and what to avoid" in system
    assert "API keys" in system and "payment card" in system


# --- (b) a forget phrase deletes the matching memory ------------------------------------------


def test_forget_phrase_deletes_the_matching_memory_only(transport):
    svc = Service(transport, "forget")
    svc.seed("mem_01VESPA", "The user rides a red Vespa to work.", "commute")
    lisbon = svc.seed("mem_01LISBON", "The user lives in Lisbon.", "home city")

    status, update = svc.consolidate(
        ("msg_b1", "user", "I sold the Vespa last week, so you can drop what you know about it."),
        ("msg_b2", "assistant", "Understood."),
        ("msg_b3", "user", "Anyway, can you recommend a good bike shop?"),
    )

    assert status == "done"
    assert svc.spy.results[0].forget == ["the Vespa"]
    ops = update.result["memory_operations"]
    assert [(op["kind"], op["memory_item"]["memory_id"]) for op in ops] == [("delete", "mem_01VESPA")]
    assert svc.item("mem_01VESPA") is None
    assert svc.item("mem_01LISBON") == lisbon


# --- (c) replaces updates the named memory, and nothing else ----------------------------------


def test_moved_city_updates_the_replaced_memory_and_leaves_others_alone(transport):
    svc = Service(transport, "moved")
    paris = svc.seed("mem_01PARIS", "The user lives in Paris.", "home city")
    miso = svc.seed("mem_01MISO", "The user's cat is called Miso.", "pet")

    status, update = svc.consolidate(("msg_c1", "user", "Big news: I moved from Paris to Berlin last month!"))

    assert status == "done"
    (candidate,) = svc.spy.results[0].memories
    assert candidate.replaces == ["mem_01PARIS"] and candidate.is_update
    ops = update.result["memory_operations"]
    assert [(op["kind"], op["memory_item"]["memory_id"]) for op in ops] == [("update", "mem_01PARIS")]
    updated = svc.item("mem_01PARIS")
    assert updated.content == "The user moved from Paris to Berlin."
    assert updated.version > paris.version and updated.created_at == paris.created_at
    assert svc.item("mem_01MISO") == miso
    assert svc.contents() == ["The user moved from Paris to Berlin.", "The user's cat is called Miso."]


# --- (d) one repair, then failure with the messages kept --------------------------------------


def test_malformed_output_then_a_valid_repair_succeeds_with_usage_summed(transport):
    svc = Service(transport, "repaired")

    status, update = svc.consolidate(("msg_d1", "user", "I live in Lisbon these days."))

    assert status == "done" and update.status == UpdateStatus.COMPLETED
    assert len(transport.requests) == 2
    assert "invalid" in transport.repair_text() and "record_memories" in transport.repair_text()
    assert svc.contents() == ["The user lives in Lisbon."]
    assert update.result["usage"] == svc.billed()
    assert svc.spy.results[0].usage == svc.billed()


def test_malformed_output_twice_fails_the_update_and_keeps_its_messages(transport):
    """The batch fails, then each message on its own (consolidation looks for the one message
    that fails): when every message fails, the update fails whole and keeps them all."""
    svc = Service(transport, "malformed_twice")
    transport.play(svc.responses * 2)
    sent = [
        ("msg_d2", "user", "I live in Lisbon these days."),
        ("msg_d3", "user", "And I'm learning Portuguese."),
    ]

    status, update = svc.consolidate(*sent)

    assert status == "failed" and update.status == UpdateStatus.FAILED
    assert len(transport.requests) == 6
    assert isinstance(svc.spy.results[0], ExtractionFailed)
    assert update.error["code"] == "extraction_failed" and "twice" in update.error["message"]
    assert [(m.id, m.content) for m in update.messages] == [(i, text) for i, _, text in sent]
    assert svc.contents() == []


# --- (e) a refusal or no tool call is repaired once, then fails -------------------------------


def test_refusal_then_no_tool_call_is_extraction_failed(chat):
    script = recording("chat_refusal.json")
    chat.play(script["responses"])
    extractor = chat.extractor(script["model"])
    messages = [Message(id="msg_e1", role="user", content="My sister Ana just got engaged!")]

    with pytest.raises(ExtractionFailed) as info:
        extractor.extract(messages, [], [], StoreOptions())

    assert len(chat.requests) == 2
    repair = chat.requests[1]["messages"]
    assert repair[-2] == {"role": "assistant", "content": "I'm sorry, I can't assist with that request."}
    assert repair[-1] == {"role": "user", "content": repair[-1]["content"]}
    assert REFUSED in repair[-1]["content"]
    assert "twice" in info.value.message and "no valid JSON" in info.value.message


def test_refusal_through_the_service_fails_the_update_with_messages_kept(chat):
    svc = Service(chat, "refusal")

    status, update = svc.consolidate(("msg_e1", "user", "My sister Ana just got engaged!"))

    assert status == "failed" and update.error["code"] == "extraction_failed"
    assert [m.content for m in update.messages] == ["My sister Ana just got engaged!"]
    assert "Ana" not in update.error["message"] and "sorry" not in update.error["message"]
