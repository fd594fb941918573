"""Search latency for 100, 1,000 and 10,000 memories in one scope: in process and over HTTP.

    OMP_NUM_THREADS=1 PYTHONPATH=layers/memstore .venv/bin/python bench/search_latency.py \
        [--sizes 100,1000,10000] [--queries N] [--modes inprocess,http] [--profile] [--out FILE.json]

(a) in process: SearchService + the DynamoDB backend (TableVectorIndex) on moto, with the real local
MiniLM embedder on one thread; the query embedding is inside every timed search.
(b) over HTTP: the same searches through `memstore local` (the template's search function behind the
local gateway, on an ephemeral 127.0.0.1 port), timed as the client sees them.

Each scope is filled through the repository with distinct, varied first-person facts whose
embeddings are computed up front (batched) and stored on the items, so the numbers are search, not
backfill. The first search of a scope ever reads the whole scope and writes its snapshot: it is
reported as "first search (whole read + snapshot)". A cold container's first search (a new
repository and index, the model already loaded) then reads the snapshot: it is reported as "cold
search", median of COLD_RUNS fresh containers, with the DynamoDB requests and bytes (request and
response bodies) it sent, counted at botocore's `before-send`/`after-call` events on every client
made meanwhile (requests of the background access-count writer excluded: they follow the response).
In process, moto gets the same patches `memstore local` installs (moto_transactions, moto_query,
moto_atomic), so both modes run the same moto.
Access statistics are written off the response path; the timed number is the response, and the
access write each search leaves behind is drained (untimed) before the next one and reported on its
own. Target: 1,000 memories, in process, p50 <= 10 ms and p95 <= 25 ms.

moto answers in process, holding the interpreter lock for its ~3 ms of work a request, where DynamoDB
costs a network round trip that leaves the lock free. `--network-ms N` adds an N ms wait (a sleep,
lock released) to every in-process DynamoDB request, to see what overlapping the query embedding
with the scope's stamp read saves with a real network.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MODEL = "all-MiniLM-L6-v2"
SCOPE = "bench-user"
TARGET_SIZE, TARGET_P50_MS, TARGET_P95_MS = 1000, 10.0, 25.0
DAY = 86400
COLD_RUNS = 3
HTTP_PAUSE_S = 0.06
"""Client think time between HTTP searches (untimed): each response leaves k access-count writes
running in the function's background thread, which on moto cost ~3 ms of CPU each and would
otherwise land on the next request. Back-to-back numbers are reported too."""

RELATIONS = [
    "sister",
    "brother",
    "mother",
    "father",
    "best friend",
    "cousin",
    "aunt",
    "uncle",
    "partner",
    "son",
    "daughter",
    "grandmother",
    "neighbour",
    "manager",
]
CITIES = [
    "Porto",
    "Lisbon",
    "Berlin",
    "Kyoto",
    "Denver",
    "Nairobi",
    "Toronto",
    "Madrid",
    "Oslo",
    "Austin",
    "Lyon",
    "Seoul",
    "Cape Town",
    "Melbourne",
    "Dublin",
    "Prague",
]
JOBS = [
    "nurse",
    "teacher",
    "software engineer",
    "chef",
    "architect",
    "pilot",
    "lawyer",
    "photographer",
    "dentist",
    "carpenter",
    "journalist",
    "pharmacist",
]
FOODS = [
    "dark roast coffee",
    "green tea",
    "oat milk lattes",
    "spicy ramen",
    "sourdough bread",
    "vegetarian curry",
    "sushi",
    "dark chocolate",
    "sparkling water",
    "mushroom risotto",
    "Greek yoghurt",
    "black olives",
]
MEALS = ["breakfast", "lunch", "dinner", "a late snack", "weekend brunch"]
ALLERGENS = ["peanuts", "shellfish", "gluten", "lactose", "penicillin", "cat hair", "pollen", "sesame"]
SPORTS = [
    "tennis",
    "football",
    "chess",
    "climbing",
    "swimming",
    "badminton",
    "yoga",
    "cycling",
    "running",
    "volleyball",
]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
LANGUAGES = ["Portuguese", "Japanese", "German", "Spanish", "Korean", "French", "Norwegian", "Czech"]
MONTHS = ["January", "March", "April", "June", "August", "October", "December"]
PETS = ["dog", "cat", "parrot", "rabbit", "turtle", "hamster"]
PET_NAMES = ["Max", "Luna", "Pepper", "Milo", "Nala", "Biscuit", "Olive", "Rex", "Kiwi", "Mochi"]
PROJECTS = [
    "billing migration",
    "mobile app redesign",
    "data warehouse",
    "search relevance",
    "onboarding flow",
    "quarterly report",
    "security audit",
    "hiring plan",
]
TOOLS = ["Python", "Rust", "spreadsheets", "Figma", "Kubernetes", "SQL", "Go", "Terraform"]
SEATS = ["an aisle seat", "a window seat", "extra legroom", "a quiet carriage"]

QUERY_TEMPLATES = [
    "Where does my {rel} live these days?",
    "What does my {rel} do for a living?",
    "Please order my usual {food_word} for {meal}",
    "Am I allergic to anything I should tell the restaurant about?",
    "Which language am I learning before the trip to {city}?",
    "What is my {pet}'s name again?",
    "Book a flight to {city} for me next {month}",
    "Who do I play {sport} with on {day}?",
    "Remind me which project I am working on with {tool}",
    "Suggest something for {meal} that I would enjoy",
]
FOOD_WORDS = ["coffee", "tea", "latte", "ramen", "bread", "curry", "sushi", "chocolate"]


def memory_texts(n: int, seed: int = 7) -> list[tuple[str, str]]:
    """`n` distinct (kind, content) facts about one user, in a fixed pseudo-random order."""
    rng = random.Random(seed)
    facts: set[tuple[str, str]] = set()
    makers: list[Callable[[], tuple[str, str]]] = [
        lambda: (
            "user_profile",
            f"User's {rng.choice(RELATIONS)} lives in {rng.choice(CITIES)} and works as a {rng.choice(JOBS)}",
        ),
        lambda: ("user_profile", f"User prefers {rng.choice(FOODS)} for {rng.choice(MEALS)}"),
        lambda: (
            "user_profile",
            f"User is allergic to {rng.choice(ALLERGENS)} and avoids "
            f"{rng.choice(FOODS)} at {rng.choice(MEALS)}",
        ),
        lambda: (
            "chat_summary",
            f"User plays {rng.choice(SPORTS)} every {rng.choice(DAYS)} with "
            f"their {rng.choice(RELATIONS)} in {rng.choice(CITIES)}",
        ),
        lambda: (
            "user_profile",
            f"User is learning {rng.choice(LANGUAGES)} for a trip to "
            f"{rng.choice(CITIES)} in {rng.choice(MONTHS)}",
        ),
        lambda: (
            "user_profile",
            f"User has a {rng.choice(PETS)} named {rng.choice(PET_NAMES)} that "
            f"stays with their {rng.choice(RELATIONS)} on {rng.choice(DAYS)}s",
        ),
        lambda: (
            "chat_summary",
            f"User is working on the {rng.choice(PROJECTS)} project using "
            f"{rng.choice(TOOLS)}, due in {rng.choice(MONTHS)}",
        ),
        lambda: (
            "procedural",
            f"When booking travel to {rng.choice(CITIES)}, user wants "
            f"{rng.choice(SEATS)} and a {rng.choice(MEALS)} reservation",
        ),
    ]
    ordered: list[tuple[str, str]] = []
    while len(ordered) < n:
        fact = rng.choice(makers)()
        if fact not in facts:
            facts.add(fact)
            ordered.append(fact)
    return ordered


def query_texts(n: int, seed: int = 11) -> list[str]:
    rng = random.Random(seed)
    return [
        rng.choice(QUERY_TEMPLATES).format(
            rel=rng.choice(RELATIONS),
            city=rng.choice(CITIES),
            meal=rng.choice(MEALS),
            food_word=rng.choice(FOOD_WORDS),
            pet=rng.choice(PETS),
            month=rng.choice(MONTHS),
            sport=rng.choice(SPORTS),
            day=rng.choice(DAYS),
            tool=rng.choice(TOOLS),
        )
        for _ in range(n)
    ]


def summary(samples_ms: list[float]) -> dict[str, float]:
    ordered = sorted(samples_ms)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {
        "n": len(ordered),
        "p50_ms": round(statistics.median(ordered), 2),
        "p95_ms": round(p95, 2),
        "mean_ms": round(statistics.fmean(ordered), 2),
        "max_ms": round(ordered[-1], 2),
    }


def queries_for(size: int, requested: int | None) -> int:
    return requested if requested is not None else (100 if size >= 10_000 else 200)


def static_runs(size: int) -> int:
    """A static search reads the whole scope from the table on every call (no warm cache), so it is
    sampled less at large sizes to keep the run bounded."""
    return 10 if size <= 1000 else 1


class RequestTally:
    """DynamoDB requests and body bytes of every botocore client created while `counting()`."""

    def __init__(self, network_s: float = 0.0) -> None:
        self.operations: dict[str, int] = {}
        self.sent = self.received = 0
        self._active = False
        self._network_s = network_s

    @contextlib.contextmanager
    def installed(self) -> Any:
        from memstore_local.runtime import every_new_client

        with every_new_client(self._attach):
            yield self

    def _attach(self, client: Any) -> None:
        client.meta.events.register("before-send", self._before_send)
        client.meta.events.register("after-call", self._after_call)

    @contextlib.contextmanager
    def counting(self) -> Any:
        self.operations, self.sent, self.received, self._active = {}, 0, 0, True
        try:
            yield self
        finally:
            self._active = False

    @staticmethod
    def _counted() -> bool:
        import threading

        return not threading.current_thread().name.startswith(("access", "snapshot"))

    def _before_send(self, request: Any, **_: Any) -> None:
        if self._network_s:
            time.sleep(self._network_s)
        if not self._active or not self._counted():
            return
        target = request.headers.get("X-Amz-Target", b"")
        target = target.decode() if isinstance(target, bytes) else target
        operation = target.rsplit(".", 1)[-1] or "other"
        self.operations[operation] = self.operations.get(operation, 0) + 1
        body = request.body or b""
        self.sent += len(body.encode() if isinstance(body, str) else body)

    def _after_call(self, http_response: Any, **_: Any) -> None:
        if self._active and self._counted():
            self.received += len(http_response.content or b"")

    def summary(self) -> dict[str, Any]:
        return {
            "requests": sum(self.operations.values()),
            "by_operation": dict(sorted(self.operations.items())),
            "bytes_sent": self.sent,
            "bytes_received": self.received,
        }


def cold_summary(runs: list[tuple[float, dict[str, Any]]]) -> dict[str, Any]:
    """The median run (by time) of several cold searches, with every run's time."""
    ordered = sorted(runs, key=lambda r: r[0])
    ms, counts = ordered[len(ordered) // 2]
    return {"ms": round(ms, 1), "runs_ms": [round(r[0], 1) for r in runs], **counts}


def populate(repo: Any, store: str, scope: str, facts: list[tuple[str, str]], vectors: Any) -> float:
    """Writes the facts as memory items (embeddings included) through the repository; seconds taken."""
    from memstore.domain import vectors as codec
    from memstore.domain.ids import new_id
    from memstore.domain.models import Kind, MemoryItem

    rng = random.Random(len(facts))
    now = time.time()
    started = time.perf_counter()
    for (kind, content), vec in zip(facts, vectors, strict=True):
        created = int(now - rng.uniform(0, 180 * DAY))
        repo.put_item(
            MemoryItem(
                memory_id=new_id("mem", created + rng.random()),
                store=store,
                scope=scope,
                kind=Kind(kind),
                content=content,
                created_at=created,
                updated_at=created + int(rng.uniform(0, 10 * DAY)),
                importance=round(rng.uniform(0.2, 0.9), 2),
                access_count=rng.randrange(0, 5),
                embedding=codec.encode(vec),
                embedding_model=MODEL,
            )
        )
    return time.perf_counter() - started


def in_process(
    sizes: list[int],
    n_queries: int | None,
    facts: list[tuple[str, str]],
    vectors: Any,
    embedder: Any,
    profile: bool,
    network_ms: float = 0.0,
) -> dict[int, dict[str, Any]]:
    from moto import mock_aws

    from memstore.domain.access import Caller
    from memstore.domain.requests import CreateStoreRequest
    from memstore.domain.search import SearchMemoriesRequest
    from memstore.services.search import AccessRecorder, SearchService
    from memstore.settings import Settings
    from memstore.wiring import Container
    from memstore_local import moto_atomic, moto_query, moto_transactions
    from memstore_local.runtime import LOCAL_REGION, use_offline_aws
    from memstore_local.template import Template

    use_offline_aws()
    moto_transactions.install()
    moto_query.install()
    moto_atomic.install()
    tally = RequestTally(network_ms / 1000)
    results: dict[int, dict[str, Any]] = {}
    with mock_aws(), tally.installed():
        import boto3

        client = boto3.client("dynamodb", region_name=LOCAL_REGION)
        table = Template(ROOT / "template.yaml").tables()[0]
        client.create_table(**table.create_args)
        container = Container(
            Settings(table_name=table.table_name, region=LOCAL_REGION),
            embedder_factory=lambda model: embedder,
        )
        # The container's own wiring, with a handle on the access recorder so its writes can be drained.
        access = AccessRecorder(container.repository)
        service = SearchService(
            container.repository, container.clock, container.embedder_for, container.vector_index, access
        )
        caller = Caller()
        for size in sizes:
            store = f"bench-{size}"
            container.stores.create(CreateStoreRequest(name=store), Caller())
            fill_s = populate(container.repository, store, SCOPE, facts[:size], vectors[:size])
            queries = query_texts(queries_for(size, n_queries))
            requests = [
                SearchMemoriesRequest(scope=SCOPE, items=[{"type": "message", "role": "user", "content": q}])
                for q in queries
            ]

            started = time.perf_counter()
            first = service.search(store, requests[0], caller)
            cold_ms = (time.perf_counter() - started) * 1000
            access.flush()
            assert first["memories"], "the warm-up search found nothing"

            contextual, cpu, access_ms = [], [], []
            for request in requests:
                started, started_cpu = time.perf_counter(), time.thread_time()
                answer = service.search(store, request, caller)
                contextual.append((time.perf_counter() - started) * 1000)
                cpu.append((time.thread_time() - started_cpu) * 1000)
                started = time.perf_counter()
                access.flush()
                access_ms.append((time.perf_counter() - started) * 1000)
                assert answer["memories"], "a search found nothing"

            static_request = SearchMemoriesRequest(scope=SCOPE)
            static = []
            for _ in range(static_runs(size)):
                started = time.perf_counter()
                service.search(store, static_request, caller)
                static.append((time.perf_counter() - started) * 1000)
                access.flush()

            cold: dict[str, list[tuple[float, dict[str, Any]]]] = {"cold_search": [], "cold_container": []}
            for key in cold:
                for request in requests[1 : 1 + COLD_RUNS]:
                    # a new index (nothing cached); for cold_container a new repository as well
                    fresh = container.replace() if key == "cold_container" else container
                    fresh.__dict__.pop("vector_index", None)
                    fresh_access = AccessRecorder(fresh.repository)
                    cold_service = SearchService(
                        fresh.repository,
                        fresh.clock,
                        container.embedder_for,
                        fresh.vector_index,
                        fresh_access,
                    )
                    with tally.counting():
                        started, started_cpu = time.perf_counter(), time.thread_time()
                        answer = cold_service.search(store, request, caller)
                        elapsed = (time.perf_counter() - started) * 1000
                        cpu_ms = round((time.thread_time() - started_cpu) * 1000, 1)
                    fresh_access.flush()
                    assert answer["memories"], "a cold search found nothing"
                    cold[key].append((elapsed, {**tally.summary(), "cpu_ms_of_the_thread": cpu_ms}))

            results[size] = {
                "populate_s": round(fill_s, 1),
                "cold_scope_load_ms": round(cold_ms, 1),
                **{key: cold_summary(runs) for key, runs in cold.items()},
                "contextual": summary(contextual),
                "contextual_cpu": summary(cpu),
                "access_write_after_response": summary(access_ms),
                "static": summary(static),
            }
            if profile:
                results[size]["profile"] = profile_searches(
                    service, container, embedder, access, store, requests, caller
                )
                if size <= 1000:
                    # Beyond this, moto's paged query re-sorts the whole partition for every page.
                    results[size]["profile"]["scope_read"] = profile_cold_load(
                        container.repository, store, time.time()
                    )
            print(
                f"  in process, {size:>6} memories: filled in {fill_s:.1f} s, "
                f"contextual p50 {results[size]['contextual']['p50_ms']} ms",
                file=sys.stderr,
            )
    return results


class PhaseTimer:
    """Wall time of each phase of a search, by wrapping the collaborators the service calls. Unlike
    cProfile it adds microseconds, not milliseconds, so the phases add up to the measured total."""

    def __init__(self) -> None:
        self.totals: dict[str, float] = {}

    def wrap(self, owner: Any, attribute: str, label: str) -> Callable[[], None]:
        original = getattr(owner, attribute)
        had_own = attribute in vars(owner)

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.totals[label] = self.totals.get(label, 0.0) + time.perf_counter() - started

        setattr(owner, attribute, timed)

        def restore() -> None:
            if had_own:
                setattr(owner, attribute, original)
            else:
                delattr(owner, attribute)

        return restore


def profile_searches(
    service: Any, container: Any, embedder: Any, access: Any, store: str, requests: list[Any], caller: Any
) -> dict[str, Any]:
    """Where a warm contextual search spends its time (mean ms a search, by phase), and cProfile's
    top functions for the same searches."""
    from memstore.domain import ranking

    repo, index = container.repository, container.vector_index
    timer = PhaseTimer()
    restore = [
        timer.wrap(repo, "scope_stamp", "scope stamp read (consistent GetItem)"),
        timer.wrap(embedder, "embed", "query embedding (MiniLM int8, 1 thread)"),
        timer.wrap(index, "query", "index.query (stamp + cosine + BM25 candidates)"),
        timer.wrap(ranking, "fuse", "fusion ranking (ranking.fuse)"),
        timer.wrap(repo, "save_search", "search session save (PutItem)"),
        timer.wrap(repo, "record_access", "access recording (k UpdateItems, background thread)"),
        timer.wrap(service, "search", "whole search() call"),
    ]
    try:
        for request in requests:
            service.search(store, request, caller)
            access.flush()
    finally:
        for undo in reversed(restore):
            undo()
    n = len(requests)
    per_search = {label: round(total * 1000 / n, 2) for label, total in timer.totals.items()}
    stamp = per_search.get("scope stamp read (consistent GetItem)", 0.0)
    query = per_search.pop("index.query (stamp + cosine + BM25 candidates)", 0.0)
    per_search["cosine + BM25 candidates (index.query minus stamp)"] = round(query - stamp, 2)
    whole = per_search.pop("whole search() call", 0.0)
    on_path = sum(v for k, v in per_search.items() if not k.startswith("access"))
    per_search["rest: request handling, id, rendering"] = round(whole - on_path, 2)
    per_search["whole search() call (response path)"] = whole

    profiler = cProfile.Profile()
    profiler.enable()
    for request in requests:
        service.search(store, request, caller)
    profiler.disable()
    access.flush()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats(30)
    return {"per_search_ms": per_search, "top_cumulative": text.getvalue()}


def profile_cold_load(repo: Any, store: str, now: float) -> str:
    """cProfile of reading a scope (what the cold scope load and every static search do)."""
    profiler = cProfile.Profile()
    profiler.enable()
    repo.scope_items(store, SCOPE, now)
    profiler.disable()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(15)
    return text.getvalue()


def over_http(
    sizes: list[int], n_queries: int | None, facts: list[tuple[str, str]], vectors: Any
) -> dict[int, dict[str, Any]]:
    """The handlers' JSON logs and metrics go to stdout, as in Lambda: kept out of the report."""
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        return _over_http(sizes, n_queries, facts, vectors)


def _over_http(
    sizes: list[int], n_queries: int | None, facts: list[tuple[str, str]], vectors: Any
) -> dict[int, dict[str, Any]]:
    from memstore.adapters.dynamodb_repository import DynamoDBRepository
    from memstore_local.gateway import run_in_thread
    from memstore_local.runtime import LOCAL_REGION, LocalRuntime

    runtime = LocalRuntime(ROOT / "template.yaml", overrides={"POWERTOOLS_LOG_LEVEL": "ERROR"})
    results: dict[int, dict[str, Any]] = {}
    tally = RequestTally()
    with tally.installed(), run_in_thread(runtime, port=0) as server:
        table = next(iter(runtime.environments.values()))["TABLE_NAME"]
        repo = DynamoDBRepository(table, region=LOCAL_REGION)

        def call(method: str, path: str, body: Any = None) -> dict[str, Any]:
            data = json.dumps(body).encode() if body is not None else None
            request = urllib.request.Request(
                server.url + path, data=data, method=method, headers={"content-type": "application/json"}
            )
            with urllib.request.urlopen(request, timeout=120) as response:
                return json.loads(response.read())

        # The first request of each function imports its handler and loads the model: measured apart.
        call("POST", "/memory_stores", {"name": "bench-warmup"})
        started = time.perf_counter()
        call(
            "POST",
            "/memory_stores/bench-warmup/search_memories",
            {"scope": "warmup", "items": [{"type": "message", "role": "user", "content": "hello there"}]},
        )
        first_request_ms = (time.perf_counter() - started) * 1000

        for size in sizes:
            store = f"bench-http-{size}"
            call("POST", "/memory_stores", {"name": store})
            fill_s = populate(repo, store, SCOPE, facts[:size], vectors[:size])
            bodies = [
                {"scope": SCOPE, "items": [{"type": "message", "role": "user", "content": q}]}
                for q in query_texts(queries_for(size, n_queries))
            ]
            path = f"/memory_stores/{store}/search_memories"
            started = time.perf_counter()
            call("POST", path, bodies[0])
            cold_ms = (time.perf_counter() - started) * 1000
            timed: dict[str, list[float]] = {"round_trip": [], "round_trip_back_to_back": []}
            for key, pause in (("round_trip", HTTP_PAUSE_S), ("round_trip_back_to_back", 0.0)):
                for body in bodies:
                    time.sleep(pause)
                    started = time.perf_counter()
                    answer = call("POST", path, body)
                    timed[key].append((time.perf_counter() - started) * 1000)
                    assert answer["memories"], "a search found nothing"
            wait_for_snapshot(repo, store)
            cold: dict[str, list[tuple[float, dict[str, Any]]]] = {"cold_search": [], "cold_container": []}
            for key, new_clients in (("cold_search", False), ("cold_container", True)):
                for body in bodies[1 : 1 + COLD_RUNS]:
                    forget_scopes(new_clients)
                    with tally.counting():
                        started = time.perf_counter()
                        answer = call("POST", path, body)
                        elapsed = (time.perf_counter() - started) * 1000
                    assert answer["memories"], "a cold search found nothing"
                    cold[key].append((elapsed, tally.summary()))
            results[size] = {
                "populate_s": round(fill_s, 1),
                "cold_scope_load_ms": round(cold_ms, 1),
                **{key: cold_summary(runs) for key, runs in cold.items()},
                "first_request_of_process_ms": round(first_request_ms, 1),
                **{key: summary(samples) for key, samples in timed.items()},
            }
            print(
                f"  over HTTP,  {size:>6} memories: filled in {fill_s:.1f} s, "
                f"round trip p50 {results[size]['round_trip']['p50_ms']} ms",
                file=sys.stderr,
            )
    return results


def wait_for_snapshot(repo: Any, store: str, timeout_s: float = 600) -> None:
    """`memstore local` writes a scope's first snapshot off the response path: waits for it."""
    from memstore.adapters import dynamodb_keys as keys

    pk = keys.snapshot_pk(keys.scope_pk(store, SCOPE))
    deadline = time.monotonic() + timeout_s
    while repo.snapshots._head(pk) is None:
        if time.monotonic() > deadline:
            raise TimeoutError("no snapshot was written")
        time.sleep(0.5)


def forget_scopes(new_clients: bool) -> None:
    """Makes `memstore local`'s search see every scope for the first time: a new index (nothing
    cached) and, with `new_clients`, a new repository (new botocore clients, as a new Lambda
    container makes); the loaded models are kept (their load is measured apart)."""
    from memstore.wiring import container

    built = container()
    for name in ("vector_index", "search", *(("repository",) if new_clients else ())):
        built.__dict__.pop(name, None)


def table(report: dict[str, Any]) -> str:
    rows = [
        "| memories | mode | p50 ms | p95 ms | mean ms | first search (whole read + snapshot) ms | populate s |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    for size in report["sizes"]:
        local = report["in_process"].get(str(size)) or report["in_process"].get(size)
        if local:
            for label, key in (("in process, contextual", "contextual"), ("in process, static", "static")):
                s = local[key]
                rows.append(
                    f"| {size:,} | {label} | {s['p50_ms']} | {s['p95_ms']} | {s['mean_ms']} | "
                    f"{local['cold_scope_load_ms']} | {local['populate_s']} |"
                )
            for label, key in (
                ("in process, cold search", "cold_search"),
                ("in process, cold search, new clients", "cold_container"),
            ):
                c = local[key]
                rows.append(
                    f"| {size:,} | {label} (median of {len(c['runs_ms'])}, CPU {c['cpu_ms_of_the_thread']} ms; "
                    f"{c['requests']} DynamoDB requests, {c['bytes_sent']:,} B sent, "
                    f"{c['bytes_received']:,} B received) | {c['ms']} | | | | |"
                )
            s = local["contextual_cpu"]
            rows.append(
                f"| {size:,} | in process, contextual: CPU time of the thread | {s['p50_ms']} | "
                f"{s['p95_ms']} | {s['mean_ms']} | | |"
            )
            s = local["access_write_after_response"]
            rows.append(
                f"| {size:,} | (access write, after the response) | {s['p50_ms']} | {s['p95_ms']} | "
                f"{s['mean_ms']} | | |"
            )
        remote = report["http"].get(str(size)) or report["http"].get(size)
        if remote:
            for label, key in (
                (f"HTTP round trip ({HTTP_PAUSE_S * 1000:.0f} ms between requests)", "round_trip"),
                ("HTTP round trip, back to back", "round_trip_back_to_back"),
            ):
                s = remote[key]
                rows.append(
                    f"| {size:,} | {label} | {s['p50_ms']} | {s['p95_ms']} | {s['mean_ms']} | "
                    f"{remote['cold_scope_load_ms']} | {remote['populate_s']} |"
                )
            for label, key in (
                ("HTTP, cold search", "cold_search"),
                ("HTTP, cold search, new clients", "cold_container"),
            ):
                c = remote[key]
                rows.append(
                    f"| {size:,} | {label} (median of {len(c['runs_ms'])}; "
                    f"{c['requests']} DynamoDB requests, {c['bytes_sent']:,} B sent, "
                    f"{c['bytes_received']:,} B received) | {c['ms']} | | | | |"
                )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000", help="comma-separated scope sizes")
    parser.add_argument(
        "--queries",
        type=int,
        default=None,
        help="timed searches per size (default 200; 100 for 10,000 and more)",
    )
    parser.add_argument("--modes", default="inprocess,http", help="inprocess, http or both")
    parser.add_argument("--profile", action="store_true", help="profile the in-process searches")
    parser.add_argument("--out", type=Path, help="also write the results as JSON here")
    parser.add_argument(
        "--network-ms",
        type=float,
        default=0.0,
        help="in process: a simulated round trip added to every DynamoDB request (default 0)",
    )
    args = parser.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sizes = sorted({int(s) for s in args.sizes.split(",") if s.strip()})
    modes = {m.strip() for m in args.modes.split(",")}

    from memstore.adapters.local_embedder import LocalMiniLMEmbedder

    total_started = time.perf_counter()
    embedder = LocalMiniLMEmbedder()
    embedder.warm_up()
    facts = memory_texts(max(sizes))
    started = time.perf_counter()
    vectors = embedder.embed([content for _, content in facts])
    embed_s = time.perf_counter() - started
    print(f"embedded {len(facts)} memories in {embed_s:.1f} s", file=sys.stderr)

    report: dict[str, Any] = {
        "sizes": sizes,
        "embedder": f"{MODEL} ({embedder.variant}, onnxruntime, 1 thread)",
        "omp_num_threads": os.environ.get("OMP_NUM_THREADS"),
        "simulated_network_ms": args.network_ms,
        "precompute_embeddings_s": round(embed_s, 1),
        "in_process": {},
        "http": {},
        "cpus": os.cpu_count(),
        "load_average_before": os.getloadavg(),
    }
    if "inprocess" in modes:
        report["in_process"] = in_process(
            sizes, args.queries, facts, vectors, embedder, args.profile, args.network_ms
        )
    if "http" in modes:
        report["http"] = over_http(sizes, args.queries, facts, vectors)
    report["total_s"] = round(time.perf_counter() - total_started, 1)
    report["load_average_after"] = os.getloadavg()

    print(table(report))
    local = report["in_process"].get(TARGET_SIZE)
    if local:
        s = local["contextual"]
        met = s["p50_ms"] <= TARGET_P50_MS and s["p95_ms"] <= TARGET_P95_MS
        print(
            f"\ntarget (1,000 memories, in process): p50 <= {TARGET_P50_MS:g} ms and p95 <= "
            f"{TARGET_P95_MS:g} ms: {'met' if met else 'MISSED'} (p50 {s['p50_ms']}, p95 {s['p95_ms']})"
        )
    first = next(iter(report["http"].values()), None)
    if first:
        print(
            f"first HTTP search of the process (handler import + model load): "
            f"{first['first_request_of_process_ms']} ms"
        )
    profiled = [
        (size, local["profile"]) for size, local in report["in_process"].items() if "profile" in local
    ]
    if profiled:
        labels = list(profiled[0][1]["per_search_ms"])
        print("\nWhere a warm contextual search spends its time (mean ms a search):\n")
        print("| phase | " + " | ".join(f"{size:,}" for size, _ in profiled) + " |")
        print("|---|" + "---:|" * len(profiled))
        for label in labels:
            print(
                f"| {label} | "
                + " | ".join(str(p["per_search_ms"].get(label, "")) for _, p in profiled)
                + " |"
            )
        read = [(size, p["scope_read"]) for size, p in profiled if "scope_read" in p]
        if read:
            size, text = read[-1]
            print(
                f"\nReading the scope of {size:,} memories (cold scope load; every static search), "
                f"top functions:\n{text}"
            )
    print(
        f"\ntotal {report['total_s']} s; load average before {report['load_average_before'][0]:.2f}, "
        f"after {report['load_average_after'][0]:.2f} on {report['cpus']} CPUs"
    )
    if args.out:
        args.out.write_text(json.dumps(report, indent=2, default=str))


if __name__ == "__main__":
    main()
