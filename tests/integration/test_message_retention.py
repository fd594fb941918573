"""Raw conversation messages leave the table: through the HTTP handlers, against a moto table
made from template.yaml, with consolidation run in process and time moved by the test's clock.

moto never deletes expired rows, so "gone from the table" is checked two ways: every row that
still holds a message's text carries an `expires_at` (the table's TTL attribute) that has
passed, and a scan without those rows (what DynamoDB's TTL leaves) holds no trace of it."""

from __future__ import annotations

import contextlib
import json
import zlib
from typing import Any

from memstore.domain.errors import ExtractionFailed
from tests.integration.conftest import START, Api

SCOPE = "user-123"
SECRET = "I prefer dark roast coffee, and the code of my bike lock is 4417."
OTHER = "My cat is called Miso and she sleeps on the piano all afternoon."


def message(text: str) -> dict[str, Any]:
    return {"type": "message", "role": "user", "content": text}


def submit(api: Api, *texts: str, previous: str | None = None, delay: int = 0):
    body: dict[str, Any] = {"scope": SCOPE, "items": [message(t) for t in texts], "update_delay": delay}
    if previous:
        body["previous_update_id"] = previous
    return api.call("updates", "submit", body=body)


class BreakableExtraction:
    """Installed in place of the container's extractors (before its services are built, which
    take them): raises `error` when one is set, else runs the extractor the container would."""

    def __init__(self, api: Api) -> None:
        self.real_for = api.container.extractor_for
        self.error: Exception | None = None
        api.use(extractor_for=self.for_store)

    def for_store(self, store):
        return BrokenOrReal(self, store)


class BrokenOrReal:
    name = "breakable"

    def __init__(self, switch: BreakableExtraction, store) -> None:
        self.switch = switch
        self.store = store

    def extract(self, messages, context, existing, options):
        if self.switch.error is not None:
            raise self.switch.error
        return self.switch.real_for(self.store).extract(messages, context, existing, options)


def consolidate(api: Api) -> str:
    return api.container.consolidation.run(api.scheduler.jobs[-1])["status"]


def row_text(row: dict[str, Any]) -> str:
    """A row as text, its compressed binaries (messages are stored zlib-compressed) unpacked."""
    parts = [json.dumps(row, default=repr)]
    for value in row.values():
        if "B" in value:
            with contextlib.suppress(zlib.error):
                parts.append(zlib.decompress(value["B"]).decode("utf-8"))
    return "\n".join(parts)


def rows_quoting(api: Api, text: str) -> dict[tuple[str, str], dict[str, Any]]:
    return {key: row for key, row in api.table_snapshot().items() if text in row_text(row)}


def ttl_deletes(row: dict[str, Any], now: float) -> bool:
    return "N" in row.get("expires_at", {}) and float(row["expires_at"]["N"]) <= now


def test_the_table_ttl_attribute_is_the_one_message_rows_use(table_properties):
    assert table_properties["TimeToLiveSpecification"] == {"AttributeName": "expires_at", "Enabled": True}


def test_the_option_is_part_of_the_store_and_validated(api: Api):
    created = api.create_store()
    assert created["definition"]["options"]["message_retention_seconds"] == 86400
    reply = api.call(
        "stores",
        "create",
        body={
            "name": "long",
            "definition": {"kind": "default", "options": {"message_retention_seconds": 31 * 86400}},
        },
    )
    assert reply.status == 400 and reply.error["code"] == "invalid_request"
    assert reply.error["param"] == "definition.options.message_retention_seconds"
    assert (
        api.create_store("none", message_retention_seconds=0)["definition"]["options"][
            "message_retention_seconds"
        ]
        == 0
    )


def test_a_completed_update_messages_leave_the_table_after_the_retention(api: Api):
    api.create_store(message_retention_seconds=3600)
    update_id = submit(api, SECRET).body["update_id"]
    assert consolidate(api) == "done"
    held = rows_quoting(api, SECRET)
    assert [key[1] for key in held] == [f"MSG#{update_id}"], "one row holds the text"
    assert int(next(iter(held.values()))["expires_at"]["N"]) == START + 3600

    api.clock.advance(3600)
    now = api.clock()
    assert api.repository.get_update("demo", update_id, now=now).messages == []
    status = api.call("updates", "get", path={"update_id": update_id})
    assert status.status == 200 and status.body["status"] == "completed"
    assert status.body["result"]["memory_operations"], "the record itself stays"
    assert all(ttl_deletes(row, now) for row in rows_quoting(api, SECRET).values())
    assert not any(
        SECRET in row_text(row) for row in api.table_snapshot().values() if not ttl_deletes(row, now)
    )


def test_a_retention_of_zero_deletes_the_message_row_when_the_update_completes(api: Api):
    api.create_store(message_retention_seconds=0)
    update_id = submit(api, SECRET).body["update_id"]
    assert consolidate(api) == "done"
    assert rows_quoting(api, SECRET) == {}
    assert not [key for key in api.table_snapshot() if key[1].startswith("MSG#")]
    assert api.call("updates", "get", path={"update_id": update_id}).body["status"] == "completed"


def test_a_failed_update_is_retried_within_the_retention_and_refused_after_it(api: Api):
    extraction = BreakableExtraction(api)
    extraction.error = ExtractionFailed("invalid twice")
    api.create_store(message_retention_seconds=3600)
    failed = submit(api, SECRET).body["update_id"]
    assert consolidate(api) == "failed"
    late = submit(api, OTHER).body["update_id"]
    assert consolidate(api) == "failed"
    extraction.error = None

    api.clock.advance(1800)
    retry = submit(api, previous=failed)
    assert retry.status == 202, retry.text
    assert consolidate(api) == "done"
    assert (
        api.call("updates", "get", path={"update_id": retry.body["update_id"]}).body["status"] == "completed"
    )

    api.clock.advance(1800)
    refused = submit(api, previous=late)
    assert refused.status == 400
    assert refused.body == {
        "error": {
            "code": "invalid_request",
            "message": f"the messages of update '{late}' are no longer kept (the store's message_retention_seconds "
            "has passed); resubmit them in items, without previous_update_id",
            "param": "previous_update_id",
        }
    }
    assert OTHER not in refused.text
    now = api.clock()
    assert not any(
        OTHER in row_text(row) for row in api.table_snapshot().values() if not ttl_deletes(row, now)
    )
    resubmitted = submit(api, OTHER)
    assert resubmitted.status == 202 and consolidate(api) == "done"


def test_a_superseded_update_keeps_no_message_row(api: Api):
    api.create_store()
    first = submit(api, SECRET, delay=60).body["update_id"]
    api.clock.advance(10)
    second = submit(api, OTHER, delay=60).body["update_id"]
    assert api.call("updates", "get", path={"update_id": first}).body["status"] == "superseded"
    keys = [key for key in api.table_snapshot() if key[1].startswith("MSG#")]
    assert [key[1] for key in keys] == [f"MSG#{second}"]
    assert [key[1] for key in rows_quoting(api, SECRET)] == [f"MSG#{second}"]


def test_delete_scope_leaves_no_message_rows(api: Api):
    api.create_store()
    submit(api, SECRET)
    assert consolidate(api) == "done"
    submit(api, OTHER, delay=300)
    assert len([key for key in api.table_snapshot() if key[1].startswith("MSG#")]) == 2
    reply = api.call("items", "delete_scope", body={"scope": SCOPE})
    assert reply.status == 200, reply.text
    snapshot = api.table_snapshot()
    assert not [key for key in snapshot if key[1].startswith(("MSG#", "UPD#"))]
    assert not any(SECRET in row_text(row) or OTHER in row_text(row) for row in snapshot.values())
