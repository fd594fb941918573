"""How a request proves who sends it: nothing (memstore local), a bearer token (the JWT mode),
or an AWS SigV4 signature made by botocore (the IAM mode)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any, Protocol


class Auth(Protocol):
    def headers(self, method: str, url: str, headers: Mapping[str, str], body: bytes) -> dict[str, str]:
        """The headers to send: `headers` plus whatever proves the caller."""


class NoAuth:
    def headers(self, method: str, url: str, headers: Mapping[str, str], body: bytes) -> dict[str, str]:
        return dict(headers)


class BearerAuth:
    """`Authorization: Bearer <token>`; `token` may be a callable returning a fresh token."""

    def __init__(self, token: str | Callable[[], str]):
        self._token = token

    def headers(self, method: str, url: str, headers: Mapping[str, str], body: bytes) -> dict[str, str]:
        token = self._token() if callable(self._token) else self._token
        return {**headers, "Authorization": f"Bearer {token}"}


class SigV4Auth:
    """Signs each request for API Gateway (`execute-api`) with botocore's SigV4 signer. Without
    `credentials`, botocore's default chain finds them (environment, profile, instance role);
    they are read again for every request, so refreshed role credentials are used."""

    def __init__(
        self,
        region: str | None = None,
        *,
        credentials: Any = None,
        service: str = "execute-api",
        session: Any = None,
    ):
        import botocore.session

        self._session = session or botocore.session.get_session()
        self._region = region or os.environ.get("AWS_REGION") or self._session.get_config_variable("region")
        if not self._region:
            raise ValueError("SigV4Auth needs a region (argument, AWS_REGION or a profile's region)")
        self._credentials = credentials
        self._service = service

    def headers(self, method: str, url: str, headers: Mapping[str, str], body: bytes) -> dict[str, str]:
        from botocore.auth import SigV4Auth as Signer
        from botocore.awsrequest import AWSRequest

        credentials = self._credentials or self._session.get_credentials()
        if credentials is None:
            raise ValueError("no AWS credentials found for SigV4Auth")
        request = AWSRequest(method=method, url=url, data=body, headers=dict(headers))
        Signer(credentials, self._service, self._region).add_auth(request)
        return dict(request.headers.items())
