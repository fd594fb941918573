"""template.yaml's IdempotencyTable as CloudFormation would deploy it, and as `memstore local`
builds it: Powertools' key and TTL attributes, on-demand billing, the customer-managed key when
one is given, and access for the three functions with creating POSTs only (plus delete-only
access for the functions that finish a long deletion, which removes the answers it reaches)."""

from __future__ import annotations

import pytest

from memstore_local.template import Template
from tests.integration.test_template import FUNCTIONS, ROOT, deployed
from tests.integration.test_template_iam import KEY, as_list, statements

pytestmark = pytest.mark.integration

WITH_IDEMPOTENCY = {"StoresFunction", "ItemsFunction", "UpdatesFunction"}
RECORD_ACTIONS = {"dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem"}
DELETING = {"GovernanceFunction", "LifecycleFunction"}


def test_the_table_has_powertools_key_and_ttl_and_on_demand_billing():
    table = deployed()["IdempotencyTable"]
    props = table["Properties"]
    assert props["KeySchema"] == [{"AttributeName": "id", "KeyType": "HASH"}]
    assert props["AttributeDefinitions"] == [{"AttributeName": "id", "AttributeType": "S"}]
    assert props["TimeToLiveSpecification"] == {"AttributeName": "expiration", "Enabled": True}
    assert props["BillingMode"] == "PAY_PER_REQUEST"
    assert "StreamSpecification" not in props, "records never reach the indexer"
    assert table["DeletionPolicy"] == "Delete", "records live 24 h; nothing to keep past the stack"


def test_the_table_uses_the_customer_key_when_given():
    assert deployed(KmsKeyArn=KEY)["IdempotencyTable"]["Properties"]["SSESpecification"] == {
        "SSEEnabled": True,
        "SSEType": "KMS",
        "KMSMasterKeyId": {"Ref": "KmsKeyArn"},
    }
    assert deployed()["IdempotencyTable"]["Properties"]["SSESpecification"] == {"SSEEnabled": True}


@pytest.mark.parametrize("backend", ["dynamodb", "opensearch"])
def test_only_the_functions_with_creating_posts_reach_the_table(backend):
    resources = deployed(VectorBackend=backend, KmsKeyArn=KEY)
    holders = {where for where, s in statements(resources) if "IdempotencyTable" in str(s["Resource"])}
    assert holders == {f"{fn}Role" for fn in WITH_IDEMPOTENCY | DELETING}
    for where, s in statements(resources):
        if "IdempotencyTable" in str(s["Resource"]):
            expected_actions = (
                {"dynamodb:DeleteItem"} if where in {f"{fn}Role" for fn in DELETING} else RECORD_ACTIONS
            )
            assert set(as_list(s["Action"])) == expected_actions, where
            assert s["Resource"] == {"Fn::GetAtt": ["IdempotencyTable", "Arn"]}
    for fn in set(FUNCTIONS) | DELETING:
        if fn not in resources:
            continue
        env = resources[fn]["Properties"].get("Environment", {}).get("Variables", {})
        expected = {"Ref": "IdempotencyTable"} if fn in WITH_IDEMPOTENCY | DELETING else None
        assert env.get("IDEMPOTENCY_TABLE_NAME") == expected, fn


def test_memstore_local_builds_the_table_with_its_ttl():
    template = Template(ROOT / "template.yaml")
    (table,) = [t for t in template.tables() if t.logical_id == "IdempotencyTable"]
    assert table.create_args["KeySchema"] == [{"AttributeName": "id", "KeyType": "HASH"}]
    assert table.ttl_attribute == "expiration"
    env = template.functions()["ItemsFunction"].environment
    assert env["IDEMPOTENCY_TABLE_NAME"] == table.table_name
