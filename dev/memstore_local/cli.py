"""The `memstore` command. `memstore local` serves template.yaml's HTTP API on this machine,
like `sam local start-api` but without Docker."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from collections.abc import Sequence

from memstore_local import audit_cli, lifecycle
from memstore_local.gateway import serve
from memstore_local.runtime import LocalRuntime
from memstore_local.state import DEFAULT_INTERVAL_SECONDS
from memstore_local.template import TemplateError

log = logging.getLogger("memstore_local")


def _key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    return key, value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="memstore", description="memstore: long-term memory for AI agents")
    commands = parser.add_subparsers(dest="command", required=True)
    local = commands.add_parser(
        "local",
        help="serve template.yaml's HTTP API in process (DynamoDB in memory, local models)",
        description="Serve every HttpApi route of the template on this machine: handlers run in "
        "process, AWS is moto (in memory), Step Functions is a local scheduler, and the "
        "local chat and embedding models are the defaults.",
    )
    local.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    local.add_argument("--port", type=int, default=3000, help="port (default 3000; 0 picks a free one)")
    local.add_argument("--template", default="template.yaml", help="SAM template (default template.yaml)")
    local.add_argument(
        "--env",
        action="append",
        type=_key_value,
        default=[],
        metavar="KEY=VALUE",
        help="set a function environment variable (repeatable; wins over the local defaults)",
    )
    local.add_argument(
        "--parameter",
        action="append",
        type=_key_value,
        default=[],
        metavar="NAME=VALUE",
        help="override a template parameter's Default (repeatable)",
    )
    local.add_argument(
        "--state",
        metavar="FILE",
        help="keep the stores, memories and deletion audit in FILE (JSON Lines): loaded at start, "
        "saved every --state-interval seconds and at stop, so they survive a restart",
    )
    local.add_argument(
        "--state-interval",
        type=float,
        default=DEFAULT_INTERVAL_SECONDS,
        metavar="SECONDS",
        help=f"how often --state saves while serving (default {DEFAULT_INTERVAL_SECONDS:g}; 0: only at stop)",
    )
    local.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    lifecycle.add_local_arguments(local)
    mcp = commands.add_parser(
        "mcp",
        help="serve one store and scope as MCP tools over stdio (search, remember, forget, list)",
        description="A Model Context Protocol server on stdin/stdout for an agent: its tools act on "
        "--store and --scope of the memstore API at --base-url (needs the mcp extra).",
    )
    from memstore.mcp.server import add_arguments

    add_arguments(mcp)
    audit_cli.add_parser(commands)
    lifecycle.add_parser(commands)
    return parser


def _configure_logging(level: str) -> None:
    """The server's own log goes to stderr through a handler of its own: the handlers' Powertools
    Logger claims the `memstore` logger (JSON on stdout, like Lambda's function log) and filters
    `memstore.*` records out of the root handlers."""
    formatter = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    server_handler = logging.StreamHandler(sys.stderr)
    server_handler.setFormatter(formatter)
    for name in ("memstore_local", "memstore.adapters.local_scheduler"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [server_handler]
        logger.setLevel(level)
        logger.propagate = False
    root_handler = logging.StreamHandler(sys.stderr)
    root_handler.setFormatter(formatter)
    logging.basicConfig(level=logging.WARNING, handlers=[root_handler])


WARM_JOIN_SECONDS = 25.0
"""How long a stop waits for the model preloading to finish."""


def _warm(runtime: LocalRuntime) -> None:
    try:
        runtime.warm()
    except Exception as e:  # the first update loads them instead, and says what is missing
        log.warning("models not preloaded: %s", type(e).__name__)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.command == "audit":
        return audit_cli.run(args)
    if args.command == "lifecycle":
        return lifecycle.run(args)
    if args.command == "mcp":
        from memstore.mcp.server import run

        return run(args)
    _configure_logging(args.log_level)
    try:
        runtime = LocalRuntime(
            args.template,
            overrides=dict(args.env),
            parameters=dict(args.parameter),
            state=args.state,
            state_interval=args.state_interval,
        )
    except TemplateError as e:
        print(f"memstore local: {e}", file=sys.stderr)
        return 2

    stop = threading.Event()
    timer = lifecycle.LifecycleTimer(runtime, args.lifecycle_interval)
    previous = {sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)}
    warm = threading.Thread(target=_warm, args=(runtime,), name="memstore-local-warm", daemon=True)
    try:
        runtime.start()
        warm.start()
        timer.start()
        for route in sorted(runtime.routes, key=lambda r: (r.path, r.method)):
            log.info("%-7s %s -> %s", route.method, route.path, route.function_id)
        serve(args.host, args.port, runtime, stop)
    except OSError as e:
        print(f"memstore local: cannot listen on {args.host}:{args.port}: {e}", file=sys.stderr)
        return 1
    finally:
        timer.stop()
        if warm.is_alive():
            # exiting while the models load aborts the process (a C++ extension half initialised)
            warm.join(WARM_JOIN_SECONDS)
        runtime.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    log.info("stopped")
    return 0
