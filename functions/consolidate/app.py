"""One step of the consolidation state machine: process a due update, or mark it failed."""

from aws_lambda_powertools import Logger

from memstore.ports.scheduler import ConsolidationJob
from memstore.wiring import container

logger = Logger()


@logger.inject_lambda_context(log_event=False, clear_state=True)
def lambda_handler(event: dict, context) -> dict:
    # per thread: `memstore local` runs two consolidations at once in one process
    logger.thread_safe_clear_keys()
    if event.get("action") == "fail":
        job = ConsolidationJob(
            store=event["store"], scope=event["scope"], update_id=event["update_id"], due_at=0, wait_until=""
        )
        logger.warning(
            "update failed",
            extra={"update_id": job.update_id, "error": (event.get("error") or {}).get("Error")},
        )
        return container().consolidation.fail(job, event.get("error") or {})
    job = ConsolidationJob.model_validate(event)
    logger.thread_safe_append_keys(update_id=job.update_id)
    answer = container().consolidation.run(job)
    logger.info("consolidation step", extra={"status": answer["status"]})
    return answer
