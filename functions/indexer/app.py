"""DynamoDB Streams → OpenSearch: keeps the k-NN index in step with the table's memory rows
(deployed only with VECTOR_BACKEND=opensearch). Returns partial batch failures."""

from aws_lambda_powertools import Logger

from memstore.wiring import container

logger = Logger()


@logger.inject_lambda_context(log_event=False, clear_state=True)
def lambda_handler(event: dict, context) -> dict:
    service = container().indexing()
    records = event.get("Records") or []
    result = service.process(records)
    logger.info(
        "stream batch indexed",
        extra={
            "records": len(records),
            **{action.value: n for action, n in result.counts.items()},
            "ttl_deletions": result.ttl_deletions,
            "failed": len(result.failed),
        },
    )
    return result.response()
