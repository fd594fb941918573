"""Offline extraction benchmark: the service's own update pipeline (UpdateService and
ConsolidationService on the in-memory repository, the default rules extractor, privacy guard
and consolidation, the local MiniLM) on a shared-benchmark data set, without HTTP or moto.

    python eval/extraction_offline.py [DATA.json | --data DATA.json] [--verbose] [--misses] [--dump] [--probes]

Each scenario's sessions are submitted in order (update_delay 0, chained with
previous_update_id) and consolidated at once. Then the listing-based metrics of the shared
benchmark are computed with its own token matcher (score.contains): junk ratio, sensitive
leaks, forget compliance, stale values kept in store, and fact presence (a rough recall upper
bound: the fact is in *some* memory; search ranking is not measured here)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "layers", "memstore"))
sys.path.insert(0, os.path.join(os.path.dirname(ROOT), "shared", "bench"))

from score import RECALL_KINDS, contains, contains_all, flatten_tokens, probe_outcome  # noqa: E402

from memstore.adapters.memory_repository import InMemoryRepository  # noqa: E402
from memstore.domain.access import Caller  # noqa: E402
from memstore.domain.models import Kind, MemoryItem, StoreDefinition, StoreOptions  # noqa: E402
from memstore.domain.requests import CreateStoreRequest  # noqa: E402
from memstore.domain.search import SearchMemoriesRequest  # noqa: E402
from memstore.domain.updates import UpdateMemoriesRequest  # noqa: E402
from memstore.ports.clock import ManualClock  # noqa: E402
from memstore.settings import Settings  # noqa: E402
from memstore.wiring import Container  # noqa: E402

DEFAULT_DATA = os.path.join(os.path.dirname(ROOT), "shared", "bench", "data", "public.json")
CALLER = Caller()


class _Jobs:
    """A scheduler that keeps the jobs, so each update is consolidated right after its submit."""

    def __init__(self) -> None:
        self.jobs: list = []

    def schedule(self, job) -> None:
        self.jobs.append(job)


class _Quiet:
    def publish(self, detail_type: str, detail: dict) -> None:
        pass


def service(options: StoreOptions) -> tuple[Container, ManualClock, _Jobs]:
    clock, jobs = ManualClock(), _Jobs()
    c = Container(
        Settings(), repository=InMemoryRepository(), clock=clock, scheduler=jobs, publisher=_Quiet()
    )
    c.stores.create(CreateStoreRequest(name="bench", definition=StoreDefinition(options=options)), CALLER)
    return c, clock, jobs


def run_scenario(
    sc: dict, c: Container, clock: ManualClock, jobs: _Jobs, trace: bool = False
) -> list[MemoryItem]:
    previous = None
    before: dict[str, str] = {}
    for session in sc["sessions"]:
        request = UpdateMemoriesRequest(
            scope=sc["scope"], items=session["messages"], update_delay=0, previous_update_id=previous
        )
        previous = c.updates.submit("bench", request, CALLER)["update_id"]
        c.consolidation.run(jobs.jobs[-1])
        clock.advance(60)
        if trace:
            before = _trace(session, c.repository.scope_items("bench", sc["scope"], clock()), before)
    return c.repository.scope_items("bench", sc["scope"], clock())


def _trace(session: dict, items: list[MemoryItem], before: dict[str, str]) -> dict[str, str]:
    """Prints a session's user messages and what its consolidation changed in the scope."""
    print(f"-- {session['id']}")
    for m in session["messages"]:
        if m["role"] == "user":
            print(f"   user: {m['content']}")
    after = {it.memory_id: it.content for it in items}
    for memory_id, content in after.items():
        if memory_id not in before:
            print(f"   + {content}")
        elif before[memory_id] != content:
            print(f"   ~ {before[memory_id]}  ->  {content}")
    for memory_id in before.keys() - after.keys():
        print(f"   - {before[memory_id]}")
    return after


def _sources(sc: dict, tokens: list[str]) -> list[str]:
    """The user messages of a scenario that carry any of `tokens` (where a fact was stated)."""
    return [
        m["content"]
        for s in sc["sessions"]
        for m in s["messages"]
        if m["role"] == "user" and any(contains(m["content"], t) for t in tokens)
    ]


def score(sc: dict, items: list[MemoryItem], verbose: bool, misses: bool = False) -> Counter:
    c: Counter = Counter()
    grounding = set()
    for f in sc["facts"]:
        if f["status"] != "forgotten":
            grounding |= set(flatten_tokens(f["expect_all"])) | set(flatten_tokens(f["stale"]))
    for it in items:
        c["items"] += 1
        c[f"kind:{it.kind.value}"] += 1
        if not any(contains(it.content, t) for t in grounding):
            c["junk"] += 1
            if verbose:
                print(f"  JUNK [{sc['id']}] {it.kind.value}: {it.content}")
    for fb in sc["forbidden"]:
        toks = flatten_tokens(fb["tokens"])
        found = [it for it in items if any(contains(it.content, t) for t in toks)]
        if fb["category"] == "forgotten":
            c["forget_n"] += 1
            c["forget_ok"] += int(not found)
            if found and (verbose or misses):
                print(f"  FORGET-FAIL [{sc['id']}] {toks}: {[i.content for i in found]}")
        else:
            c["sensitive_n"] += 1
            c["sensitive_leak"] += int(bool(found))
            if found and (verbose or misses):
                print(f"  LEAK [{sc['id']}] {fb['category']}: {[i.content for i in found]}")
    for f in sc["facts"]:
        if f["status"] == "forgotten":
            continue
        c["facts_n"] += 1
        present = any(contains_all(it.content, f["expect_all"]) for it in items)
        c["facts_present"] += int(present)
        if not present and (verbose or misses):
            print(f"  MISSING [{sc['id']}] {f['type']}/{f['domain']} {f['expect_all']}")
            if misses:
                for src in _sources(sc, flatten_tokens(f["expect_all"])):
                    print(f"      << {src}")
        if f["status"] == "updated":
            c["updated_n"] += 1
            stale = flatten_tokens(f["stale"])
            bare = [
                it
                for it in items
                if it.kind != Kind.CHAT_SUMMARY
                and any(contains(it.content, t) for t in stale)
                and not contains_all(it.content, f["expect_all"])
            ]
            anywhere = [it for it in items if any(contains(it.content, t) for t in stale)]
            c["stale_bare"] += int(bool(bare))
            c["stale_any"] += int(bool(anywhere))
            c["update_ok"] += int(present and not anywhere)
            if bare and (verbose or misses):
                print(f"  STALE [{sc['id']}] {f['domain']} {stale}: {[i.content for i in bare]}")
                if misses:
                    for src in _sources(sc, flatten_tokens(f["expect_all"])):
                        print(f"      << {src}")
    return c


def probe(sc: dict, c: Container, k: int, misses: bool) -> Counter:
    """The scenario's recall and update probes searched through the container's SearchService
    (top `k`, as the shared benchmark asks over HTTP), scored with the benchmark's own matcher."""
    out: Counter = Counter()
    for p in sc["probes"]:
        if p["kind"] not in (*RECALL_KINDS, "update"):
            continue
        request = SearchMemoriesRequest(
            scope=sc["scope"],
            items=[{"type": "message", "role": "user", "content": p["query"]}],
            options={"max_memories": k},
        )
        found = c.search.search("bench", request, CALLER)["memories"]
        contents = [m["memory_item"]["content"] for m in found]
        res = probe_outcome(p, contents, [m["memory_item"]["kind"] for m in found])
        if p["kind"] == "update":
            out["update_n"] += 1
            out["update_new_found"] += int(bool(res["hit"]))
            out["update_strict"] += int(bool(res["hit"]) and not res["stale_any"])
        else:
            out["recall_n"] += 1
            out["recall_hit"] += int(bool(res["hit"]))
        if misses and not res["hit"]:
            print(
                f"  PROBE-MISS [{sc['id']}] {p['kind']} {p['query']!r} {p.get('expect_all')}: {contents[:2]}"
            )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="?", default=None)
    ap.add_argument("--data", dest="data_opt", default=None, help="data set (default: the public set)")
    ap.add_argument(
        "--misses",
        action="store_true",
        help="print missing and stale facts with the messages that state them",
    )
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--dump", action="store_true", help="print every scope's final listing")
    ap.add_argument("--trace", metavar="ID", help="only this scenario, with each session's changes")
    ap.add_argument(
        "--probes",
        action="store_true",
        help="also search the recall and update probes (top 5, the container's SearchService)",
    )
    args = ap.parse_args(argv)
    args.data = args.data_opt or args.data or DEFAULT_DATA
    with open(args.data, encoding="utf-8") as fh:
        data = json.load(fh)
    options = StoreOptions(**data["store"]["options"])
    c, clock, jobs = service(options)
    tot: Counter = Counter()
    scenarios = [sc for sc in data["scenarios"] if args.trace in (None, sc["id"])]
    for sc in scenarios:
        st = run_scenario(sc, c, clock, jobs, trace=bool(args.trace))
        if args.dump:
            print(f"== {sc['id']}")
            for it in st:
                print(f"   {it.kind.value:13} {it.topic or '-':22} {it.content}")
        tot += score(sc, st, args.verbose, args.misses)
        if args.probes:
            tot += probe(sc, c, 5, args.misses)

    def pct(a: str, b: str) -> str:
        return f"{100 * tot[a] / tot[b]:5.1f}%  ({tot[a]}/{tot[b]})" if tot[b] else "  n/a"

    rows = [
        ("data", os.path.basename(args.data)),
        ("scenarios", str(len(scenarios))),
        ("fact presence (listing)", pct("facts_present", "facts_n")),
        ("sensitive leaks", f"{tot['sensitive_leak']} of {tot['sensitive_n']}"),
        ("forget compliance (listing)", pct("forget_ok", "forget_n")),
        ("junk ratio", pct("junk", "items")),
        ("stale value kept in store", pct("stale_bare", "updated_n")),
        ("stale value anywhere (incl. summaries)", pct("stale_any", "updated_n")),
        ("updated facts clean (new, no old)", pct("update_ok", "updated_n")),
        *(
            [
                ("probes: recall@5", pct("recall_hit", "recall_n")),
                ("probes: update, new value in top 5", pct("update_new_found", "update_n")),
                ("probes: update, strict", pct("update_strict", "update_n")),
            ]
            if args.probes
            else []
        ),
        (
            "memories per scope",
            f"{tot['items'] / max(1, len(scenarios)):.1f}  "
            + ", ".join(f"{k[5:]} {v}" for k, v in sorted(tot.items()) if k.startswith("kind:")),
        ),
    ]
    w = max(len(a) for a, _ in rows)
    for a, b in rows:
        print(f"{a:<{w}}  {b}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
