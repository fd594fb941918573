"""Deletes kept Idempotency-Key answers from the idempotency table (Powertools' persistence
layer keys each record by `id`)."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from memstore.adapters.backoff import aws_config
from memstore.domain.errors import DependencyUnavailable


class DynamoDBIdempotencyRecords:
    def __init__(self, table_name: str, region: str = "us-east-1", host: str | None = None):
        self._table, self._region, self._host = table_name, region, host

    @cached_property
    def _client(self) -> Any:
        import boto3

        return boto3.session.Session().client(
            "dynamodb",
            region_name=self._region,
            endpoint_url=self._host,
            config=aws_config(connect_timeout=2, read_timeout=5),
        )

    def delete(self, record_ids: list[str]) -> None:
        """One DeleteItem per record (the functions may delete idempotency records, nothing more)."""
        from botocore.exceptions import BotoCoreError, ClientError

        for record_id in record_ids:
            try:
                self._client.delete_item(TableName=self._table, Key={"id": {"S": record_id}})
            except (BotoCoreError, ClientError) as e:
                raise DependencyUnavailable("the idempotency store is unavailable; retry later") from e
