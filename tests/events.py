"""The sample events in events/<function>/<case>.json, for tests.

The same files serve `sam local invoke -e`, so tests exercise the handlers with the payloads
API Gateway, EventBridge, Step Functions and DynamoDB Streams really send. The `with_*`
helpers return a changed copy of an API Gateway HTTP API (payload v2.0) event and keep its
redundant fields (rawPath, requestContext.http.path, pathParameters, rawQueryString,
queryStringParameters, body, content headers) consistent with each other.
"""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

EVENTS_DIR = Path(__file__).resolve().parent.parent / "events"
_PATH_PARAM = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@cache
def _read(function: str, case: str) -> dict[str, Any]:
    return json.loads((EVENTS_DIR / function / f"{case}.json").read_text(encoding="utf-8"))


def load_event(function: str, case: str) -> dict[str, Any]:
    """A fresh deep copy of events/<function>/<case>.json: tests may mutate it freely."""
    return copy.deepcopy(_read(function, case))


def with_path(event: dict[str, Any], **path_params: str) -> dict[str, Any]:
    """Set path parameters; rawPath is rebuilt from the route key's template.

    Parameters not given keep their current value. Values are stored decoded in
    pathParameters and percent-encoded in rawPath, as API Gateway does."""
    event = copy.deepcopy(event)
    _, route = event["routeKey"].split(" ", 1)
    names = _PATH_PARAM.findall(route)
    unknown = set(path_params) - set(names)
    if unknown:
        raise KeyError(f"route {event['routeKey']!r} has no path parameter(s) {sorted(unknown)}")
    values = {**(event.get("pathParameters") or {}), **{k: str(v) for k, v in path_params.items()}}
    missing = [n for n in names if n not in values]
    if missing:
        raise KeyError(f"route {event['routeKey']!r} needs path parameter(s) {missing}")
    raw_path = _PATH_PARAM.sub(lambda m: quote(values[m.group(1)], safe=""), route)
    event["rawPath"] = raw_path
    event["requestContext"]["http"]["path"] = raw_path
    if names:
        event["pathParameters"] = {n: values[n] for n in names}
    else:
        event.pop("pathParameters", None)
    return event


def with_query(event: dict[str, Any], **query: str | int | None) -> dict[str, Any]:
    """Merge query parameters into the event; a value of None removes that parameter."""
    event = copy.deepcopy(event)
    params = dict(event.get("queryStringParameters") or {})
    for key, value in query.items():
        if value is None:
            params.pop(key, None)
        else:
            params[key] = str(value)
    if params:
        event["queryStringParameters"] = params
        event["rawQueryString"] = urlencode(params)
    else:
        event.pop("queryStringParameters", None)
        event["rawQueryString"] = ""
    return event


def with_body(event: dict[str, Any], body: Any) -> dict[str, Any]:
    """Replace the body: a str is sent as is, None removes it, anything else is JSON-encoded."""
    event = copy.deepcopy(event)
    headers = event.setdefault("headers", {})
    if body is None:
        event.pop("body", None)
        headers.pop("content-type", None)
        headers.pop("content-length", None)
    else:
        text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
        event["body"] = text
        headers["content-type"] = "application/json"
        headers["content-length"] = str(len(text.encode("utf-8")))
    event["isBase64Encoded"] = False
    return event
