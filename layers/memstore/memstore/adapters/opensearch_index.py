"""The OpenSearch vector backend (VECTOR_BACKEND=opensearch): a k-NN index fed from the table's stream.

One index holds every store's memories. A document carries the store and a hash of the scope
(the table's own `scope_hash`), never the raw scope, and every query filters on both, inside the
k-NN query (efficient filtering) and around the BM25 match, so no ranker can return another
scope's memory.

Choices, and why:
- Engine faiss, method hnsw: the only engine OpenSearch Serverless vector collections accept
  (Classic collections reject Lucene; nmslib cannot filter during the graph search), and faiss
  filters efficiently inside the k-NN query.
- Space `innerproduct` on unit vectors by default: equal to cosine for unit vectors, and valid on
  every faiss version (faiss `cosinesimil` arrived only in k-NN 2.19). `cosinesimil` can be chosen;
  both scores are turned back into cosine by `cosine_from_score`.
- One vector field per dimension (`embedding_384`, `embedding_1024`, ...): stores may use models
  of different sizes and a `knn_vector` field has one fixed dimension; a field is added to the
  mapping the first time a vector of a new size arrives.
- Document ids `<store>:<memory_id>` where the service accepts them (managed domains, NextGen
  Serverless collections). Classic Serverless vector collections assign ids themselves, so there
  (`custom_ids=False`) an upsert deletes the memory's earlier documents and adds a new one.
- No `refresh` on writes and no `_delete_by_query` (Serverless supports neither for vector
  collections): deletions find ids with a paged search and delete them with `_bulk`.
- Writes are eventually visible (Serverless refreshes every 10-60 s). Hits carry only ids and
  scores; the search service reads the items from the table, which is the source of truth.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from memstore.adapters import backoff
from memstore.domain.errors import DependencyUnavailable
from memstore.domain.ids import scope_hash
from memstore.domain.models import MemoryItem
from memstore.domain.topics import search_text
from memstore.ports.vector_index import Hit, QueryVector, resolve

if TYPE_CHECKING:
    import numpy as np

DEFAULT_INDEX = "memstore-memories"
PAGE_SIZE = 500
"""Documents per page when deleting a scope or a store (one search and one bulk request each)."""

_SPACES = ("innerproduct", "cosinesimil")


def _opensearch_errors() -> tuple[type[BaseException], ...]:
    """Every HTTP status and connection failure (opensearch-py's ConnectionError and its
    timeouts subclass TransportError)."""
    from opensearchpy.exceptions import TransportError

    return (TransportError,)


def _transient(error: Exception) -> bool:
    """Throttling (429), a server error (5xx) or no connection: worth another try."""
    from opensearchpy.exceptions import ConnectionError, TransportError

    if isinstance(error, ConnectionError):
        return True
    status = error.status_code if isinstance(error, TransportError) else None
    return isinstance(status, int) and (status == 429 or status >= 500)


def make_client(
    endpoint: str,
    service: str = "aoss",
    region: str = "us-east-1",
    *,
    timeout: float = 10.0,
    pool_maxsize: int = 10,
    max_retries: int = 0,
) -> Any:
    """An opensearch-py client that signs every request with SigV4 for `service` ("aoss" for
    Serverless, "es" for a managed domain) using the Lambda role's (boto3 session) credentials.

    `endpoint` may be a bare host or a URL, as CloudFormation's CollectionEndpoint is; https is
    the default and the only scheme AWS serves. The transport does not retry (it would retry at
    once, without a wait): `OpenSearchIndex` retries 429, 5xx and connection errors itself with
    jittered backoff (adapters/backoff.py)."""
    import boto3
    from opensearchpy import OpenSearch, RequestsAWSV4SignerAuth, RequestsHttpConnection

    parts = urlsplit(endpoint if "://" in endpoint else f"https://{endpoint}")
    secure = parts.scheme != "http"
    credentials = boto3.Session().get_credentials()
    if credentials is None:
        raise DependencyUnavailable("no AWS credentials to sign OpenSearch requests with")
    return OpenSearch(
        hosts=[{"host": parts.hostname, "port": parts.port or (443 if secure else 80)}],
        http_auth=RequestsAWSV4SignerAuth(credentials, region, service),
        use_ssl=secure,
        verify_certs=secure,
        connection_class=RequestsHttpConnection,
        pool_maxsize=pool_maxsize,
        timeout=timeout,
        max_retries=max_retries,
        retry_on_timeout=True,
    )


def cosine_from_score(score: float, space_type: str) -> float:
    """OpenSearch's k-NN score back to cosine similarity, per the k-NN plugin's documented
    translations: innerproduct (d = -x.y): score = 1/(1+d) if d >= 0 else 1-d; cosinesimil on
    faiss/nmslib (d = 1-cos): score = 1/(1+d). Clipped to [-1, 1] against float rounding."""
    if score <= 0:
        return -1.0
    if space_type == "innerproduct":
        cos = score - 1.0 if score >= 1.0 else 1.0 - 1.0 / score
    elif space_type == "cosinesimil":
        cos = 2.0 - 1.0 / score
    else:
        raise ValueError(f"unsupported space type {space_type!r}")
    return max(-1.0, min(1.0, cos))


def vector_field(dimensions: int) -> str:
    return f"embedding_{dimensions}"


class OpenSearchIndex:
    """VectorIndex on an OpenSearch index; see the module docstring for the request shapes."""

    def __init__(
        self,
        endpoint: str = "",
        service: str = "aoss",
        region: str = "us-east-1",
        index_name: str = DEFAULT_INDEX,
        dimensions: int | tuple[int, ...] = (),
        client: Any = None,
        *,
        space_type: str = "innerproduct",
        custom_ids: bool | None = None,
    ):
        if space_type not in _SPACES:
            raise ValueError(f"space_type must be one of {_SPACES}")
        self._endpoint = endpoint
        self._service = service
        self._region = region
        self.index_name = index_name
        self._initial_dims = (dimensions,) if isinstance(dimensions, int) else tuple(dimensions)
        self._client = client
        self.space_type = space_type
        self.custom_ids = (service != "aoss") if custom_ids is None else custom_ids
        self._fields: set[int] | None = None
        """Vector dimensions the index's mapping has; None until read (or created) once."""

    # ------------------------------------------------------------------ index and mapping
    @property
    def client(self) -> Any:
        if self._client is None:
            self._client = make_client(self._endpoint, self._service, self._region)
        return self._client

    def index_body(self, dimensions: tuple[int, ...]) -> dict[str, Any]:
        properties: dict[str, Any] = {
            "memory_id": {"type": "keyword"},
            "store": {"type": "keyword"},
            "scope_key": {"type": "keyword"},
            "kind": {"type": "keyword"},
            "content": {"type": "text", "analyzer": "english"},
            "importance": {"type": "float"},
            "created_at": {"type": "long"},
            "updated_at": {"type": "long"},
            "expires_at": {"type": "long"},
            "version": {"type": "long"},
            "doc_key": {"type": "keyword"},
        }
        for dim in dimensions:
            properties[vector_field(dim)] = self._vector_mapping(dim)
        return {"settings": {"index.knn": True}, "mappings": {"dynamic": "strict", "properties": properties}}

    def _vector_mapping(self, dimensions: int) -> dict[str, Any]:
        return {
            "type": "knn_vector",
            "dimension": dimensions,
            "method": {
                "name": "hnsw",
                "engine": "faiss",
                "space_type": self.space_type,
                "parameters": {"m": 16, "ef_construction": 128},
            },
        }

    def ensure_index(self) -> None:
        """Creates the index when missing (with the configured dimensions) and learns which vector
        fields it has. Called lazily by the first write or query of a container."""
        from opensearchpy.exceptions import NotFoundError, RequestError

        try:
            try:
                mapping = self._retrying(lambda: self.client.indices.get_mapping(index=self.index_name))
            except NotFoundError:
                mapping = None
            if mapping is None:
                try:
                    self._retrying(
                        lambda: self.client.indices.create(
                            index=self.index_name, body=self.index_body(self._initial_dims)
                        )
                    )
                    self._fields = set(self._initial_dims)
                    return
                except RequestError as e:
                    if e.error != "resource_already_exists_exception":
                        raise
                    mapping = self._retrying(lambda: self.client.indices.get_mapping(index=self.index_name))
            self._fields = _vector_dimensions(mapping)
        except _opensearch_errors() as e:
            raise DependencyUnavailable("the vector index is unavailable") from e

    def _known_fields(self) -> set[int]:
        if self._fields is None:
            self.ensure_index()
        assert self._fields is not None
        return self._fields

    def _ensure_field(self, dimensions: int) -> None:
        if dimensions in self._known_fields():
            return
        body = {"properties": {vector_field(dimensions): self._vector_mapping(dimensions)}}
        self._call(lambda: self.client.indices.put_mapping(index=self.index_name, body=body))
        self._known_fields().add(dimensions)

    # ------------------------------------------------------------------ writes
    def document(self, item: MemoryItem, vector: np.ndarray | None) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "memory_id": item.memory_id,
            "store": item.store,
            "scope_key": scope_hash(item.scope),
            "kind": item.kind.value,
            "content": search_text(item.content, item.topic, item.kind),
            "importance": float(item.importance),
            "created_at": int(item.created_at),
            "updated_at": int(item.updated_at),
            "version": int(item.version),
            "doc_key": uuid.uuid4().hex,
        }
        if item.expires_at is not None:
            doc["expires_at"] = int(item.expires_at)
        if vector is not None:
            doc[vector_field(len(vector))] = _unit_list(vector)
        return doc

    def upsert(self, item: MemoryItem, vector: np.ndarray | None) -> None:
        if vector is not None:
            self._ensure_field(len(vector))
        else:
            self._known_fields()
        doc = self.document(item, vector)
        if self.custom_ids:
            doc_id = _doc_id(item.store, item.memory_id)
            self._call(lambda: self.client.index(index=self.index_name, id=doc_id, body=doc))
            return
        stale = self._ids(_memory_filter(item.store, item.memory_id))
        actions: list[dict[str, Any]] = [{"delete": {"_index": self.index_name, "_id": i}} for i in stale]
        actions += [{"index": {"_index": self.index_name}}, doc]
        self._bulk(actions)

    def delete(self, store: str, scope: str, memory_id: str) -> None:
        """Deletes by store and id alone: a stream REMOVE names the memory, and ids are unique."""
        if self.custom_ids:
            from opensearchpy.exceptions import NotFoundError

            try:
                self._retrying(
                    lambda: self.client.delete(index=self.index_name, id=_doc_id(store, memory_id))
                )
            except NotFoundError:
                return
            except _opensearch_errors() as e:
                raise DependencyUnavailable("the vector index is unavailable") from e
            return
        self._delete_matching(_memory_filter(store, memory_id))

    def delete_scope(self, store: str, scope: str) -> None:
        self._delete_matching([_term("store", store), _term("scope_key", scope_hash(scope))])

    def delete_store(self, store: str) -> None:
        self._delete_matching([_term("store", store)])

    def _delete_matching(self, filters: list[dict[str, Any]]) -> None:
        for page in self._id_pages(filters):
            self._bulk([{"delete": {"_index": self.index_name, "_id": i}} for i in page])

    def _ids(self, filters: list[dict[str, Any]]) -> list[str]:
        return [i for page in self._id_pages(filters) for i in page]

    def _id_pages(self, filters: list[dict[str, Any]]) -> Iterator[list[str]]:
        """Ids of matching documents, a page at a time, by `search_after` on a unique key, so a
        page deleted before the next is read (but not yet refreshed away) is never read twice."""
        from opensearchpy.exceptions import NotFoundError

        after: list[Any] | None = None
        while True:
            body: dict[str, Any] = {
                "size": PAGE_SIZE,
                "_source": False,
                "query": {"bool": {"filter": filters}},
                "sort": [{"doc_key": "asc"}],
            }
            if after is not None:
                body["search_after"] = after
            try:
                response = self._retrying(
                    lambda body=body: self.client.search(index=self.index_name, body=body)
                )
            except NotFoundError:
                return
            except _opensearch_errors() as e:
                raise DependencyUnavailable("the vector index is unavailable") from e
            hits = response.get("hits", {}).get("hits", [])
            if not hits:
                return
            yield [h["_id"] for h in hits]
            if len(hits) < PAGE_SIZE:
                return
            after = hits[-1]["sort"]

    def _bulk(self, actions: list[dict[str, Any]]) -> None:
        if not actions:
            return
        body = "".join(json.dumps(a, separators=(",", ":")) + "\n" for a in actions)
        response = self._call(lambda: self.client.bulk(body=body))
        if response.get("errors"):
            failed = [
                op
                for entry in response.get("items", [])
                for kind, op in entry.items()
                if op.get("status", 200) >= 300 and not (kind == "delete" and op.get("status") == 404)
            ]
            if failed:
                raise DependencyUnavailable(
                    f"the vector index rejected {len(failed)} of {len(actions)} operations"
                )

    # ------------------------------------------------------------------ reads
    def search_bodies(
        self, store: str, scope: str, text: str, vector: np.ndarray | None, k: int, now: float
    ) -> list[dict[str, Any]]:
        """The msearch lines: a k-NN search (filter inside, so faiss filters during the graph
        search) and a BM25 match under the same filter. Either is left out when it has no input."""
        filters = _scope_filter(store, scope, now)
        lines: list[dict[str, Any]] = []
        if vector is not None and len(vector) in self._known_fields():
            knn = {
                vector_field(len(vector)): {
                    "vector": _unit_list(vector),
                    "k": k,
                    "filter": {"bool": {"filter": filters}},
                }
            }
            lines += [
                {"index": self.index_name},
                {"size": k, "_source": ["memory_id"], "query": {"knn": knn}},
            ]
        if text.strip():
            match = {"bool": {"must": [{"match": {"content": {"query": text}}}], "filter": filters}}
            lines += [{"index": self.index_name}, {"size": k, "_source": ["memory_id"], "query": match}]
        return lines

    def live_items(self, store: str, scope: str, now: float, model: str = "") -> None:
        """The index holds ids and vectors, not memories: static search reads the table."""
        return None

    def query(
        self,
        store: str,
        scope: str,
        text: str,
        vector: QueryVector,
        k: int,
        now: float,
        model: str = "",
    ) -> list[Hit]:
        """`model` is accepted for the port's sake and unused: the vector's length picks the field."""
        if k <= 0:
            return []
        lines = self.search_bodies(store, scope, text, resolve(vector), k, now)
        if not lines:
            return []
        rankers = ["vector" if "knn" in body["query"] else "text" for body in lines[1::2]]
        body = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
        response = self._call(lambda: self.client.msearch(body=body))
        merged: dict[str, Hit] = {}
        for ranker, answer in zip(rankers, response.get("responses", []), strict=False):
            if "error" in answer:
                if answer.get("status") == 404:
                    continue
                raise DependencyUnavailable("the vector index failed a search")
            for h in answer.get("hits", {}).get("hits", []):
                memory_id = (h.get("_source") or {}).get("memory_id")
                if not memory_id:
                    continue
                hit = merged.setdefault(memory_id, Hit(memory_id=memory_id))
                score = float(h.get("_score") or 0.0)
                if ranker == "vector":
                    cos = cosine_from_score(score, self.space_type)
                    hit.vector_score = cos if hit.vector_score is None else max(hit.vector_score, cos)
                else:
                    hit.text_score = score if hit.text_score is None else max(hit.text_score, score)
        return list(merged.values())

    def _call(self, op: Any) -> Any:
        try:
            return self._retrying(op)
        except _opensearch_errors() as e:
            raise DependencyUnavailable("the vector index is unavailable") from e

    @staticmethod
    def _retrying(op: Any) -> Any:
        return backoff.retry(op, _transient)


def _doc_id(store: str, memory_id: str) -> str:
    return f"{store}:{memory_id}"


def _term(field: str, value: str) -> dict[str, Any]:
    return {"term": {field: value}}


def _memory_filter(store: str, memory_id: str) -> list[dict[str, Any]]:
    return [_term("store", store), _term("memory_id", memory_id)]


def _scope_filter(store: str, scope: str, now: float) -> list[dict[str, Any]]:
    not_expired = {
        "bool": {
            "should": [
                {"bool": {"must_not": {"exists": {"field": "expires_at"}}}},
                {"range": {"expires_at": {"gt": int(now)}}},
            ],
            "minimum_should_match": 1,
        }
    }
    return [_term("store", store), _term("scope_key", scope_hash(scope)), not_expired]


def _unit_list(vector: Any) -> list[float]:
    """A plain list of floats of unit length: stored float16 vectors are only nearly unit, and the
    inner-product space equals cosine only for unit vectors. A zero vector stays zero."""
    values = [float(x) for x in vector]
    norm = sum(x * x for x in values) ** 0.5
    return [x / norm for x in values] if norm > 0 else values


def _vector_dimensions(mapping: dict[str, Any]) -> set[int]:
    dims: set[int] = set()
    for index in mapping.values():
        for spec in index.get("mappings", {}).get("properties", {}).values():
            if spec.get("type") == "knn_vector":
                dims.add(int(spec["dimension"]))
    return dims
