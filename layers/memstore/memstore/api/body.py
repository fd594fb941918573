"""The input boundary for JSON: a body is strict UTF-8, standard JSON, a single object, nested
at most MAX_DEPTH deep, and no text in it (keys or values) holds a lone surrogate or a NUL.
Refusals are InvalidRequest naming the offending field, never quoting the input."""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Any

from memstore.api.fields import field_path
from memstore.domain.errors import InvalidRequest

MAX_DEPTH = 32
"""The deepest legitimate body (update_memories with content parts) nests 4 deep."""

_BAD_TEXT = re.compile("[\x00\ud800-\udfff]")


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise ValueError("duplicate key")
    return obj


def body_text(body: str, base64_encoded: bool) -> str:
    """The body as text: base64 decoded if it came so, then strict UTF-8."""
    if not base64_encoded:
        try:
            body.encode("utf-8")
        except UnicodeEncodeError as e:
            raise InvalidRequest("the request body is not valid UTF-8") from e
        return body
    try:
        raw = base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError) as e:
        raise InvalidRequest("the request body is not valid base64") from e
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InvalidRequest("the request body is not valid UTF-8") from e


def parse_object(text: str) -> dict[str, Any]:
    """Standard JSON only (no NaN or Infinity, no key named twice), a single object, then checked
    by `check_value`."""
    try:
        value = json.loads(text, parse_constant=_no_constants, object_pairs_hook=_unique_keys)
    except RecursionError as e:
        raise InvalidRequest(f"the request body nests deeper than {MAX_DEPTH} levels") from e
    except ValueError as e:
        raise InvalidRequest("the request body is not valid JSON") from e
    if not isinstance(value, dict):
        raise InvalidRequest("the request body must be a JSON object")
    check_value(value)
    return value


def _bad_text(text: str) -> bool:
    return _BAD_TEXT.search(text) is not None


def check_value(value: Any, path: tuple[object, ...] = (), depth: int = 1) -> None:
    """Refuses nesting deeper than MAX_DEPTH and text holding a lone surrogate or a NUL, naming
    the field (a key that is itself bad is not named: the parent is)."""
    if isinstance(value, str):
        if _bad_text(value):
            raise _bad_text_error(path)
        return
    if not isinstance(value, dict | list):
        return
    if depth > MAX_DEPTH:
        raise InvalidRequest(f"the request body nests deeper than {MAX_DEPTH} levels")
    entries = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in entries:
        if isinstance(key, str) and _bad_text(key):
            raise _bad_text_error(path)
        check_value(item, (*path, key), depth + 1)


def _bad_text_error(path: tuple[object, ...]) -> InvalidRequest:
    param = field_path(path)
    what = "text" if param is None else param
    return InvalidRequest(f"{what}: must not contain NUL characters or unpaired surrogates", param)
