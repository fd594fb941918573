"""A store asking for a model the deployment does not enable is refused naming the field and
the enabled models, never quoting the name sent (found by the schemathesis suite)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.integration

SENT = "private-model-\u00e9\u001b-name"


@pytest.mark.parametrize("field", ["chat_model", "embedding_model"])
def test_an_unknown_model_is_refused_without_quoting_it(api, field):
    reply = api.call(
        "stores", "create", body={"name": "demo", "definition": {"kind": "default", field: SENT}}
    )

    assert reply.status == 400, reply.text
    assert reply.body["error"]["param"] == f"definition.{field}"
    assert "not enabled in this deployment" in reply.body["error"]["message"]
    assert "private-model" not in reply.text
    assert api.call("stores", "get", path={"name": "demo"}).status == 404
