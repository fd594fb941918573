"""Retrieval on long conversations: every turn stored as an item, each question one contextual search.

    OMP_NUM_THREADS=1 PYTHONPATH=layers/memstore .venv/bin/python eval/retrieval/run.py \
        [--data eval/retrieval/data/dev.json] [--with-date] [--turns all|user] [--only c1,c2]
        [--base-url http://127.0.0.1:3100] [--out FILE.json] [--embed-cache FILE.npz]

For each conversation, in a fresh scope, every turn is created in order as a `user_profile` item
(POST /memory_stores/{name}/items over HTTP with --base-url, otherwise in process through the same
ItemService and SearchService on moto with the local MiniLM), content "Speaker: text" (with
--with-date "[date] Speaker: text"). Then each question is one contextual search_memories (the
question as one user message, max_memories 10). Evidence recall R@k = the
share of a question's evidence turns among the first k memories, averaged over questions; hit@10 =
share of questions with any evidence turn in the first 10; MRR = mean 1/rank of the first evidence
turn (0 past 10).
Reported overall and per question type, as a table and as JSON (--out).

Data (eval/retrieval/README.md): {"conversations": [{"id", "speakers"?, "sessions": [{"id", "date",
"turns": [{"id", "speaker" or "role", "text" or "content"}]}], "questions": [{"id", "question",
"evidence": [turn ids], "type"?}]}]}. eval/dialogues/dialogues.json (user/assistant turns) is
read too: with it, --turns defaults to user and the content is the user's turn verbatim.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
import urllib.error
import urllib.request
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
K = 10
CUTS = (1, 5, 10)


@dataclass
class Turn:
    id: str
    speaker: str
    text: str
    date: str


@dataclass
class Question:
    id: str
    text: str
    evidence: set[str]
    category: str


@dataclass
class Conversation:
    id: str
    turns: list[Turn]
    questions: list[Question]
    roles: bool = False
    """The turns carry user/assistant roles (eval/dialogues) rather than speakers' names."""


@dataclass
class Outcome:
    question: Question
    returned: list[str] = field(default_factory=list)

    def share(self, k: int) -> float:
        return len(self.question.evidence & set(self.returned[:k])) / len(self.question.evidence)

    @property
    def rank(self) -> int | None:
        for position, turn_id in enumerate(self.returned, start=1):
            if turn_id in self.question.evidence:
                return position
        return None


def load(path: Path) -> list[Conversation]:
    raw = json.loads(path.read_text())
    out = []
    for conv in raw["conversations"]:
        turns, roles = [], False
        for session in conv["sessions"]:
            for turn in session["turns"]:
                speaker = turn.get("speaker")
                if speaker is None:
                    roles = True
                    speaker = turn["role"]
                text = turn.get("text", turn.get("content", ""))
                turns.append(Turn(turn["id"], speaker, text, session.get("date", "")))
        questions = [
            Question(q["id"], q["question"], set(q["evidence"]), str(q.get("type", q.get("category", "all"))))
            for q in conv["questions"]
            if q.get("evidence")
        ]
        out.append(Conversation(conv["id"], turns, questions, roles))
    return out


def content_of(turn: Turn, conv: Conversation, with_date: bool) -> str:
    text = turn.text if conv.roles else f"{turn.speaker}: {turn.text}"
    return f"[{spoken_date(turn.date)}] {text}" if with_date and turn.date else text


def spoken_date(iso: str) -> str:
    """'2023-05-08T19:30' -> '8 May 2023' (a date as people write it, so its words can match)."""
    try:
        day = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    return f"{day.day} {day:%B %Y}"


def stored_turns(conv: Conversation, which: str) -> list[Turn]:
    return [t for t in conv.turns if which == "all" or t.speaker == "user"]


class InProcess:
    """The services memstore local's items and search functions run, on moto, without HTTP."""

    def __init__(self, embed_cache: Path | None, memory: bool):
        sys.path.insert(0, str(ROOT / "layers" / "memstore"))
        sys.path.insert(0, str(ROOT / "dev"))
        from memstore.adapters.embedders import make_embedder
        from memstore.settings import Settings
        from memstore.wiring import Container

        self._cache = DiskEmbedCache(embed_cache) if embed_cache else None
        self._mock = None

        def factory(model: str) -> Any:
            inner = make_embedder(model)
            return self._cache.wrap(inner) if self._cache else inner

        if memory:
            from memstore.adapters.memory_repository import InMemoryRepository

            settings = Settings(table_name="in-memory", region="us-east-1")
            self._c = Container(settings, repository=InMemoryRepository(), embedder_factory=factory)
            return
        from moto import mock_aws

        from memstore_local import moto_transactions
        from memstore_local.runtime import LOCAL_REGION, use_offline_aws

        use_offline_aws()
        from memstore_local.template import Template

        moto_transactions.install()
        self._mock = mock_aws()
        self._mock.start()
        import boto3

        table = Template(ROOT / "template.yaml").tables()[0]
        boto3.client("dynamodb", region_name=LOCAL_REGION).create_table(**table.create_args)
        settings = Settings(table_name=table.table_name, region=LOCAL_REGION)
        self._c = Container(settings, embedder_factory=factory)

    def create_store(self, name: str) -> None:
        from memstore.domain.access import Caller
        from memstore.domain.requests import CreateStoreRequest

        self._c.stores.create(CreateStoreRequest(name=name), Caller())

    def add(self, store: str, scope: str, content: str) -> str | None:
        from memstore.domain.access import Caller
        from memstore.domain.errors import MemstoreError
        from memstore.domain.requests import CreateItemRequest

        _next_millisecond()
        try:
            item = self._c.items.create(
                store, CreateItemRequest(scope=scope, content=content, kind="user_profile"), Caller()
            )
        except MemstoreError:
            return None
        return item.memory_id

    def search(self, store: str, scope: str, question: str) -> list[str]:
        from memstore.domain.access import Caller
        from memstore.domain.search import SearchMemoriesRequest

        request = SearchMemoriesRequest(
            scope=scope,
            items=[{"type": "message", "role": "user", "content": question}],
            options={"max_memories": K},
        )
        answer = self._c.search.search(store, request, Caller())
        return [m["memory_item"]["memory_id"] for m in answer["memories"]]

    def close(self, store: str | None = None) -> None:
        if self._cache:
            self._cache.save()
        if self._mock is not None:
            self._mock.stop()


class Http:
    def __init__(self, base_url: str, headers: dict[str, str]):
        self._base = base_url.rstrip("/")
        self._headers = {"Content-Type": "application/json", **headers}

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self._base + path, data=data, method=method, headers=self._headers)
        with urllib.request.urlopen(request, timeout=120) as response:
            return json.loads(response.read() or b"null")

    def create_store(self, name: str) -> None:
        self._call("POST", "/memory_stores", {"name": name})

    def add(self, store: str, scope: str, content: str) -> str | None:
        body = {"scope": scope, "content": content, "kind": "user_profile"}
        try:
            return self._call("POST", f"/memory_stores/{store}/items", body)["memory_id"]
        except urllib.error.HTTPError as e:
            if 400 <= e.code < 500:
                return None
            raise

    def search(self, store: str, scope: str, question: str) -> list[str]:
        body = {
            "scope": scope,
            "items": [{"type": "message", "role": "user", "content": question}],
            "options": {"max_memories": K},
        }
        answer = self._call("POST", f"/memory_stores/{store}/search_memories", body)
        return [m["memory_item"]["memory_id"] for m in answer["memories"]]

    def close(self, store: str | None = None) -> None:
        if store:
            self._call("DELETE", f"/memory_stores/{store}")


class DiskEmbedCache:
    """Document vectors kept between runs of the harness (keyed by model and text), so a ranking
    change is measured in seconds; it changes no number (the same model computes the same vector)."""

    def __init__(self, path: Path):
        import numpy as np

        self._path, self._np = path, np
        self._vectors: dict[str, Any] = {}
        if path.exists():
            with np.load(path) as saved:
                self._vectors = {key: saved[key] for key in saved.files}
        self._dirty = False

    def wrap(self, inner: Any) -> Any:
        cache = self

        class Cached:
            model, dimensions = inner.model, inner.dimensions

            def embed(self, texts):
                keys = [hashlib.sha1(f"{inner.model}\0{t}".encode()).hexdigest() for t in texts]
                todo = [i for i, key in enumerate(keys) if key not in cache._vectors]
                if todo:
                    fresh = inner.embed([texts[i] for i in todo])
                    for i, vec in zip(todo, fresh, strict=True):
                        cache._vectors[keys[i]] = vec
                    cache._dirty = True
                return cache._np.stack([cache._vectors[key] for key in keys]).astype(cache._np.float32)

        return Cached()

    def save(self) -> None:
        if self._dirty:
            self._np.savez(self._path, **self._vectors)


def _next_millisecond() -> None:
    """Creation order is what neighbours are found by; ids carry milliseconds, so one item a ms."""
    start = int(time.time() * 1000)
    while int(time.time() * 1000) == start:
        time.sleep(0.0002)


def override(setting: str) -> None:
    import importlib

    name, value = setting.split("=", 1)
    module, constant = name.rsplit(".", 1)
    target = importlib.import_module(f"memstore.domain.{module}")
    current = getattr(target, constant)
    setattr(target, constant, type(current)(value))


def run_conversation(backend: Any, store: str, conv: Conversation, args: argparse.Namespace) -> list[Outcome]:
    scope = f"conv-{conv.id}"
    which = args.turns or ("user" if conv.roles else "all")
    turn_of: dict[str, str] = {}
    for turn in stored_turns(conv, which):
        memory_id = backend.add(store, scope, content_of(turn, conv, args.with_date))
        if memory_id:
            turn_of[memory_id] = turn.id
    outcomes = []
    for question in conv.questions:
        returned = backend.search(store, scope, question.text)
        outcomes.append(Outcome(question, [turn_of.get(m, m) for m in returned]))
    return outcomes


def metrics(outcomes: list[Outcome]) -> dict[str, float]:
    n = len(outcomes) or 1
    ranks = [o.rank for o in outcomes]
    out: dict[str, float] = {"n": len(outcomes)}
    for k in CUTS:
        out[f"R@{k}"] = round(sum(o.share(k) for o in outcomes) / n, 3)
    out["hit@10"] = round(sum(1 for r in ranks if r is not None and r <= K) / n, 3)
    out["MRR"] = round(sum(1 / r for r in ranks if r is not None) / n, 3)
    return out


def report(outcomes: list[Outcome]) -> dict[str, dict[str, float]]:
    by_category: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        by_category[o.question.category].append(o)
    table = {"all": metrics(outcomes)}
    if len(by_category) > 1:
        table.update({c: metrics(by_category[c]) for c in sorted(by_category)})
    return table


def print_table(table: dict[str, dict[str, float]]) -> None:
    print(f"| {'type':<14} | {'n':>5} | R@1   | R@5   | R@10  | hit@10 | MRR   |")
    print(f"|{'-' * 16}|{'-' * 7}|-------|-------|-------|--------|-------|")
    for name, row in table.items():
        cells = " | ".join(f"{row[c]:.3f}" for c in ("R@1", "R@5", "R@10", "hit@10", "MRR"))
        print(f"| {name:<14} | {int(row['n']):>5} | {cells} |")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", default=str(ROOT / "eval" / "retrieval" / "data" / "dev.json"))
    parser.add_argument("--base-url", help="memstore local (or a deployment); in process when omitted")
    parser.add_argument("--header", action="append", default=[], help="'Name: value', repeatable (HTTP)")
    parser.add_argument("--with-date", action="store_true", help="prefix each turn with its session date")
    parser.add_argument(
        "--turns", choices=("all", "user"), help="which turns to store (default: all; user for role data)"
    )
    parser.add_argument("--only", help="comma-separated conversation ids")
    parser.add_argument("--out", help="JSON results file")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="MODULE.NAME=VALUE",
        help="in process: override a ranking constant for an ablation (e.g. neighbours.CONTEXT_WEIGHT=0)",
    )
    parser.add_argument(
        "--memory",
        action="store_true",
        help="in process on the in-memory repository instead of moto (quick; the same ranking code)",
    )
    parser.add_argument("--embed-cache", help="in process: keep document vectors in this .npz between runs")
    args = parser.parse_args()

    conversations = load(Path(args.data))
    if args.only:
        wanted = set(args.only.split(","))
        conversations = [c for c in conversations if c.id in wanted]
    if args.base_url:
        headers = dict(h.split(":", 1) for h in args.header)
        backend: Any = Http(args.base_url, {k.strip(): v.strip() for k, v in headers.items()})
    else:
        backend = InProcess(Path(args.embed_cache) if args.embed_cache else None, args.memory)
        for setting in args.set:
            override(setting)
    store = f"retrieval-{int(time.time())}"
    try:
        backend.create_store(store)
    except (urllib.error.URLError, ConnectionError) as e:
        print(f"cannot reach the service: {e}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    try:
        for conv in conversations:
            outcomes.extend(run_conversation(backend, store, conv, args))
    finally:
        backend.close(store)
    table = report(outcomes)
    print_table(table)
    print(
        f"{len(conversations)} conversations, {len(outcomes)} questions, {time.perf_counter() - started:.0f} s"
    )
    if args.out:
        result = {
            "data": args.data,
            "with_date": args.with_date,
            "overrides": args.set,
            "mode": "http" if args.base_url else "inprocess",
            "metrics": table,
            "questions": [
                {"id": o.question.id, "category": o.question.category, "rank": o.rank, "returned": o.returned}
                for o in outcomes
            ],
        }
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
