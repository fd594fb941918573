"""The lifecycle pass in `memstore local`: what the EventBridge Scheduler schedule does on AWS.
A timer runs the template's lifecycle function every `interval` seconds, slice after slice until
the pass is complete (on Lambda a slice invokes the next itself; locally the caller loops), and
`POST /_local/lifecycle/run` (what `memstore lifecycle run` sends) runs one now."""

from __future__ import annotations

import argparse
import logging
import sys
import threading
import urllib.error
import urllib.request
from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memstore_local.runtime import LocalRuntime

log = logging.getLogger("memstore_local.lifecycle")

LIFECYCLE_FUNCTION = "LifecycleFunction"
RUN_PATH = "/_local/lifecycle/run"
DEFAULT_INTERVAL = 86400
MAX_SLICES = 10_000


def lifecycle_function_id(runtime: LocalRuntime) -> str | None:
    if LIFECYCLE_FUNCTION in runtime.functions:
        return LIFECYCLE_FUNCTION
    return next((fid for fid, spec in runtime.functions.items() if spec.code_dir.name == "lifecycle"), None)


def run_pass(runtime: LocalRuntime) -> dict[str, Any]:
    """One whole pass: the counts summed over its slices."""
    function_id = lifecycle_function_id(runtime)
    if function_id is None:
        raise LookupError("the template has no lifecycle function")
    counts: Counter = Counter()
    event: dict[str, Any] = {}
    for slices in range(1, MAX_SLICES + 1):
        answer = runtime.invoke(function_id, event)
        counts.update(answer["counts"])
        if answer["complete"]:
            return {"counts": dict(counts), "slices": slices, "complete": True}
        event = {"cursor": answer["cursor"], "chain": slices}
    return {"counts": dict(counts), "slices": MAX_SLICES, "complete": False}


class LifecycleTimer:
    """Runs a pass every `interval` seconds (the first one `interval` after start)."""

    def __init__(self, runtime: LocalRuntime, interval: float):
        self._runtime = runtime
        self._interval = interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.passes = 0

    def start(self) -> None:
        if self._interval <= 0 or self._thread is not None:
            return
        self._thread = threading.Thread(target=self._work, name="memstore-local-lifecycle", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 30.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _work(self) -> None:
        while not self._stop.wait(self._interval):
            try:
                result = run_pass(self._runtime)
                self.passes += 1
                log.info("lifecycle pass: %s", result["counts"])
            except Exception as error:  # the next tick tries again
                log.warning("lifecycle pass failed: %s", type(error).__name__)


def add_local_arguments(local: argparse.ArgumentParser) -> None:
    local.add_argument(
        "--lifecycle-interval",
        type=float,
        default=DEFAULT_INTERVAL,
        metavar="SECONDS",
        help="run the lifecycle pass (decay, promotion, expiry sweep, ...) this often; 0 turns the "
        f"timer off (default {DEFAULT_INTERVAL}: daily, like the deployed schedule)",
    )


def add_parser(commands: Any) -> None:
    """`memstore lifecycle run [--url URL]`."""
    lifecycle = commands.add_parser(
        "lifecycle",
        help="run the lifecycle pass now on a running `memstore local`",
        description="Asks a running `memstore local` to run one lifecycle pass now and prints its counts.",
    )
    actions = lifecycle.add_subparsers(dest="action", required=True)
    run_now = actions.add_parser("run", help="run one pass now and print its counts")
    run_now.add_argument(
        "--url", default="http://127.0.0.1:3000", help="memstore local's address (%(default)s)"
    )


def run(args: argparse.Namespace) -> int:
    request = urllib.request.Request(args.url.rstrip("/") + RUN_PATH, data=b"{}", method="POST")
    try:
        with urllib.request.urlopen(request, timeout=3600) as response:
            print(response.read().decode("utf-8"))
    except (urllib.error.URLError, OSError) as e:
        print(f"memstore lifecycle run: {args.url} did not run the pass: {e}", file=sys.stderr)
        return 1
    return 0
