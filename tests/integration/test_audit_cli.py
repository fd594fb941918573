"""`memstore audit verify --store NAME` against a table (moto here; the deployment's with AWS
credentials): exit 0 when the chain verifies, 1 when a record was tampered with, 2 when there is
no such store or chain."""

from __future__ import annotations

import json

from memstore.adapters.dynamodb_repository import DynamoDBRepository
from memstore.domain.audit import AuditAction
from memstore.domain.models import Kind, MemoryItem
from memstore.settings import Settings
from memstore.wiring import Container
from memstore_local.cli import main


def _record_deletions(table: str, n: int) -> None:
    container = Container(
        Settings.from_env({"TABLE_NAME": table, "AWS_REGION": "us-east-1"}),
        repository=DynamoDBRepository(table),
    )
    for k in range(n):
        item = MemoryItem(
            memory_id=f"mem_{k}",
            store="demo",
            scope="user-1",
            kind=Kind.USER_PROFILE,
            content=f"fact {k}",
            created_at=1,
            updated_at=1,
        )
        container.audit.removed(
            "demo", "user-1", [item], action=AuditAction.ITEM_DELETED, actor="api", reason="item deleted"
        )


def test_audit_verify_exit_status_follows_the_chain(moto_table, capsys):
    import boto3

    _record_deletions(moto_table, 3)
    assert main(["audit", "verify", "--store", "demo", "--table", moto_table]) == 0
    assert json.loads(capsys.readouterr().out)["records"] == 3

    client = boto3.client("dynamodb", region_name="us-east-1")
    client.delete_item(TableName=moto_table, Key={"pk": {"S": "AUDIT#demo"}, "sk": {"S": "REC#000000000002"}})
    assert main(["audit", "verify", "--store", "demo", "--table", moto_table]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] is False and {"seq": 2, "problem": "removed"} in report["problems"]

    assert main(["audit", "verify", "--store", "nothing-here", "--table", moto_table]) == 2
