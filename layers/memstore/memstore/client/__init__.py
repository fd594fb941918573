"""The memstore Python client (caller side; not part of the Lambda layer).

    from memstore.client import MemoryStoreClient
    client = MemoryStoreClient("http://127.0.0.1:3000")
    client.create_memory("my_store", scope="user_123", content="Prefers dark roast coffee.")

See docs/sdk.md."""

from memstore.client.aio import AsyncMemoryStoreClient, AsyncPaged, AsyncUpdatePoller
from memstore.client.auth import BearerAuth, NoAuth, SigV4Auth
from memstore.client.client import MemoryStoreClient, message
from memstore.client.errors import (
    APIConnectionError,
    APIError,
    ConflictError,
    DependencyUnavailableError,
    ForbiddenError,
    IdempotencyKeyInUseError,
    IdempotencyKeyReusedError,
    InternalServerError,
    InvalidRequestError,
    MemstoreClientError,
    MethodNotAllowedError,
    NotFoundError,
    PayloadTooLargeError,
    RateLimitedError,
    UnauthorizedError,
    UpdateFailedError,
)
from memstore.client.models import (
    Deletion,
    MemoryCommand,
    MemoryItem,
    MemoryItemDeleted,
    MemoryOperation,
    MemorySearchItem,
    MemoryStore,
    MemoryStoreDeleted,
    MemoryUpdate,
    ScopeDeleted,
    SearchResult,
    UpdateResult,
)
from memstore.client.paging import Paged
from memstore.client.poller import UpdatePoller
from memstore.client.transport import RetryPolicy

__all__ = [
    "APIConnectionError",
    "APIError",
    "AsyncMemoryStoreClient",
    "AsyncPaged",
    "AsyncUpdatePoller",
    "BearerAuth",
    "ConflictError",
    "Deletion",
    "DependencyUnavailableError",
    "ForbiddenError",
    "IdempotencyKeyInUseError",
    "IdempotencyKeyReusedError",
    "InternalServerError",
    "InvalidRequestError",
    "MemoryCommand",
    "MemoryItem",
    "MemoryItemDeleted",
    "MemoryOperation",
    "MemorySearchItem",
    "MemoryStore",
    "MemoryStoreClient",
    "MemoryStoreDeleted",
    "MemoryUpdate",
    "MemstoreClientError",
    "MethodNotAllowedError",
    "NoAuth",
    "NotFoundError",
    "Paged",
    "PayloadTooLargeError",
    "RateLimitedError",
    "RetryPolicy",
    "ScopeDeleted",
    "SearchResult",
    "SigV4Auth",
    "UnauthorizedError",
    "UpdateFailedError",
    "UpdatePoller",
    "UpdateResult",
    "message",
]
