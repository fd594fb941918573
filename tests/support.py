"""Test helpers that are not fixtures."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def table_definition() -> dict:
    """The MemoryTable's properties as template.yaml declares them (the one schema)."""
    from memstore_local.template import load_template

    template = load_template(ROOT / "template.yaml")
    return template["Resources"]["MemoryTable"]["Properties"]


def create_table_from_template(name: str) -> None:
    import boto3

    props = table_definition()
    client = boto3.client("dynamodb", region_name="us-east-1")
    kwargs = {
        "TableName": name,
        "KeySchema": props["KeySchema"],
        "AttributeDefinitions": props["AttributeDefinitions"],
        "BillingMode": props.get("BillingMode", "PAY_PER_REQUEST"),
    }
    if "StreamSpecification" in props:
        kwargs["StreamSpecification"] = {"StreamEnabled": True, **props["StreamSpecification"]}
    client.create_table(**kwargs)
