"""`Idempotency-Key` on the creating POSTs, with Powertools' idempotency utility and a DynamoDB
persistence table (template.yaml's IdempotencyTable, named by IDEMPOTENCY_TABLE_NAME).

A key is scoped to the caller (authenticated principal and the user it acts for) and the route
with its path parameters; the record holds a SHA-256 of that scope with the key, a SHA-256 of
the request body and the first successful response, for VALIDITY_SECONDS. A retry with the same
key and body gets that response again (marked `Idempotent-Replayed: true`); the same key with
another body is refused (422); a retry while the first request still runs gets 409. Failed
requests leave no record: a retry runs again.

Powertools' idempotency module pulls in boto3; it is imported, and the persistence layer's client
built, on the first request that carries the header, so requests without one pay nothing."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import time
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response

from memstore.domain.access import Caller
from memstore.domain.errors import (
    DependencyUnavailable,
    IdempotencyKeyInUse,
    IdempotencyKeyReused,
    InvalidRequest,
    MemstoreError,
)

HEADER = "idempotency-key"
PARAM = "Idempotency-Key"
MAX_KEY_CHARS = 255
VALIDITY_SECONDS = 24 * 60 * 60
TABLE_ENV = "IDEMPOTENCY_TABLE_NAME"
REPLAYED_HEADER = "Idempotent-Replayed"
TRACKING_SLACK_SECONDS = 3600
"""A tracking row outlives its record by this much (Powertools stamps the record after the
request ran)."""
_RECORD_PREFIX = "memstore"
"""Records are `memstore#<sha256>`: the route is inside the hash, not the Lambda's name."""

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from memstore.services.erasure import ErasureService
    from memstore.settings import Settings


class Services(Protocol):
    """What the guard needs of the function's composition root (memstore.wiring.Container): the
    settings its persistence client follows, and the erasure service that tracks each kept
    answer so that deleting its scope or store deletes it too."""

    @property
    def settings(self) -> Settings: ...

    @property
    def erasure(self) -> ErasureService: ...


class Idempotency:
    """The Idempotency-Key guard of one function, configured once per container: handlers make it
    at import, when the environment is their own (`memstore local` runs every function in one
    process and switches os.environ per invocation, so reading it per request could see another
    function's)."""

    def __init__(self, table: str | None, services: Callable[[], Services]):
        self.table = table
        self._services = services

    @classmethod
    def from_env(cls, services: Callable[[], Services]) -> Idempotency:
        """`services` is the handler's `memstore.wiring.container`, asked per request."""
        return cls(os.environ.get(TABLE_ENV) or None, services)

    def __call__(
        self, app: APIGatewayHttpResolver, caller: Caller, respond: Callable[[], Response]
    ) -> Response:
        """`respond()` once per Idempotency-Key: its answer is replayed for a retry of the same
        request. Without the header, or without a persistence table, `respond()` simply runs."""
        event = app.current_event.raw_event
        key = idempotency_key(event.get("headers") or {})
        if key is None:
            return respond()
        if not self.table:
            log.warning("Idempotency-Key ignored: %s was not set when the handler loaded", TABLE_ENV)
            return respond()
        scope = [*_principal(event), caller.user_id, *_route(event), key]
        services = self._services()
        _track(services, event, caller, app.current_event.json_body, scope)
        answer = _remembered(
            services,
            self.table,
            {"scope": scope, "body": app.current_event.json_body},
            respond,
            app.lambda_context,
        )
        headers = {REPLAYED_HEADER: "true"} if answer.get("replayed") else None
        return Response(answer["status"], "application/json", answer["body"], headers=headers)


def record_id(key_scope: list[Any]) -> str:
    """The id Powertools gives the record (its key prefix and a SHA-256 of the scoped key)."""
    return f"{_RECORD_PREFIX}#{hashlib.sha256(json.dumps(key_scope, sort_keys=True).encode()).hexdigest()}"


def _track(
    services: Services, event: dict[str, Any], caller: Caller, body: Any, key_scope: list[Any]
) -> None:
    """Before the request runs, notes which store (and scope) its kept answer will be about, so
    that deleting the scope or the store deletes the answer too."""
    body = body if isinstance(body, dict) else {}
    store = (event.get("pathParameters") or {}).get("name") or body.get("name")
    if not isinstance(store, str):
        return
    raw_scope = body.get("scope")
    try:
        scope = caller.resolve(raw_scope) if isinstance(raw_scope, str) else None
    except MemstoreError:
        return
    expires_at = int(time.time()) + VALIDITY_SECONDS + TRACKING_SLACK_SECONDS
    services.erasure.track_idempotency(store, scope, record_id(key_scope), expires_at)


def idempotency_key(headers: dict[str, Any]) -> str | None:
    """The header's value: 1..255 visible ASCII characters, sent once (API Gateway joins repeated
    values with commas, so a comma is refused). Never echoed."""
    values = [v for k, v in headers.items() if isinstance(k, str) and k.lower() == HEADER]
    if not values:
        return None
    if len(values) > 1 or not isinstance(values[0], str) or "," in values[0]:
        raise InvalidRequest(f"{PARAM} must be sent once and hold no comma", PARAM)
    value = values[0].strip(" ")
    if not 1 <= len(value) <= MAX_KEY_CHARS:
        raise InvalidRequest(f"{PARAM} must be 1..{MAX_KEY_CHARS} characters", PARAM)
    if not all("!" <= ch <= "~" for ch in value):
        raise InvalidRequest(f"{PARAM} must hold visible ASCII characters only", PARAM)
    return value


def _principal(event: dict[str, Any]) -> tuple[str | None, ...]:
    """Who authenticated: the JWT issuer and subject, or the SigV4 principal (None for both in
    AUTH_MODE NONE, where the caller is whoever x-memory-user-id names)."""
    authorizer = (event.get("requestContext") or {}).get("authorizer") or {}
    claims = (authorizer.get("jwt") or {}).get("claims") or {}
    if claims.get("sub"):
        return ("jwt", str(claims.get("iss")), str(claims["sub"]))
    iam = authorizer.get("iam") or {}
    return ("iam", iam.get("userArn"), iam.get("callerId"))


def _route(event: dict[str, Any]) -> tuple[str, ...]:
    context = event.get("requestContext") or {}
    method = (context.get("http") or {}).get("method") or ""
    route = event.get("routeKey") or context.get("routeKey") or f"{method} {event.get('rawPath') or ''}"
    params = event.get("pathParameters") or {}
    return (route, *(f"{name}={params[name]}" for name in sorted(params)))


def _remembered(
    services: Services, table: str, request: dict[str, Any], respond: Callable[[], Response], context: Any
) -> dict:
    from aws_lambda_powertools.utilities.idempotency import IdempotencyConfig, idempotent_function
    from aws_lambda_powertools.utilities.idempotency.exceptions import (
        IdempotencyAlreadyInProgressError,
        IdempotencyPersistenceLayerError,
        IdempotencyValidationError,
    )

    config = IdempotencyConfig(
        event_key_jmespath="scope",
        payload_validation_jmespath="body",
        expires_after_seconds=VALIDITY_SECONDS,
        hash_function="sha256",
        lambda_context=context,
        response_hook=_mark_replayed,
    )
    settings = services.settings
    run = idempotent_function(
        _first_answer,
        data_keyword_argument="request",
        persistence_store=_persistence(table, settings.region, settings.dynamodb_endpoint),
        config=config,
        key_prefix=_RECORD_PREFIX,
    )
    try:
        return run(request=request, respond=respond)
    except IdempotencyValidationError:
        raise IdempotencyKeyReused(f"{PARAM} was already used with a different request body", PARAM) from None
    except IdempotencyAlreadyInProgressError:
        raise IdempotencyKeyInUse(
            f"a request with this {PARAM} is still in progress; retry later", PARAM
        ) from None
    except IdempotencyPersistenceLayerError:
        raise DependencyUnavailable("the idempotency store is unavailable; retry later") from None


def _first_answer(request: dict[str, Any], respond: Callable[[], Response]) -> dict[str, Any]:
    response = respond()
    return {"status": response.status_code, "body": response.body}


def _mark_replayed(answer: dict[str, Any], _record: Any) -> dict[str, Any]:
    return {**answer, "replayed": True}


@lru_cache(maxsize=4)
def _persistence(table: str, region: str, endpoint: str | None) -> Any:
    """One client per container, like the repository's: built once, reused by warm invocations."""
    import boto3
    from aws_lambda_powertools.utilities.idempotency import DynamoDBPersistenceLayer

    client = boto3.session.Session().client("dynamodb", region_name=region, endpoint_url=endpoint)
    return DynamoDBPersistenceLayer(table_name=table, boto3_client=client)
