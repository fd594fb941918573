"""The AWS side of orchestration: Step Functions executions for the Scheduler port and
EventBridge for the EventPublisher port."""

from __future__ import annotations

import json
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from memstore.adapters.backoff import aws_config
from memstore.domain.errors import DependencyUnavailable
from memstore.ports.scheduler import ConsolidationJob


class StepFunctionsScheduler:
    """One execution per update, named after the update id: a retried submission that schedules
    the same update again is refused by Step Functions instead of running it twice."""

    def __init__(self, state_machine_arn: str, client: Any = None, region: str | None = None):
        self._arn = state_machine_arn
        self._client = client
        self._region = region

    def _sfn(self) -> Any:
        if self._client is None:
            import boto3

            self._client = boto3.client(
                "stepfunctions",
                region_name=self._region,
                config=aws_config(connect_timeout=2, read_timeout=5),
            )
        return self._client

    def schedule(self, job: ConsolidationJob) -> None:
        """botocore retries throttling and 5xx (standard mode); what still fails is
        DependencyUnavailable, raised before the update is recorded (services/updates.py)."""
        try:
            self._sfn().start_execution(
                stateMachineArn=self._arn, name=job.execution_name, input=job.model_dump_json()
            )
        except ClientError as e:
            if e.response.get("Error", {}).get("Code") == "ExecutionAlreadyExists":
                return
            raise DependencyUnavailable("the scheduler is unavailable") from e
        except BotoCoreError as e:
            raise DependencyUnavailable("the scheduler is unavailable") from e


class EventBridgePublisher:
    SOURCE = "memstore"

    def __init__(self, bus_name: str, client: Any = None, region: str | None = None):
        self._bus = bus_name
        self._client = client
        self._region = region

    def _events(self) -> Any:
        if self._client is None:
            import boto3

            self._client = boto3.client(
                "events", region_name=self._region, config=aws_config(connect_timeout=2, read_timeout=5)
            )
        return self._client

    def publish(self, detail_type: str, detail: dict[str, Any]) -> None:
        """Best effort: a notification must not fail the consolidation that already happened."""
        try:
            self._events().put_events(
                Entries=[
                    {
                        "Source": self.SOURCE,
                        "DetailType": detail_type,
                        "Detail": json.dumps(detail),
                        "EventBusName": self._bus,
                    }
                ]
            )
        except (ClientError, BotoCoreError):
            from aws_lambda_powertools import Logger

            Logger().warning("event not published", extra={"detail_type": detail_type})


class LogPublisher:
    """Local stand-in for the bus: the event (ids and counts only) goes to the log."""

    def __init__(self) -> None:
        from aws_lambda_powertools import Logger

        self._logger = Logger()

    def publish(self, detail_type: str, detail: dict[str, Any]) -> None:
        self._logger.info("event", extra={"detail_type": detail_type, "detail": detail})
