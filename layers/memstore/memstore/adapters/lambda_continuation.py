"""PassContinuation on Lambda: the lifecycle function invokes itself asynchronously with the
cursor (the template grants it lambda:InvokeFunction on its own ARN only)."""

from __future__ import annotations

import json
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from memstore.adapters.backoff import aws_config
from memstore.domain.errors import DependencyUnavailable


class LambdaContinuation:
    def __init__(self, function_arn: str, client: Any = None, region: str | None = None):
        self._arn = function_arn
        self._client = client
        self._region = region

    def _lambda(self) -> Any:
        if self._client is None:
            import boto3

            self._client = boto3.client(
                "lambda", region_name=self._region, config=aws_config(connect_timeout=2, read_timeout=5)
            )
        return self._client

    def continue_pass(self, cursor: str, chain: int) -> None:
        try:
            self._lambda().invoke(
                FunctionName=self._arn,
                InvocationType="Event",
                Payload=json.dumps({"cursor": cursor, "chain": chain}).encode("utf-8"),
            )
        except (ClientError, BotoCoreError) as e:
            raise DependencyUnavailable("the lifecycle function could not be invoked") from e
