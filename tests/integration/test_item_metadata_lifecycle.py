"""The lifecycle pass keeps an item's metadata: a promoted chat_summary's user_profile memory
carries the summary's (the pass never writes metadata of its own)."""

from __future__ import annotations

import pytest

from memstore.domain.models import Kind, Source
from tests.integration import test_lifecycle_pass as lifecycle
from tests.integration.test_lifecycle_pass import SCOPE, Env

pytestmark = pytest.mark.integration

env = lifecycle.env
"""The lifecycle tests' fixture: the pass on the in-memory repository and on DynamoDB (moto)."""


def test_a_promoted_memory_keeps_the_summarys_metadata(env: Env):
    env.store(promotion_confirmations=3)
    env.item(
        "mem_sum",
        "The user is learning the cello.",
        kind=Kind.CHAT_SUMMARY,
        source=Source(update_ids=["upd_1", "upd_2", "upd_3"]),
        access_count=1,
        metadata={"source": "app", "n": 2},
    )
    env.item("mem_plain", "The user visited Porto.", kind=Kind.USER_PROFILE)
    env.clock.advance(60)
    assert env.run()["promoted"] == 1
    items = {i.memory_id: i for i in env.repo.scope_items("demo", SCOPE, env.clock())}
    (promoted,) = [i for i in items.values() if i.source.promoted_from == "mem_sum"]
    assert promoted.kind == Kind.USER_PROFILE and promoted.metadata == {"source": "app", "n": 2}
    assert promoted.public()["metadata"] == {"source": "app", "n": 2}
    assert items["mem_plain"].metadata == {}
