"""How the API shows a scope or store deletion: 200 with the count when it finished within the
request, 202 with a pollable status when it carries on."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.event_handler import Response

from memstore.api.app import json_response
from memstore.ports.erasure import ErasureJob


def deletion_view(job: ErasureJob) -> dict[str, Any]:
    return {
        "object": "memory_store.deletion",
        "deletion_id": job.deletion_id,
        "name": job.store,
        "target": "store" if job.scope_hash is None else "scope",
        "status": job.status,
        "deleted_count": job.deleted_count,
        "created_at": job.created_at,
        "updated_at": job.updated_at,
    }


def deletion_answer(job: ErasureJob, finished: dict[str, Any]) -> Response:
    """`finished` (the route's own body, with the count) when done; else 202 and the status to
    poll at GET …/deletions/{deletion_id}."""
    if job.status == "completed":
        return json_response(200, finished)
    return json_response(202, deletion_view(job))
