"""The lifecycle pass (docs/lifecycle.md): decay, promotion, the importance floor, the expiry
sweep, stuck updates and raw-message retention; and scope or store deletions nobody polled to the
end are continued (memstore.services.erasure). Run daily by the EventBridge Scheduler schedule
in template.yaml; a slice that runs out of time invokes the function again with its cursor."""

import os

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.metrics.functions import is_metrics_disabled

from memstore.domain.errors import InvalidRequest
from memstore.wiring import container

logger = Logger()
metrics = Metrics(namespace=os.environ.get("POWERTOOLS_METRICS_NAMESPACE") or "Memstore")

SAFETY_SECONDS = 30.0
"""Stop this long before the function's timeout: one page of work and the hand-over fit in it."""
MAX_CHAIN = 200
"""Slices one pass may take (a loop that never finishes stops here, with an error in the log)."""


def parse(event: object) -> tuple[str | None, int]:
    event = event if isinstance(event, dict) else {}
    cursor, chain = event.get("cursor"), event.get("chain", 0)
    if cursor is not None and not isinstance(cursor, str):
        raise InvalidRequest("cursor must be a string", "cursor")
    if not isinstance(chain, int) or isinstance(chain, bool) or chain < 0:
        raise InvalidRequest("chain must be a non-negative integer", "chain")
    return cursor, chain


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


@logger.inject_lambda_context(log_event=False, clear_state=True)
@metrics.log_metrics
def lambda_handler(event: dict, context) -> dict:
    cursor, chain = parse(event)
    if cursor is None:
        finished = container().erasure.resume_pending()
        if finished and not is_metrics_disabled():
            metrics.add_metric(name="LifecycleDeletionsFinished", unit=MetricUnit.Count, value=finished)
    result = container().lifecycle.run(
        cursor, lambda: context.get_remaining_time_in_millis() / 1000 - SAFETY_SECONDS
    )
    answer = result.public()
    if not is_metrics_disabled():
        for name, value in answer["counts"].items():
            metrics.add_metric(name=f"Lifecycle{_camel(name)}", unit=MetricUnit.Count, value=value)
    if result.cursor is not None:
        continuation = container().pass_continuation(context.invoked_function_arn)
        if continuation is not None and chain + 1 < MAX_CHAIN:
            continuation.continue_pass(result.cursor, chain + 1)
        elif continuation is not None:
            logger.error("lifecycle pass stopped: too many slices", extra={"chain": chain})
    logger.info(
        "lifecycle slice", extra={"counts": answer["counts"], "complete": answer["complete"], "chain": chain}
    )
    return answer
