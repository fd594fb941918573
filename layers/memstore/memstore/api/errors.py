"""The one place where errors become HTTP responses in the API's error format."""

from __future__ import annotations

import json
import re
from typing import Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError

from memstore.api.fields import invalid_request
from memstore.domain.errors import MemstoreError

_LOCATIONS = {"body", "query", "path", "header"}
_ID = re.compile(r"[a-z]{2,4}_[0-9A-HJKMNP-TV-Z]{26}")
_STORE_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
_ID_SYNTAX = {
    "name": _STORE_NAME,
    "memory_id": _ID,
    "update_id": _ID,
    "previous_update_id": _ID,
    "previous_search_id": _ID,
}
"""Params whose value a domain message quotes: the value is shown only when it is a valid id."""
_FIRST_QUOTED = re.compile(r"(?<!\w)(['\"])(.*?)\1", re.DOTALL)
_LOOSE_QUOTE = re.compile(r"(?<!\w)['\"]|['\"](?!\w)")
"""A quote that is not an apostrophe inside a word ("the store's")."""
_WITHOUT_VALUE = {"not_found": "not found", "conflict": "conflicts with the current state"}


def error_body(code: str, message: str, param: str | None = None) -> dict:
    return {"error": {"code": code, "message": message, "param": param}}


def error_response(
    status: int, code: str, message: str, param: str | None = None, headers: dict[str, str] | None = None
) -> Response:
    return Response(status, "application/json", json.dumps(error_body(code, message, param)), headers=headers)


def from_domain(error: MemstoreError) -> Response:
    """A 429 or 503 carries `Retry-After` (seconds): the same request may succeed then."""
    headers = {"Retry-After": str(error.retry_after)} if error.retry_after else None
    return error_response(error.status, error.code, safe_message(error), error.param, headers)


def safe_message(error: MemstoreError) -> str:
    """A domain message quotes the id it is about ("memory 'mem_…' not found"). When that is not
    syntactically an id (anything a client typed into the path), or a quote is left over after it
    (a value that held quotes of its own), the message says only what failed."""
    syntax = _ID_SYNTAX.get(error.param or "")
    quoted = _FIRST_QUOTED.search(error.message) if syntax else None
    if quoted is None:
        return error.message
    if syntax.fullmatch(quoted.group(2)) and not _LOOSE_QUOTE.search(error.message, quoted.end()):
        return error.message
    return f"{error.param}: {_WITHOUT_VALUE.get(error.code, 'invalid value')}"


def from_validation(error: RequestValidationError) -> Response:
    """Names the first offending field; never echoes the input (it may be personal data)."""
    first: dict[str, Any] = error.errors()[0] if error.errors() else {}
    loc = list(first.get("loc", ()))
    if loc and str(loc[0]) in _LOCATIONS:
        loc = loc[1:]
    if first.get("type") == "json_invalid":
        return error_response(400, "invalid_request", "the request body is not valid JSON")
    if first.get("type") == "missing" and not loc:
        return error_response(400, "invalid_request", "a JSON request body is required")
    return from_domain(invalid_request(first, loc))
