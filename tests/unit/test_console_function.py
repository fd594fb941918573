"""functions/console: the page at /console, its assets at /console/{asset}, nothing else."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "functions" / "console" / "static"


@pytest.fixture(scope="module")
def console():
    spec = importlib.util.spec_from_file_location("_console_app", ROOT / "functions" / "console" / "app.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def get(console, asset=None):
    event = {"rawPath": "/console" if asset is None else f"/console/{asset}"}
    if asset is not None:
        event["pathParameters"] = {"asset": asset}
    return console.lambda_handler(event, None)


def test_the_page_is_served_with_a_policy_that_keeps_every_request_on_this_origin(console):
    answer = get(console)
    assert answer["statusCode"] == 200
    assert answer["body"] == (STATIC / "index.html").read_text(encoding="utf-8")
    headers = answer["headers"]
    assert headers["content-type"] == "text/html; charset=utf-8"
    policy = dict(part.strip().split(" ", 1) for part in headers["content-security-policy"].split(";"))
    assert policy["default-src"] == "'none'"
    assert policy["connect-src"] == policy["script-src"] == policy["style-src"] == "'self'"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


@pytest.mark.parametrize(
    ("asset", "content_type"),
    [
        ("console.js", "text/javascript; charset=utf-8"),
        ("api.js", "text/javascript; charset=utf-8"),
        ("text.js", "text/javascript; charset=utf-8"),
        ("console.css", "text/css; charset=utf-8"),
    ],
)
def test_assets_are_served_with_their_types(console, asset, content_type):
    answer = get(console, asset)
    assert answer["statusCode"] == 200
    assert answer["headers"]["content-type"] == content_type
    assert answer["body"] == (STATIC / asset).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "asset", ["index.html", "app.py", "../app.py", "..%2Fapp.py", "nope.js", "", "CONSOLE.JS"]
)
def test_anything_else_is_a_404_in_the_error_shape(console, asset):
    answer = get(console, asset)
    assert answer["statusCode"] == 404
    assert json.loads(answer["body"]) == {
        "error": {"code": "not_found", "message": "no such console asset", "param": None}
    }


def test_the_page_loads_only_relative_assets_of_its_own():
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    assert "//" not in html.replace("<!doctype html>", "")
    for module in STATIC.glob("*.js"):
        text = module.read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, module.name
