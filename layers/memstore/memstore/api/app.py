"""Resolver factory and Lambda entry point shared by every HTTP function."""

from __future__ import annotations

import json
import os
import traceback
from collections.abc import Callable
from typing import Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.exceptions import NotFoundError
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.metrics.functions import is_metrics_disabled

from memstore.api import errors, foundry
from memstore.api.body import body_text, parse_object
from memstore.api.identity import caller_from_event
from memstore.api.query import strict_integers
from memstore.domain.access import Caller
from memstore.domain.errors import MemstoreError
from memstore.ports.forwarder import Forwarder

logger = Logger()
metrics = Metrics(namespace=os.environ.get("POWERTOOLS_METRICS_NAMESPACE") or "Memstore")


def _xray_sdk_tracer():
    """Powertools' Tracer loads the X-Ray SDK, which builds a botocore client at import: about a
    third of a second of cold start, even when tracing is disabled. Lambda's active tracing
    already records every invocation; the SDK (subsegments per AWS call) is opt-in through
    POWERTOOLS_TRACE_DISABLED=false (template parameter XRaySdkTracing)."""
    if os.environ.get("POWERTOOLS_TRACE_DISABLED", "true").lower() != "false":
        return None
    from aws_lambda_powertools import Tracer

    return Tracer()


DEFAULT_MAX_BODY_BYTES = 64 * 1024
"""Item and store bodies are small (content is at most 8 KB); update_memories raises its own."""


def build_resolver() -> APIGatewayHttpResolver:
    app = APIGatewayHttpResolver(enable_validation=True)
    app.use(middlewares=[strict_integers])

    @app.exception_handler(MemstoreError)
    def _domain(error: MemstoreError) -> Response:
        if error.status >= 500:
            logger.warning("request failed", extra={"code": error.code, "error_type": type(error).__name__})
        return errors.from_domain(error)

    @app.exception_handler(RequestValidationError)
    def _validation(error: RequestValidationError) -> Response:
        return errors.from_validation(error)

    @app.not_found
    def _no_route(_: NotFoundError) -> Response:
        return errors.error_response(404, "not_found", "no such route")

    @app.exception_handler(Exception)
    def _unexpected(error: Exception) -> Response:
        """Logs where it failed, not the exception's text: messages (pydantic's, boto's) can
        quote the input, which is personal data."""
        frames = traceback.extract_tb(error.__traceback__)
        where = [f"{f.filename.rsplit('/', 2)[-1]}:{f.lineno}:{f.name}" for f in frames[-5:]]
        logger.error("unexpected error", extra={"error_type": type(error).__name__, "where": where})
        return errors.error_response(500, "internal_error", "internal error")

    return app


def _error(status: int, code: str, message: str, param: str | None = None) -> dict:
    return {
        "statusCode": status,
        "headers": {"Content-Type": "application/json"},
        "body": json.dumps(errors.error_body(code, message, param)),
    }


def _checked_body(event: dict) -> dict | None:
    """The event with its body as checked UTF-8 JSON text (Powertools parses it again), or None
    when there is no body. Powertools' validation would unwrap a one-element JSON array into its
    element: only an object passes."""
    body = event.get("body")
    if not body:
        return None
    text = body_text(body, bool(event.get("isBase64Encoded")))
    parse_object(text)
    headers = {**(event.get("headers") or {}), "content-type": "application/json"}
    return {**event, "body": text, "isBase64Encoded": False, "headers": headers}


def json_response(status: int, payload: Any) -> Response:
    return Response(status, "application/json", json.dumps(payload))


def current_caller(app: APIGatewayHttpResolver, auth_mode: str) -> Caller:
    return caller_from_event(app.current_event.raw_event, auth_mode)


def entrypoint(
    app: APIGatewayHttpResolver,
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
    raw_body: bool = False,
    forwarder: Callable[[], Forwarder] | None = None,
) -> Callable[[dict, Any], dict]:
    """The Lambda handler: body-size guard, then the resolver, with logging, tracing and metrics.
    Every body is JSON whatever Content-Type the client sent (curl -d says form-urlencoded).
    The event is never logged: it holds memory content and scopes. With `raw_body` the body is
    not read as one JSON object: the routes read it themselves (an import's JSON Lines).
    Foundry's forms are read first (memstore.api.foundry): `api-version` is dropped, and a colon
    action is handed to `forwarder` (given to the function that receives them)."""

    @logger.inject_lambda_context(log_event=False, clear_state=True)
    @metrics.log_metrics(capture_cold_start_metric=not is_metrics_disabled())
    def handler(event: dict, context: Any) -> dict:
        if not is_metrics_disabled():
            metrics.add_metric(name="Requests", unit=MetricUnit.Count, value=1)
        event = foundry.without_api_version(event)
        action = foundry.colon_action(event) if forwarder is not None else None
        if action is not None:
            if action[0] not in foundry.COLON_ACTIONS:
                return _error(404, "not_found", "no such route")
            try:
                return forwarder().forward(*action)
            except MemstoreError as error:
                answer = _error(error.status, error.code, error.message, error.param)
                if error.retry_after:
                    answer["headers"]["Retry-After"] = str(error.retry_after)
                return answer
        body = event.get("body") or ""
        if len(body.encode("utf-8", "surrogatepass")) > max_body_bytes * (
            4 / 3 if event.get("isBase64Encoded") else 1
        ):
            return _error(413, "payload_too_large", f"the request body exceeds {max_body_bytes} bytes")
        if raw_body:
            return app.resolve(event, context)
        try:
            checked = _checked_body(event)
        except MemstoreError as error:
            return _error(error.status, error.code, error.message, error.param)
        return app.resolve(checked or event, context)

    tracer = _xray_sdk_tracer()
    return tracer.capture_lambda_handler(handler, capture_response=False) if tracer else handler
