"""Memory items: explicit CRUD, listing by scope, and deleting a whole scope."""

from typing import Annotated
from urllib.parse import unquote

from aws_lambda_powertools.event_handler.openapi.params import Body, Query

from memstore.api.app import build_resolver, current_caller, entrypoint, json_response
from memstore.api.deletions import deletion_answer
from memstore.api.idempotency import Idempotency
from memstore.domain import item_metadata
from memstore.domain.errors import NotFound
from memstore.domain.item_control import ExpirationRequest, ReinforceRequest
from memstore.domain.models import Kind
from memstore.domain.requests import (
    CreateItemRequest,
    DeleteScopeRequest,
    ItemKey,
    ListItemsQuery,
    Scope,
    StoreName,
    UpdateItemRequest,
)
from memstore.wiring import container

app = build_resolver()
idempotent = Idempotency.from_env(container)


def caller():
    return current_caller(app, container().settings.auth_mode)


@app.post("/memory_stores/<name>/items")
def create_item(name: StoreName, request: Annotated[CreateItemRequest, Body()]):
    who = caller()

    def write():
        item, created = container().items.write(name, request, who)
        return json_response(201 if created else 200, item.public())

    return idempotent(app, who, write)


LIST_DESCRIPTION = (
    "A page of the scope's live items in creation order. Optional metadata filter: any number (at most "
    "16) of `metadata.<key>=<value>` query parameters, all of which must hold; a value matches a string "
    "equal to it, a boolean spelled true/false, null spelled null, or an equal number. The filter drops "
    "items from the rows a page reads anyway, so a page may be short (even empty) while has_more is true: "
    "continue from next_after. See docs/api.md, Item metadata."
)


@app.get("/memory_stores/<name>/items", description=LIST_DESCRIPTION)
def list_items(
    name: StoreName,
    scope: Annotated[Scope, Query()],
    kind: Annotated[Kind | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    after: Annotated[str | None, Query(max_length=64)] = None,
    key: Annotated[ItemKey | None, Query()] = None,
):
    wanted = item_metadata.parse_filter(app.current_event.query_string_parameters or {})
    query = ListItemsQuery(scope=scope, kind=kind, limit=limit, after=after, key=key, metadata=wanted)
    page = container().items.list(name, query, caller())
    return json_response(200, page.public(lambda i: i.memory_id, lambda i: i.public()))


@app.get("/memory_stores/<name>/<action>", description=LIST_DESCRIPTION)
def list_items_foundry(
    name: StoreName,
    action: str,
    scope: Annotated[Scope, Query()],
    kind: Annotated[Kind | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    after: Annotated[str | None, Query(max_length=64)] = None,
    key: Annotated[ItemKey | None, Query()] = None,
):
    """Foundry's `GET …/NAME/items:list`: the listing above (API Gateway routes the whole segment)."""
    if unquote(action) != "items:list":
        raise NotFound("no such route", None)
    return list_items(name, scope, kind, limit, after, key)


@app.get("/memory_stores/<name>/items/<memory_id>")
def get_item(name: StoreName, memory_id: str):
    return json_response(200, container().items.get(name, memory_id, caller()).public())


@app.post("/memory_stores/<name>/items/<memory_id>")
def update_item(name: StoreName, memory_id: str, request: Annotated[UpdateItemRequest, Body()]):
    return json_response(200, container().items.update(name, memory_id, request, caller()).public())


@app.delete("/memory_stores/<name>/items/<memory_id>")
def delete_item(name: StoreName, memory_id: str):
    container().items.delete(name, memory_id, caller())
    return json_response(200, {"object": "memory_item.deleted", "memory_id": memory_id, "deleted": True})


@app.post("/memory_stores/<name>/delete_scope")
def delete_scope(name: StoreName, request: Annotated[DeleteScopeRequest, Body()]):
    scope, job = container().erasure.delete_scope(name, request.scope, caller())
    finished = {"object": "memory_store.scope.deleted", "name": name, "scope": scope, "deleted": True}
    return deletion_answer(job, {**finished, "deleted_count": job.deleted_count})


@app.post("/memory_stores/<name>/items/<memory_id>/expiration")
def set_expiration(name: StoreName, memory_id: str, request: Annotated[ExpirationRequest, Body()]):
    item = container().item_control.set_expiration(name, memory_id, request, caller())
    return json_response(200, item.public())


@app.post("/memory_stores/<name>/items/<memory_id>/reinforce")
def reinforce_item(
    name: StoreName, memory_id: str, request: Annotated[ReinforceRequest | None, Body()] = None
):
    return json_response(200, container().item_control.reinforce(name, memory_id, caller()).public())


@app.get("/memory_stores/<name>/items/<memory_id>/revisions")
def list_revisions(name: StoreName, memory_id: str):
    return json_response(200, container().item_control.revisions(name, memory_id, caller()))


lambda_handler = entrypoint(app)
