"""Secrets on every write path: an item written through the API never stores or echoes a
credential, card, bank account or government id (refused by default, redacted when the store
says `secret_handling: "redact"`), and a memory command never echoes what it was refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.integration.conftest import Api

pytestmark = pytest.mark.integration

SCOPE = "user-123"
SECRETS = {
    "openai-key": (
        "My OpenAI key is sk-proj-Q8mZr2Lk9Xv4Tb7Nw1Hc6Jd3Fs5Gy0Ua",
        "Q8mZr2Lk9Xv4Tb7Nw1Hc6Jd3Fs5Gy0Ua",
        "credential",
    ),
    "hex-api-key": (
        "my api key: 8f14e45fceea167a5a36dedd4bea2543 for staging",
        "8f14e45fceea167a5a36dedd4bea2543",
        "credential",
    ),
    "aws-key": ("deploy with AKIAJ7Q2XW4ZK5ML3NPA please", "AKIAJ7Q2XW4ZK5ML3NPA", "credential"),
    "github-token": (
        "Token: ghp_R4nd0mT0k3nV4lu3F0rT3st1ng0123456789",
        "R4nd0mT0k3nV4lu3F0rT3st1ng",
        "credential",
    ),
    "password": ("my password is Walrus%5571", "Walrus%5571", "credential"),
    "bearer": (
        "Authorization: Bearer abcdef0123456789abcdef0123456789",
        "abcdef0123456789abcdef",
        "credential",
    ),
    "card": ("Pay with 4539 1488 0343 6467 next time.", "4539 1488 0343 6467", "payment card"),
    "iban": ("My IBAN is DE89 3704 0044 0532 0130 00", "3704 0044 0532", "bank account"),
    "ssn": ("My social security number is 219-09-9999.", "219-09-9999", "government id"),
}


def flat(value: Any) -> str:
    return json.dumps(value, default=str)


def assert_nowhere(api: Api, reply_text: str, value: str) -> None:
    assert value not in reply_text, "the response echoes the secret"
    digits = value.replace(" ", "")
    stored = flat(list(api.table_snapshot().values()))
    assert value not in stored and digits not in stored, "the table holds the secret"


def item_rows(api: Api) -> list[dict]:
    return [row for (_, sk), row in api.table_snapshot().items() if "content" in row]


@pytest.mark.parametrize("case", list(SECRETS), ids=list(SECRETS))
def test_an_item_holding_a_secret_is_refused_and_never_stored_or_echoed(api: Api, case: str):
    text, value, kind = SECRETS[case]
    api.create_store()
    reply = api.call(
        "items",
        "create",
        path={"name": "demo"},
        body={"scope": SCOPE, "content": text, "kind": "user_profile"},
    )
    assert reply.status == 400, reply.text
    assert reply.error["code"] == "invalid_request" and reply.error["param"] == "content"
    assert kind in reply.error["message"]
    assert_nowhere(api, reply.text, value)
    assert api.list_items(SCOPE) == []


def test_an_item_update_to_a_secret_is_refused_and_the_item_kept(api: Api):
    api.create_store()
    item = api.create_item(SCOPE, "The user flies from Lisbon.")
    text, value, _ = SECRETS["openai-key"]
    reply = api.call(
        "items", "update", path={"name": "demo", "memory_id": item["memory_id"]}, body={"content": text}
    )
    assert reply.status == 400, reply.text
    assert reply.error["param"] == "content"
    assert_nowhere(api, reply.text, value)
    got = api.call("items", "get", path={"name": "demo", "memory_id": item["memory_id"]})
    assert (got.body["content"], got.body["version"]) == ("The user flies from Lisbon.", item["version"])


@pytest.mark.parametrize("case", list(SECRETS), ids=list(SECRETS))
def test_a_redacting_store_keeps_the_item_without_the_secret(api: Api, case: str):
    text, value, kind = SECRETS[case]
    api.create_store(secret_handling="redact")
    item = api.create_item(SCOPE, text)
    assert f"[redacted {kind}]" in item["content"]
    assert_nowhere(api, flat(item), value)
    [listed] = api.list_items(SCOPE)
    assert listed["content"] == item["content"]


def test_a_redacting_store_redacts_an_update_and_keeps_the_rest_of_the_text(api: Api):
    api.create_store(secret_handling="redact")
    item = api.create_item(SCOPE, "The user flies from Lisbon.")
    reply = api.call(
        "items",
        "update",
        path={"name": "demo", "memory_id": item["memory_id"]},
        body={"content": "The user pays with 4539 1488 0343 6467 for flights."},
    )
    assert reply.status == 200, reply.text
    assert reply.body["content"] == "The user pays with [redacted payment card] for flights."
    assert_nowhere(api, reply.text, "4539 1488 0343 6467")


def test_secret_handling_is_a_store_option_with_refuse_by_default(api: Api):
    created = api.create_store()
    assert created["definition"]["options"]["secret_handling"] == "refuse"
    reply = api.call(
        "stores",
        "create",
        body={"name": "other", "definition": {"kind": "default", "options": {"secret_handling": "ignore"}}},
    )
    assert reply.status == 400, reply.text
    assert reply.error["param"] == "definition.options.secret_handling"
    assert "ignore" not in reply.error["message"]


def submit(api: Api, text: str) -> Any:
    return api.call(
        "updates",
        "submit",
        path={"name": "demo"},
        body={"scope": SCOPE, "items": [{"type": "message", "role": "user", "content": text}]},
    )


@pytest.mark.parametrize("case", ["openai-key", "hex-api-key", "card", "iban", "password"])
def test_a_refused_remember_command_never_echoes_the_secret(api: Api, case: str):
    text, value, _ = SECRETS[case]
    api.create_store()
    reply = submit(api, f"Remember that {text[0].lower()}{text[1:]}")
    assert reply.status == 202, reply.text
    [command] = reply.body["memory_commands"]
    assert command["arguments"]["action"] == "remember"
    assert command["status"] == "rejected" and command["arguments"]["content"] == ""
    assert value not in reply.text and value.replace(" ", "") not in reply.text
    memories = flat(item_rows(api))
    assert value not in memories and value.replace(" ", "") not in memories


def test_a_forget_command_naming_a_secret_does_not_echo_it(api: Api):
    api.create_store()
    reply = submit(api, "Please forget my old card 4539 1488 0343 6467.")
    assert reply.status == 202, reply.text
    [command] = reply.body["memory_commands"]
    assert command["arguments"]["action"] == "forget"
    assert "4539" not in reply.text and "6467" not in reply.text


def test_a_remember_command_without_a_secret_still_echoes_its_content(api: Api):
    api.create_store()
    reply = submit(api, "Remember that I prefer aisle seats.")
    [command] = reply.body["memory_commands"]
    assert command["status"] == "completed" and "aisle seats" in command["arguments"]["content"]
