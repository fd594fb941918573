"""The deployed path of Foundry's colon actions: API Gateway sends `POST /memory_stores/NAME:ACTION`
to the stores function's `{name}` route, whose handler forwards the event (rewritten to the slash
route) to the function serving it. Here the forwarder calls that function's real handler, as
Lambda Invoke would; `?api-version=` is accepted by every function."""

from __future__ import annotations

import json

import pytest

from tests.integration.conftest import Api, LambdaContext

pytestmark = pytest.mark.integration

TARGETS = {"update_memories": "updates", "search_memories": "search", "delete_scope": "items"}


class InvokeHandlers:
    def __init__(self, api: Api):
        self.api = api
        self.calls: list[tuple[str, dict]] = []

    def forward(self, action: str, event: dict) -> dict:
        function = TARGETS[action]
        self.calls.append((function, event))
        return self.api.handlers[function].lambda_handler(event, LambdaContext(function))


def colon_event(api: Api, store: str, action: str, body: dict, query: str = "") -> dict:
    event = api.event("stores", "update", path={"name": f"{store}:{action}"}, body=body)
    event["rawQueryString"] = query
    return event


@pytest.fixture
def forwarding(api: Api) -> InvokeHandlers:
    forwarder = InvokeHandlers(api)
    api.use(forwarder=forwarder)
    return forwarder


def test_colon_actions_reach_their_functions(api: Api, forwarding: InvokeHandlers):
    api.create_store()
    api.create_item("u1", "Prefers dark roast coffee.")
    said = {"type": "message", "role": "user", "content": "I like long walks. " * 1300}
    big = {"scope": "u1", "items": [said] * 3, "update_delay": 0}
    accepted = api.invoke(
        "stores", colon_event(api, "demo", "update_memories", big, "api-version=2025-11-15-preview")
    )
    assert accepted.status == 202, accepted.text
    assert accepted.body["update_id"].startswith("upd_")
    assert len(json.dumps(big)) > 64 * 1024, "over the stores function's limit, within update_memories'"
    stored = api.repository.get_update("demo", accepted.body["update_id"])
    assert stored is not None and stored.scope == "u1"

    query = {
        "scope": "u1",
        "items": [{"type": "message", "role": "user", "content": "what coffee do I like?"}],
    }
    found = api.invoke("stores", colon_event(api, "demo", "search_memories", query))
    assert found.status == 200, found.text
    assert found.body["memories"][0]["memory_item"]["content"] == "Prefers dark roast coffee."

    gone = api.invoke("stores", colon_event(api, "demo", "delete_scope", {"scope": "u1"}))
    assert gone.status == 200 and gone.body["deleted_count"] == 1
    assert api.list_items("u1") == []

    assert [f for f, _ in forwarding.calls] == ["updates", "search", "items"]
    for _, event in forwarding.calls:
        assert ":" not in event["rawPath"] and event["routeKey"].startswith("POST /memory_stores/{name}/")


def test_the_colon_forms_errors_are_the_slash_routes(api: Api, forwarding: InvokeHandlers):
    api.create_store()
    bad = api.invoke("stores", colon_event(api, "demo", "search_memories", {"scope": "u1", "max_memory": 1}))
    assert bad.status == 400 and bad.body["error"]["code"] == "invalid_request"
    missing = api.invoke("stores", colon_event(api, "nope", "delete_scope", {"scope": "u1"}))
    assert missing.status == 404 and missing.body["error"]["param"] == "name"
    unknown = api.invoke("stores", colon_event(api, "demo", "compact", {"scope": "u1"}))
    assert unknown.status == 404 and unknown.body["error"]["code"] == "not_found"
    assert [f for f, _ in forwarding.calls] == ["search", "items"]


def test_items_list_and_api_version_on_the_items_function(api: Api):
    api.create_store()
    item = api.create_item("u1", "Plays the cello.")
    event = api.event(
        "items", "list", path={"name": "demo"}, query={"scope": "u1", "api-version": "2025-11-15-preview"}
    )
    event["rawPath"] = "/memory_stores/demo/items:list"
    event["routeKey"] = "GET /memory_stores/{name}/{action}"
    event["pathParameters"] = {"name": "demo", "action": "items:list"}
    listed = api.invoke("items", event)
    assert listed.status == 200, listed.text
    assert [i["memory_id"] for i in listed.body["data"]] == [item["memory_id"]]
    got = api.call(
        "items", "get", path={"name": "demo", "memory_id": item["memory_id"]}, query={"api-version": "v1"}
    )
    assert got.status == 200 and got.body == item


class Unreachable:
    def forward(self, action: str, event: dict) -> dict:
        from memstore.domain.errors import DependencyUnavailable

        raise DependencyUnavailable("the function serving this action is unavailable")


def test_an_unreachable_target_is_503_with_retry_after(api: Api, forwarding: InvokeHandlers):
    forwarding.forward = Unreachable().forward
    api.create_store()
    reply = api.invoke("stores", colon_event(api, "demo", "search_memories", {"scope": "u1"}))
    assert reply.status == 503 and reply.body["error"]["code"] == "dependency_unavailable"
    assert reply.headers.get("retry-after") == "2"
