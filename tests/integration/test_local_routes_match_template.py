"""`memstore local` serves exactly the HTTP API that template.yaml deploys: its route table is
the set of HttpApi events of the template's functions, read here independently of the gateway,
and every route is reachable by a concrete request path."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from memstore_local import LocalRuntime
from memstore_local.gateway import Router

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "template.yaml"

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(not TEMPLATE.exists(), reason="template.yaml is not written yet"),
]


class _AnyTagLoader(yaml.SafeLoader):
    """Reads CloudFormation short tags as plain values: enough to list events."""


_AnyTagLoader.add_multi_constructor(
    "!",
    lambda loader, suffix, node: (
        loader.construct_scalar(node)
        if isinstance(node, yaml.ScalarNode)
        else loader.construct_sequence(node, deep=True)
        if isinstance(node, yaml.SequenceNode)
        else loader.construct_mapping(node, deep=True)
    ),
)


def _declared_routes(doc: dict) -> tuple[set[tuple[str, str, str]], dict[str, set[tuple[str, str, str]]]]:
    """(routes of unconditional functions, routes of conditional functions keyed by function)."""
    always: set[tuple[str, str, str]] = set()
    conditional: dict[str, set[tuple[str, str, str]]] = {}
    for logical_id, resource in doc["Resources"].items():
        if resource.get("Type") != "AWS::Serverless::Function":
            continue
        routes = {
            (str(e["Properties"].get("Method", "ANY")).upper(), e["Properties"]["Path"], logical_id)
            for e in (resource.get("Properties", {}).get("Events") or {}).values()
            if e.get("Type") == "HttpApi"
        }
        if resource.get("Condition"):
            conditional[logical_id] = routes
        else:
            always |= routes
    return always, conditional


@pytest.fixture(scope="module")
def runtime():
    return LocalRuntime(TEMPLATE)


@pytest.fixture(scope="module")
def doc():
    return yaml.load(TEMPLATE.read_text(encoding="utf-8"), Loader=_AnyTagLoader)


def test_the_template_declares_http_routes(doc):
    always, _ = _declared_routes(doc)
    assert always, "template.yaml declares no HttpApi events"


def test_route_table_equals_the_templates_http_api_routes(runtime, doc):
    always, conditional = _declared_routes(doc)
    expected = set(always)
    for logical_id, routes in conditional.items():
        if runtime.template.resource_enabled(logical_id):
            expected |= routes
    served = {(r.method, r.path, r.function_id) for r in runtime.routes}
    assert served == expected
    assert len(runtime.routes) == len(served), "a route is declared twice"


def test_every_route_is_reachable_by_a_concrete_path(runtime):
    router = Router(runtime.routes)
    for route in runtime.routes:
        concrete = re.sub(r"\{[^}/]+\}", "x1", route.path)
        method = "GET" if route.method == "ANY" else route.method
        match = router.match(method, concrete)
        assert match is not None and match.route == route, f"{route.route_key} is shadowed"


def test_functions_resolve_a_local_environment(runtime):
    assert runtime.environments, "no functions"
    for function_id, env in runtime.environments.items():
        assert env["AUTH_MODE"] == "NONE", function_id
        assert env["SCHEDULER"] == "local", function_id
        assert env["DEFAULT_CHAT_MODEL"] in env["ALLOWED_CHAT_MODELS"].split(","), function_id
        assert env["DEFAULT_EMBEDDING_MODEL"] in env["ALLOWED_EMBEDDING_MODELS"].split(","), function_id
        if "TABLE_NAME" in env:
            assert env["TABLE_NAME"] in {t.table_name for t in runtime.tables}, function_id
