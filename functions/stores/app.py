"""Memory stores: create, list, get, update, delete."""

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Body, Query

from memstore.api.app import build_resolver, current_caller, entrypoint, json_response
from memstore.api.deletions import deletion_answer
from memstore.api.idempotency import Idempotency
from memstore.domain.requests import CreateStoreRequest, ListQuery, StoreName, UpdateStoreRequest
from memstore.wiring import container

app = build_resolver()
idempotent = Idempotency.from_env(container)


def caller():
    return current_caller(app, container().settings.auth_mode)


@app.post("/memory_stores")
def create_store(request: Annotated[CreateStoreRequest, Body()]):
    who = caller()
    return idempotent(
        app, who, lambda: json_response(201, container().stores.create(request, who).model_dump())
    )


@app.get("/memory_stores")
def list_stores(
    limit: Annotated[int, Query(ge=1, le=100)] = 20, after: Annotated[str | None, Query(max_length=64)] = None
):
    caller()
    page = container().stores.list(ListQuery(limit=limit, after=after))
    return json_response(200, page.public(lambda s: s.name, lambda s: s.model_dump()))


@app.get("/memory_stores/<name>")
def get_store(name: StoreName):
    caller()
    return json_response(200, container().stores.get(name).model_dump())


@app.post("/memory_stores/<name>")
def update_store(name: StoreName, request: Annotated[UpdateStoreRequest, Body()]):
    return json_response(200, container().stores.update(name, request, caller()).model_dump())


@app.delete("/memory_stores/<name>")
def delete_store(name: StoreName):
    job = container().erasure.delete_store(name, caller())
    return deletion_answer(
        job,
        {"object": "memory_store.deleted", "name": name, "deleted": True, "deleted_count": job.deleted_count},
    )


lambda_handler = entrypoint(app, forwarder=lambda: container().forwarder)
