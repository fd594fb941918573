"""docs/openapi.json is what the resolvers and template.yaml say today, and says it whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memstore_local.template import Template
from memstore_openapi.document import ERRORS, OpenAPIError, build, is_api_route, render

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "template.yaml"
PUBLISHED = ROOT / "docs" / "openapi.json"


@pytest.fixture(scope="module")
def document() -> dict:
    return build(TEMPLATE)


def test_the_published_document_is_up_to_date():
    assert PUBLISHED.read_text(encoding="utf-8") == render(TEMPLATE), (
        "docs/openapi.json is out of date: run `.venv/bin/python -m memstore_openapi`"
    )


def test_every_route_of_the_template_is_an_operation(document):
    routes = {
        (route.method.lower(), route.path)
        for spec in Template(TEMPLATE).functions().values()
        for route in spec.routes
        if is_api_route(route)
    }
    operations = {(method, path) for path, item in document["paths"].items() for method in item}
    assert operations == routes


def test_every_answer_has_a_body_schema_and_errors_have_the_error_shape(document):
    responses = document["components"]["responses"]
    error = document["components"]["schemas"]["Error"]
    assert error["required"] == ["error"]
    assert document["components"]["schemas"]["ErrorDetail"]["required"] == ["code", "message", "param"]
    for path, item in document["paths"].items():
        for method, operation in item.items():
            statuses = {int(status) for status in operation["responses"]}
            assert statuses & {200, 201, 202}, (method, path)
            assert {400, 404, 500} <= statuses, (method, path)
            for status, answer in operation["responses"].items():
                if int(status) >= 400:
                    name = answer["$ref"].rsplit("/", 1)[-1]
                    assert answer["$ref"] == f"#/components/responses/{ERRORS[int(status)][0]}"
                    answer = responses[name]
                    assert answer["content"]["application/json"]["schema"] == {
                        "$ref": "#/components/schemas/Error"
                    }
                else:
                    (media,) = answer["content"]
                    assert media in ("application/json", "application/x-ndjson"), (method, path)
                    assert answer["content"][media]["schema"]["$ref"].startswith("#/components/schemas/")


def test_operations_are_named_after_their_handlers(document):
    ids = [op["operationId"] for item in document["paths"].values() for op in item.values()]
    assert len(ids) == len(set(ids))
    assert {"create_store", "list_items", "update_memories", "search_memories"} <= set(ids)


def test_request_bodies_and_integer_queries_come_from_the_handlers(document):
    items = document["paths"]["/memory_stores/{name}/items"]
    assert items["post"]["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/CreateItemRequest"
    }
    limit = next(p for p in items["get"]["parameters"] if p.get("name") == "limit")
    assert limit["schema"] == {
        "type": "integer",
        "maximum": 100,
        "minimum": 1,
        "title": "Limit",
        "default": 20,
    }


def test_the_creating_posts_take_an_idempotency_key(document):
    creating = {
        ("post", "/memory_stores"),
        ("post", "/memory_stores/{name}/items"),
        ("post", "/memory_stores/{name}/update_memories"),
    }
    for path, item in document["paths"].items():
        for method, operation in item.items():
            takes_key = {"$ref": "#/components/parameters/IdempotencyKey"} in operation["parameters"]
            assert takes_key == ((method, path) in creating), (method, path)
            assert ("422" in operation["responses"]) == takes_key, (method, path)
    assert document["components"]["parameters"]["IdempotencyKey"]["name"] == "Idempotency-Key"


def test_every_referenced_schema_is_described_and_none_is_left_over(document):
    text = json.dumps(document)
    for name in document["components"]["schemas"]:
        assert f'"#/components/schemas/{name}"' in text
    assert "HTTPValidationError" not in text


def test_a_template_route_without_a_handler_is_an_error(tmp_path):
    template = tmp_path / "template.yaml"
    template.write_text(
        "Resources:\n"
        "  ItemsFunction:\n"
        "    Type: AWS::Serverless::Function\n"
        "    Properties:\n"
        f"      CodeUri: {ROOT / 'functions' / 'items'}\n"
        "      Handler: app.lambda_handler\n"
        "      Events:\n"
        "        Nowhere:\n"
        "          Type: HttpApi\n"
        '          Properties: {Method: GET, Path: "/memory_stores/{name}/nowhere"}\n',
        encoding="utf-8",
    )
    with pytest.raises(OpenAPIError, match="GET /memory_stores/{name}/nowhere"):
        build(template)
