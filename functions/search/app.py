"""search_memories: static, contextual, or continuing a previous search."""

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Body

from memstore.api.app import build_resolver, current_caller, entrypoint, json_response
from memstore.domain.requests import StoreName
from memstore.domain.search import SearchMemoriesRequest
from memstore.domain.updates import MAX_UPDATE_BODY_BYTES
from memstore.wiring import container

app = build_resolver()


@app.post("/memory_stores/<name>/search_memories")
def search_memories(name: StoreName, request: Annotated[SearchMemoriesRequest, Body()]):
    caller = current_caller(app, container().settings.auth_mode)
    return json_response(200, container().search.search(name, request, caller))


lambda_handler = entrypoint(app, max_body_bytes=MAX_UPDATE_BODY_BYTES)
