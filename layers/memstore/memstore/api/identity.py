"""Who is calling, from the API Gateway v2 request context."""

from __future__ import annotations

from typing import Any

from memstore.domain.access import Caller
from memstore.domain.errors import Unauthorized

USER_HEADER = "x-memory-user-id"


def caller_from_event(event: dict[str, Any], auth_mode: str) -> Caller:
    """JWT callers are end users bound to their `sub`; IAM callers and local callers are
    trusted backends whose `x-memory-user-id` header names the user they act for."""
    context = event.get("requestContext") or {}
    authorizer = context.get("authorizer") or {}
    headers = {k.lower(): v for k, v in (event.get("headers") or {}).items()}
    claims = (authorizer.get("jwt") or {}).get("claims") or {}
    if claims.get("sub"):
        return Caller(user_id=str(claims["sub"]), bound=True)
    if auth_mode == "JWT":
        raise Unauthorized("a valid bearer token is required")
    header = (headers.get(USER_HEADER) or "").strip()
    iam = authorizer.get("iam") or {}
    principal = iam.get("userArn") or iam.get("callerId")
    if auth_mode == "IAM" and not principal:
        raise Unauthorized("the request must be signed (SigV4)")
    return Caller(user_id=header or principal or None, bound=False)
