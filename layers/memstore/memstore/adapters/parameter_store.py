"""A secret kept in SSM Parameter Store as a SecureString, read on first use and kept for the
container's life: a deployed function's environment holds the parameter's name, never the secret.
The template grants each function `ssm:GetParameter` on that one parameter only."""

from __future__ import annotations

import threading
from typing import Any

from memstore.adapters.backoff import aws_config
from memstore.domain.errors import ConfigurationError, DependencyUnavailable

_MISCONFIGURED = {
    "ParameterNotFound",
    "ParameterVersionNotFound",
    "AccessDeniedException",
    "ValidationException",
}
"""Answers a retry cannot change: the deployment names a parameter it cannot read."""


class ParameterStoreSecret:
    def __init__(self, name: str, *, region: str, client: Any = None):
        self._name = name
        self._region = region
        self._client = client
        self._value: str | None = None
        self._lock = threading.Lock()

    def __call__(self) -> str:
        with self._lock:
            if self._value is None:
                self._value = self._read()
            return self._value

    def _read(self) -> str:
        from botocore.exceptions import BotoCoreError, ClientError

        client = self._client
        if client is None:
            import boto3

            client = boto3.client(
                "ssm", region_name=self._region, config=aws_config(connect_timeout=2, read_timeout=5)
            )
        try:
            return client.get_parameter(Name=self._name, WithDecryption=True)["Parameter"]["Value"]
        except ClientError as e:
            code = e.response.get("Error", {}).get("Code", "")
            if code in _MISCONFIGURED:
                raise ConfigurationError(f"the secret's parameter cannot be read ({code})") from None
            raise DependencyUnavailable(f"Parameter Store call failed ({code})") from e
        except BotoCoreError as e:
            raise DependencyUnavailable(f"Parameter Store call failed ({type(e).__name__})") from e
