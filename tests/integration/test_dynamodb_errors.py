"""The table adapter reports an unreachable table as DependencyUnavailable (503), on every path."""

from __future__ import annotations

import pytest

from memstore.adapters.dynamodb_repository import DynamoDBRepository
from memstore.domain.errors import DependencyUnavailable
from memstore.domain.models import Kind


def test_missing_table_is_a_dependency_error_on_reads_and_listings(moto_table):
    repo = DynamoDBRepository("no-such-table")
    with pytest.raises(DependencyUnavailable):
        repo.get_store("s")
    with pytest.raises(DependencyUnavailable):
        repo.scope_items("s", "alice", 0)
    with pytest.raises(DependencyUnavailable):
        repo.list_items("s", "alice", Kind.USER_PROFILE, 10, None, 0)


def test_missing_table_is_a_dependency_error_on_the_warm_search_requests(moto_table):
    from memstore.domain.models import SearchSession

    repo = DynamoDBRepository("no-such-table")
    with pytest.raises(DependencyUnavailable) as raised:
        repo.scope_stamp("s", "alice")
    assert type(raised.value.__cause__).__name__ == "ResourceNotFoundException"
    session = SearchSession(
        search_id="srch_1", store="s", scope="alice", returned=[], created_at=1, expires_at=2
    )
    with pytest.raises(DependencyUnavailable):
        repo.save_search(session)
