"""Real users' everyday wording, through the public HTTP API of `memstore local` (the real
template and handlers, moto for DynamoDB, the local scheduler, the default rules extractor
`memstore-rules` and the local MiniLM embedder).

These tests are a specification for the extraction pipeline: several of them fail until the
rebuilt pipeline lands. None is marked xfail or skip on purpose. Each assertion message shows
the memories the scope holds, so a failure says what was (or was not) stored."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
import uuid
import warnings
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 60.0
"""Generous: the machine's two cores are shared with other work."""
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
TERMINAL = ("completed", "failed", "superseded")


class Client:
    def __init__(self, base_url: str):
        self.base_url = base_url

    def __call__(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any, str]:
        """(status, parsed JSON body, raw body text)."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with _OPENER.open(request, timeout=WAIT_SECONDS) as response:
                raw = (response.read() or b"null").decode("utf-8")
                return response.status, json.loads(raw), raw
        except urllib.error.HTTPError as error:
            raw = (error.read() or b"null").decode("utf-8")
            return error.code, json.loads(raw), raw


@pytest.fixture(scope="module")
def local(local_server) -> Client:
    assert local_server.port > 0
    return Client(local_server.url)


# ----------------------------------------------------------------------------------------------
# helpers


class Scope:
    """One store scope, with the calls a test needs."""

    def __init__(self, http: Client, store: str, scope: str):
        self.http, self.store, self.scope = http, store, scope

    def add_item(self, content: str, kind: str = "user_profile") -> dict[str, Any]:
        status, item, _ = self.http(
            "POST",
            f"/memory_stores/{self.store}/items",
            {"scope": self.scope, "content": content, "kind": kind},
        )
        assert status == 201, item
        return item

    def submit(
        self, messages: list[tuple[str, str]], previous_update_id: str | None = None
    ) -> tuple[dict[str, Any], str]:
        """POST update_memories with `update_delay: 0`; returns (202 body, raw 202 text)."""
        body: dict[str, Any] = {
            "scope": self.scope,
            "items": [{"type": "message", "role": role, "content": text} for role, text in messages],
            "update_delay": 0,
        }
        if previous_update_id is not None:
            body["previous_update_id"] = previous_update_id
        status, accepted, raw = self.http("POST", f"/memory_stores/{self.store}/update_memories", body)
        assert status == 202, f"update_memories answered {status}: {accepted}"
        assert accepted["update_id"], accepted
        return accepted, raw

    def wait(self, update_id: str) -> dict[str, Any]:
        """Poll GET …/updates/{id} until terminal, following `superseded_by`."""
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            status, update, _ = self.http("GET", f"/memory_stores/{self.store}/updates/{update_id}")
            assert status == 200, update
            if update["status"] == "superseded" and update.get("superseded_by"):
                update_id = update["superseded_by"]
                continue
            if update["status"] in TERMINAL:
                return update
            assert time.monotonic() < deadline, (
                f"update {update_id} still {update['status']} after {WAIT_SECONDS}s"
            )
            time.sleep(0.1)

    def update(
        self, messages: list[tuple[str, str]], previous_update_id: str | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Submit, wait, and require `completed`; returns (202 body, final update)."""
        accepted, _ = self.submit(messages, previous_update_id)
        final = self.wait(accepted["update_id"])
        assert final["status"] == "completed", f"update did not complete: {final}"
        return accepted, final

    def items(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        after = None
        while True:
            query = f"?scope={urllib.request.quote(self.scope)}&limit=100" + (
                f"&after={after}" if after else ""
            )
            status, page, _ = self.http("GET", f"/memory_stores/{self.store}/items{query}")
            assert status == 200, page
            found += page["data"]
            if not page["has_more"]:
                return found
            after = page["last_id"]

    def search(self, text: str, max_memories: int = 10) -> list[dict[str, Any]]:
        status, found, _ = self.http(
            "POST",
            f"/memory_stores/{self.store}/search_memories",
            {
                "scope": self.scope,
                "items": [{"type": "message", "role": "user", "content": text}],
                "options": {"max_memories": max_memories},
            },
        )
        assert status == 200, found
        return found["memories"]


def new_scope(http: Client, options: dict[str, Any] | None = None) -> Scope:
    """A store of its own (default chat model = the rules extractor, procedural memory on) and a
    scope of its own."""
    name = "ew-" + uuid.uuid4().hex[:16]
    definition = {"kind": "default", "options": {"procedural_memory_enabled": True, **(options or {})}}
    status, store, _ = http("POST", "/memory_stores", {"name": name, "definition": definition})
    assert status == 201, store
    assert store["definition"]["chat_model"] == "memstore-rules", store
    return Scope(http, name, "user-" + uuid.uuid4().hex[:12])


def show(items: list[dict[str, Any]]) -> str:
    return (
        "memories in scope:\n"
        + "\n".join(f"  - [{i['kind']}] {i['content']!r} ({i['memory_id']})" for i in items)
        if items
        else "memories in scope: (none)"
    )


def mentioning(items: list[dict[str, Any]], pattern: str) -> list[dict[str, Any]]:
    return [i for i in items if re.search(pattern, i["content"], re.IGNORECASE)]


def assert_some(items: list[dict[str, Any]], pattern: str, why: str) -> None:
    assert mentioning(items, pattern), f"{why}: no memory matches /{pattern}/i\n{show(items)}"


def assert_none(items: list[dict[str, Any]], pattern: str, why: str) -> None:
    bad = mentioning(items, pattern)
    assert not bad, f"{why}: memories match /{pattern}/i: {[i['content'] for i in bad]}\n{show(items)}"


def one_forget_command(accepted: dict[str, Any]) -> dict[str, Any]:
    commands = accepted.get("memory_commands") or []
    forgets = [c for c in commands if c.get("arguments", {}).get("action") == "forget"]
    assert len(forgets) == 1, f"expected one forget command in the 202, got memory_commands={commands}"
    assert forgets[0].get("type") == "memory_command_call", forgets[0]
    return forgets[0]


# ----------------------------------------------------------------------------------------------
# 1. forgetting, in ordinary wording


def test_forget_sisters_wedding_in_ordinary_wording(local: Client):
    s = new_scope(local)
    wedding = s.add_item("My sister's wedding is in June in Porto.")
    cello = s.add_item("The user plays the cello.")

    accepted, _ = s.update([("user", "please forget about my sister's wedding, it's private.")])

    command = one_forget_command(accepted)
    assert command["status"] == "completed", f"forget was not applied: {command}"
    if "deleted" in command:
        assert command["deleted"] == [wedding["memory_id"]], command
    items = s.items()
    assert_none(items, r"wedding|porto", "the wedding memory should be forgotten")
    assert_none(items, r"forget|private", "the forget request itself should not be stored as a memory")
    assert cello["memory_id"] in [i["memory_id"] for i in items], (
        f"an unrelated memory was deleted\n{show(items)}"
    )


@pytest.mark.parametrize(
    "request_text",
    [
        "Can you forget where I live?",
        "Actually, forget where I live.",
        "Stop remembering my city.",
    ],
)
def test_forget_where_i_live(local: Client, request_text: str):
    s = new_scope(local)
    lyon = s.add_item("I live in Lyon.")
    cello = s.add_item("The user plays the cello.")

    accepted, _ = s.update([("user", request_text)])

    command = one_forget_command(accepted)
    assert command["status"] == "completed", f"forget was not applied: {command}"
    if "deleted" in command:
        assert command["deleted"] == [lyon["memory_id"]], command
    items = s.items()
    assert_none(items, r"lyon", "the residence should be forgotten")
    assert_none(items, r"forget|remembering", "the forget request itself should not be stored as a memory")
    assert cello["memory_id"] in [i["memory_id"] for i in items], (
        f"an unrelated memory was deleted\n{show(items)}"
    )


def test_forget_that_matches_nothing_reports_no_match(local: Client):
    s = new_scope(local)
    seeded = [s.add_item("I live in Lyon."), s.add_item("The user plays the cello.")]

    accepted, _ = s.update([("user", "forget my boat")])

    command = one_forget_command(accepted)
    assert command["status"] == "no_match", f"a forget matching nothing should say so: {command}"
    if "deleted" in command:
        assert command["deleted"] == [], command
    ids = {i["memory_id"] for i in s.items()}
    assert {i["memory_id"] for i in seeded} <= ids, (
        f"a forget matching nothing deleted something\n{show(s.items())}"
    )


# ----------------------------------------------------------------------------------------------
# 2. moving updates the residence, not an unrelated fact


def test_moving_updates_residence_not_job(local: Client):
    s = new_scope(local)
    designer = s.add_item("The user is a UX designer.")
    paris = s.add_item("The user lives in Paris with the user's boyfriend Luc.")

    s.update([("user", "I moved from Paris to Berlin last month for a new job at a fintech startup.")])

    items = s.items()
    by_id = {i["memory_id"]: i for i in items}
    assert designer["memory_id"] in by_id, f"the UX-designer memory was removed\n{show(items)}"
    assert by_id[designer["memory_id"]]["content"] == "The user is a UX designer.", (
        f"the UX-designer memory was changed by an unrelated move\n{show(items)}"
    )
    # "moved from Paris to Berlin" is fine; "lives in Paris" is stale.
    assert_none(
        items, r"\b(lives?|living|based|resides?)\s+in\s+paris\b", "the user no longer lives in Paris"
    )
    stale = [
        i
        for i in mentioning(items, r"paris")
        if not re.search(
            r"\bmoved\b|\bfrom paris\b|\bleft paris\b|\bused to\b|\bformerly\b|\bpreviously\b",
            i["content"],
            re.IGNORECASE,
        )
    ]
    assert not stale, (
        f"a memory still places the user in Paris: {[i['content'] for i in stale]}\n{show(items)}"
    )
    if paris["memory_id"] in by_id:
        assert by_id[paris["memory_id"]]["content"] != paris["content"], (
            f"the old residence memory was kept unchanged\n{show(items)}"
        )
    assert_some(items, r"berlin", "the new city should be stored")

    found = s.search("Any good restaurant near where I live?")
    contents = [m["memory_item"]["content"] for m in found]
    berlin_ranks = [n for n, c in enumerate(contents) if "berlin" in c.lower()]
    paris_only_ranks = [
        n for n, c in enumerate(contents) if "paris" in c.lower() and "berlin" not in c.lower()
    ]
    assert berlin_ranks, f"the contextual search returned no Berlin memory: {contents}\n{show(items)}"
    assert not paris_only_ranks or berlin_ranks[0] < paris_only_ranks[0], (
        f"a Paris memory ranks above the Berlin one: {contents}"
    )


# ----------------------------------------------------------------------------------------------
# 3. two facts in one message


def test_two_facts_in_one_message(local: Client):
    s = new_scope(local)
    s.update([("user", "I prefer dark roast coffee in the morning. I drink green tea at night.")])
    items = s.items()
    # Both must be profile (or procedural) memories: a chat summary alone does not count, since a
    # static search (the scope's profile) never returns chat summaries.
    profile = [i for i in items if i["kind"] in ("user_profile", "procedural")]
    assert_some(
        profile, r"dark roast", f"the first fact should be stored as a profile memory ({show(items)})"
    )
    assert_some(
        profile, r"green tea", f"the second fact should be stored as a profile memory ({show(items)})"
    )


# ----------------------------------------------------------------------------------------------
# 4. health under a policy that excludes it


def test_health_condition_not_stored_when_policy_excludes_it(local: Client):
    s = new_scope(
        local,
        {
            "user_profile_details": (
                "Capture preferences, work and hobbies. Do not store health conditions, diagnoses or medications."
            )
        },
    )
    s.update([("user", "I have type 2 diabetes so I need low-sugar meals.")])
    # The dietary need ("needs low-sugar meals") may be kept without the diagnosis; only the
    # diagnosis is asserted away.
    assert_none(s.items(), r"diabet", "the policy excludes health conditions")


# ----------------------------------------------------------------------------------------------
# 5. a support chat: the agent's greeting and one-off scheduling are not profile facts


def test_support_chat_keeps_no_name_from_greeting_and_no_appointment(local: Client):
    s = new_scope(local)
    s.update(
        [
            ("assistant", "Hi Tom, thanks for contacting support. How can I help?"),
            ("user", "my internet keeps dropping every evening"),
            ("assistant", "Can we book a technician for Thursday 2pm?"),
            ("user", "yes thursday works"),
        ]
    )
    items = s.items()
    profile = [i for i in items if i["kind"] in ("user_profile", "procedural")]
    assert_none(
        items,
        r"\bname\b.{0,20}\btom\b|\b(called|named|is)\s+tom\b",
        "the assistant's greeting is not the user stating a name",
    )
    assert_none(profile, r"\btom\b", "the assistant's greeting is not the user stating a name")
    assert_none(
        profile, r"thursday|2\s*pm|technician|appointment", "a one-off appointment is not a profile fact"
    )


# ----------------------------------------------------------------------------------------------
# 6. chained context through previous_update_id


def test_chained_context_names_the_puppy(local: Client):
    s = new_scope(local)
    first, _ = s.update([("user", "I adopted a puppy last week!")])
    s.update(
        [
            ("assistant", "Congratulations! What's the puppy's name?"),
            ("user", "Biscuit. He is a beagle."),
        ],
        previous_update_id=first["update_id"],
    )
    items = s.items()
    assert_some(items, r"biscuit", "the puppy's name, answered in the chained update, should be stored")
    if not mentioning(items, r"beagle"):
        warnings.warn(f"ideally the breed (beagle) is stored too; {show(items)}", stacklevel=1)


# ----------------------------------------------------------------------------------------------
# 7. a focus policy keeps what it focuses on


def test_focus_policy_keeps_food_facts(local: Client):
    s = new_scope(local, {"user_profile_details": "Focus only on the user's cooking and food preferences."})
    s.update(
        [
            (
                "user",
                "I love Thai curries and I bake sourdough every weekend. "
                "I have been watching a lot of football lately.",
            )
        ]
    )
    items = s.items()
    assert_some(items, r"thai curr", "a food preference in focus should be stored")
    assert_some(items, r"sourdough", "a cooking habit in focus should be stored")


# ----------------------------------------------------------------------------------------------
# 8. secrets are never echoed or stored


def test_secret_is_never_echoed_or_stored(local: Client):
    key = "sk-proj-abcdefghijklmnopqrstuvwx1234"
    s = new_scope(local)
    accepted, raw = s.submit([("user", f"Remember that my backup key is {key}")])
    assert key not in raw and "abcdefghijklmnopqrstuvwx1234" not in raw, f"the 202 echoes the secret: {raw}"
    final = s.wait(accepted["update_id"])
    final_text = json.dumps(final)
    assert "abcdefghijklmnopqrstuvwx1234" not in final_text, (
        f"the update record carries the secret: {final_text}"
    )
    items = s.items()
    assert_none(items, re.escape("abcdefghijklmnopqrstuvwx1234"), "a secret must never be stored")


@pytest.mark.parametrize(
    ("fact", "request_text", "gone"),
    [
        (
            "The user plays five-a-side football every Thursday night.",
            "Please delete the football thing.",
            r"football|delete",
        ),
        # a negated keeping verb with a plain object: an edit or a forget, the stored fact decides
        (
            "The user is thinking of moving to Canada.",
            "Please don't keep the Canada thing, it was just talk.",
            r"canada",
        ),
    ],
)
def test_a_request_about_a_remembered_thing_without_my_forgets_it(
    local: Client, fact: str, request_text: str, gone: str
):
    s = new_scope(local)
    named = s.add_item(fact)
    cello = s.add_item("The user plays the cello.")

    accepted, _ = s.update([("user", request_text)])

    command = one_forget_command(accepted)
    assert command["status"] == "completed" and command["deleted"] == [named["memory_id"]], command
    items = s.items()
    assert_none(items, gone, "the named memory should be gone and the request not stored")
    assert cello["memory_id"] in [i["memory_id"] for i in items], (
        f"an unrelated memory was deleted\n{show(items)}"
    )


def test_an_editing_request_that_names_no_memory_deletes_nothing_and_reports_nothing(local: Client):
    s = new_scope(local)
    cello = s.add_item("The user plays the cello.")

    accepted, _ = s.update([("user", "Delete the last paragraph.")])

    assert accepted.get("memory_commands") == [], accepted
    assert cello["memory_id"] in [i["memory_id"] for i in s.items()]


def test_asking_to_drop_what_an_instruction_already_rules_out_keeps_the_instruction(local: Client):
    s = new_scope(local)
    rule = s.add_item("Never put exclamation marks in replies to the user.", kind="procedural")

    accepted, _ = s.update([("user", "Can you remove the exclamation marks? I like a calm tone.")])

    assert accepted["memory_commands"] == [], accepted
    items = s.items()
    assert rule["memory_id"] in [i["memory_id"] for i in items], f"the instruction was deleted\n{show(items)}"
    assert_some(items, r"calm tone", "the standing preference should be kept")
