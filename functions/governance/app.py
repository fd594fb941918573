"""Data rights on a store: the deletion audit (list, verify), export and import of memories as
JSON Lines, and the status of a deletion that outlived its request."""

import json
from typing import Annotated

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.params import Query

from memstore.api.app import build_resolver, current_caller, entrypoint, json_response
from memstore.api.body import body_text
from memstore.api.deletions import deletion_view
from memstore.domain.requests import Scope, StoreName
from memstore.wiring import container

IMPORT_MAX_BYTES = 5 * 1024 * 1024
"""Lambda takes 6 MB of request; a larger export is imported page by page."""

app = build_resolver()


def caller():
    return current_caller(app, container().settings.auth_mode)


@app.get("/memory_stores/<name>/audit")
def list_audit(
    name: StoreName,
    scope: Annotated[Scope | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    after: Annotated[str | None, Query(max_length=20)] = None,
):
    page = container().audit.page(name, scope, limit, after, caller())
    return json_response(200, page.public(lambda r: str(r.seq), lambda r: r.public()))


@app.get("/memory_stores/<name>/audit/verify")
def verify_audit(name: StoreName):
    result = container().audit.verify(name, caller())
    return json_response(
        200, {"object": "memory_store.audit.verification", "name": name, **result.model_dump()}
    )


@app.get("/memory_stores/<name>/export")
def export_memories(
    name: StoreName,
    scope: Annotated[Scope | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 500,
    after: Annotated[str | None, Query(max_length=400)] = None,
):
    lines, _ = container().transfer.export(name, scope, limit, after, caller())
    body = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    return Response(200, "application/x-ndjson", body)


@app.post("/memory_stores/<name>/import")
def import_memories(name: StoreName):
    event = app.current_event
    text = body_text(event.body or "", bool(event.is_base64_encoded))
    return json_response(200, container().transfer.import_lines(name, text.splitlines(), caller()))


@app.get("/memory_stores/<name>/deletions/<deletion_id>")
def get_deletion(name: StoreName, deletion_id: str):
    job = container().erasure.status(name, deletion_id, caller())
    return json_response(200, deletion_view(job))


lambda_handler = entrypoint(app, max_body_bytes=IMPORT_MAX_BYTES, raw_body=True)
