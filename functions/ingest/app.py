"""update_memories from EventBridge: detail-type memstore.UpdateMemories, detail =
{"store": ..., <the update_memories body>}. Failures go to the dead-letter queue, which keeps
the whole event; an invalid event fails with an InvalidRequest that names the field and quotes
nothing of it (the error message lands in the logs and in the dead-letter record)."""

from aws_lambda_powertools import Logger
from pydantic import BaseModel, ConfigDict, ValidationError

from memstore.api.body import check_value
from memstore.api.fields import invalid_request
from memstore.domain.access import Caller
from memstore.domain.errors import InvalidRequest
from memstore.domain.requests import StoreName
from memstore.domain.updates import UpdateMemoriesRequest
from memstore.wiring import container

logger = Logger()


class IngestDetail(UpdateMemoriesRequest):
    model_config = ConfigDict(extra="forbid")
    store: StoreName


class IngestEvent(BaseModel):
    detail: IngestDetail


def parse(event: dict) -> IngestDetail:
    detail = event.get("detail") if isinstance(event, dict) else None
    if not isinstance(detail, dict):
        raise InvalidRequest("the event has no detail object", "detail")
    check_value(detail)
    try:
        return IngestEvent.model_validate(event).detail
    except ValidationError as e:
        first = e.errors()[0]
        loc = list(first.get("loc", ()))
        raise invalid_request(first, loc[1:] if loc[:1] == ["detail"] else loc) from None


@logger.inject_lambda_context(log_event=False, clear_state=True)
def lambda_handler(event: dict, context) -> dict:
    try:
        detail = parse(event)
    except InvalidRequest as e:
        logger.warning("event refused", extra={"code": e.code, "param": e.param})
        raise
    request = UpdateMemoriesRequest.model_validate(detail.model_dump(exclude={"store"}))
    answer = container().updates.submit(detail.store, request, Caller(bound=False))
    logger.info(
        "update accepted",
        extra={"update_id": answer["update_id"], "commands": len(answer["memory_commands"])},
    )
    return answer
