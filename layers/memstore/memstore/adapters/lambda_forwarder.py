"""Forwarder over Lambda Invoke (RequestResponse): the target function answers the rewritten
event as if API Gateway had sent it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from memstore.domain.errors import DependencyUnavailable, NotFound

CRASHED = {
    "statusCode": 500,
    "headers": {"Content-Type": "application/json"},
    "body": json.dumps({"error": {"code": "internal_error", "message": "internal error", "param": None}}),
}
"""What API Gateway's caller gets when the target function itself failed (its error is in its
own logs)."""


def parse_functions(text: str) -> dict[str, str]:
    """`FORWARD_FUNCTIONS`: `action=function-name` pairs separated by commas."""
    pairs = (part.split("=", 1) for part in text.split(",") if "=" in part)
    return {action.strip(): name.strip() for action, name in pairs if action.strip() and name.strip()}


class LambdaForwarder:
    def __init__(self, functions: Mapping[str, str], region: str, client: Any = None):
        self._functions = dict(functions)
        self._region = region
        self._client = client

    def _lambda(self) -> Any:
        if self._client is None:
            import boto3
            from botocore.config import Config

            # One attempt: a retried invocation after a lost answer would run the action twice
            # (an update's remember/forget commands). A refusal is answered 503 and the caller
            # retries, as after any 503. The wait outlasts API Gateway's 30 s integration limit.
            config = Config(retries={"mode": "standard", "total_max_attempts": 1}, read_timeout=31)
            self._client = boto3.client("lambda", region_name=self._region, config=config)
        return self._client

    def forward(self, action: str, event: dict[str, Any]) -> dict[str, Any]:
        function = self._functions.get(action)
        if not function:
            raise NotFound("no such route", None)
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            answer = self._lambda().invoke(
                FunctionName=function,
                InvocationType="RequestResponse",
                Payload=json.dumps(event).encode("utf-8"),
            )
        except (ClientError, BotoCoreError) as error:
            raise DependencyUnavailable("the function serving this action is unavailable") from error
        if answer.get("FunctionError"):
            return CRASHED
        return json.loads(answer["Payload"].read())
