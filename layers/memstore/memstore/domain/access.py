"""Who may touch which scope. A JWT caller is bound to its own scope; IAM callers are trusted
backends acting for any user; `{{$userId}}` resolves to the caller's user id."""

from __future__ import annotations

from pydantic import BaseModel

from memstore.domain.errors import Forbidden, InvalidRequest
from memstore.domain.requests import USER_ID_PLACEHOLDER


class Caller(BaseModel):
    user_id: str | None = None
    """What `{{$userId}}` means for this request (header, JWT sub or IAM principal)."""
    bound: bool = False
    """True for end users (JWT): their own scope is the only one that exists for them."""

    def resolve(self, scope: str, param: str = "scope") -> str:
        """The concrete scope a request names; Forbidden when a bound caller names another."""
        if scope == USER_ID_PLACEHOLDER:
            if not self.user_id:
                raise InvalidRequest(
                    "scope '{{$userId}}' needs the x-memory-user-id header or an authenticated caller",
                    param,
                )
            return self.user_id
        if not self.can_see(scope):
            raise Forbidden("this caller may only use its own scope", param)
        return scope

    def ensure_can_manage_stores(self) -> None:
        """Creating, changing and deleting stores is for the deployment's backends (IAM callers):
        deleting a store deletes every user's memories, so an end user (JWT) may not."""
        if self.bound:
            raise Forbidden("end users may use their own scope, not create, change or delete memory stores")

    def can_see(self, scope: str) -> bool:
        return not self.bound or scope == self.user_id
