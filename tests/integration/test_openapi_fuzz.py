"""schemathesis against `memstore local` (the real template, handlers and moto), driven by
docs/openapi.json: every operation gets a bounded number of generated requests, valid and
invalid, and every answer must be documented (status and body) and below 500. Invalid requests
must be refused with a 4xx, and no error message may quote what the client sent. A case with
path parameters is sent twice: as generated, and naming an existing store, item and update, so
that it reaches past the 404s."""

from __future__ import annotations

import json
import os
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from memstore.api.fields import is_field_name
from memstore_local import LocalRuntime, RunningServer, run_in_thread

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("MEMSTORE_FUZZ_EXAMPLES", "25"))
"""Per operation and generation mode. CI keeps the default (~1 min in all); raise it locally to
fuzz deeper (with MEMSTORE_FUZZ_RANDOM=1 for new examples on every run)."""
RANDOM = os.environ.get("MEMSTORE_FUZZ_RANDOM") == "1"
_ECHO_HEADERS = ("x-memory-user-id", "idempotency-key")
_QUOTABLE = {"name", "memory_id", "update_id", "previous_update_id", "previous_search_id"}
"""Params whose value a message may repeat when it is a valid store name or id (api/errors.py)."""
_NAME_OR_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _sent_text(case) -> Iterator[str]:
    """What the client typed, except path parameters (ids and store names may be quoted when they
    are syntactically ids, whichever other part of the request repeats them) and the API's own
    field names."""
    path = set((case.path_parameters or {}).values())
    pending = [case.body, *(case.query or {}).values()]
    pending += [v for k, v in (case.headers or {}).items() if k.lower() in _ECHO_HEADERS]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending += [*value.keys(), *value.values()]
        elif isinstance(value, list):
            pending += value
        elif isinstance(value, str) and not is_field_name(value) and value not in path:
            yield value


def _distinctive(text: str) -> bool:
    """Long enough, and unlike the words and numbers a message says of its own."""
    if len(text.strip()) < 4 or text.strip().isdigit() and len(text) < 8:
        return False
    return len(text) >= 12 or not all(c.islower() or c == "_" for c in text)


@schemathesis.check
def error_messages_quote_no_input(ctx, response, case):
    if response.status_code < 400:
        return None
    try:
        error = response.json()["error"]
        message = error["message"]
    except (ValueError, KeyError, TypeError):
        return None
    quotable = error.get("param") in _QUOTABLE
    for text in _sent_text(case):
        if quotable and _NAME_OR_ID.fullmatch(text):
            continue
        if _distinctive(text) and text in message:
            raise AssertionError(f"the error message quotes the request: {message!r}")
    return None


CHECKS = [
    not_a_server_error,
    error_messages_quote_no_input,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]
STORE = "fuzz"
SCOPE = "fuzz-user"
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@schemathesis.serializer("application/x-ndjson")
def _json_lines(_context, value) -> bytes:
    """An import body: JSON Lines (one generated line; a non-object is sent as it is, as a line)."""
    return (json.dumps(value) + "\n").encode("utf-8")


schema = schemathesis.openapi.from_path(ROOT / "docs" / "openapi.json")
_known: dict[str, str] = {}
"""Ids of what the server holds, filled by the `local` fixture before the first case runs."""


def _post(base_url: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base_url + path, data=json.dumps(body).encode(), method="POST")
    with _OPENER.open(request, timeout=60) as response:
        assert response.status in (200, 201, 202)
        return json.loads(response.read())


@pytest.fixture(scope="module")
def local() -> Iterator[RunningServer]:
    server = run_in_thread(LocalRuntime(ROOT / "template.yaml"), port=0)
    try:
        _post(server.url, "/memory_stores", {"name": STORE, "definition": {"kind": "default"}})
        item = _post(
            server.url,
            f"/memory_stores/{STORE}/items",
            {"scope": SCOPE, "content": "Prefers tea to coffee.", "kind": "user_profile"},
        )
        update = _post(
            server.url,
            f"/memory_stores/{STORE}/update_memories",
            {
                "scope": SCOPE,
                "update_delay": 0,
                "items": [{"type": "message", "role": "user", "content": "I moved to Lisbon last spring."}],
            },
        )
        _known.update(name=STORE, memory_id=item["memory_id"], update_id=update["update_id"])
        yield server
    finally:
        server.stop()


def _with_known_ids(case) -> bool:
    """Points the case at what the server holds (never deletes the store: the rest needs it)."""
    if not case.path_parameters or case.operation.label == "DELETE /memory_stores/{name}":
        return False
    case.path_parameters = {
        **case.path_parameters,
        **{k: v for k, v in _known.items() if k in case.path_parameters},
    }
    return True


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not RANDOM,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_is_documented_and_below_500(case, local: RunningServer):
    case.call_and_validate(base_url=local.url, checks=CHECKS, timeout=60)
    if _with_known_ids(case):
        case.call_and_validate(base_url=local.url, checks=CHECKS, timeout=60)
