"""Shared fixtures: a moto-backed table and the repositories under test."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
os.environ.setdefault("POWERTOOLS_DEV", "false")


def pytest_terminal_summary(terminalreporter):
    """A machine without Chromium skips the console's browser suite: say so, and how to install it."""
    from tests.browser.chromium import missing_reason

    reason = missing_reason()
    if reason is not None:
        terminalreporter.write_line(reason, yellow=True)


TABLE = "memstore-test"


@pytest.fixture
def aws_env(monkeypatch):
    """Fake credentials and no endpoint override: mock_aws does not intercept when one is set."""
    for name in list(os.environ):
        if name.startswith("AWS_ENDPOINT_URL"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.setenv("AWS_SESSION_TOKEN", "testing")
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("AWS_REGION", "us-east-1")


@pytest.fixture
def moto_table(aws_env):
    from moto import mock_aws

    from tests.support import create_table_from_template

    with mock_aws():
        create_table_from_template(TABLE)
        yield TABLE


@pytest.fixture(scope="module")
def local_server():
    """`memstore local` (the template's functions, moto in process) on a free port, one per test
    module: one LocalRuntime may run in a process at a time."""
    from pathlib import Path

    from memstore_local import LocalRuntime, run_in_thread

    server = run_in_thread(LocalRuntime(Path(__file__).resolve().parents[1] / "template.yaml"), port=0)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def base_url(local_server) -> str:
    return local_server.url
