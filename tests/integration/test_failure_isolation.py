"""Through the public API on moto: a debounced batch holding one message the extractor cannot
process completes with the other messages' memories, reports the bad one in its result, and never
hands it to the extractor again. The extractor is the real rules extractor, behind a fake that
raises on one marked message as a parser choking on it would."""

from __future__ import annotations

from typing import Any

import pytest

from memstore.domain.models import Store
from tests.integration.conftest import Api, LambdaContext, load_handler_module

pytestmark = pytest.mark.integration

SCOPE = "user-123"
MALFORMED = "My name is \u2060\u2060\u2060 and I like tea."
GOOD = ["I live in Lisbon.", "My sister is called Ana.", "I prefer dark roast coffee."]


class ChokesOnOneMessage:
    """The real extractor, except that a batch or context holding MALFORMED raises."""

    def __init__(self, real: Any):
        self.real = real
        self.name = real.name
        self.seen: list[str] = []

    def extract(self, messages, context, existing, options):
        texts = [m.content for m in messages + context]
        self.seen += texts
        if MALFORMED in texts:
            raise UnicodeEncodeError("utf-8", MALFORMED, 11, 12, "surrogates not allowed")
        return self.real.extract(messages, context, existing, options)


@pytest.fixture
def extractor(api: Api) -> ChokesOnOneMessage:
    api.create_store()
    store: Store = api.repository.get_store("demo")
    real = api.container.extractor_for(store)
    wrapped = ChokesOnOneMessage(real)
    api.use(extractor_factory=lambda _model: wrapped)
    return wrapped


@pytest.fixture
def consolidate():
    module = load_handler_module("consolidate")

    def run(api: Api, update_id: str) -> dict[str, Any]:
        job = next(j for j in reversed(api.scheduler.jobs) if j.update_id == update_id)
        return module.lambda_handler(job.model_dump(), LambdaContext("consolidate"))

    return run


def submit(api: Api, *texts: str, delay: int = 0, previous: str | None = None) -> str:
    body: dict[str, Any] = {
        "scope": SCOPE,
        "items": [{"role": "user", "content": t} for t in texts],
        "update_delay": delay,
    }
    if previous:
        body["previous_update_id"] = previous
    reply = api.call("updates", "submit", path={"name": "demo"}, body=body)
    assert reply.status == 202, reply.text
    return reply.body["update_id"]


def get_update(api: Api, update_id: str) -> dict[str, Any]:
    reply = api.call("updates", "get", path={"name": "demo", "update_id": update_id})
    assert reply.status == 200, reply.text
    return reply.body


def test_a_batch_with_one_malformed_message_completes_with_the_good_messages(
    api: Api, extractor, consolidate
):
    first = submit(api, MALFORMED, delay=60)
    update_id = submit(api, *GOOD)
    assert get_update(api, first)["status"] == "superseded"

    assert consolidate(api, update_id)["status"] == "done"
    body = get_update(api, update_id)
    assert body["status"] == "completed", body
    [failed] = body["result"]["failed_messages"]
    assert failed["index"] == 0 and failed["message_id"].startswith("msg_")
    assert failed["error"] == {
        "code": "internal_error",
        "message": "extracting this message raised UnicodeEncodeError",
    }
    assert "tea" not in str(body)

    remembered = " ".join(i["content"] for i in api.list_items(SCOPE))
    assert "Lisbon" in remembered and "Ana" in remembered and "dark roast" in remembered
    assert "tea" not in remembered
    created = [op for op in body["result"]["memory_operations"] if op["kind"] == "create"]
    assert {m for op in created for m in op["memory_item"]["source"]["message_ids"]} <= {
        m.id for m in api.repository.get_update("demo", update_id).messages[1:]
    }

    calls_with_it = extractor.seen.count(MALFORMED)
    follow_up = submit(api, "I started learning Portuguese.", previous=update_id)
    assert consolidate(api, follow_up)["status"] == "done"
    assert get_update(api, follow_up)["status"] == "completed"
    assert extractor.seen.count(MALFORMED) == calls_with_it, "never extracted again, not even as context"
    assert "Portuguese" in " ".join(i["content"] for i in api.list_items(SCOPE))
