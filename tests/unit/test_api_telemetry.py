"""The X-Ray SDK is opt-in: without it a handler's cold start stays small."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from memstore.api import app

ROOT = Path(__file__).resolve().parents[2]


def test_no_sdk_tracer_unless_asked(monkeypatch):
    monkeypatch.delenv("POWERTOOLS_TRACE_DISABLED", raising=False)
    assert app._xray_sdk_tracer() is None
    monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "true")
    assert app._xray_sdk_tracer() is None
    monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "false")
    assert app._xray_sdk_tracer() is not None


def test_items_handler_imports_no_sdk_and_no_vector_stack():
    code = (
        f"import sys; sys.path[:0] = ['{ROOT / 'layers/memstore'}', '{ROOT / 'functions/items'}']; import app; "
        "print(sorted(m for m in ('aws_xray_sdk', 'numpy', 'onnxruntime', 'opensearchpy') if m in sys.modules))"
    )
    env = {"TABLE_NAME": "t", "AUTH_MODE": "IAM", "AWS_DEFAULT_REGION": "us-east-1", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "[]"
