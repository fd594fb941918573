"""The lifecycle pass in `memstore local`: `memstore lifecycle run` (POST /_local/lifecycle/run)
runs the template's lifecycle function slice after slice, and the timer runs it on its own."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from memstore_local import lifecycle as local_lifecycle
from memstore_local.cli import main

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def call(base: str, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(base + path, data=data, method=method)
    try:
        with _OPENER.open(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


@pytest.fixture(scope="module")
def server(local_server: Any) -> Any:
    return local_server


def test_memstore_lifecycle_run_sweeps_an_expired_item_and_prints_the_counts(server, capsys):
    base = server.url
    assert call(base, "POST", "/memory_stores", {"name": "lc", "definition": {"kind": "default"}})[0] == 201
    status, item = call(
        base,
        "POST",
        "/memory_stores/lc/items",
        {"scope": "u1", "content": "Is at the dentist at noon.", "kind": "user_profile"},
    )
    assert status == 201, item
    status, kept = call(
        base,
        "POST",
        "/memory_stores/lc/items",
        {"scope": "u1", "content": "Likes green tea.", "kind": "user_profile"},
    )
    status, changed = call(
        base, "POST", f"/memory_stores/lc/items/{item['memory_id']}/expiration", {"ttl_seconds": 1}
    )
    assert status == 200 and changed["expires_at"] is not None
    time.sleep(1.2)

    assert main(["lifecycle", "run", "--url", base]) == 0
    # the handlers' own logs go to stdout in this process too (as in Lambda): the answer is last
    printed = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert printed["complete"] is True
    assert printed["counts"]["expired_deleted"] >= 1 and printed["counts"]["items"] >= 1
    assert call(base, "GET", f"/memory_stores/lc/items/{item['memory_id']}")[0] == 404
    assert call(base, "GET", f"/memory_stores/lc/items/{kept['memory_id']}")[0] == 200
    status, audit = call(base, "GET", "/memory_stores/lc/audit")
    if status == 200:
        assert [r["action"] for r in audit["data"]] == ["expired"]


def test_the_run_route_takes_only_post(server):
    status, body = call(server.url, "GET", local_lifecycle.RUN_PATH)
    assert (status, body["error"]["code"]) == (405, "method_not_allowed")


def test_lifecycle_run_reports_an_unreachable_server(capsys):
    assert main(["lifecycle", "run", "--url", "http://127.0.0.1:9"]) == 1
    assert "did not run the pass" in capsys.readouterr().err


def test_the_timer_runs_passes_until_stopped(server):
    timer = local_lifecycle.LifecycleTimer(server.runtime, 0.2)
    timer.start()
    deadline = time.monotonic() + 30
    while timer.passes < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    timer.stop()
    assert timer.passes >= 2
    off = local_lifecycle.LifecycleTimer(server.runtime, 0)
    off.start()
    assert off._thread is None, "interval 0: no timer"
