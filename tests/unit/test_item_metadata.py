"""The item metadata rules and the list filter's matching (domain/item_metadata.py)."""

from __future__ import annotations

import pytest

from memstore.domain import item_metadata
from memstore.domain.errors import InvalidRequest


@pytest.mark.parametrize(
    ("stored", "text", "expected"),
    [
        ("ana", "ana", True),
        ("ana", "Ana", False),
        ("3", "3", True),
        (3, "3", True),
        (3, "3.0", True),
        (3.0, "3", True),
        (0.25, "0.25", True),
        (0.25, "2.5e-1", True),
        (3, "+3", False),
        (3, " 3", False),
        (10, "1_0", False),
        (3, "three", False),
        (1, "true", False),
        (True, "true", True),
        (True, "1", False),
        (False, "false", True),
        (None, "null", True),
        (None, "", False),
        ("null", "null", True),
        (10**30, "1000000000000000000000000000000", True),
        (10**30, "1e30", True),
    ],
)
def test_a_query_value_names_a_stored_value(stored, text, expected):
    assert item_metadata.value_matches(stored, text) is expected


def test_every_pair_of_the_filter_must_hold():
    metadata = {"owner": "ana", "n": 2}
    assert item_metadata.matches(metadata, {})
    assert item_metadata.matches(metadata, {"owner": "ana", "n": "2"})
    assert not item_metadata.matches(metadata, {"owner": "ana", "n": "3"})
    assert not item_metadata.matches(metadata, {"missing": "null"})


@pytest.mark.parametrize(
    "value",
    [
        [],
        "x",
        {"": 1},
        {"k" * 65: 1},
        {"a b": 1},
        {"é": 1},
        {"k": [1]},
        {"k": {"a": 1}},
        {"k": "v" * 257},
        {"k": "\x00"},
        {"k": float("inf")},
        {"k": float("nan")},
        {f"k{n}": n for n in range(17)},
        {f"k{n}": "é" * 128 for n in range(8)},
    ],
)
def test_invalid_metadata_is_refused(value):
    with pytest.raises(ValueError):
        item_metadata.check(value)


def test_valid_metadata_passes_unchanged():
    value = {
        "a.b:c-d_E": "v" * 256,
        "n": -1.5,
        "i": 7,
        "t": True,
        "none": None,
        **{f"k{n}": n for n in range(11)},
    }
    assert item_metadata.check(value) is value
    assert item_metadata.serialised_size(value) <= item_metadata.MAX_BYTES


def test_same_tells_json_types_apart():
    assert item_metadata.same({"a": 1, "b": 2}, {"b": 2, "a": 1})
    assert not item_metadata.same({"a": 1}, {"a": True})
    assert not item_metadata.same({"a": 3}, {"a": 3.0})


def test_the_filter_is_read_from_metadata_dot_parameters():
    query = {"scope": "u", "metadata.owner": "ana", "metadata.a.b": "x", "metadataowner": "no"}
    assert item_metadata.parse_filter(query) == {"owner": "ana", "a.b": "x"}
    for bad in ({"metadata.": "x"}, {"metadata.a b": "x"}, {f"metadata.k{n}": "x" for n in range(17)}):
        with pytest.raises(InvalidRequest) as raised:
            item_metadata.parse_filter(bad)
        assert raised.value.param == "metadata"
    assert item_metadata.filter_digest({}) == ""
    assert item_metadata.filter_digest({"b": "1", "a": "2"}) == item_metadata.filter_digest(
        {"a": "2", "b": "1"}
    )
