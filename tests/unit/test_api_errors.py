"""An unexpected error answers 500 without details, and its log line quotes no input."""

from __future__ import annotations

import json

from memstore.api.app import build_resolver, entrypoint


class Context:
    function_name = "f"
    memory_limit_in_mb = 128
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:f"
    aws_request_id = "req-1"


def test_unexpected_errors_are_500_and_logged_without_their_text(caplog, capsys):
    app = build_resolver()

    @app.post("/boom")
    def boom():
        raise ValueError("secret user text: I take sertraline")

    event = {
        "version": "2.0",
        "routeKey": "POST /boom",
        "rawPath": "/boom",
        "rawQueryString": "",
        "headers": {},
        "requestContext": {
            "http": {"method": "POST", "path": "/boom", "sourceIp": "1.1.1.1"},
            "stage": "$default",
            "requestId": "r",
        },
        "body": "{}",
        "isBase64Encoded": False,
    }
    answer = entrypoint(app)(event, Context())
    assert answer["statusCode"] == 500
    assert json.loads(answer["body"]) == {
        "error": {"code": "internal_error", "message": "internal error", "param": None}
    }
    records = [r for r in caplog.records if r.getMessage() == "unexpected error"]
    assert records and records[0].error_type == "ValueError" and records[0].exc_info is None
    printed = capsys.readouterr()
    assert "sertraline" not in printed.out + printed.err + str([vars(r) for r in caplog.records])
