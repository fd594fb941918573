"""How an error names a field without quoting input: the path to it, cut before the first part
that is neither a list index nor a field name of the API (a metadata key or an unknown field
is the client's text); and a pydantic error told as an InvalidRequest in those terms."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from pydantic import BaseModel

from memstore.domain import item_control, requests, search, updates
from memstore.domain.errors import InvalidRequest
from memstore.domain.models import StoreDefinition

_MODELS: tuple[type[BaseModel], ...] = (
    requests.CreateStoreRequest,
    requests.UpdateStoreRequest,
    requests.CreateItemRequest,
    requests.UpdateItemRequest,
    requests.DeleteScopeRequest,
    requests.ListItemsQuery,
    StoreDefinition,
    updates.UpdateMemoriesRequest,
    search.SearchMemoriesRequest,
    item_control.ExpirationRequest,
)


_OTHER_FIELDS = ("name", "memory_id", "update_id", "store")
"""Path parameters, and the store an ingest event names."""


@cache
def api_field_names() -> frozenset[str]:
    names: set[str] = set(_OTHER_FIELDS)
    pending: list[type[BaseModel]] = list(_MODELS)
    seen: set[type[BaseModel]] = set()
    while pending:
        model = pending.pop()
        if model in seen:
            continue
        seen.add(model)
        for name, field in model.model_fields.items():
            names.add(name)
            pending.extend(_models_in(field.annotation))
    return frozenset(names)


def _models_in(annotation: object) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in getattr(annotation, "__args__", ()) for m in _models_in(arg)]


def is_field_name(part: object) -> bool:
    return isinstance(part, str) and part in api_field_names()


def field_path(parts: Iterable[object]) -> str | None:
    named: list[str] = []
    for part in parts:
        if not (isinstance(part, int) and not isinstance(part, bool)) and not is_field_name(part):
            break
        named.append(str(part))
    return ".".join(named) or None


def invalid_request(error: dict[str, Any], loc: list[Any]) -> InvalidRequest:
    """One pydantic error (`loc` without its location prefix) as an InvalidRequest that names
    the field, not an unknown field's own name, and never quotes the input."""
    if error.get("type") == "extra_forbidden" and loc and not is_field_name(loc[-1]):
        parent = field_path(loc[:-1])
        return InvalidRequest(f"{parent or 'the request'} holds a field this request does not accept", parent)
    param = field_path(loc)
    message = str(error.get("msg", "invalid request")).removeprefix("Value error, ")
    value = error.get("input")
    if isinstance(value, str) and len(value) >= 4 and value in message:
        message = "invalid value"
    return InvalidRequest(f"{param}: {message}" if param else message, param)
