"""The memory console: its page and assets, from static/ beside this file.

The page talks to the HTTP API on its own origin with the caller's credentials; this function
reads no data, holds no secret and needs no permission. Only the files of static/ are served."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

STATIC = Path(__file__).resolve().with_name("static")
PAGE = "index.html"
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""The browser itself refuses any request to another host, and any inline or remote code."""

FILES: dict[str, tuple[str, str]] = {
    path.name: (TYPES[path.suffix], path.read_text(encoding="utf-8"))
    for path in sorted(STATIC.iterdir())
    if path.is_file() and path.suffix in TYPES
}


def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    asset = (event.get("pathParameters") or {}).get("asset")
    name = PAGE if asset is None else asset
    found = FILES.get(name)
    if found is None or (asset is not None and name == PAGE):
        return _not_found()
    content_type, body = found
    return {"statusCode": 200, "headers": _headers(content_type), "body": body}


def _headers(content_type: str) -> dict[str, str]:
    return {
        "content-type": content_type,
        "cache-control": "no-cache",
        "content-security-policy": POLICY,
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "x-frame-options": "DENY",
    }


def _not_found() -> dict[str, Any]:
    body = {"error": {"code": "not_found", "message": "no such console asset", "param": None}}
    return {"statusCode": 404, "headers": {"content-type": "application/json"}, "body": json.dumps(body)}
