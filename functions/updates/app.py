"""update_memories (202, consolidated later) and the status of one update."""

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Body

from memstore.api.app import build_resolver, current_caller, entrypoint, json_response
from memstore.api.idempotency import Idempotency
from memstore.domain.requests import StoreName
from memstore.domain.updates import MAX_UPDATE_BODY_BYTES, UpdateMemoriesRequest
from memstore.wiring import container

app = build_resolver()
idempotent = Idempotency.from_env(container)


def caller():
    return current_caller(app, container().settings.auth_mode)


@app.post("/memory_stores/<name>/update_memories")
def update_memories(name: StoreName, request: Annotated[UpdateMemoriesRequest, Body()]):
    who = caller()

    def submit():
        return json_response(200 if request.dry_run else 202, container().updates.submit(name, request, who))

    return idempotent(app, who, submit)


@app.get("/memory_stores/<name>/updates/<update_id>")
def get_update(name: StoreName, update_id: str):
    return json_response(200, container().updates.get(name, update_id, caller(), messages=False).public())


lambda_handler = entrypoint(app, max_body_bytes=MAX_UPDATE_BODY_BYTES)
