"""Log hygiene: a canary string sent in content, scopes and headers through a representative set
of requests (stores, items, search, update_memories through consolidation, and failures) never
appears in anything the functions log or emit as metrics.

Everything is captured: every `logging` record with its arguments and extras, memstore's own
loggers (and Powertools' service logger) at DEBUG, the most LogLevel allows, and every other
library at INFO (their DEBUG output, botocore's wire dumps and Powertools' route arguments, is
request content by design and is never enabled: docs/security.md); and the process's stdout and
stderr at the file-descriptor level, where Powertools' logger writes its JSON lines and its
metrics their EMF documents (metrics are switched on for this test). The test first proves the
capture sees those outputs, so an empty capture cannot pass it."""

from __future__ import annotations

import importlib.util
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from memstore.api import app as api_app
from memstore.domain.errors import ExtractionFailed
from tests.doubles import BrokenExtractor
from tests.integration.conftest import Api, LambdaContext
from tests.support import ROOT

pytestmark = pytest.mark.integration

CANARY = "Zq7canaryX41"
SCOPE = f"user-{CANARY}"
USER_PLACEHOLDER = "{{$userId}}"
HEADERS = {
    "x-memory-user-id": f"hdr-{CANARY}",
    "x-canary-header": CANARY,
    "user-agent": f"agent/{CANARY}",
    "x-amzn-trace-id": f"Root=1-{CANARY}",
}


class RecordEverything(logging.Handler):
    """Every record of every logger, with its message, arguments and extras rendered."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        fields = {k: v for k, v in record.__dict__.items() if k not in ("exc_info", "args", "msg")}
        exc = logging.Formatter().formatException(record.exc_info) if record.exc_info else ""
        self.lines.append(f"{record.getMessage()} {record.args!r} {fields!r} {exc}")


@pytest.fixture
def everything(monkeypatch) -> Iterator[RecordEverything]:
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "false")
    monkeypatch.setenv("POWERTOOLS_DEV", "false")
    handler = RecordEverything()
    root = logging.getLogger()
    loggers = [root] + [logging.getLogger(n) for n in list(logging.root.manager.loggerDict)]
    levels = [(lg, lg.level) for lg in loggers]
    for lg in loggers:
        # memstore's modules, and the service loggers Powertools' Logger configured (their own
        # output handler)
        ours = lg is not root and (
            lg.name.startswith("memstore") or any(not isinstance(h, logging.NullHandler) for h in lg.handlers)
        )
        lg.setLevel(logging.DEBUG if ours else logging.INFO)
        if not lg.propagate or lg is root:
            lg.addHandler(handler)
    try:
        yield handler
    finally:
        for lg, level in levels:
            lg.setLevel(level)
            if handler in lg.handlers:
                lg.removeHandler(handler)


def load(function: str) -> Any:
    path = ROOT / "functions" / function / "app.py"
    spec = importlib.util.spec_from_file_location(f"_hygiene_{function}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def message(text: str) -> dict[str, Any]:
    return {"type": "message", "role": "user", "content": text}


def run_consolidation(api: Api, consolidate: Any) -> list[dict]:
    answers = []
    for job in list(api.scheduler.jobs):
        event = json.loads(job.model_dump_json())
        answers.append(consolidate.lambda_handler(event, LambdaContext("consolidate")))
    api.scheduler.jobs.clear()
    return answers


def representative_requests(api: Api) -> dict[str, int]:
    """Each request the service answers, with the canary wherever a client can put it."""
    h = {"headers": HEADERS}
    statuses: dict[str, int] = {}

    def note(name: str, reply: Any) -> Any:
        statuses[name] = reply.status
        return reply

    note(
        "create store",
        api.call(
            "stores",
            "create",
            body={
                "name": "demo",
                "description": f"store of {CANARY}",
                "metadata": {"owner": CANARY},
                "definition": {
                    "kind": "default",
                    "options": {"user_profile_details": f"Focus on {CANARY} topics."},
                },
            },
            **h,
        ),
    )
    item = note(
        "create item",
        api.call(
            "items",
            "create",
            path={"name": "demo"},
            body={
                "scope": SCOPE,
                "content": f"The user's favourite tea is {CANARY} oolong.",
                "kind": "user_profile",
            },
            **h,
        ),
    )
    note(
        "create item by header scope",
        api.call(
            "items",
            "create",
            path={"name": "demo"},
            body={"scope": USER_PLACEHOLDER, "content": f"Plays {CANARY} chess.", "kind": "user_profile"},
            **h,
        ),
    )
    note(
        "list items",
        api.call("items", "list", path={"name": "demo"}, query={"scope": SCOPE, "kind": None}, **h),
    )
    memory_id = item.body["memory_id"]
    note("get item", api.call("items", "get", path={"name": "demo", "memory_id": memory_id}, **h))
    note(
        "update item",
        api.call(
            "items",
            "update",
            path={"name": "demo", "memory_id": memory_id},
            body={"content": f"The user's favourite tea is {CANARY} sencha."},
            **h,
        ),
    )
    note("static search", api.call("search", "static", body={"scope": SCOPE}, **h))
    note(
        "contextual search",
        api.call(
            "search",
            "contextual",
            body={"scope": SCOPE, "items": [message(f"What tea goes with {CANARY} cake?")]},
            **h,
        ),
    )
    note(
        "update_memories",
        api.call(
            "updates",
            "submit",
            body={
                "scope": SCOPE,
                "update_delay": 0,
                "items": [
                    message(f"I prefer {CANARY} dark roast coffee. Remember that my dog is called {CANARY}.")
                ],
            },
            **h,
        ),
    )
    note(
        "forget command",
        api.call(
            "updates",
            "submit",
            body={
                "scope": SCOPE,
                "update_delay": 0,
                "items": [message(f"Please forget my {CANARY} sencha.")],
            },
            **h,
        ),
    )
    note(
        "dry run",
        api.call(
            "updates",
            "submit",
            body={"scope": SCOPE, "dry_run": True, "items": [message(f"I live in {CANARY} town.")]},
            **h,
        ),
    )
    # failures
    note(
        "secret refused",
        api.call(
            "items",
            "create",
            path={"name": "demo"},
            body={
                "scope": SCOPE,
                "content": f"{CANARY} key sk-proj-Q8mZr2Lk9Xv4Tb7Nw1Hc6Jd3Fs5Gy0Ua",
                "kind": "user_profile",
            },
            **h,
        ),
    )
    note(
        "unknown kind",
        api.call(
            "items",
            "create",
            path={"name": "demo"},
            body={"scope": SCOPE, "content": "tea", "kind": CANARY},
            **h,
        ),
    )
    note(
        "unknown field",
        api.call(
            "items",
            "create",
            path={"name": "demo"},
            body={"scope": SCOPE, "content": "tea", "kind": "user_profile", CANARY: 1},
            **h,
        ),
    )
    note(
        "scope too long",
        api.call(
            "items",
            "create",
            path={"name": "demo"},
            body={"scope": CANARY * 40, "content": "tea", "kind": "user_profile"},
            **h,
        ),
    )
    bad_json = api.event("items", "create", path={"name": "demo"}, headers=HEADERS)
    bad_json["body"] = '{"scope": "' + CANARY + '", "content": '
    note("malformed json", api.invoke("items", bad_json))
    note(
        "unknown store",
        api.call("items", "list", path={"name": CANARY}, query={"scope": SCOPE, "kind": None}, **h),
    )
    note("unknown item", api.call("items", "get", path={"name": "demo", "memory_id": f"mem_{CANARY}"}, **h))
    note(
        "too large",
        api.call(
            "items",
            "create",
            path={"name": "demo"},
            body={"scope": SCOPE, "content": CANARY * 7000, "kind": "user_profile"},
            **h,
        ),
    )
    return statuses


def test_the_canary_never_reaches_logs_or_metrics(api: Api, everything: RecordEverything, capfd, monkeypatch):
    consolidate = load("consolidate")
    statuses = representative_requests(api)
    api.clock.advance(1)
    answers = run_consolidation(api, consolidate)

    # an internal error whose exception text quotes the input
    def explode(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError(f"boom while writing {CANARY}")

    monkeypatch.setattr(api.container.items, "write", explode)
    statuses["internal error"] = api.call(
        "items",
        "create",
        path={"name": "demo"},
        body={"scope": SCOPE, "content": f"{CANARY} tea", "kind": "user_profile"},
        headers=HEADERS,
    ).status
    # a consolidation whose extractor fails, quoting the conversation in its error
    api.use(extractor_factory=lambda _model: BrokenExtractor(ExtractionFailed(f"model said {CANARY}")))
    api.call(
        "updates",
        "submit",
        body={"scope": SCOPE, "update_delay": 0, "items": [message(f"I like {CANARY} jazz.")]},
        headers=HEADERS,
    )
    api.clock.advance(1)
    (job,) = api.scheduler.jobs
    (extraction_failed,) = run_consolidation(api, consolidate)
    # what the state machine does once its retries on a dependency error are spent
    failed = consolidate.lambda_handler(
        {
            "action": "fail",
            "store": job.store,
            "scope": job.scope,
            "update_id": job.update_id,
            "error": {"Error": "ThrottlingException", "Cause": f"model said {CANARY}"},
        },
        LambdaContext("consolidate"),
    )

    assert statuses["create store"] == 201 and statuses["create item"] == 201
    assert statuses["update_memories"] == 202 and statuses["internal error"] == 500
    assert {statuses[k] for k in ("secret refused", "unknown kind", "scope too long", "malformed json")} == {
        400
    }
    assert statuses["unknown store"] == 404 and statuses["too large"] in (400, 413)
    assert [a["status"] for a in answers] == ["superseded", "done"]
    assert extraction_failed["status"] == failed["status"] == "failed"

    out, err = capfd.readouterr()
    logged = "\n".join(everything.lines)
    captured = "\n".join([out, err, logged])
    # the capture sees what the functions emit: Powertools' JSON lines, the EMF metrics, the 500's log
    assert '"_aws"' in out and '"Requests"' in out, "metrics were not captured"
    assert "consolidation step" in captured and "unexpected error" in captured, "logs were not captured"
    assert CANARY not in captured, [line for line in captured.splitlines() if CANARY in line][:5]
    assert CANARY.lower() not in captured.lower()


def test_api_metrics_object_is_shared_and_flushed(api: Api, everything: RecordEverything, capfd):
    """The EMF document a request flushes names only the namespace, service and counts."""
    api.call("stores", "list", headers=HEADERS)
    out, _ = capfd.readouterr()
    documents = [json.loads(line) for line in out.splitlines() if line.startswith("{") and '"_aws"' in line]
    assert documents, out[-2000:]
    assert api_app.metrics.namespace
    for doc in documents:
        assert CANARY not in json.dumps(doc)
        dimensions = {
            d for block in doc["_aws"]["CloudWatchMetrics"] for ds in block["Dimensions"] for d in ds
        }
        assert dimensions <= {"service", "function_name"}, dimensions
