"""Least privilege and encryption at rest, read from what CloudFormation would deploy (the SAM
transform of template.yaml, conditions resolved) for each vector backend, with and without a
customer-managed KMS key.

Every IAM statement the stack writes names its actions exactly (no `*` in any action) and its
resources by the stack's own table, bus, state machine, function, queues, collection or key. The
only exceptions are listed in ALLOWED_WILDCARDS with the reason; AWS-managed policies are limited to
the ones SAM attaches for logging, tracing and stream reading."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.integration.test_template import FUNCTIONS, deployed, lint_messages, load_template, sam_transform

pytestmark = pytest.mark.integration

KEY = "arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"
SETUPS = {
    "dynamodb": {},
    "opensearch": {"VectorBackend": "opensearch"},
    "dynamodb-kms": {"KmsKeyArn": KEY},
    "opensearch-kms": {"VectorBackend": "opensearch", "KmsKeyArn": KEY},
}
STACK_RESOURCES = {
    "MemoryTable",
    "MemstoreBus",
    "ConsolidationStateMachine",
    "ConsolidateFunction",
    "IngestDeadLetterQueue",
    "IndexerFailureQueue",
    "VectorCollection",
    "KmsKeyArn",
    "IdempotencyTable",
    "LifecycleFunction",
    "UpdatesFunction",
    "SearchFunction",
    "ItemsFunction",
}
"""What a statement's resource may name (a logical id or the key parameter)."""

ALLOWED_WILDCARDS = {
    # Foundation models are AWS's, hold no customer data, and cross-region inference profiles
    # route to them in other regions; which models a store may use is ALLOWED_*_MODELS.
    ("bedrock:InvokeModel", "arn:${AWS::Partition}:bedrock:*::foundation-model/*"),
    (
        "bedrock:InvokeModel",
        "arn:${AWS::Partition}:bedrock:${AWS::Region}:${AWS::AccountId}:inference-profile/*",
    ),
}
ANY_RESOURCE_ACTIONS = {
    "xray:PutTraceSegments",
    "xray:PutTelemetryRecords",
    "xray:GetSamplingRules",
    "xray:GetSamplingTargets",
    "xray:GetSamplingStatisticSummaries",
}
"""X-Ray has no resource-level permissions."""
MANAGED = {
    "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole",
    "arn:aws:iam::aws:policy/AWSXrayWriteOnlyAccess",
}
STREAM_READER = "arn:aws:iam::aws:policy/service-role/AWSLambdaDynamoDBExecutionRole"


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def statements(resources: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(where, statement) for every identity policy statement: roles' inline policies and the
    stack's managed and inline policy resources."""
    out = []
    for name, resource in resources.items():
        props = resource.get("Properties", {})
        if resource["Type"] == "AWS::IAM::Role":
            out += [
                (name, s)
                for p in props.get("Policies", [])
                for s in as_list(p["PolicyDocument"]["Statement"])
            ]
        if resource["Type"] in ("AWS::IAM::ManagedPolicy", "AWS::IAM::Policy"):
            out += [(name, s) for s in as_list(props["PolicyDocument"]["Statement"])]
    return out


def names_in(node: Any) -> set[str]:
    """The logical ids and parameters a resource expression refers to."""
    text = json.dumps(node)
    refs = set(re.findall(r'"Ref": "(\w+)"', text)) | set(re.findall(r'"Fn::GetAtt": \["(\w+)"', text))
    refs |= {m for m in re.findall(r"\$\{(\w+)(?:\.\w+)?\}", text) if not m.startswith("AWS")}
    return refs - {"AWS::Partition", "AWS::Region", "AWS::AccountId"}


def literal(node: Any) -> str | None:
    if isinstance(node, str):
        return node
    if isinstance(node, dict) and isinstance(node.get("Fn::Sub"), str):
        return node["Fn::Sub"]
    return None


@pytest.fixture(scope="module", params=list(SETUPS))
def stack(request) -> dict[str, Any]:
    return deployed(**SETUPS[request.param])


def test_no_action_has_a_wildcard(stack):
    found = [
        (where, action) for where, s in statements(stack) for action in as_list(s["Action"]) if "*" in action
    ]
    assert found == []
    assert all("NotAction" not in s and "NotResource" not in s for _, s in statements(stack))


def test_every_resource_is_the_stacks_own(stack):
    loose = []
    for where, s in statements(stack):
        assert s.get("Effect") == "Allow", (where, s)
        actions = set(as_list(s["Action"]))
        for resource in as_list(s["Resource"]):
            if resource == "*":
                if not actions <= ANY_RESOURCE_ACTIONS:
                    loose.append((where, sorted(actions), resource))
                continue
            if literal(resource) and all((a, literal(resource)) in ALLOWED_WILDCARDS for a in actions):
                continue
            if not names_in(resource) & STACK_RESOURCES:
                loose.append((where, sorted(actions), resource))
    assert loose == []


def test_managed_policies_are_only_those_sam_attaches(stack):
    for name, resource in stack.items():
        if resource["Type"] != "AWS::IAM::Role":
            continue
        arns = set(resource["Properties"].get("ManagedPolicyArns", []))
        allowed = MANAGED | ({STREAM_READER} if name == "IndexerFunctionRole" else set())
        assert arns <= allowed, (name, arns - allowed)


def test_roles_are_assumed_only_by_their_service(stack):
    for name, resource in stack.items():
        if resource["Type"] != "AWS::IAM::Role":
            continue
        (statement,) = resource["Properties"]["AssumeRolePolicyDocument"]["Statement"]
        service = (
            "states.amazonaws.com" if name.startswith("ConsolidationStateMachine") else "lambda.amazonaws.com"
        )
        if name == "LifecycleScheduleRole":
            service = "scheduler.amazonaws.com"
            assert statement["Condition"] == {
                "StringEquals": {"aws:SourceAccount": {"Ref": "AWS::AccountId"}}
            }
        assert statement["Principal"] == {"Service": [service]}, name
        assert as_list(statement["Action"]) == ["sts:AssumeRole"]


def test_queue_policies_admit_only_the_stacks_rules(stack):
    for name, resource in stack.items():
        if resource["Type"] != "AWS::SQS::QueuePolicy":
            continue
        for s in as_list(resource["Properties"]["PolicyDocument"]["Statement"]):
            assert s["Principal"] == {"Service": "events.amazonaws.com"}, name
            assert "*" not in json.dumps(s["Action"])
            assert "MemstoreBus" in json.dumps(s["Condition"]["ArnLike"])


def test_each_function_holds_only_the_services_it_calls():
    resources = deployed(VectorBackend="opensearch", KmsKeyArn=KEY)

    def services(role: str) -> set[str]:
        return {
            a.split(":")[0]
            for where, s in statements(resources)
            if where == role
            for a in as_list(s["Action"])
        }

    assert services("ItemsFunctionRole") == {"dynamodb"}
    assert services("StoresFunctionRole") == {"dynamodb", "lambda"}, (
        "lambda: Foundry's colon actions are forwarded"
    )
    assert services("UpdatesFunctionRole") == {"dynamodb", "states", "events", "bedrock"}
    assert services("SearchFunctionRole") == {"dynamodb", "bedrock", "aoss"}
    assert services("ConsolidationStateMachineRole") == {"lambda"}
    assert services("LifecycleFunctionRole") == {"dynamodb", "states"}
    assert services("GovernanceFunctionRole") == {"dynamodb"}
    lifecycle_invokes = [
        s for where, s in statements(resources) if where in ("LifecycleContinuation", "LifecycleScheduleRole")
    ]
    assert [(s["Action"], s["Resource"]) for s in lifecycle_invokes] == [
        ("lambda:InvokeFunction", {"Fn::GetAtt": ["LifecycleFunction", "Arn"]})
    ] * 2, "the schedule and the pass's continuation invoke the lifecycle function and nothing else"
    key_use = resources["CustomerKeyUse"]["Properties"]
    assert {r["Ref"] for r in key_use["Roles"]} == {f"{fn}Role" for fn in FUNCTIONS}


# ------------------------------------------------------------------ the customer-managed key
def encryption(resources: dict[str, Any]) -> dict[str, Any]:
    props = {name: r.get("Properties", {}) for name, r in resources.items()}
    return {
        "table": props["MemoryTable"]["SSESpecification"],
        "bus": props["MemstoreBus"].get("KmsKeyIdentifier"),
        "queues": {
            n: (p.get("KmsMasterKeyId"), p.get("SqsManagedSseEnabled"))
            for n, p in props.items()
            if resources[n]["Type"] == "AWS::SQS::Queue"
        },
        "logs": {
            n: p.get("KmsKeyId") for n, p in props.items() if resources[n]["Type"] == "AWS::Logs::LogGroup"
        },
    }


@pytest.mark.parametrize("backend", ["dynamodb", "opensearch"])
def test_kms_key_arn_encrypts_table_bus_queues_and_logs(backend):
    with_key = encryption(deployed(VectorBackend=backend, KmsKeyArn=KEY))
    assert with_key["table"] == {"SSEEnabled": True, "SSEType": "KMS", "KMSMasterKeyId": {"Ref": "KmsKeyArn"}}
    assert with_key["bus"] == {"Ref": "KmsKeyArn"}
    assert with_key["queues"] and all(v == ({"Ref": "KmsKeyArn"}, None) for v in with_key["queues"].values())
    functions = [*FUNCTIONS, "ConsoleFunction"]
    expected_logs = {f"{fn}Logs" for fn in functions} - (
        {"IndexerFunctionLogs"} if backend == "dynamodb" else set()
    )
    assert set(with_key["logs"]) == expected_logs
    assert all(v == {"Ref": "KmsKeyArn"} for v in with_key["logs"].values())

    without = encryption(deployed(VectorBackend=backend))
    assert without["table"] == {"SSEEnabled": True}
    assert without["bus"] is None
    assert all(v == (None, True) for v in without["queues"].values())
    assert set(without["logs"]) == expected_logs and all(v is None for v in without["logs"].values())


def test_every_function_logs_to_its_declared_group_with_retention():
    resources = deployed(VectorBackend="opensearch")
    for fn in FUNCTIONS:
        config = resources[fn]["Properties"]["LoggingConfig"]
        assert config == {"LogGroup": {"Ref": f"{fn}Logs"}}, fn
        assert resources[f"{fn}Logs"]["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}


def test_the_key_is_used_only_through_the_services_that_encrypt_with_it():
    resources = deployed(KmsKeyArn=KEY)
    (statement,) = resources["CustomerKeyUse"]["Properties"]["PolicyDocument"]["Statement"]
    assert statement["Resource"] == {"Ref": "KmsKeyArn"}
    services = statement["Condition"]["StringEquals"]["kms:ViaService"]
    assert {s["Fn::Sub"].split(".")[0] for s in services} == {"dynamodb", "sqs", "events"}
    assert "CustomerKeyUse" not in deployed()


def test_opensearch_collection_uses_the_key_when_given():
    with_key = deployed(VectorBackend="opensearch", KmsKeyArn=KEY)["VectorEncryptionPolicy"]["Properties"][
        "Policy"
    ]
    assert '"AWSOwnedKey":false' in with_key["Fn::Sub"] and "${KmsKeyArn}" in with_key["Fn::Sub"]
    without = deployed(VectorBackend="opensearch")["VectorEncryptionPolicy"]["Properties"]["Policy"]
    assert '"AWSOwnedKey":true' in without["Fn::Sub"]


def test_key_parameter_accepts_only_a_key_arn():
    pattern = re.compile(load_template()["Parameters"]["KmsKeyArn"]["AllowedPattern"])
    assert pattern.fullmatch("") and pattern.fullmatch(KEY)
    assert not pattern.fullmatch("alias/memstore") and not pattern.fullmatch("*")


@pytest.mark.parametrize("backend", ["dynamodb", "opensearch"])
def test_transformed_template_with_the_key_passes_cfn_lint(backend):
    assert lint_messages(json.dumps(sam_transform(VectorBackend=backend, KmsKeyArn=KEY))) == []
