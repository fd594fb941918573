"""Who is calling, from the API Gateway v2 request context."""

from __future__ import annotations

from typing import Any

from memstore.domain.access import Caller
from memstore.domain.errors import InvalidRequest, Unauthorized

USER_HEADER = "x-memory-user-id"
MAX_USER_HEADER_CHARS = 256


def caller_from_event(event: dict[str, Any], auth_mode: str) -> Caller:
    """JWT callers are end users bound to their `sub`; IAM callers and local callers are
    trusted backends whose `x-memory-user-id` header names the user they act for."""
    context = event.get("requestContext") or {}
    authorizer = context.get("authorizer") or {}
    claims = (authorizer.get("jwt") or {}).get("claims") or {}
    if claims.get("sub"):
        return Caller(user_id=str(claims["sub"]), bound=True)
    if auth_mode == "JWT":
        raise Unauthorized("a valid bearer token is required")
    header = user_header(event.get("headers") or {})
    iam = authorizer.get("iam") or {}
    principal = iam.get("userArn") or iam.get("callerId")
    if auth_mode == "IAM" and not principal:
        raise Unauthorized("the request must be signed (SigV4)")
    return Caller(user_id=header or principal or None, bound=False)


def user_header(headers: dict[str, Any]) -> str | None:
    """The scope `x-memory-user-id` names, held to the rules of a body scope (1..256 printable
    characters) and to a single value: API Gateway joins a repeated header's values with commas,
    so a comma means the header came more than once and is refused."""
    values = [v for k, v in headers.items() if isinstance(k, str) and k.lower() == USER_HEADER]
    if not values:
        return None
    if len(values) > 1 or not isinstance(values[0], str):
        raise InvalidRequest(f"{USER_HEADER} must be sent once", USER_HEADER)
    value = values[0].strip(" ")
    if "," in value:
        raise InvalidRequest(f"{USER_HEADER} must be sent once and hold no comma", USER_HEADER)
    if not 1 <= len(value) <= MAX_USER_HEADER_CHARS:
        raise InvalidRequest(f"{USER_HEADER} must be 1..{MAX_USER_HEADER_CHARS} characters", USER_HEADER)
    if not value.isprintable():
        raise InvalidRequest(f"{USER_HEADER} must contain printable characters only", USER_HEADER)
    return value
