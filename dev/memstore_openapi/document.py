"""One OpenAPI 3.1 document for the whole HTTP API: each HttpApi route of template.yaml, described
by the Powertools resolver of the function that serves it (parameters and request bodies come
from the handlers' type annotations), with the answers the handlers give: the success body of
each operation and the error body on every 4xx and 5xx."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from memstore.api import idempotency
from memstore.api.identity import MAX_USER_HEADER_CHARS, USER_HEADER
from memstore_local.template import FunctionSpec, Route, Template
from memstore_openapi import responses as r

TITLE = "memstore"
API_VERSION = "v1"
DESCRIPTION = (
    "Long-term memory for AI agents: memory stores, memory items, updates from conversation and "
    "search. The contract, with its limits and rules, is docs/api.md. Every 4xx and 5xx memstore "
    'answers has the body {"error": {"code", "message", "param"}}; API Gateway\'s own refusals '
    '(throttling, a JWT authorizer\'s 401, its timeouts) have its body {"message": ...}. '
    "Authentication is the deployment's choice (template parameter AuthMode): a JWT bearer token, "
    "SigV4 (IAM), or none (memstore local)."
)
SERVERS = [
    {"url": "http://127.0.0.1:3000", "description": "memstore local"},
    {
        "url": "https://{apiId}.execute-api.{region}.amazonaws.com",
        "description": "The deployed HTTP API ($default stage)",
        "variables": {"apiId": {"default": "API_ID"}, "region": {"default": "us-east-1"}},
    },
]

SUCCESS: dict[str, dict[int, tuple[type[BaseModel], str]]] = {
    "create_store": {201: (r.MemoryStore, "The store, created")},
    "list_stores": {200: (r.MemoryStoreList, "A page of stores")},
    "get_store": {200: (r.MemoryStore, "The store")},
    "update_store": {200: (r.MemoryStore, "The store, changed")},
    "delete_store": {
        200: (r.MemoryStoreDeleted, "The store and everything it held are deleted"),
        202: (r.Deletion, "The deletion goes on past this request: poll GET …/deletions/{deletion_id}"),
    },
    "create_item": {
        201: (r.MemoryItem, "The item, created"),
        200: (r.MemoryItem, "upsert: the item already holding the key, changed"),
    },
    "list_items": {200: (r.MemoryItemList, "A page of the scope's items")},
    "list_items_foundry": {
        200: (r.MemoryItemList, "Foundry's items:list (the only {action}): a page of the scope's items")
    },
    "get_item": {200: (r.MemoryItem, "The item")},
    "update_item": {200: (r.MemoryItem, "The item, changed")},
    "delete_item": {200: (r.MemoryItemDeleted, "The item is deleted")},
    "set_expiration": {200: (r.MemoryItem, "The item with its new expires_at (kept by later writes)")},
    "reinforce_item": {200: (r.MemoryItem, "The item with its raised importance")},
    "list_revisions": {200: (r.MemoryItemRevisionList, "The item's earlier contents, newest first")},
    "delete_scope": {
        200: (r.ScopeDeleted, "The scope's items, updates and searches are deleted"),
        202: (r.Deletion, "The deletion goes on past this request: poll GET …/deletions/{deletion_id}"),
    },
    "list_audit": {200: (r.AuditRecordList, "A page of the store's deletion audit, oldest first")},
    "verify_audit": {200: (r.AuditVerification, "Whether the audit chain is intact, and where it is not")},
    "export_memories": {200: (r.ExportLine, "A page of the export, as JSON Lines (one object per line)")},
    "import_memories": {200: (r.ImportResult, "The memories written, changed and already in place")},
    "get_deletion": {200: (r.Deletion, "The deletion's status (one in progress is continued first)")},
    "update_memories": {
        202: (r.UpdateAccepted, "The update is queued; explicit commands are already applied"),
        200: (r.UpdateDryRun, "dry_run: what the update would do; nothing is written"),
    },
    "get_update": {200: (r.Update, "The update's status and result")},
    "search_memories": {200: (r.SearchResult, "The memories found, best first")},
}
"""Each operation (its handler's name) → its success statuses and bodies."""
IDEMPOTENT = ("create_store", "create_item", "update_memories")
JSON_LINES_ANSWERS = ("export_memories",)
"""Operations that answer JSON Lines (application/x-ndjson), each line described by the model."""
JSON_LINES_BODIES: dict[str, dict[str, Any]] = {
    "import_memories": {
        "required": True,
        "description": "Lines of an export (pages concatenated or not), at most 5 MB per request.",
        "content": {"application/x-ndjson": {"schema": {"$ref": "#/components/schemas/ExportLine"}}},
    }
}
"""Operations whose body is JSON Lines, which the handler reads itself."""
"""The creating POSTs whose handlers honour an Idempotency-Key (memstore.api.idempotency)."""

ERRORS: dict[int, tuple[str, str]] = {
    400: (
        "InvalidRequest",
        "invalid_request: the request breaks a rule of the contract (param names the field)",
    ),
    401: ("Unauthorized", "unauthorized: the deployment requires a JWT or a SigV4 signature"),
    403: ("Forbidden", "forbidden: the caller may not act on this scope, or change stores"),
    404: ("NotFound", "not_found: no such store, item, update or search"),
    409: (
        "Conflict",
        "conflict, or idempotency_key_in_use: the request conflicts with the current state, or "
        "the first request with this Idempotency-Key is still running; retry",
    ),
    413: ("PayloadTooLarge", "payload_too_large: the body, or one message, is over its limit"),
    422: ("IdempotencyKeyReused", "idempotency_key_reused: this Idempotency-Key came with another body"),
    429: ("RateLimited", "rate_limited: too many requests; retry later"),
    500: ("InternalError", "internal_error: never a stack trace"),
    503: (
        "DependencyUnavailable",
        "dependency_unavailable: a dependency is unavailable or throttled; retry later",
    ),
}
"""Every error status memstore answers: the name of its component response, and what it means."""
_ALWAYS = (400, 401, 403, 404, 429, 500, 503)
_WRITES = ("post", "delete")

_USER_HEADER_PARAM = "UserId"
_KEY_HEADER_PARAM = "IdempotencyKey"
_POWERTOOLS_ONLY = {"HTTPValidationError", "ValidationError", "ResponseValidationError"}
"""Powertools documents a 422 with these; memstore answers a validation error with a 400."""
_REF = "#/components/schemas/{model}"


class OpenAPIError(Exception):
    """The resolvers and the template disagree, or two functions describe one schema differently."""


def build(template_path: str | Path) -> dict[str, Any]:
    schemas: dict[str, Any] = {}
    paths: dict[str, dict[str, Any]] = {}
    for spec, routes in _http_functions(Template(template_path)):
        described = _resolver_document(spec)
        _merge(schemas, described.get("components", {}).get("schemas", {}), spec.logical_id)
        for route in routes:
            method = route.method.lower()
            operation = described["paths"].get(route.path, {}).get(method)
            if operation is None:
                raise OpenAPIError(f"{route.method} {route.path}: {spec.module_file} has no handler for it")
            paths.setdefault(route.path, {})[method] = _operation(operation, route)
    _merge(schemas, _response_schemas(), "responses")
    components = {
        "schemas": {},
        "parameters": {_USER_HEADER_PARAM: _user_header(), _KEY_HEADER_PARAM: _idempotency_key()},
        "responses": {name: _json_response(description, "Error") for name, description in ERRORS.values()},
        "securitySchemes": {"jwt": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}},
    }
    document = {
        "openapi": "3.1.0",
        "info": {"title": TITLE, "version": API_VERSION, "description": DESCRIPTION},
        "servers": SERVERS,
        "security": [{}, {"jwt": []}],
        "paths": paths,
        "components": components,
    }
    used = _referenced(document, schemas)
    components["schemas"] = {name: schemas[name] for name in sorted(used)}
    return document


def render(template_path: str | Path) -> str:
    return json.dumps(build(template_path), indent=2, ensure_ascii=False) + "\n"


def is_api_route(route: Route) -> bool:
    """The console's static page and assets (functions/console) are routes of the HTTP API but no
    operations of its JSON contract."""
    return route.path != "$default" and route.path != "/console" and not route.path.startswith("/console/")


def _http_functions(template: Template) -> Iterator[tuple[FunctionSpec, list[Route]]]:
    for spec in template.functions().values():
        routes = [route for route in spec.routes if is_api_route(route)]
        if routes:
            yield spec, routes


def _resolver_document(spec: FunctionSpec) -> dict[str, Any]:
    app = getattr(_load(spec), "app", None)
    if app is None or not hasattr(app, "get_openapi_json_schema"):
        raise OpenAPIError(f"{spec.module_file} defines no Powertools resolver named app")
    return _tidy(json.loads(app.get_openapi_json_schema(title=TITLE, version=API_VERSION)))


def _load(spec: FunctionSpec) -> ModuleType:
    """The handler file under a name of its own (every function's file is app.py)."""
    name = "_memstore_openapi_" + re.sub(r"\W", "_", spec.logical_id)
    module_spec = importlib.util.spec_from_file_location(name, spec.module_file)
    if module_spec is None or module_spec.loader is None:
        raise OpenAPIError(f"cannot load {spec.module_file}")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[name] = module
    try:
        module_spec.loader.exec_module(module)
    finally:
        sys.modules.pop(name, None)
    return module


def _merge(into: dict[str, Any], schemas: dict[str, Any], source: str) -> None:
    for name, schema in schemas.items():
        if name in _POWERTOOLS_ONLY:
            continue
        if name in into and into[name] != schema:
            raise OpenAPIError(f"schema {name}: {source} describes it differently")
        into[name] = schema


def _operation(operation: dict[str, Any], route: Route) -> dict[str, Any]:
    method = route.method.lower()
    handler = _handler_name(operation["operationId"], route)
    success = SUCCESS.get(handler)
    if success is None:
        raise OpenAPIError(f"{route.method} {route.path}: add {handler} to memstore_openapi.document.SUCCESS")
    statuses = set(_ALWAYS)
    if method in _WRITES:
        statuses.add(409)
    if "requestBody" in operation:
        statuses.add(413)
    headers = [_USER_HEADER_PARAM]
    answers: dict[str, Any] = {
        str(status): _json_response(description, model.__name__)
        for status, (model, description) in sorted(success.items())
    }
    if handler in JSON_LINES_ANSWERS:
        answers = {status: _as_json_lines(answer) for status, answer in answers.items()}
    if handler in JSON_LINES_BODIES:
        operation = {**operation, "requestBody": JSON_LINES_BODIES[handler]}
    if handler in IDEMPOTENT:
        headers.append(_KEY_HEADER_PARAM)
        statuses.add(422)
        for answer in answers.values():
            answer["headers"] = {idempotency.REPLAYED_HEADER: _replayed_header()}
    answers.update(
        {str(status): {"$ref": f"#/components/responses/{ERRORS[status][0]}"} for status in sorted(statuses)}
    )
    return {
        **operation,
        "operationId": handler,
        "parameters": [
            *operation.get("parameters", []),
            *({"$ref": f"#/components/parameters/{name}"} for name in headers),
        ],
        "responses": answers,
    }


def _handler_name(operation_id: str, route: Route) -> str:
    """Powertools names an operation <handler><path with non-word characters as _>_<method>."""
    return operation_id.removesuffix(re.sub(r"\W", "_", route.path) + "_" + route.method.lower())


def _as_json_lines(answer: dict[str, Any]) -> dict[str, Any]:
    return {**answer, "content": {"application/x-ndjson": answer["content"]["application/json"]}}


def _json_response(description: str, model: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": _REF.format(model=model)}}},
    }


def _response_schemas() -> dict[str, Any]:
    models = [r.Error, *(model for answers in SUCCESS.values() for model, _ in answers.values())]
    _, top = models_json_schema([(m, "serialization") for m in dict.fromkeys(models)], ref_template=_REF)
    return _tidy(top.get("$defs", {}))


def _tidy(node: Any) -> Any:
    """One spelling for what Powertools and pydantic spell differently: whole numbers as integers
    (Powertools writes `maximum: 100.0`), and no `default: null` (it leaves them out)."""
    if isinstance(node, dict):
        return {k: _tidy(v) for k, v in node.items() if not (k == "default" and v is None)}
    if isinstance(node, list):
        return [_tidy(v) for v in node]
    if isinstance(node, float) and node.is_integer():
        return int(node)
    return node


def _user_header() -> dict[str, Any]:
    return {
        "name": USER_HEADER,
        "in": "header",
        "required": False,
        "description": (
            "The user a backend caller acts for: resolves the scope {{$userId}}. 1..256 printable "
            "characters, sent once, no comma. Ignored for JWT callers."
        ),
        "schema": {"type": "string", "minLength": 1, "maxLength": MAX_USER_HEADER_CHARS},
    }


def _idempotency_key() -> dict[str, Any]:
    return {
        "name": idempotency.PARAM,
        "in": "header",
        "required": False,
        "description": (
            "Makes a retried create safe: the same key and body within 24 hours answers the first "
            "answer again and writes nothing. 1..255 visible ASCII characters, no comma, sent once."
        ),
        "schema": {
            "type": "string",
            "minLength": 1,
            "maxLength": idempotency.MAX_KEY_CHARS,
            "pattern": "^[!-+\\--~]+$",
        },
    }


def _replayed_header() -> dict[str, Any]:
    return {
        "description": "true when this is the first answer to an earlier request with the same Idempotency-Key",
        "schema": {"type": "string", "enum": ["true"]},
    }


def _referenced(document: dict[str, Any], schemas: dict[str, Any]) -> set[str]:
    """The component schemas the document reaches from its paths, transitively."""
    prefix = _REF.format(model="")
    found: set[str] = set()
    pending = [document["paths"], document["components"]["responses"]]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(prefix):
                name = ref.removeprefix(prefix)
                if name not in schemas:
                    raise OpenAPIError(f"schema {name} is referenced but not described")
                if name not in found:
                    found.add(name)
                    pending.append(schemas[name])
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return found
