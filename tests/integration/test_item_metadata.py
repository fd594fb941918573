"""Item metadata through the items handlers over moto: stored, returned, replaced, kept in
revisions, filtered in listings within the page's read budget, and every invalid shape refused
with `param: "metadata"`, nothing written and nothing echoed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.integration.conftest import Api

pytestmark = pytest.mark.integration

SCOPE = "user-1"
PRIVATE = "PRIVATE-7c1e"
"""Planted in bad metadata keys and values: an error answer must never echo it."""
FULL = {"source": "chat", "count": 3, "weight": 0.25, "pinned": True, "gone": None, "three": 3.0}


def create(api: Api, **fields: Any) -> tuple[int, dict]:
    body = {"scope": SCOPE, "content": "Prefers dark roast coffee", "kind": "user_profile", **fields}
    reply = api.call("items", "create", path={"name": "demo"}, body=body)
    return reply.status, reply.body


def update(api: Api, memory_id: str, body: Any) -> tuple[int, dict]:
    reply = api.call("items", "update", path={"name": "demo", "memory_id": memory_id}, body=body)
    return reply.status, reply.body


def get(api: Api, memory_id: str) -> dict:
    reply = api.call("items", "get", path={"name": "demo", "memory_id": memory_id})
    assert reply.status == 200, reply.text
    return reply.body


def listing(api: Api, **query: Any) -> dict:
    reply = api.call("items", "list", path={"name": "demo"}, query={"scope": SCOPE, **query})
    assert reply.status == 200, reply.text
    return reply.body


def memory_row(api: Api, memory_id: str) -> dict:
    rows = [
        row
        for (_, sk), row in api.table_snapshot().items()
        if sk == f"MEM#{memory_id}" and row.get("entity") == {"S": "memory"}
    ]
    assert len(rows) == 1
    return rows[0]


def test_metadata_is_stored_and_returned_with_its_types(api: Api):
    api.create_store()
    status, item = create(api, metadata=FULL)
    assert status == 201
    assert item["metadata"] == FULL
    fetched = get(api, item["memory_id"])
    assert fetched["metadata"] == FULL
    assert isinstance(fetched["metadata"]["three"], float) and isinstance(fetched["metadata"]["count"], int)
    assert listing(api)["data"][0]["metadata"] == FULL
    stored = memory_row(api, item["memory_id"])["metadata"]
    assert json.loads(stored["S"]) == FULL, "one JSON string attribute"


def test_an_item_without_metadata_has_an_empty_object_and_no_attribute(api: Api):
    api.create_store()
    _, item = create(api)
    assert item["metadata"] == {}
    assert "metadata" not in memory_row(api, item["memory_id"])


def test_update_replaces_the_metadata_whole_and_keeps_the_former_in_a_revision(api: Api):
    api.create_store()
    _, item = create(api, metadata={"a": 1, "b": "x"})
    memory_id = item["memory_id"]
    api.clock.advance(5)
    status, changed = update(api, memory_id, {"metadata": {"b": "y"}})
    assert status == 200
    assert changed["metadata"] == {"b": "y"}, "replaced, not merged"
    assert changed["content"] == item["content"] and changed["version"] == 2
    status, unchanged = update(api, memory_id, {"content": "Prefers espresso"})
    assert status == 200 and unchanged["metadata"] == {"b": "y"}, "absent leaves it as it is"
    status, cleared = update(api, memory_id, {"metadata": {}})
    assert status == 200 and cleared["metadata"] == {}
    assert get(api, memory_id)["metadata"] == {}
    assert "metadata" not in memory_row(api, memory_id)
    reply = api.call("items", "revisions", path={"name": "demo", "memory_id": memory_id})
    assert reply.status == 200, reply.text
    revisions = [(r["content"], r["metadata"]) for r in reply.body["data"]]
    assert revisions == [
        ("Prefers espresso", {"b": "y"}),
        ("Prefers dark roast coffee", {"b": "y"}),
        ("Prefers dark roast coffee", {"a": 1, "b": "x"}),
    ]


def test_a_type_change_is_a_change(api: Api):
    api.create_store()
    _, item = create(api, metadata={"flag": 1})
    _, changed = update(api, item["memory_id"], {"metadata": {"flag": True}})
    assert changed["metadata"] == {"flag": True} and changed["metadata"]["flag"] is True
    _, same = update(api, item["memory_id"], {"metadata": {"flag": True}})
    assert (
        len(
            api.call("items", "revisions", path={"name": "demo", "memory_id": item["memory_id"]}).body["data"]
        )
        == 1
    )
    assert same["metadata"]["flag"] is True


def test_upsert_replaces_the_metadata_when_sent_and_keeps_it_when_not(api: Api):
    api.create_store()
    status, first = create(api, key="coffee", upsert=True, metadata={"source": "chat", "n": 1})
    assert status == 201
    status, second = create(api, key="coffee", upsert=True, content="Prefers espresso", metadata={"n": 2})
    assert status == 200 and second["memory_id"] == first["memory_id"]
    assert second["metadata"] == {"n": 2}
    status, third = create(api, key="coffee", upsert=True, content="Prefers ristretto")
    assert status == 200 and third["metadata"] == {"n": 2}


def test_the_list_filter_matches_text_booleans_null_and_numbers(api: Api):
    api.create_store()
    ids = {}
    for name, metadata in {
        "ana": {"owner": "ana", "n": 3, "pinned": True, "note": None},
        "rui": {"owner": "rui", "n": 3.0, "pinned": False},
        "text": {"owner": "true", "n": "3"},
        "none": {},
    }.items():
        ids[create(api, content=f"memory of {name}", metadata=metadata)[1]["memory_id"]] = name

    def names(**query: Any) -> list[str]:
        return sorted(ids[i["memory_id"]] for i in listing(api, **query)["data"])

    assert names(**{"metadata.owner": "ana"}) == ["ana"]
    assert names(**{"metadata.n": "3"}) == ["ana", "rui", "text"]
    assert names(**{"metadata.n": "3.0"}) == ["ana", "rui"]
    assert names(**{"metadata.pinned": "true"}) == ["ana"]
    assert names(**{"metadata.owner": "true"}) == ["text"]
    assert names(**{"metadata.note": "null"}) == ["ana"]
    assert names(**{"metadata.owner": "ana", "metadata.pinned": "false"}) == []
    assert names(**{"metadata.owner": "rui", "metadata.pinned": "false"}) == ["rui"]
    assert names(**{"metadata.missing": "x"}) == []
    assert names(**{"metadata.n": "+3"}) == [], "numbers are matched in JSON's spelling only"
    assert names() == ["ana", "none", "rui", "text"]


def test_the_filter_with_a_key_lookup(api: Api):
    api.create_store()
    create(api, key="coffee", metadata={"owner": "ana"})
    assert len(listing(api, key="coffee", **{"metadata.owner": "ana"})["data"]) == 1
    assert listing(api, key="coffee", **{"metadata.owner": "rui"})["data"] == []


def test_a_filtered_listing_reads_no_more_than_an_unfiltered_page(api: Api):
    """Pages of a filter that few items match come back short (even empty) but each reads at
    most the page budget; following next_after gives every match exactly once."""
    api.create_store()
    wanted = set()
    for n in range(60):
        metadata = {"tag": "rare"} if n % 13 == 0 else {"tag": "common"}
        _, item = create(api, content=f"memory number {n}", metadata=metadata)
        if n % 13 == 0:
            wanted.add(item["memory_id"])
    reads: list[int] = []
    client = api.repository
    original = client._list_round

    def counting(*args: Any, **kwargs: Any):
        rows, scanned, start = original(*args, **kwargs)
        reads[-1] += scanned
        return rows, scanned, start

    client._list_round = counting
    try:
        seen: list[str] = []
        after = None
        pages = 0
        while True:
            reads.append(0)
            page = listing(api, limit=5, after=after, **{"metadata.tag": "rare"})
            pages += 1
            assert len(page["data"]) <= 5
            assert reads[-1] <= 2 * (5 + 1) + 100
            seen.extend(i["memory_id"] for i in page["data"])
            if not page["has_more"]:
                break
            after = page["next_after"]
            assert after.startswith("pg_")
    finally:
        client._list_round = original
    assert sorted(seen) == sorted(wanted) and len(seen) == len(wanted) == 5
    assert pages > 1


def test_a_page_token_is_bound_to_its_filter(api: Api):
    api.create_store()
    for n in range(4):
        create(api, content=f"memory number {n}", metadata={"tag": "a"})
    page = listing(api, limit=2, **{"metadata.tag": "a"})
    assert page["has_more"]
    reply = api.call(
        "items",
        "list",
        path={"name": "demo"},
        query={"scope": SCOPE, "limit": 2, "after": page["next_after"], "metadata.tag": "b"},
    )
    assert reply.status == 400 and reply.body["error"]["param"] == "after"
    unfiltered = api.call(
        "items", "list", path={"name": "demo"}, query={"scope": SCOPE, "after": page["next_after"]}
    )
    assert unfiltered.status == 400
    again = listing(api, limit=2, after=page["next_after"], **{"metadata.tag": "a"})
    assert len(again["data"]) == 2 and not again["has_more"]


QUERY = "tennis on Sunday, coffee espresso dark roast"


def test_metadata_plays_no_part_in_search(api: Api):
    """Two items of the same content, one with metadata full of the query's words: their scores
    stay what they were once that metadata is cleared (ties between them go by memory_id)."""
    api.create_store()
    _, plain = create(api, content="Plays tennis every Sunday")
    _, tagged = create(
        api,
        content="Plays tennis every Sunday",
        metadata={"topic": "coffee espresso", "coffee": "dark roast"},
    )
    create(api, content="Likes green tea")

    def search() -> dict[str, tuple[float, dict]]:
        body = {"scope": SCOPE, "items": [{"type": "message", "role": "user", "content": QUERY}]}
        reply = api.call("search", "contextual", path={"name": "demo"}, body=body)
        assert reply.status == 200, reply.text
        return {
            h["memory_item"]["memory_id"]: (h["score"], h["memory_item"]["metadata"])
            for h in reply.body["memories"]
        }

    before = search()
    assert before[tagged["memory_id"]][1] == tagged["metadata"], "hits show the metadata"
    assert before[plain["memory_id"]][1] == {}
    status, _ = update(api, tagged["memory_id"], {"metadata": {}})
    assert status == 200
    after = search()
    assert {k: score for k, (score, _) in after.items()} == {k: score for k, (score, _) in before.items()}
    plain_row, tagged_row = memory_row(api, plain["memory_id"]), memory_row(api, tagged["memory_id"])
    assert tagged_row.get("embedding") is not None
    assert plain_row.get("embedding") == tagged_row.get("embedding"), "embedded from the content alone"


def test_secrets_in_metadata_values_are_refused_or_redacted(api: Api):
    api.create_store()
    secret = "AKIAIOSFODNN7EXAMPLE"
    status, body = create(api, metadata={"token": secret})
    assert status == 400 and body["error"]["param"] == "metadata"
    assert secret not in json.dumps(body)
    assert listing(api)["data"] == []
    api.create_store("redacting", secret_handling="redact")
    reply = api.call(
        "items",
        "create",
        path={"name": "redacting"},
        body={
            "scope": SCOPE,
            "content": "x marks",
            "kind": "user_profile",
            "metadata": {"token": f"key {secret}"},
        },
    )
    assert reply.status == 201, reply.text
    assert secret not in reply.text and "[redacted" in reply.body["metadata"]["token"]


SEVENTEEN = {f"k{n}": n for n in range(17)}
BAD_METADATA = {
    "an-array": [PRIVATE],
    "a-string": PRIVATE,
    "a-number": 5,
    "null": None,
    "17-keys": SEVENTEEN,
    "empty-key": {"": PRIVATE},
    "65-char-key": {"k" * 65: PRIVATE},
    "key-with-space": {f"{PRIVATE} key": 1},
    "key-non-ascii": {"café": 1},
    "key-with-slash": {"a/b": 1},
    "nested-object": {"team": {"name": PRIVATE}},
    "nested-array": {"tags": [PRIVATE]},
    "257-char-value": {"note": PRIVATE + "v" * (257 - len(PRIVATE))},
    "nul-in-value": {"note": f"{PRIVATE}\u0000"},
    "lone-surrogate-in-value": {"note": f"{PRIVATE}\ud800"},
    "over-2kb": {f"k{n}": PRIVATE + "v" * 140 for n in range(15)},
    "infinite-number": "INFINITY",
}


def bad_body(case: str, base: dict) -> str:
    if case == "infinite-number":
        return json.dumps(base)[:-1] + ', "metadata": {"n": 1e400}}'
    return json.dumps({**base, "metadata": BAD_METADATA[case]})


@pytest.mark.parametrize("case", sorted(BAD_METADATA))
@pytest.mark.parametrize("route", ["create", "update", "upsert"])
def test_every_invalid_shape_is_refused_with_param_metadata(api: Api, route: str, case: str):
    api.create_store()
    _, item = create(api, key="held", metadata={"keep": "me"})
    before = api.table_snapshot()
    if route == "update":
        reply = api.call(
            "items",
            "update",
            path={"name": "demo", "memory_id": item["memory_id"]},
            body=bad_body(case, {"content": "changed"}),
        )
    else:
        base = {"scope": SCOPE, "content": "new content", "kind": "user_profile"}
        if route == "upsert":
            base.update(key="held", upsert=True)
        reply = api.call("items", "create", path={"name": "demo"}, body=bad_body(case, base))
    assert reply.status == 400, reply.text
    error = reply.body["error"]
    assert (error["code"], error["param"]) == ("invalid_request", "metadata"), reply.text
    assert PRIVATE not in reply.text and "café" not in reply.text and "1e400" not in reply.text
    assert api.table_snapshot() == before


def test_metadata_at_the_limits_is_accepted(api: Api):
    api.create_store()
    sixteen = {f"{'k' * 62}{n:02d}": "v" * 57 for n in range(16)}
    assert 2000 < len(json.dumps(sixteen, separators=(",", ":"))) <= 2048
    multibyte = {f"k{n}": "é" * 128 for n in range(8)}
    assert len(json.dumps(multibyte, separators=(",", ":"), ensure_ascii=False)) < 2048
    status, body = create(api, metadata=multibyte)
    assert status == 400 and body["error"]["param"] == "metadata", "2 KB counts UTF-8 bytes"
    status, item = create(api, metadata=sixteen)
    assert status == 201 and item["metadata"] == sixteen
    status, item = create(api, metadata={"a.b:c-d_E9": "v" * 256, "n": -1.5e-3, "big": 10**30})
    assert status == 201 and item["metadata"]["big"] == 10**30


@pytest.mark.parametrize(
    "query",
    [
        {"metadata.": "x"},
        {"metadata.a b": "x"},
        {"metadata." + "k" * 65: "x"},
        {f"metadata.k{n}": "x" for n in range(17)},
    ],
    ids=["empty-key", "space-in-key", "65-char-key", "17-filters"],
)
def test_a_bad_list_filter_is_refused_with_param_metadata(api: Api, query: dict):
    api.create_store()
    reply = api.call("items", "list", path={"name": "demo"}, query={"scope": SCOPE, **query})
    assert reply.status == 400, reply.text
    assert (reply.body["error"]["code"], reply.body["error"]["param"]) == ("invalid_request", "metadata")
