"""The in-process Lambda runtime behind `memstore local`: every function of the template in one
process, AWS replaced by moto, Step Functions replaced by the local scheduler.

The API's handlers run one at a time under a process-wide lock: the functions share os.environ
and a handler's resolver keeps the current event on a module-level app. Consolidations run beside
them, on the scheduler's workers, as Step Functions would start another Lambda container: the
consolidate handler reads no per-function variable once loaded, and each mocked AWS request is
atomic (moto_atomic)."""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import re
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from memstore.adapters.local_forwarder import install_process_forwarder
from memstore.adapters.local_scheduler import (
    LocalScheduler,
    install_process_scheduler,
    process_scheduler,
)
from memstore.settings import LOCAL_CHAT_MODEL, LOCAL_EMBEDDING_MODEL
from memstore_local.state import DEFAULT_INTERVAL_SECONDS, StateFile
from memstore_local.template import (
    LOCAL_ACCOUNT_ID,
    LOCAL_REGION,
    FunctionSpec,
    Route,
    TableSpec,
    Template,
    TemplateError,
)

log = logging.getLogger("memstore_local.runtime")


def reset_container() -> None:
    """Drops the composition root's cached adapters: they captured the environment and the moto
    backends of whatever ran before."""
    from memstore.wiring import install

    install(None)


CONSOLIDATION_WORKERS = 2
"""Consolidations that run at once (the scheduler's workers); Lambda would run as many as the
account's concurrency allows, this machine's cores are the useful limit."""

LOCAL_CHAT_MODELS = (LOCAL_CHAT_MODEL,)
LOCAL_EMBEDDING_MODELS = (LOCAL_EMBEDDING_MODEL,)

LOCAL_SETTINGS: dict[str, str] = {
    "AUTH_MODE": "NONE",
    "SCHEDULER": "local",
    "VECTOR_BACKEND": "dynamodb",
    "DEFAULT_CHAT_MODEL": LOCAL_CHAT_MODELS[0],
    "DEFAULT_EMBEDDING_MODEL": LOCAL_EMBEDDING_MODELS[0],
    "LANGUAGE_EMBEDDING_MODEL": LOCAL_EMBEDDING_MODELS[0],
    "POWERTOOLS_TRACE_DISABLED": "true",
    "POWERTOOLS_METRICS_DISABLED": "true",
    "POWERTOOLS_METRICS_NAMESPACE": "Memstore",
    "AWS_DEFAULT_REGION": LOCAL_REGION,
    "AWS_REGION": LOCAL_REGION,
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SESSION_TOKEN": "testing",
    "AWS_SECURITY_TOKEN": "testing",
}
"""What makes the template's functions run offline: no auth, local models, moto for AWS."""

_ALLOWED_LISTS = {
    "ALLOWED_CHAT_MODELS": LOCAL_CHAT_MODELS,
    "ALLOWED_EMBEDDING_MODELS": LOCAL_EMBEDDING_MODELS,
}
_REMOVED_VARIABLES = ("AWS_PROFILE", "AWS_DEFAULT_PROFILE", "DYNAMODB_ENDPOINT")
"""A profile naming real credentials, or an endpoint moto would not intercept."""

OFFLINE_AWS = {k: v for k, v in LOCAL_SETTINGS.items() if k.startswith("AWS_")}
"""Fake credentials and the local region: what moto needs and nothing real can use."""


def use_offline_aws() -> None:
    """Points this process's AWS clients at moto: no endpoint moto would not intercept, no
    profile naming real credentials, fake credentials in the local region."""
    for key in list(os.environ):
        if key.startswith("AWS_ENDPOINT_URL") or key in _REMOVED_VARIABLES:
            del os.environ[key]
    os.environ.update(OFFLINE_AWS)


@contextlib.contextmanager
def every_new_client(attach: Callable[[Any], Any]) -> Iterator[None]:
    """Calls `attach` on every botocore client made meanwhile (benches and tests register their
    event handlers on it)."""
    import botocore.session

    original = botocore.session.Session.create_client

    def create_client(session: Any, *args: Any, **kwargs: Any) -> Any:
        client = original(session, *args, **kwargs)
        attach(client)
        return client

    botocore.session.Session.create_client = create_client  # type: ignore[method-assign]
    try:
        yield
    finally:
        botocore.session.Session.create_client = original  # type: ignore[method-assign]


CONSOLIDATE_FUNCTION = "ConsolidateFunction"


class UnknownFunction(LookupError):
    pass


class LambdaContext:
    """The attributes of Lambda's context object that handlers and Powertools read."""

    def __init__(self, spec: FunctionSpec, clock: Callable[[], float] = time.monotonic):
        self.function_name = spec.function_name
        self.function_version = "$LATEST"
        self.memory_limit_in_mb = spec.memory_mb
        self.invoked_function_arn = (
            f"arn:aws:lambda:{LOCAL_REGION}:{LOCAL_ACCOUNT_ID}:function:{spec.function_name}"
        )
        self.aws_request_id = str(uuid.uuid4())
        self.log_group_name = f"/aws/lambda/{spec.function_name}"
        self.log_stream_name = f"local/{self.aws_request_id}"
        self.identity = None
        self.client_context = None
        self._clock = clock
        self._deadline = clock() + spec.timeout_s

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int((self._deadline - self._clock()) * 1000))


def _merge_list(template_value: str | None, local: tuple[str, ...]) -> str:
    items = [v.strip() for v in (template_value or "").split(",") if v.strip()]
    if "*" in items:
        return template_value or "*"
    return ",".join(items + [m for m in local if m not in items])


class LocalRuntime:
    """One template's functions, served in this process. One runtime runs per process at a time:
    they would share os.environ and moto's backends."""

    _active: LocalRuntime | None = None
    _active_lock = threading.Lock()

    def __init__(
        self,
        template_path: str | Path,
        overrides: Mapping[str, str] | None = None,
        parameters: Mapping[str, str] | None = None,
        state: str | Path | None = None,
        state_interval: float = DEFAULT_INTERVAL_SECONDS,
    ):
        self.template = Template(template_path, parameters)
        self.functions: dict[str, FunctionSpec] = self.template.functions()
        self.tables: list[TableSpec] = self.template.tables()
        self.routes: list[Route] = [route for spec in self.functions.values() for route in spec.routes]
        self._overrides = dict(overrides or {})
        self.environments = {fid: self._environment(spec) for fid, spec in self.functions.items()}
        self._shared_env, self._varying_keys = self._split_environments()
        self._lock = threading.RLock()
        self._modules: dict[str, ModuleType] = {}
        self._saved_env: dict[str, str] | None = None
        self._mock: Any = None
        self.scheduler: LocalScheduler | None = None
        self.state = StateFile(state, self._lock, state_interval) if state is not None else None
        """`--state FILE`: loaded at start, saved while serving and at stop."""
        self.started = False
        self._running: list[str] = []
        """The functions whose invocations are in progress, outermost first (a stores function
        forwarding a Foundry colon action runs its target inside its own invocation)."""

    # environment ------------------------------------------------------------------------------
    def _environment(self, spec: FunctionSpec) -> dict[str, str]:
        env = dict(spec.environment)
        env.update(LOCAL_SETTINGS)
        for key, local in _ALLOWED_LISTS.items():
            env[key] = _merge_list(env.get(key), local)
        env.update(self._overrides)
        return env

    def _split_environments(self) -> tuple[dict[str, str], set[str]]:
        envs = list(self.environments.values()) or [self._environment_without_function()]
        shared = dict(envs[0])
        for env in envs[1:]:
            shared = {k: v for k, v in shared.items() if env.get(k) == v}
        varying = {k for env in envs for k in env} - set(shared)
        return shared, varying

    def _environment_without_function(self) -> dict[str, str]:
        env = dict(LOCAL_SETTINGS)
        for key, local in _ALLOWED_LISTS.items():
            env[key] = _merge_list(None, local)
        env.update(self._overrides)
        return env

    def _apply_function_env(self, function_id: str) -> None:
        env = self.environments[function_id]
        for key in self._varying_keys:
            if key in env:
                os.environ[key] = env[key]
            else:
                os.environ.pop(key, None)

    # lifecycle --------------------------------------------------------------------------------
    def start(self) -> None:
        with self._lock:
            if self.started:
                return
            with LocalRuntime._active_lock:
                if LocalRuntime._active is not None:
                    raise RuntimeError("another LocalRuntime is running in this process")
                LocalRuntime._active = self
            try:
                self._saved_env = dict(os.environ)
                use_offline_aws()
                os.environ.update(self._shared_env)
                reset_container()
                from moto import mock_aws

                from memstore_local import moto_atomic, moto_query, moto_transactions

                moto_transactions.install()
                moto_query.install()
                moto_atomic.install()
                self._mock = mock_aws()
                self._mock.start()
                self._create_resources()
                for spec in self.functions.values():
                    if not spec.module_file.is_file():
                        log.warning("%s: handler file not found: %s", spec.logical_id, spec.module_file)
                if any(env.get("SCHEDULER") == "local" for env in self.environments.values()):
                    self._install_scheduler()
                install_process_forwarder(self.invoke_route)
                if self.state is not None:
                    self.state.load()
                    self.state.start_autosave()
            except BaseException:
                self._teardown()
                raise
            self.started = True

    def warm(self) -> None:
        """Imports every handler and loads the consolidate function's models (in the caller's
        thread; `memstore local` runs it in the background at start, so the first update does
        not wait ~10 s for them)."""
        function_id = self.consolidate_function_id()
        if function_id is None:
            return
        with self._lock:
            if not self.started:
                return
            for spec in self.functions.values():
                # a handler may read its own environment when it loads (its table names)
                self._apply_function_env(spec.logical_id)
                self._handler(spec)
            self._apply_function_env(function_id)
        from memstore.wiring import container

        container().warm()

    def stop(self) -> None:
        if self.scheduler is not None:
            self.scheduler.stop()
        if self.state is not None:
            self.state.stop_autosave()
        with self._lock:
            if not self.started:
                return
            if self.state is not None:
                self.state.save()
            self._teardown()
            self.started = False

    def _teardown(self) -> None:
        install_process_forwarder(None)
        if self.scheduler is not None:
            if process_scheduler() is self.scheduler:
                install_process_scheduler(None)
            self.scheduler = None
        if self._mock is not None:
            self._mock.stop()
            self._mock = None
        reset_container()
        if self._saved_env is not None:
            os.environ.clear()
            os.environ.update(self._saved_env)
            self._saved_env = None
        self._modules.clear()
        with LocalRuntime._active_lock:
            if LocalRuntime._active is self:
                LocalRuntime._active = None

    def __enter__(self) -> LocalRuntime:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _create_resources(self) -> None:
        """The template's tables (its own schema, TTL included) and event buses, in moto."""
        import boto3

        client = boto3.client("dynamodb", region_name=LOCAL_REGION)
        for table in self.tables:
            client.create_table(**table.create_args)
            if table.ttl_attribute:
                client.update_time_to_live(
                    TableName=table.table_name,
                    TimeToLiveSpecification={"Enabled": True, "AttributeName": table.ttl_attribute},
                )
            log.info("created table %s (%s)", table.table_name, table.logical_id)
        events = boto3.client("events", region_name=LOCAL_REGION)
        for bus in self.template.event_buses():
            events.create_event_bus(Name=bus)

    def consolidate_function_id(self) -> str | None:
        if CONSOLIDATE_FUNCTION in self.functions:
            return CONSOLIDATE_FUNCTION
        return next(
            (fid for fid, spec in self.functions.items() if spec.code_dir.name == "consolidate"), None
        )

    def _install_scheduler(self) -> None:
        function_id = self.consolidate_function_id()
        if function_id is None:
            log.warning("the template has no consolidate function; consolidations will fail")

        def run(payload: dict[str, Any]) -> dict[str, Any]:
            if function_id is None:
                raise UnknownFunction(CONSOLIDATE_FUNCTION)
            return self.invoke_beside(function_id, payload)

        self.scheduler = LocalScheduler(run, workers=CONSOLIDATION_WORKERS)
        self.scheduler.start()
        install_process_scheduler(self.scheduler)

    # invocation -------------------------------------------------------------------------------
    def invoke(self, function_id: str, event: Any) -> Any:
        """Runs one function's handler with `event`, as a Lambda invocation would. Invocations run
        one at a time: every function shares this process's os.environ (each must see its own
        variables while it runs) and a handler's resolver keeps the current event on a
        module-level app. Each mocked AWS request is atomic as well (moto_atomic), for the
        threads that do run beside an invocation (the start-up preload, tests)."""
        with self._lock:
            spec, handler = self._entered(function_id)
            context = LambdaContext(spec)
            started = time.monotonic()
            self._running.append(function_id)
            try:
                return handler(event, context)
            finally:
                self._running.pop()
                if self._running:
                    self._apply_function_env(self._running[-1])
                elapsed = time.monotonic() - started
                if elapsed > spec.timeout_s:
                    log.warning(
                        "%s ran %.1fs, over its %.0fs timeout (Lambda would have stopped it)",
                        function_id,
                        elapsed,
                        spec.timeout_s,
                    )

    def invoke_beside(self, function_id: str, event: Any) -> Any:
        """Runs one function's handler outside the API's lock (its own container, in Lambda's
        terms). Only for a function that reads no per-function variable while it runs and shares
        no module with the API's handlers: the consolidate task. It is loaded, and the container
        built, with its own environment under the lock."""
        with self._lock:
            spec, handler = self._entered(function_id)
            from memstore.wiring import container

            container()
        return handler(event, LambdaContext(spec))

    def _entered(self, function_id: str) -> tuple[FunctionSpec, Callable[[Any, LambdaContext], Any]]:
        """The function's spec and handler, its environment applied (under the lock)."""
        spec = self.functions.get(function_id)
        if spec is None:
            raise UnknownFunction(function_id)
        if not self.started:
            raise RuntimeError("the local runtime is not started")
        self._apply_function_env(function_id)
        return spec, self._handler(spec)

    def invoke_route(self, event: dict[str, Any]) -> Any:
        """Runs the function whose route is the event's `routeKey`, as Lambda Invoke of that
        function would (memstore.adapters.local_forwarder)."""
        route = next((r for r in self.routes if r.route_key == event.get("routeKey")), None)
        if route is None:
            raise UnknownFunction(str(event.get("routeKey")))
        return self.invoke(route.function_id, event)

    def _handler(self, spec: FunctionSpec) -> Callable[[Any, LambdaContext], Any]:
        module = self._modules.get(spec.logical_id)
        if module is None:
            module = self._import(spec)
            self._modules[spec.logical_id] = module
        handler = getattr(module, spec.handler_attr, None)
        if not callable(handler):
            raise TemplateError(f"{spec.logical_id}: {spec.module_file} has no {spec.handler_attr}()")
        return handler

    @staticmethod
    def _import(spec: FunctionSpec) -> ModuleType:
        """Imports the handler file under a name of its own: functions/<name>/ are not packages
        and every one of them has an app.py."""
        if not spec.module_file.is_file():
            raise TemplateError(f"{spec.logical_id}: handler file not found: {spec.module_file}")
        name = "_memstore_fn_" + re.sub(r"\W", "_", spec.logical_id)
        module_spec = importlib.util.spec_from_file_location(name, spec.module_file)
        if module_spec is None or module_spec.loader is None:
            raise TemplateError(f"{spec.logical_id}: cannot load {spec.module_file}")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        code_dir = str(spec.code_dir)
        sys.path.insert(0, code_dir)
        try:
            module_spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(name, None)
            raise
        finally:
            if code_dir in sys.path:
                sys.path.remove(code_dir)
        return module
