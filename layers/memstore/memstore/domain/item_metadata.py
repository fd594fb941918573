"""An item's `metadata`: a flat JSON object the caller owns, and the list filter over it.

The rules (docs/api.md, "Item metadata") are checked here once, for the API and for imports. Error
messages name the rule, never a key or a value (both are the caller's text)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Annotated, Any

from pydantic import AfterValidator, WithJsonSchema

from memstore.domain.errors import InvalidRequest

MAX_KEYS = 16
MAX_KEY_CHARS = 64
MAX_VALUE_CHARS = 256
MAX_BYTES = 2048
FILTER_PREFIX = "metadata."

KEY = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
_BAD_TEXT = re.compile("[\x00\ud800-\udfff]")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
"""A JSON number (no `+`, `_`, spaces, `inf` or `nan`, which `float()` would read)."""

Scalar = str | int | float | bool | None


def serialised_size(metadata: Mapping[str, Any]) -> int:
    """Bytes of the compact UTF-8 JSON the 2 KB limit is measured on."""
    return len(json.dumps(metadata, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def check(value: Any) -> dict[str, Scalar]:
    """`value` when it is valid item metadata; ValueError naming the broken rule otherwise."""
    if not isinstance(value, dict):
        raise ValueError("must be a JSON object")
    if len(value) > MAX_KEYS:
        raise ValueError(f"at most {MAX_KEYS} keys")
    for key, item in value.items():
        if not isinstance(key, str) or not KEY.fullmatch(key):
            raise ValueError(f"keys are 1..{MAX_KEY_CHARS} characters of A-Z a-z 0-9 _ . : -")
        _check_value(item)
    if serialised_size(value) > MAX_BYTES:
        raise ValueError(f"must be at most {MAX_BYTES} bytes as compact JSON")
    return value


def _check_value(item: Any) -> None:
    if item is None or isinstance(item, bool):
        return
    if isinstance(item, int | float):
        if isinstance(item, float) and not math.isfinite(item):
            raise ValueError("numbers must be finite")
        return
    if isinstance(item, str):
        if len(item) > MAX_VALUE_CHARS or _BAD_TEXT.search(item):
            raise ValueError(
                f"string values are at most {MAX_VALUE_CHARS} characters, without NUL or unpaired surrogates"
            )
        return
    raise ValueError("values are strings, numbers, booleans or null (no nested objects or arrays)")


JSON_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": (
        "The caller's flat key/value data: at most 16 keys of 1..64 [A-Za-z0-9_.:-], values a string of "
        "at most 256 characters, a number, a boolean or null, at most 2,048 bytes as compact JSON. "
        "Stored and returned; never embedded or searched."
    ),
    "maxProperties": MAX_KEYS,
    "propertyNames": {"pattern": "^[A-Za-z0-9_.:-]{1,64}$"},
    "additionalProperties": {
        "anyOf": [
            {"type": "string", "maxLength": MAX_VALUE_CHARS},
            {"type": "number"},
            {"type": "boolean"},
            {"type": "null"},
        ]
    },
}

ItemMetadata = Annotated[dict[str, Any], AfterValidator(check), WithJsonSchema(JSON_SCHEMA)]
"""A request's item metadata, validated by `check` (pydantic reports it at `metadata`)."""


def same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Equal as JSON (Python's `True == 1` and `3 == 3.0` are changes here)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def parse_filter(query: Mapping[str, str]) -> dict[str, str]:
    """The `metadata.<key>=<value>` pairs of a query string; InvalidRequest (`param: "metadata"`)
    for more than 16 or a key that breaks the key rule."""
    wanted = {
        name.removeprefix(FILTER_PREFIX): value
        for name, value in query.items()
        if name.startswith(FILTER_PREFIX)
    }
    if len(wanted) > MAX_KEYS:
        raise InvalidRequest(f"metadata: at most {MAX_KEYS} metadata filters", "metadata")
    if any(not KEY.fullmatch(key) for key in wanted):
        raise InvalidRequest(
            f"metadata: filter keys are 1..{MAX_KEY_CHARS} characters of A-Z a-z 0-9 _ . : -", "metadata"
        )
    return wanted


def value_matches(stored: Scalar, text: str) -> bool:
    """Whether a query's text names the stored value: a string equal to it, `true`/`false`,
    `null`, or a number equal as a number."""
    if isinstance(stored, str):
        return stored == text
    if stored is None:
        return text == "null"
    if isinstance(stored, bool):
        return text == ("true" if stored else "false")
    if not _NUMBER.fullmatch(text):
        return False
    return Decimal(text) == Decimal(repr(stored))


def matches(metadata: Mapping[str, Any], wanted: Mapping[str, str]) -> bool:
    return all(key in metadata and value_matches(metadata[key], text) for key, text in wanted.items())


def filter_digest(wanted: Mapping[str, str]) -> str:
    """The filter as one string, for binding a page token to it."""
    return json.dumps(sorted(wanted.items()), separators=(",", ":"), ensure_ascii=False) if wanted else ""
