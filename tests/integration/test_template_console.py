"""The memory console in the deployment: its function serves static files only (no permission
beyond its logs and traces, no data), its two routes are open in every AuthMode (a browser can
neither sign a page load nor attach a bearer token to one), and the function ships its assets."""

from __future__ import annotations

import pytest

from tests.integration.test_template import (
    CONSOLE_ROUTES,
    JWT_PARAMS,
    ROOT,
    authorization_type,
    deployed,
    load_template,
    operations,
    role_actions,
)

pytestmark = pytest.mark.integration


@pytest.mark.parametrize("mode", ["IAM", "JWT", "NONE"])
def test_console_routes_are_open_and_served_by_the_console_function(mode):
    params = {"AuthMode": mode, **(JWT_PARAMS if mode == "JWT" else {})}
    body = deployed(**params)["MemstoreApi"]["Properties"]["Body"]
    ops = operations(body)
    for route, function in CONSOLE_ROUTES.items():
        assert authorization_type(body, ops[route]) == "NONE", route
        assert f"${{{function}.Arn}}" in ops[route]["x-amazon-apigateway-integration"]["uri"]["Fn::Sub"]


def test_console_function_has_no_permission_but_its_logs():
    resources = deployed(VectorBackend="opensearch", KmsKeyArn="arn:aws:kms:us-east-1:123456789012:key/k")
    assert role_actions(resources, "ConsoleFunctionRole") == set()
    managed = set(resources["ConsoleFunctionRole"]["Properties"]["ManagedPolicyArns"])
    assert managed <= {
        "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole",
        "arn:aws:iam::aws:policy/AWSXrayWriteOnlyAccess",
    }
    key_roles = {r["Ref"] for r in resources["CustomerKeyUse"]["Properties"]["Roles"]}
    assert "ConsoleFunctionRole" not in key_roles


def test_console_function_ships_its_page_and_assets():
    props = load_template()["Resources"]["ConsoleFunction"]["Properties"]
    code = ROOT / props["CodeUri"]
    assert (code / "app.py").is_file()
    assert {p.name for p in (code / "static").iterdir()} >= {
        "index.html",
        "console.js",
        "api.js",
        "text.js",
        "console.css",
    }
    assert props["LoggingConfig"] == {"LogGroup": {"Ref": "ConsoleFunctionLogs"}}
    assert "Policies" not in props


def test_console_url_is_an_output():
    outputs = load_template()["Outputs"]
    assert outputs["ConsoleUrl"]["Value"]["Fn::Sub"].endswith("/console")
