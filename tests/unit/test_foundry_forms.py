"""Foundry's wire forms (memstore.api.foundry) and the Lambda forwarder's calls (botocore's
Stubber on a real lambda client: the request shape it sends and how it reads the answers)."""

from __future__ import annotations

import io
import json

import boto3
import pytest
from botocore.stub import Stubber

from memstore.adapters.lambda_forwarder import LambdaForwarder, parse_functions
from memstore.api import foundry
from memstore.domain.errors import DependencyUnavailable, NotFound


def event(method: str, path: str, query: str = "", params: dict | None = None, route: str = "") -> dict:
    return {
        "version": "2.0",
        "routeKey": route or f"{method} {path}",
        "rawPath": path,
        "rawQueryString": query,
        "queryStringParameters": params,
        "pathParameters": {},
        "requestContext": {"http": {"method": method, "path": path}, "routeKey": route},
        "body": '{"scope": "u"}',
    }


def test_api_version_is_dropped_and_other_parameters_kept():
    e = event(
        "GET",
        "/memory_stores/s/items",
        "scope=a%20b&api-version=2025-11-15-preview",
        {"scope": "a b", "api-version": "x"},
    )
    out = foundry.without_api_version(e)
    assert out["queryStringParameters"] == {"scope": "a b"}
    assert out["rawQueryString"] == "scope=a+b"
    only = foundry.without_api_version(event("GET", "/memory_stores", "api-version=1", {"api-version": "1"}))
    assert only["queryStringParameters"] is None and only["rawQueryString"] == ""
    plain = event("GET", "/memory_stores", "limit=2", {"limit": "2"})
    assert foundry.without_api_version(plain) is plain


@pytest.mark.parametrize("action", ["update_memories", "search_memories", "delete_scope"])
def test_colon_actions_become_their_slash_routes(action: str):
    found = foundry.colon_action(
        event("POST", f"/memory_stores/my_store:{action}", route="POST /memory_stores/{name}")
    )
    assert found is not None
    name, out = found
    assert name == action
    assert out["rawPath"] == f"/memory_stores/my_store/{action}"
    assert out["routeKey"] == out["requestContext"]["routeKey"] == f"POST /memory_stores/{{name}}/{action}"
    assert out["pathParameters"] == {"name": "my_store"} and out["body"] == '{"scope": "u"}'


def test_only_posts_to_a_store_are_colon_actions():
    assert foundry.colon_action(event("GET", "/memory_stores/s:search_memories")) is None
    assert foundry.colon_action(event("POST", "/memory_stores/s")) is None
    assert foundry.colon_action(event("POST", "/memory_stores/s/items")) is None
    assert foundry.colon_action(event("POST", "/memory_stores/s:bogus"))[0] == "bogus"


def test_forward_functions_setting():
    assert parse_functions("update_memories=fn-u, search_memories=fn-s,delete_scope=fn-i,") == {
        "update_memories": "fn-u",
        "search_memories": "fn-s",
        "delete_scope": "fn-i",
    }
    assert parse_functions("") == {}


def stubbed() -> tuple[LambdaForwarder, Stubber]:
    client = boto3.client("lambda", region_name="us-east-1", aws_access_key_id="k", aws_secret_access_key="s")
    return LambdaForwarder({"search_memories": "memstore-search"}, "us-east-1", client=client), Stubber(
        client
    )


def test_the_forwarder_invokes_the_target_and_returns_its_answer():
    forwarder, stub = stubbed()
    answer = {"statusCode": 200, "headers": {}, "body": "{}"}
    sent = event("POST", "/memory_stores/s/search_memories")
    stub.add_response(
        "invoke",
        {"StatusCode": 200, "Payload": io.BytesIO(json.dumps(answer).encode())},
        {
            "FunctionName": "memstore-search",
            "InvocationType": "RequestResponse",
            "Payload": json.dumps(sent).encode(),
        },
    )
    with stub:
        assert forwarder.forward("search_memories", sent) == answer
    stub.assert_no_pending_responses()


def test_a_crashed_target_is_500_and_an_unreachable_one_503():
    forwarder, stub = stubbed()
    stub.add_response(
        "invoke", {"StatusCode": 200, "FunctionError": "Unhandled", "Payload": io.BytesIO(b"{}")}
    )
    stub.add_client_error("invoke", "TooManyRequestsException", http_status_code=429)
    with stub:
        crashed = forwarder.forward("search_memories", {})
        assert crashed["statusCode"] == 500
        assert json.loads(crashed["body"])["error"]["code"] == "internal_error"
        with pytest.raises(DependencyUnavailable):
            forwarder.forward("search_memories", {})
    with pytest.raises(NotFound):
        forwarder.forward("delete_scope", {})
