"""Query parameters are text, and an integer one is written in decimal digits only: pydantic
would read `limit=5.0`, `limit=+5`, `limit= 5` and `limit=5_0` as numbers."""

from __future__ import annotations

import re
import types
from typing import Any, Union, get_args, get_origin

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.middlewares import NextMiddleware

from memstore.domain.errors import InvalidRequest

_DIGITS = re.compile(r"[0-9]+")


def strict_integers(app: APIGatewayHttpResolver, next_middleware: NextMiddleware) -> Response:
    """Runs after Powertools' validation (which reads the route's signature): refuses an integer
    query parameter that validation let through only by coercion."""
    route = app.context.get("_route")
    sent = app.current_event.query_string_parameters or {}
    for field in route.dependant.query_params if route is not None else ():
        value = sent.get(field.alias)
        if value is not None and _is_integer(field.type_) and not _DIGITS.fullmatch(value):
            raise InvalidRequest(f"{field.alias}: must be a whole number written in digits", field.alias)
    return next_middleware(app)


def _is_integer(annotation: Any) -> bool:
    if annotation is int:
        return True
    if get_origin(annotation) in (Union, types.UnionType):
        return any(arg is int for arg in get_args(annotation))
    return False
