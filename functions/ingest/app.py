"""update_memories from EventBridge: detail-type memstore.UpdateMemories, detail =
{"store": ..., <the update_memories body>}. Failures go to the dead-letter queue."""

from aws_lambda_powertools import Logger
from pydantic import BaseModel, ConfigDict

from memstore.domain.access import Caller
from memstore.domain.requests import StoreName
from memstore.domain.updates import UpdateMemoriesRequest
from memstore.wiring import container

logger = Logger()


class IngestDetail(UpdateMemoriesRequest):
    model_config = ConfigDict(extra="forbid")
    store: StoreName


class IngestEvent(BaseModel):
    detail: IngestDetail


@logger.inject_lambda_context(log_event=False, clear_state=True)
def lambda_handler(event: dict, context) -> dict:
    detail = IngestEvent.model_validate(event).detail
    request = UpdateMemoriesRequest.model_validate(detail.model_dump(exclude={"store"}))
    answer = container().updates.submit(detail.store, request, Caller(bound=False))
    logger.info("update accepted", extra={"update_id": answer["update_id"], "commands": len(answer["memory_commands"])})
    return answer
