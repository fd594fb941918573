"""The input boundary's pieces on their own: body decoding and checks, field naming, the user
header, and domain messages that must not repeat a value that is not an id."""

from __future__ import annotations

import base64
import json

import pytest

from memstore.api.body import MAX_DEPTH, body_text, parse_object
from memstore.api.errors import safe_message
from memstore.api.fields import field_path
from memstore.api.identity import user_header
from memstore.domain.errors import Conflict, InvalidRequest, NotFound
from memstore.domain.updates import messages_gone_message

MEM = "mem_01JBV3Z7Q5E8N3W4R2T6Y9P0AB"
PRIVATE = "PRIVATE-5f3a"


def deep(depth: int) -> str:
    return '{"a": ' * (depth - 1) + "{}" + "}" * (depth - 1)


@pytest.mark.parametrize(
    ("raw", "encoded"),
    [
        ('{"a": "thé 🍵"}', False),
        (base64.b64encode('{"a": "thé 🍵"}'.encode()).decode(), True),
    ],
)
def test_utf8_text_and_base64_utf8_are_read(raw, encoded):
    assert parse_object(body_text(raw, encoded)) == {"a": "thé 🍵"}


@pytest.mark.parametrize(
    "raw",
    [
        '{"a": "é"}'.encode("latin-1"),
        '{"a": 1}'.encode("utf-16"),
        b'{"a": "\xed\xa0\x80"}',
        b'{"a": "\xc0\xaf"}',
    ],
)
def test_bytes_that_are_not_utf8_are_refused(raw):
    with pytest.raises(InvalidRequest, match="UTF-8"):
        body_text(base64.b64encode(raw).decode(), True)


def test_a_text_body_holding_a_lone_surrogate_is_refused():
    with pytest.raises(InvalidRequest, match="UTF-8"):
        body_text('{"a": "\ud800"}', False)


def test_depth_is_bounded_at_max_depth():
    assert parse_object(deep(MAX_DEPTH))
    for depth in (MAX_DEPTH + 1, 5000, 100_000):
        with pytest.raises(InvalidRequest, match="deeper"):
            parse_object(deep(depth))


@pytest.mark.parametrize(
    "text", ['{"a": NaN}', '{"a": Infinity}', '{"a": 1, "a": 2}', "[{}]", '"x"', "1" * 5000]
)
def test_non_standard_json_and_non_objects_are_refused(text):
    with pytest.raises(InvalidRequest):
        parse_object(text)


@pytest.mark.parametrize(
    ("body", "param"),
    [
        ({"content": "a\x00b"}, "content"),
        ({"items": [{"content": "ok"}, {"content": [{"text": "\udc00"}]}]}, "items.1.content.0.text"),
        ({"metadata": {"team": "\ud800"}}, "metadata"),
        ({"metadata": {"\ud800": "v"}}, "metadata"),
        ({"\x00": 1}, None),
    ],
)
def test_nul_and_unpaired_surrogates_are_refused_naming_the_field(body, param):
    with pytest.raises(InvalidRequest) as raised:
        parse_object(json.dumps(body))
    assert raised.value.param == param


def test_a_surrogate_pair_is_text():
    assert parse_object('{"a": "\\ud83c\\udf75"}') == {"a": "🍵"}


@pytest.mark.parametrize(
    ("parts", "path"),
    [
        (["items", 0, "content"], "items.0.content"),
        (["metadata", PRIVATE], "metadata"),
        (["metadata", "12345"], "metadata"),
        ([PRIVATE], None),
        (["items", 0, "content", "list[ContentPart]", 0, "text"], "items.0.content"),
        (["definition", "options", "bogus"], "definition.options"),
    ],
)
def test_field_paths_stop_at_what_is_not_an_api_field(parts, path):
    assert field_path(parts) == path


@pytest.mark.parametrize("value", ["", "   ", "a" * 257, "al\tice", "al\x01ice", "alice,bob", "al\u2028ice"])
def test_a_user_header_breaking_the_scope_rules_is_refused(value):
    with pytest.raises(InvalidRequest) as raised:
        user_header({"x-memory-user-id": value})
    assert raised.value.param == "x-memory-user-id"
    assert not value.strip() or value.strip() not in raised.value.message


def test_a_user_header_sent_under_two_spellings_is_refused():
    with pytest.raises(InvalidRequest):
        user_header({"x-memory-user-id": "alice", "X-Memory-User-Id": "bob"})


@pytest.mark.parametrize("value", ["alice", " alice ", "a" * 256, "Zoë 🙂"])
def test_a_valid_user_header_is_the_scope(value):
    assert user_header({"X-Memory-User-Id": value}) == value.strip()


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (NotFound(f"memory '{MEM}' not found", "memory_id"), f"memory '{MEM}' not found"),
        (NotFound(f"memory '{PRIVATE}' not found", "memory_id"), "memory_id: not found"),
        (NotFound(f"memory '{MEM}' {PRIVATE} '' not found", "memory_id"), "memory_id: not found"),
        (NotFound(f"memory '{MEM}'{PRIVATE}'a' not found", "memory_id"), "memory_id: not found"),
        (
            InvalidRequest(
                f"previous_update_id '{PRIVATE}' is not an update of this scope", "previous_update_id"
            ),
            "previous_update_id: invalid value",
        ),
        (
            Conflict("the scope's pending update changed", "previous_update_id"),
            "the scope's pending update changed",
        ),
        (NotFound("memory store 'demo' not found", "name"), "memory store 'demo' not found"),
    ],
)
def test_domain_messages_repeat_only_ids_that_are_ids(error, message):
    assert safe_message(error) == message


def test_a_message_with_an_apostrophe_after_a_valid_id_is_kept():
    update_id = "upd_01JBV3Z7Q5E8N3W4R2T6Y9P0ZZ"
    error = InvalidRequest(messages_gone_message(update_id), "previous_update_id")
    assert safe_message(error) == error.message
