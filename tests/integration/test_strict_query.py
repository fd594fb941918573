"""Integer query parameters are decimal digits: anything pydantic would coerce is refused with
400 invalid_request naming the parameter, on every route that takes one."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.integration

SCOPE = "user-123"
ROUTES = [("stores", "list", {}), ("items", "list", {"scope": SCOPE})]


@pytest.fixture
def demo(api):
    api.create_store("demo")
    api.create_store("other")
    api.create_item(SCOPE, "Prefers a window seat.")
    api.create_item(SCOPE, "Drinks oat milk.")


@pytest.mark.parametrize(("function", "case", "query"), ROUTES)
@pytest.mark.parametrize("limit", ["5.0", "5.", "+5", " 5", "5 ", "5_0", "0x5", "1e1", "٥", "5,6", ""])
def test_a_limit_that_is_not_written_in_digits_is_refused(api, demo, function, case, query, limit):
    reply = api.call(function, case, query={**query, "limit": limit})

    assert reply.status == 400, reply.text
    assert reply.body["error"]["code"] == "invalid_request"
    assert reply.body["error"]["param"] == "limit"
    assert limit.strip() == "" or limit.strip() not in reply.body["error"]["message"]


@pytest.mark.parametrize(("function", "case", "query"), ROUTES)
@pytest.mark.parametrize(("limit", "count"), [("1", 1), ("01", 1), ("100", 2)])
def test_a_limit_in_digits_is_served(api, demo, function, case, query, limit, count):
    reply = api.call(function, case, query={**query, "limit": limit})

    assert reply.status == 200, reply.text
    assert len(reply.body["data"]) == count
