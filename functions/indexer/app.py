"""DynamoDB Streams → OpenSearch: keeps the k-NN index in step with the table's memory rows
(deployed only with VECTOR_BACKEND=opensearch). Returns partial batch failures."""

from aws_lambda_powertools import Logger

from memstore.wiring import container

logger = Logger()


def _embedders(c):
    """Store name → the store's embedder, one store read per store and invocation."""
    cache: dict = {}

    def embedder_for_store(name: str):
        if name not in cache:
            store = c.repository.get_store(name)
            model = None if store is None else store.definition.embedding_model or c.settings.default_embedding_model
            cache[name] = None if model is None else c.embedder_for(model)
        return cache[name]

    return embedder_for_store


@logger.inject_lambda_context(log_event=False, clear_state=True)
def lambda_handler(event: dict, context) -> dict:
    from memstore.adapters.dynamodb_repository import stream_image_decoder
    from memstore.services.indexing import IndexingService

    c = container()
    service = IndexingService(c.vector_index, _embedders(c), stream_image_decoder(c.settings.table_name, c.settings.region), c.clock)
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
