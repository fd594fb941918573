"""`memstore audit verify --store NAME`: checks a store's deletion audit chain and says whether
any record was edited, removed or inserted. It reads the deployment's table with the ambient AWS
credentials (--table, --region), or asks a running service (--url, e.g. `memstore local`).
Exit status 0: the chain verifies; 1: it does not; 2: no such store or chain."""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.request
from typing import Any


def add_parser(commands: Any) -> None:
    audit = commands.add_parser("audit", help="the deletion audit of a memory store")
    actions = audit.add_subparsers(dest="audit_command", required=True)
    verify = actions.add_parser(
        "verify",
        help="verify a store's hash-chained deletion audit",
        description=__doc__.split("\n\n")[0],
    )
    verify.add_argument("--store", required=True, help="the memory store's name")
    where = verify.add_mutually_exclusive_group()
    where.add_argument("--url", help="ask the service at this base URL (GET …/audit/verify)")
    where.add_argument(
        "--table", default=os.environ.get("TABLE_NAME"), help="the memory table (default: $TABLE_NAME)"
    )
    verify.add_argument(
        "--region", default=os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION")
    )


def _from_service(url: str, store: str) -> tuple[int, dict[str, Any]]:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(f"{url.rstrip('/')}/memory_stores/{store}/audit/verify", timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def _from_table(table: str, region: str | None, store: str) -> tuple[int, dict[str, Any]]:
    from memstore.domain.access import Caller
    from memstore.domain.errors import MemstoreError
    from memstore.settings import Settings
    from memstore.wiring import Container

    env = {"TABLE_NAME": table, **({"AWS_REGION": region} if region else {})}
    container = Container(Settings.from_env({**os.environ, **env}))
    try:
        result = container.audit.verify(store, Caller())
    except MemstoreError as error:
        return error.status, {"error": {"code": error.code, "message": error.message}}
    return 200, {"object": "memory_store.audit.verification", "name": store, **result.model_dump()}


def run(args: argparse.Namespace) -> int:
    if args.url:
        status, body = _from_service(args.url, args.store)
    elif args.table:
        status, body = _from_table(args.table, args.region, args.store)
    else:
        print("memstore audit verify: give --url or --table (or set TABLE_NAME)", file=sys.stderr)
        return 2
    print(json.dumps(body, indent=2))
    if status != 200:
        return 2
    return 0 if body.get("valid") else 1
