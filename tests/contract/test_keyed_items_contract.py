"""Keyed records, every Repository: a `key` is unique among a scope's live items, claimed in the
item's own write, released when the item goes, and free again once its holder expires."""

from __future__ import annotations

import pytest

from memstore.domain.errors import Conflict
from memstore.domain.models import Kind, MemoryItem, Store, StoreDefinition
from tests.contract.test_repository_contract import repo  # noqa: F401  (the parametrised fixture)

NOW = 1_800_000_000


def keyed(mid: str, key: str | None, scope: str = "alice", expires_at: int | None = None, content: str = "x"):
    return MemoryItem(
        memory_id=mid,
        store="s1",
        scope=scope,
        kind=Kind.USER_PROFILE,
        content=content,
        created_at=NOW,
        updated_at=NOW,
        expires_at=expires_at,
        key=key,
    )


@pytest.fixture
def store_repo(repo):  # noqa: F811
    repo.create_store(
        Store(id="ms_s1", name="s1", definition=StoreDefinition(), created_at=NOW, updated_at=NOW)
    )
    return repo


def test_a_key_is_unique_within_its_scope_but_not_across_scopes(store_repo):
    store_repo.put_item(keyed("mem_1", "coffee"))
    with pytest.raises(Conflict) as raised:
        store_repo.put_item(keyed("mem_2", "coffee"))
    assert raised.value.param == "key"
    assert store_repo.get_item("s1", "mem_2", NOW) is None, "the refused item was not written"
    store_repo.put_item(keyed("mem_3", "coffee", scope="bob"))
    assert store_repo.get_item_by_key("s1", "alice", "coffee", NOW).memory_id == "mem_1"
    assert store_repo.get_item_by_key("s1", "bob", "coffee", NOW).memory_id == "mem_3"
    assert store_repo.get_item_by_key("s1", "alice", "tea", NOW) is None
    assert store_repo.get_item("s1", "mem_1", NOW).key == "coffee"


def test_items_without_a_key_never_collide(store_repo):
    store_repo.put_item(keyed("mem_1", None))
    store_repo.put_item(keyed("mem_2", None))
    assert [i.memory_id for i in store_repo.scope_items("s1", "alice", NOW)] == ["mem_1", "mem_2"]


def test_deleting_the_holder_frees_the_key(store_repo):
    store_repo.put_item(keyed("mem_1", "coffee"))
    store_repo.delete_item("s1", "mem_1")
    assert store_repo.get_item_by_key("s1", "alice", "coffee", NOW) is None
    store_repo.put_item(keyed("mem_2", "coffee"))
    assert store_repo.get_item_by_key("s1", "alice", "coffee", NOW).memory_id == "mem_2"


def test_deleting_the_scope_frees_its_keys(store_repo):
    store_repo.put_item(keyed("mem_1", "coffee"))
    assert store_repo.delete_scope("s1", "alice") == 1
    assert store_repo.get_item_by_key("s1", "alice", "coffee", NOW) is None
    store_repo.put_item(keyed("mem_2", "coffee"))
    assert store_repo.get_item_by_key("s1", "alice", "coffee", NOW).memory_id == "mem_2"


def test_an_expired_holder_is_not_found_and_its_key_can_be_taken_over(store_repo):
    store_repo.put_item(keyed("mem_1", "coffee", expires_at=NOW + 10))
    assert store_repo.get_item_by_key("s1", "alice", "coffee", NOW + 10) is None
    later = keyed("mem_2", "coffee").model_copy(update={"created_at": NOW + 20, "updated_at": NOW + 20})
    store_repo.put_item(later)
    assert store_repo.get_item_by_key("s1", "alice", "coffee", NOW + 20).memory_id == "mem_2"


def test_replacing_a_keyed_item_keeps_its_key_and_its_new_expiry(store_repo):
    store_repo.put_item(keyed("mem_1", "coffee", expires_at=NOW + 10))
    current = store_repo.get_item("s1", "mem_1", NOW)
    revised = current.model_copy(update={"content": "y", "version": 2, "expires_at": NOW + 100})
    store_repo.replace_item(revised, expected_version=1)
    found = store_repo.get_item_by_key("s1", "alice", "coffee", NOW + 50)
    assert (found.memory_id, found.content, found.key) == ("mem_1", "y", "coffee")
    with pytest.raises(Conflict):
        store_repo.put_item(keyed("mem_2", "coffee").model_copy(update={"updated_at": NOW + 50}))
