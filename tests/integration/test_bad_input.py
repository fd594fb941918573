"""Every route refuses bad input with the documented status and error body, names the offending
field, shows no stack trace and no personal data, and leaves the table exactly as it was."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from tests.integration.conftest import Api

pytestmark = pytest.mark.integration

PRIVATE = "PRIVATE-5f3a"
"""Planted in personal fields of bad requests: an error answer must never echo it."""
ITEM = "<existing memory_id>"
"""A path value replaced by the id of an item the setup created."""
SCOPE = "user-123"
MESSAGE = {"type": "message", "role": "user", "content": f"{PRIVATE} I like green tea in the morning."}
LONG_SCOPE = PRIVATE + "s" * (257 - len(PRIVATE))
CONTROL_SCOPE = f"{PRIVATE}\x07bell"
CONTENT_8193_BYTES = PRIVATE + "c" * (8193 - len(PRIVATE))
CONTENT_MULTIBYTE = PRIVATE + "é" * ((8193 - len(PRIVATE) + 1) // 2)
"""8194 bytes in about 4100 characters: the limit counts UTF-8 bytes, not characters."""
BIG = 70 * 1024
"""Over the 64 KB body limit of the stores and items functions."""
HUGE_MESSAGES = [{"type": "message", "role": "user", "content": "m" * 30_000}] * 9
"""Nine messages each within the 32000-character limit: a body over 256 KB."""

VALID_BODIES: dict[tuple[str, str], dict[str, Any]] = {
    ("stores", "create"): {"name": "fresh", "definition": {"kind": "default"}},
    ("stores", "update"): {"description": "changed"},
    ("items", "create"): {"scope": SCOPE, "content": f"{PRIVATE} likes tea", "kind": "user_profile"},
    ("items", "update"): {"content": f"{PRIVATE} likes coffee"},
    ("items", "delete_scope"): {"scope": SCOPE},
    ("updates", "submit"): {"scope": SCOPE, "items": [MESSAGE], "update_delay": 300},
    ("search", "contextual"): {"scope": SCOPE, "items": [MESSAGE]},
}
PATHS: dict[tuple[str, str], dict[str, str]] = {
    ("items", "update"): {"memory_id": ITEM},
    ("items", "get"): {"memory_id": ITEM},
    ("items", "delete"): {"memory_id": ITEM},
}
ALL_ROUTES = [
    ("stores", "get"),
    ("stores", "update"),
    ("stores", "delete"),
    ("items", "create"),
    ("items", "list"),
    ("items", "get"),
    ("items", "update"),
    ("items", "delete"),
    ("items", "delete_scope"),
    ("updates", "submit"),
    ("updates", "get"),
    ("search", "static"),
    ("search", "contextual"),
]
"""Every route whose path names a store (POST /memory_stores and GET /memory_stores do not)."""


def bad(
    case_id: str,
    route: tuple[str, str],
    status: int,
    code: str,
    param: str | None,
    *,
    auth: str = "IAM",
    marks: Any = (),
    **overrides: Any,
):
    if route in PATHS:
        overrides["path"] = {**PATHS[route], **overrides.get("path", {})}
    return pytest.param(
        route, status, code, param, auth, overrides, id=f"{route[0]}.{route[1]}-{case_id}", marks=marks
    )


def with_field(route: tuple[str, str], **changes: Any) -> dict[str, Any]:
    return {**VALID_BODIES[route], **changes}


def without(route: tuple[str, str], field: str) -> dict[str, Any]:
    return {k: v for k, v in VALID_BODIES[route].items() if k != field}


assert len(CONTENT_MULTIBYTE.encode("utf-8")) == 8194 and len(CONTENT_MULTIBYTE) < 8192
assert len(CONTENT_8193_BYTES.encode("utf-8")) == 8193 and len(LONG_SCOPE) == 257


def generic_body_cases():
    for route in VALID_BODIES:
        yield bad("malformed-json", route, 400, "invalid_request", None, body='{"scope": "' + PRIVATE + '", ')
        # Powertools' validation would unwrap a one-element array to its object: refused first.
        yield bad(
            "array-of-one-valid-object", route, 400, "invalid_request", None, body=[VALID_BODIES[route]]
        )
        yield bad("array-body", route, 400, "invalid_request", None, body=[1, 2])
        yield bad("string-body", route, 400, "invalid_request", None, body=json.dumps(PRIVATE))
        yield bad("number-body", route, 400, "invalid_request", None, body="42")
        yield bad("no-body", route, 400, "invalid_request", None, body=None)
        # An unknown field is not named (its name is the client's text); the parent is.
        yield bad("unknown-field", route, 400, "invalid_request", None, body=with_field(route, bogus=1))
        yield bad(
            "unknown-field-private-name",
            route,
            400,
            "invalid_request",
            None,
            body=with_field(route, **{PRIVATE: "x"}),
        )


def required_field_cases():
    required = {
        ("stores", "create"): ["name"],
        ("items", "create"): ["scope", "content", "kind"],
        ("items", "delete_scope"): ["scope"],
        ("updates", "submit"): ["scope"],
        ("search", "contextual"): ["scope"],
    }
    for route, fields in required.items():
        for field in fields:
            yield bad(f"missing-{field}", route, 400, "invalid_request", field, body=without(route, field))
    yield bad("missing-scope", ("items", "list"), 400, "invalid_request", "scope", query={"scope": None})
    yield bad(
        "message-missing-role",
        ("updates", "submit"),
        400,
        "invalid_request",
        "items.0.role",
        body=with_field(("updates", "submit"), items=[{"type": "message", "content": f"{PRIVATE} hi"}]),
    )


def scope_cases():
    for route in [
        ("items", "create"),
        ("items", "delete_scope"),
        ("updates", "submit"),
        ("search", "contextual"),
    ]:
        yield bad(
            "scope-257-chars",
            route,
            400,
            "invalid_request",
            "scope",
            body=with_field(route, scope=LONG_SCOPE),
        )
        yield bad(
            "scope-control-char",
            route,
            400,
            "invalid_request",
            "scope",
            body=with_field(route, scope=CONTROL_SCOPE),
        )
        yield bad("scope-empty", route, 400, "invalid_request", "scope", body=with_field(route, scope=""))
        yield bad(
            "scope-not-a-string", route, 400, "invalid_request", "scope", body=with_field(route, scope=123)
        )
    for case_id, scope in [
        ("scope-257-chars", LONG_SCOPE),
        ("scope-control-char", CONTROL_SCOPE),
        ("scope-empty", ""),
    ]:
        yield bad(case_id, ("items", "list"), 400, "invalid_request", "scope", query={"scope": scope})


def field_limit_cases():
    create_store, update_store = ("stores", "create"), ("stores", "update")
    seventeen = {f"key{i}": "value" for i in range(17)}
    yield bad(
        "name-65-chars",
        create_store,
        400,
        "invalid_request",
        "name",
        body=with_field(create_store, name="n" * 65),
    )
    yield bad(
        "name-bad-chars",
        create_store,
        400,
        "invalid_request",
        "name",
        body=with_field(create_store, name="my store!"),
    )
    yield bad(
        "metadata-17-keys",
        create_store,
        400,
        "invalid_request",
        "metadata",
        body=with_field(create_store, metadata=seventeen),
    )
    yield bad(
        "metadata-17-keys", update_store, 400, "invalid_request", "metadata", body={"metadata": seventeen}
    )
    yield bad(
        "description-513-chars",
        create_store,
        400,
        "invalid_request",
        "description",
        body=with_field(create_store, description="d" * 513),
    )
    yield bad("name-not-changeable", update_store, 400, "invalid_request", "name", body={"name": "renamed"})
    yield bad(
        "definition-not-changeable",
        update_store,
        400,
        "invalid_request",
        "definition",
        body={"definition": {"kind": "default"}},
    )
    for case_id, definition, param in [
        ("definition-kind-bogus", {"kind": "bogus"}, "definition.kind"),
        (
            "unknown-embedding-model",
            {"kind": "default", "embedding_model": "no-such-model"},
            "definition.embedding_model",
        ),
        ("unknown-chat-model", {"kind": "default", "chat_model": "no-such-model"}, "definition.chat_model"),
        (
            "negative-ttl",
            {"kind": "default", "options": {"default_ttl_seconds": -1}},
            "definition.options.default_ttl_seconds",
        ),
        ("unknown-option", {"kind": "default", "options": {"bogus": True}}, "definition.options"),
        ("unknown-definition-field", {"kind": "default", "bogus": True}, "definition"),
    ]:
        yield bad(
            case_id,
            create_store,
            400,
            "invalid_request",
            param,
            body=with_field(create_store, definition=definition),
        )
    for route in [("stores", "get"), ("stores", "update"), ("stores", "delete"), ("items", "list")]:
        yield bad("path-name-65-chars", route, 400, "invalid_request", "name", path={"name": "n" * 65})
    for route in [("stores", "list"), ("items", "list")]:
        for value in (0, 101, "many"):
            yield bad(f"limit-{value}", route, 400, "invalid_request", "limit", query={"limit": value})
    create_item, update_item = ("items", "create"), ("items", "update")
    for route in (create_item, update_item):
        yield bad(
            "content-8193-bytes",
            route,
            400,
            "invalid_request",
            "content",
            body=with_field(route, content=CONTENT_8193_BYTES),
        )
        yield bad(
            "content-over-8192-bytes-multibyte",
            route,
            400,
            "invalid_request",
            "content",
            body=with_field(route, content=CONTENT_MULTIBYTE),
        )
        yield bad(
            "content-blank", route, 400, "invalid_request", "content", body=with_field(route, content="   ")
        )
        yield bad("kind-bogus", route, 400, "invalid_request", "kind", body=with_field(route, kind="bogus"))
    yield bad(
        "scope-not-changeable",
        update_item,
        400,
        "invalid_request",
        "scope",
        body=with_field(update_item, scope="someone-else"),
    )
    yield bad("kind-bogus", ("items", "list"), 400, "invalid_request", "kind", query={"kind": "bogus"})


def update_and_search_cases():
    submit, search = ("updates", "submit"), ("search", "contextual")
    long_text = PRIVATE + "x" * (32_001 - len(PRIVATE))
    for route in (submit, search):
        yield bad(
            "message-32001-chars",
            route,
            413,
            "payload_too_large",
            "items.0.content",
            body=with_field(route, items=[{"type": "message", "role": "user", "content": long_text}]),
        )
        yield bad(
            "message-parts-32001-chars",
            route,
            413,
            "payload_too_large",
            "items.0.content",
            body=with_field(
                route,
                items=[
                    {
                        "type": "message",
                        "role": "user",
                        "content": [{"type": "input_text", "text": long_text}],
                    }
                ],
            ),
        )
        yield bad(
            "message-role-bogus",
            route,
            400,
            "invalid_request",
            "items.0.role",
            body=with_field(route, items=[{**MESSAGE, "role": "robot"}]),
        )
        yield bad(
            "body-over-256KB",
            route,
            413,
            "payload_too_large",
            None,
            body=with_field(route, items=HUGE_MESSAGES),
        )
    yield bad(
        "update-delay-negative",
        submit,
        400,
        "invalid_request",
        "update_delay",
        body=with_field(submit, update_delay=-1),
    )
    yield bad(
        "update-delay-over-7-days",
        submit,
        400,
        "invalid_request",
        "update_delay",
        body=with_field(submit, update_delay=7 * 86400 + 1),
    )
    yield bad("no-messages", submit, 400, "invalid_request", "items", body=with_field(submit, items=[]))
    yield bad(
        "201-messages",
        submit,
        400,
        "invalid_request",
        "items",
        body=with_field(submit, items=[MESSAGE] * 201),
    )
    yield bad(
        "unknown-previous-update",
        submit,
        400,
        "invalid_request",
        "previous_update_id",
        body=with_field(submit, previous_update_id="upd_01JBV3Z7Q5E8N3W4R2T6Y9P0ZZ"),
    )
    for value in (0, 101):
        yield bad(
            f"max-memories-{value}",
            search,
            400,
            "invalid_request",
            "options.max_memories",
            body=with_field(search, options={"max_memories": value}),
        )
    yield bad(
        "unknown-option",
        search,
        400,
        "invalid_request",
        "options",
        body=with_field(search, options={"bogus": 1}),
    )
    yield bad(
        "items-without-text", search, 400, "invalid_request", "items", body=with_field(search, items=[])
    )
    yield bad(
        "unknown-previous-search",
        ("search", "static"),
        404,
        "not_found",
        "previous_search_id",
        body={"scope": SCOPE, "previous_search_id": "srch_01JBV3Z7Q5E8N3W4R2T6Y9P0ZZ"},
    )


def oversized_body_cases():
    padded = {
        ("stores", "create"): with_field(("stores", "create"), description="d" * BIG),
        ("stores", "update"): {"description": "d" * BIG},
        ("items", "create"): with_field(("items", "create"), content=PRIVATE + "c" * BIG),
        ("items", "update"): {"content": PRIVATE + "c" * BIG},
        ("items", "delete_scope"): {"scope": PRIVATE + "s" * BIG},
    }
    for route, body in padded.items():
        yield bad("body-over-64KB", route, 413, "payload_too_large", None, body=body)


def missing_resource_cases():
    for route in ALL_ROUTES:
        yield bad("unknown-store", route, 404, "not_found", "name", path={"name": "ghost"})
    for case in ("get", "update", "delete"):
        yield bad(
            "unknown-memory-id",
            ("items", case),
            404,
            "not_found",
            "memory_id",
            path={"memory_id": "mem_01JBV3Z7Q5E8N3W4R2T6Y9P0AB"},
        )
    yield bad("unknown-update-id", ("updates", "get"), 404, "not_found", "update_id")
    yield bad(
        "duplicate-store",
        ("stores", "create"),
        409,
        "conflict",
        "name",
        body={"name": "demo", "definition": {"kind": "default"}},
    )


def anonymous_placeholder_cases():
    """`{{$userId}}` with nobody to resolve it to: no authorizer, no header (AUTH_MODE NONE)."""
    anonymous = {"auth": "NONE", "authorizer": None, "headers": {"x-memory-user-id": None}}
    placeholder = "{{$userId}}"
    for route in [
        ("items", "create"),
        ("items", "delete_scope"),
        ("updates", "submit"),
        ("search", "contextual"),
    ]:
        yield bad(
            "userid-without-identity",
            route,
            400,
            "invalid_request",
            "scope",
            body=with_field(route, scope=placeholder),
            **anonymous,
        )
    yield bad(
        "userid-without-identity",
        ("items", "list"),
        400,
        "invalid_request",
        "scope",
        query={"scope": placeholder},
        **anonymous,
    )
    yield bad(
        "userid-without-identity",
        ("search", "static"),
        400,
        "invalid_request",
        "scope",
        body={"scope": placeholder},
        **anonymous,
    )


def nested(depth: int) -> Any:
    value: Any = PRIVATE
    for _ in range(depth - 1):
        value = [value]
    return value


def text_cases():
    """Text the JSON spells but no store should keep: NULs and unpaired surrogates, refused
    naming the field. Bodies are sent as JSON with \\u escapes, as a client would send them."""

    def sent(body: dict[str, Any]) -> str:
        return json.dumps(body)

    bad_texts = {
        "nul": f"{PRIVATE} tea\x00",
        "lone-high-surrogate": f"{PRIVATE} \ud800 tea",
        "lone-low-surrogate": f"\udfff{PRIVATE}",
    }
    submit, search = ("updates", "submit"), ("search", "contextual")
    for name, text in bad_texts.items():
        for route in [("items", "create"), ("items", "update")]:
            yield bad(
                f"content-{name}",
                route,
                400,
                "invalid_request",
                "content",
                body=sent(with_field(route, content=text)),
            )
        for route in [("items", "create"), ("items", "delete_scope"), submit, search]:
            yield bad(
                f"scope-{name}",
                route,
                400,
                "invalid_request",
                "scope",
                body=sent(with_field(route, scope=text)),
            )
        for route in (submit, search):
            yield bad(
                f"message-{name}",
                route,
                400,
                "invalid_request",
                "items.1.content",
                body=sent(with_field(route, items=[MESSAGE, {**MESSAGE, "content": text}])),
            )
            yield bad(
                f"message-part-{name}",
                route,
                400,
                "invalid_request",
                "items.0.content.0.text",
                body=sent(
                    with_field(route, items=[{**MESSAGE, "content": [{"type": "input_text", "text": text}]}])
                ),
            )
            yield bad(
                f"message-id-{name}",
                route,
                400,
                "invalid_request",
                "items.0.id",
                body=sent(with_field(route, items=[{**MESSAGE, "id": text}])),
            )
        for route in [("stores", "create"), ("stores", "update")]:
            yield bad(
                f"description-{name}",
                route,
                400,
                "invalid_request",
                "description",
                body=sent(with_field(route, description=text)),
            )
            yield bad(
                f"metadata-value-{name}",
                route,
                400,
                "invalid_request",
                "metadata",
                body=sent(with_field(route, metadata={"team": text})),
            )
            yield bad(
                f"metadata-key-{name}",
                route,
                400,
                "invalid_request",
                "metadata",
                body=sent(with_field(route, metadata={text: "v"})),
            )
        yield bad(
            f"user-profile-details-{name}",
            ("stores", "create"),
            400,
            "invalid_request",
            "definition.options.user_profile_details",
            body=sent(
                with_field(
                    ("stores", "create"),
                    definition={"kind": "default", "options": {"user_profile_details": text}},
                )
            ),
        )
        yield bad(
            f"unknown-key-{name}",
            submit,
            400,
            "invalid_request",
            None,
            body=sent(with_field(submit, **{text: 1})),
        )


def json_syntax_cases():
    for route in VALID_BODIES:
        yield bad(
            "nested-33-deep", route, 400, "invalid_request", None, body=with_field(route, extra=nested(33))
        )
        yield bad(
            "nested-10000-deep",
            route,
            400,
            "invalid_request",
            None,
            body='{"extra": ' + "[" * 10_000 + "]" * 10_000 + "}",
        )
        yield bad("NaN", route, 400, "invalid_request", None, body='{"extra": NaN}')
        yield bad("Infinity", route, 400, "invalid_request", None, body='{"extra": -Infinity}')
        yield bad(
            "duplicate-key",
            route,
            400,
            "invalid_request",
            None,
            body='{"scope": "a", "scope": "' + PRIVATE + '"}',
        )
        yield bad("big-integer", route, 400, "invalid_request", None, body='{"extra": ' + "9" * 5000 + "}")
        yield bad(
            "utf8-bom", route, 400, "invalid_request", None, body="\ufeff" + json.dumps(VALID_BODIES[route])
        )


def strict_type_cases():
    """A number is a JSON number and a boolean a JSON boolean: "5" is not 5, 1 is not true."""
    submit, search, create_store = ("updates", "submit"), ("search", "contextual"), ("stores", "create")
    for value in ("300", 300.0, True, None, [300]):
        yield bad(
            f"update-delay-{type(value).__name__}",
            submit,
            400,
            "invalid_request",
            "update_delay",
            body=with_field(submit, update_delay=value),
        )
    for value in ("true", 1, 0, "yes", None):
        yield bad(
            f"dry-run-{value!r}",
            submit,
            400,
            "invalid_request",
            "dry_run",
            body=with_field(submit, dry_run=value),
        )
    for value in ("5", 5.0, True):
        yield bad(
            f"max-memories-{value!r}",
            search,
            400,
            "invalid_request",
            "options.max_memories",
            body=with_field(search, options={"max_memories": value}),
        )
    for option, value in [
        ("default_ttl_seconds", "60"),
        ("message_retention_seconds", 60.0),
        ("user_profile_enabled", "false"),
        ("chat_summary_enabled", 0),
        ("procedural_memory_enabled", "on"),
    ]:
        yield bad(
            f"option-{option}-{value!r}",
            create_store,
            400,
            "invalid_request",
            f"definition.options.{option}",
            body=with_field(create_store, definition={"kind": "default", "options": {option: value}}),
        )
    for route in [("items", "create"), ("items", "delete_scope"), submit, search]:
        yield bad("scope-a-number", route, 400, "invalid_request", "scope", body=with_field(route, scope=5))
    yield bad(
        "content-a-number",
        ("items", "create"),
        400,
        "invalid_request",
        "content",
        body=with_field(("items", "create"), content=5),
    )
    yield bad(
        "metadata-value-a-number",
        create_store,
        400,
        "invalid_request",
        "metadata",
        body=with_field(create_store, metadata={"team": 5}),
    )
    yield bad(
        "metadata-private-key-a-number",
        create_store,
        400,
        "invalid_request",
        "metadata",
        body=with_field(create_store, metadata={PRIVATE: 5}),
    )


def header_scope_cases():
    """A scope named by x-memory-user-id follows the body scope rules and comes once."""
    placeholder = "{{$userId}}"
    headers = {
        "header-scope-257-chars": LONG_SCOPE,
        "header-scope-tab": f"{PRIVATE}\tbob",
        "header-scope-control-char": CONTROL_SCOPE,
        "header-scope-merged-values": f"{PRIVATE},bob",
        "header-scope-empty": "",
        "header-scope-blank": "   ",
    }
    for case_id, value in headers.items():
        for route in [
            ("items", "create"),
            ("items", "delete_scope"),
            ("updates", "submit"),
            ("search", "contextual"),
        ]:
            yield bad(
                case_id,
                route,
                400,
                "invalid_request",
                "x-memory-user-id",
                body=with_field(route, scope=placeholder),
                headers={"x-memory-user-id": value},
            )
        yield bad(
            case_id,
            ("items", "list"),
            400,
            "invalid_request",
            "x-memory-user-id",
            query={"scope": placeholder},
            headers={"x-memory-user-id": value},
        )
        yield bad(
            f"{case_id}-named-scope",
            ("items", "create"),
            400,
            "invalid_request",
            "x-memory-user-id",
            headers={"x-memory-user-id": value},
        )


def echo_cases():
    """Ids that are not ids are not repeated back; unknown field names are not either."""
    for case in ("get", "update", "delete"):
        for case_id, memory_id in [
            ("private", PRIVATE),
            ("quoted", f"mem_01JBV3Z7Q5E8N3W4R2T6Y9P0AB' {PRIVATE} '"),
            ("nul", f"{PRIVATE}\x00"),
            ("long", PRIVATE * 40),
        ]:
            yield bad(
                f"memory-id-{case_id}",
                ("items", case),
                404,
                "not_found",
                "memory_id",
                path={"memory_id": memory_id},
            )
    yield bad(
        "update-id-private", ("updates", "get"), 404, "not_found", "update_id", path={"update_id": PRIVATE}
    )
    yield bad(
        "previous-update-id-private",
        ("updates", "submit"),
        400,
        "invalid_request",
        "previous_update_id",
        body=with_field(("updates", "submit"), previous_update_id=PRIVATE),
    )
    yield bad(
        "previous-search-id-private",
        ("search", "static"),
        404,
        "not_found",
        "previous_search_id",
        body={"scope": SCOPE, "previous_search_id": PRIVATE},
    )


CASES = [
    *generic_body_cases(),
    *required_field_cases(),
    *scope_cases(),
    *field_limit_cases(),
    *update_and_search_cases(),
    *oversized_body_cases(),
    *missing_resource_cases(),
    *anonymous_placeholder_cases(),
    *text_cases(),
    *json_syntax_cases(),
    *strict_type_cases(),
    *header_scope_cases(),
    *echo_cases(),
]


@pytest.fixture
def existing(api: Api) -> dict[str, str]:
    """A store with an item and a queued update in scope user-123, plus an item elsewhere."""
    api.create_store("demo")
    item = api.create_item(SCOPE, "Prefers a window seat on long flights.")
    api.create_item("user-456", "Drinks oat milk.")
    update = api.call("updates", "submit", body={"scope": SCOPE, "items": [MESSAGE], "update_delay": 300})
    assert update.status == 202, update.text
    return {ITEM: item["memory_id"]}


def assert_error(reply, status: int, code: str, param: str | None) -> None:
    assert reply.status == status, reply.text
    assert reply.headers.get("content-type") == "application/json"
    assert set(reply.body) == {"error"}, reply.text
    error = reply.body["error"]
    assert set(error) == {"code", "message", "param"}, reply.text
    assert (error["code"], error["param"]) == (code, param), reply.text
    assert isinstance(error["message"], str) and error["message"].strip()
    assert "Traceback" not in reply.text and 'File "' not in reply.text
    assert PRIVATE not in reply.text, "an error answer echoed personal data"


@pytest.mark.parametrize(("route", "status", "code", "param", "auth", "overrides"), CASES)
def test_bad_input_is_refused_and_changes_nothing(
    api, existing, table_snapshot, route, status, code, param, auth, overrides
):
    if "path" in overrides:
        overrides = {**overrides, "path": {k: existing.get(v, v) for k, v in overrides["path"].items()}}
    if auth != "IAM":
        api.use_auth(auth)
    before = table_snapshot()

    reply = api.call(*route, **overrides)

    assert_error(reply, status, code, param)
    assert table_snapshot() == before
    assert len(api.scheduler.jobs) == 1, "only the setup's update was scheduled"


@pytest.mark.parametrize(("route", "limit_kb"), [(("items", "create"), 64), (("updates", "submit"), 256)])
def test_a_base64_encoded_body_over_the_limit_is_refused(api, existing, table_snapshot, route, limit_kb):
    event = api.event(*route)
    raw = json.dumps({**json.loads(event["body"]), "pad": "p" * (limit_kb * 1024)}).encode("utf-8")
    event["body"] = base64.b64encode(raw).decode("ascii")
    event["isBase64Encoded"] = True
    before = table_snapshot()
    reply = api.invoke(route[0], event)
    assert_error(reply, 413, "payload_too_large", None)
    assert table_snapshot() == before


BODY_ROUTES = list(VALID_BODIES)


ENCODINGS = {
    "latin-1": lambda body: body.encode("latin-1"),
    "utf-16": lambda body: body.encode("utf-16"),
    "utf-16-le": lambda body: body.encode("utf-16-le"),
    "utf-32": lambda body: body.encode("utf-32"),
    "cp1252-quotes": lambda body: body.replace("tea", "\u201ctea\u201d").encode("cp1252"),
    "truncated-utf-8": lambda body: body.encode("utf-8")[:-2] + "é".encode()[:1] + b'"}',
}


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("route", BODY_ROUTES, ids="-".join)
def test_a_body_that_is_not_utf8_is_refused(api, existing, table_snapshot, route, encoding):
    """API Gateway passes a body it cannot read as text base64-encoded: it is decoded strictly."""
    body = json.dumps({**VALID_BODIES[route], "note": f"{PRIVATE} café tea ü"}, ensure_ascii=False)
    event = api.event(*route)
    if "memory_id" in (event.get("pathParameters") or {}):
        event = api.event(*route, path={"memory_id": existing[ITEM]})
    event["body"] = base64.b64encode(ENCODINGS[encoding](body)).decode("ascii")
    event["isBase64Encoded"] = True
    before = table_snapshot()
    reply = api.invoke(route[0], event)
    assert_error(reply, 400, "invalid_request", None)
    assert "UTF-8" in reply.error["message"] or "JSON" in reply.error["message"]
    assert table_snapshot() == before


@pytest.mark.parametrize("route", BODY_ROUTES, ids="-".join)
def test_a_body_that_is_not_base64_is_refused(api, existing, table_snapshot, route):
    event = api.event(*route)
    if "memory_id" in (event.get("pathParameters") or {}):
        event = api.event(*route, path={"memory_id": existing[ITEM]})
    event["body"] = f"{PRIVATE}!!not base64"
    event["isBase64Encoded"] = True
    before = table_snapshot()
    assert_error(api.invoke(route[0], event), 400, "invalid_request", None)
    assert table_snapshot() == before


@pytest.mark.parametrize("route", BODY_ROUTES, ids="-".join)
def test_an_event_body_holding_a_raw_lone_surrogate_is_refused(api, existing, table_snapshot, route):
    """Lambda's own JSON decoding can hand over a body string with an unpaired surrogate in it."""
    event = api.event(*route)
    if "memory_id" in (event.get("pathParameters") or {}):
        event = api.event(*route, path={"memory_id": existing[ITEM]})
    event["body"] = json.dumps(VALID_BODIES[route])[:-1] + ', "note": "' + PRIVATE + '\ud800"}'
    before = table_snapshot()
    assert_error(api.invoke(route[0], event), 400, "invalid_request", None)
    assert table_snapshot() == before


@pytest.mark.parametrize("route", BODY_ROUTES, ids="-".join)
def test_a_utf8_body_sent_base64_encoded_is_served(api, existing, route):
    event = api.event(*route)
    if "memory_id" in (event.get("pathParameters") or {}):
        event = api.event(*route, path={"memory_id": existing[ITEM]})
    body = dict(VALID_BODIES[route])
    if "content" in body:
        body["content"] = "Likes thé 🍵 in the morning."
    raw = json.dumps(body, ensure_ascii=False)
    event["body"] = base64.b64encode(raw.encode("utf-8")).decode("ascii")
    event["isBase64Encoded"] = True
    reply = api.invoke(route[0], event)
    assert reply.status < 300, reply.text


def test_a_body_nested_32_deep_passes_the_depth_check(api, existing):
    """32 levels are allowed: the refusal is the unknown field, not the depth."""
    route = ("items", "create")
    reply = api.call(*route, body=with_field(route, extra=nested(32)))
    assert_error(reply, 400, "invalid_request", None)
    assert "field" in reply.error["message"] and "deeper" not in reply.error["message"]


@pytest.mark.parametrize(
    "names", [("x-memory-user-id", "X-Memory-User-Id"), ("X-MEMORY-USER-ID", "x-memory-user-id")]
)
def test_a_user_header_sent_twice_is_refused(api, existing, table_snapshot, names):
    event = api.event(
        "items", "create", body={"scope": "{{$userId}}", "content": "Likes tea.", "kind": "user_profile"}
    )
    event["headers"] = {**event["headers"], names[0]: "alice", names[1]: "bob"}
    before = table_snapshot()
    assert_error(api.invoke("items", event), 400, "invalid_request", "x-memory-user-id")
    assert table_snapshot() == before


@pytest.mark.parametrize("value", ["alice", "a" * 256, "Zoë-Ω 🙂", " padded "])
def test_a_valid_user_header_names_the_scope(api, existing, value):
    body = {"scope": "{{$userId}}", "content": "Likes tea.", "kind": "user_profile"}
    reply = api.call("items", "create", body=body, headers={"x-memory-user-id": value})
    assert reply.status == 201, reply.text
    assert reply.body["scope"] == value.strip()


def test_an_update_with_a_bad_message_is_refused_whole_and_good_ones_go_through(
    api, existing, table_snapshot
):
    """The poisoned batch of issue 8: a lone surrogate is refused at the door (nothing queued),
    so the good messages sent after it make an update of their own."""
    before = table_snapshot()
    poisoned = json.dumps({"scope": "user-789", "items": [{**MESSAGE, "content": "I like \ud800 tea."}]})
    assert_error(api.call("updates", "submit", body=poisoned), 400, "invalid_request", "items.0.content")
    assert table_snapshot() == before
    good = {
        "scope": "user-789",
        "items": [{"type": "message", "role": "user", "content": "I like green tea."}],
    }
    reply = api.call("updates", "submit", body=good)
    assert reply.status == 202, reply.text
    update = api.repository.get_update("demo", reply.body["update_id"])
    assert [m.content for m in update.messages] == ["I like green tea."]


def test_every_route_is_covered_by_the_matrix():
    routes = {param.values[0] for param in CASES}
    events = {(f, c) for f, c in ALL_ROUTES} | {("stores", "create"), ("stores", "list")}
    assert events <= routes


@pytest.mark.parametrize(
    ("route", "overrides", "status"),
    [
        pytest.param(
            ("stores", "create"),
            {"body": {"name": "n" * 64, "metadata": {f"k{i}": "v" for i in range(16)}}},
            201,
            id="name-64-chars-and-16-metadata-keys",
        ),
        pytest.param(("stores", "list"), {"query": {"limit": 1}}, 200, id="stores-limit-1"),
        pytest.param(("stores", "list"), {"query": {"limit": 100}}, 200, id="stores-limit-100"),
        pytest.param(
            ("items", "create"),
            {"body": {"scope": "s" * 256, "content": "é" * 4096, "kind": "procedural"}},
            201,
            id="scope-256-chars-content-8192-bytes",
        ),
        pytest.param(
            ("items", "list"),
            {"query": {"scope": "s" * 256, "limit": 100}},
            200,
            id="items-scope-256-limit-100",
        ),
        pytest.param(
            ("updates", "submit"),
            {
                "body": {
                    "scope": SCOPE,
                    "update_delay": 0,
                    "items": [{"type": "message", "role": "user", "content": "m" * 32_000}],
                }
            },
            202,
            id="message-32000-chars-delay-0",
        ),
        pytest.param(
            ("updates", "submit"),
            {"body": {"scope": SCOPE, "items": HUGE_MESSAGES[:8]}},
            202,
            id="update-body-just-under-256KB",
        ),
        pytest.param(
            ("search", "static"),
            {"body": {"scope": SCOPE, "options": {"max_memories": 100}}},
            200,
            id="max-memories-100",
        ),
        pytest.param(
            ("search", "static"),
            {"body": {"scope": SCOPE, "options": {"max_memories": 1}}},
            200,
            id="max-memories-1",
        ),
    ],
)
def test_values_at_the_limits_are_accepted(api, existing, route, overrides, status):
    reply = api.call(*route, **overrides)
    assert reply.status == status, reply.text
