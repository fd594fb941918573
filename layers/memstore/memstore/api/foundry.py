"""Foundry's wire forms, read as memstore's own: `?api-version=` is accepted and ignored, and the
colon actions become the slash routes.

API Gateway matches whole path segments, so `POST /memory_stores/NAME:update_memories` arrives
on the `POST /memory_stores/{name}` route (the stores function) and
`GET /memory_stores/NAME/items:list` on `GET /memory_stores/{name}/{action}` (the items
function, whose handler for it lists items). The stores function hands a
colon action, rewritten to its slash route, to the function that serves that route (a
Forwarder: Lambda Invoke when deployed), so the same handler, limits and idempotency apply."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl, unquote, urlencode

API_VERSION = "api-version"
COLON_ACTIONS = ("update_memories", "search_memories", "delete_scope")
_STORE_ACTION = re.compile(r"^/memory_stores/([^/:]+):([a-z_]+)$")


def without_api_version(event: dict[str, Any]) -> dict[str, Any]:
    """The event without Foundry's `api-version` query parameter (any value)."""
    params = event.get("queryStringParameters") or {}
    raw = event.get("rawQueryString") or ""
    if API_VERSION not in params and f"{API_VERSION}=" not in raw:
        return event
    kept = {k: v for k, v in params.items() if k != API_VERSION}
    pairs = [(k, v) for k, v in parse_qsl(raw, keep_blank_values=True) if k != API_VERSION]
    return {**event, "queryStringParameters": kept or None, "rawQueryString": urlencode(pairs)}


def _with_route(
    event: dict[str, Any], method: str, path: str, route: str, params: dict[str, str]
) -> dict[str, Any]:
    context = dict(event.get("requestContext") or {})
    context["http"] = {**(context.get("http") or {}), "path": path}
    context["routeKey"] = f"{method} {route}"
    return {
        **event,
        "rawPath": path,
        "routeKey": f"{method} {route}",
        "pathParameters": params,
        "requestContext": context,
    }


def colon_action(event: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """(action, the event as its slash route) for `POST /memory_stores/NAME:ACTION`, else None.
    The action may be one memstore does not have (not in COLON_ACTIONS)."""
    match = _STORE_ACTION.match(_path(event))
    if not match or _method(event) != "POST":
        return None
    name, action = match.groups()
    route = f"/memory_stores/{{name}}/{action}"
    return action, _with_route(event, "POST", f"/memory_stores/{name}/{action}", route, {"name": name})


def _path(event: dict[str, Any]) -> str:
    """The request path, decoded: a client may send the colon as `%3A`."""
    return unquote(event.get("rawPath") or "")


def _method(event: dict[str, Any]) -> str:
    return ((event.get("requestContext") or {}).get("http") or {}).get("method", "").upper()
