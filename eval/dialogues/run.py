#!/usr/bin/env python3
"""Long natural conversations: "extract memories + search" vs "store every user turn verbatim + search".

Standard library only; talks to memstore over its HTTP API (docs/api.md).

    python eval/dialogues/run.py                       # against http://127.0.0.1:3000
    python eval/dialogues/run.py --base-url http://127.0.0.1:3011 --out /tmp/dialogues.json

For every conversation in dialogues.json and for each of two modes, with a fresh store per
(conversation, mode):

  extract   each session is one update_memories call (update_delay 0, chained with
            previous_update_id, message ids = turn ids), polled until it is final;
  verbatim  every user turn is stored as-is with POST /memory_stores/{name}/items
            (kind user_profile);

then every question is asked as one contextual search_memories (the question as one user
message, max_memories = --k, default 10) and scored:

  answer recall@k   share of questions for which one of the first k memories contains every
                    answer token (case-insensitive, whole-word; a token may be a list of
                    alternatives, any of which counts);
  MRR               mean of 1/rank of the first such memory (0 when none in the first k);
  evidence recall@k share of questions for which one of the first k memories is an evidence
                    turn (verbatim: the item created from that turn; extract: an item whose
                    `source.message_ids` names an evidence turn, when the service reports it).

Exit code 0 whatever the scores; 2 when the service cannot be reached or refuses to create a store.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
TERMINAL = ("completed", "failed", "superseded")
RETRY_STATUS = (429, 500, 502, 503, 504)
KS = (1, 5, 10)
MODES = ("extract", "verbatim")


class Unreachable(Exception):
    pass


class Client:
    def __init__(self, base_url, headers, timeout, retries=4):
        self.base = base_url.rstrip("/")
        self.headers = {
            "Content-Type": "application/json",
            "Accept": "application/json",
            "User-Agent": "memstore-dialogues-eval/1",
        }
        self.headers.update(headers)
        self.timeout, self.retries, self.dead = timeout, retries, False
        self.lock = threading.Lock()
        self.stats = {"calls": 0, "retries": 0, "http_errors": {}, "conn_errors": 0}

    def call(self, method, path, body=None, query=None):
        if self.dead:
            raise Unreachable("service stopped answering")
        url = self.base + path
        if query:
            url += "?" + urllib.parse.urlencode({k: v for k, v in query.items() if v is not None})
        data = None if body is None else json.dumps(body).encode("utf-8")
        delay = 0.5
        for attempt in range(self.retries + 1):
            with self.lock:
                self.stats["calls"] += 1
            req = urllib.request.Request(url, data=data, method=method, headers=self.headers)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    status, raw = resp.status, resp.read()
            except urllib.error.HTTPError as e:
                status, raw = e.code, (e.read() if e.fp else b"")
            except (
                urllib.error.URLError,
                ConnectionError,
                TimeoutError,
                http.client.HTTPException,
                OSError,
            ) as e:
                with self.lock:
                    self.stats["conn_errors"] += 1
                if attempt < self.retries and not self.dead:
                    time.sleep(delay + random.random() * delay)
                    delay = min(delay * 2, 8)
                    continue
                self.dead = True
                raise Unreachable(f"{method} {url}: {getattr(e, 'reason', e)}") from None
            if status >= 400:
                with self.lock:
                    self.stats["http_errors"][str(status)] = self.stats["http_errors"].get(str(status), 0) + 1
            if status in RETRY_STATUS and attempt < self.retries:
                with self.lock:
                    self.stats["retries"] += 1
                time.sleep(delay + random.random() * delay)
                delay = min(delay * 2, 8)
                continue
            try:
                payload = json.loads(raw.decode("utf-8")) if raw else None
            except (ValueError, UnicodeDecodeError):
                payload = {"_raw": raw[:300].decode("utf-8", "replace")}
            return status, payload
        raise AssertionError("unreachable")


def err(status, payload):
    if isinstance(payload, dict) and isinstance(payload.get("error"), dict):
        e = payload["error"]
        return f"HTTP {status} {e.get('code')}: {e.get('message')}"
    return f"HTTP {status}: {json.dumps(payload)[:300]}"


def log(msg, quiet=False):
    if not quiet:
        print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- scoring helpers


def token_matches(text, token):
    alts = token if isinstance(token, list) else [token]
    for alt in alts:
        if re.search(r"(?<!\w)" + re.escape(alt.strip()) + r"(?!\w)", text, re.IGNORECASE):
            return True
    return False


def contains_answer(text, tokens):
    return all(token_matches(text, t) for t in tokens)


def first_rank(flags):
    for i, f in enumerate(flags):
        if f:
            return i + 1
    return None


# --------------------------------------------------------------------------- service steps


def create_store(client, name, args):
    definition = {"kind": "default"}
    if args.chat_model:
        definition["chat_model"] = args.chat_model
    if args.embedding_model:
        definition["embedding_model"] = args.embedding_model
    body = {
        "name": name,
        "description": "eval/dialogues: extract vs verbatim",
        "metadata": {"eval": "dialogues"},
        "definition": definition,
    }
    status, payload = client.call("POST", "/memory_stores", body)
    if status not in (200, 201):
        raise RuntimeError(f"could not create store {name}: {err(status, payload)}")


def poll_update(client, store, update_id, timeout):
    deadline = time.monotonic() + timeout
    cur, delay, last = update_id, 0.05, None
    seen = set()
    while True:
        status, payload = client.call("GET", f"/memory_stores/{store}/updates/{urllib.parse.quote(cur)}")
        if status == 200 and isinstance(payload, dict):
            last = payload
            st = payload.get("status")
            nxt = payload.get("superseded_by")
            if st == "superseded" and nxt and nxt not in seen and nxt != cur:
                seen.add(cur)
                cur = nxt
                continue
            if st in TERMINAL:
                return st, payload
        if time.monotonic() > deadline:
            return "timeout", last
        time.sleep(delay)
        delay = min(delay * 1.5, 0.5)


def ingest_extract(client, store, scope, conv, args):
    records, prev = [], None
    for sess in conv["sessions"]:
        items = [
            {"type": "message", "role": t["role"], "content": t["content"], "id": t["id"]}
            for t in sess["turns"]
        ]
        body = {"scope": scope, "items": items, "update_delay": 0}
        if prev:
            body["previous_update_id"] = prev
        t0 = time.monotonic()
        status, payload = client.call("POST", f"/memory_stores/{store}/update_memories", body)
        rec = {"session": sess["id"], "status": None, "error": None, "operations": {}}
        if status not in (200, 201, 202) or not isinstance(payload, dict) or not payload.get("update_id"):
            rec["status"], rec["error"] = "error", err(status, payload)
            records.append(rec)
            continue
        rec["memory_commands"] = payload.get("memory_commands") or []
        st, final = poll_update(client, store, payload["update_id"], args.update_timeout)
        rec["status"], rec["latency_s"] = st, round(time.monotonic() - t0, 3)
        if isinstance(final, dict):
            if final.get("error"):
                rec["error"] = final["error"]
            for op in (final.get("result") or {}).get("memory_operations") or []:
                k = op.get("kind", "?") if isinstance(op, dict) else "?"
                rec["operations"][k] = rec["operations"].get(k, 0) + 1
        prev = payload["update_id"]
        records.append(rec)
    return records


def ingest_verbatim(client, store, scope, conv):
    id_to_turn, errors = {}, []
    for sess in conv["sessions"]:
        for t in sess["turns"]:
            if t["role"] != "user":
                continue
            status, payload = client.call(
                "POST",
                f"/memory_stores/{store}/items",
                {"scope": scope, "content": t["content"], "kind": "user_profile"},
            )
            if status in (200, 201) and isinstance(payload, dict) and payload.get("memory_id"):
                id_to_turn[payload["memory_id"]] = t["id"]
            else:
                errors.append({"turn": t["id"], "error": err(status, payload)})
    return id_to_turn, errors


def list_items(client, store, scope):
    items, after = [], None
    for _ in range(100):
        status, payload = client.call(
            "GET", f"/memory_stores/{store}/items", query={"scope": scope, "limit": 100, "after": after}
        )
        if status != 200 or not isinstance(payload, dict):
            return items, err(status, payload)
        data = payload.get("data") or []
        items.extend(data)
        if not payload.get("has_more") or not data:
            return items, None
        after = payload.get("last_id") or data[-1].get("memory_id")
    return items, "too many pages"


def search(client, store, scope, question, k):
    body = {
        "scope": scope,
        "items": [{"type": "message", "role": "user", "content": question}],
        "options": {"max_memories": k},
    }
    status, payload = client.call("POST", f"/memory_stores/{store}/search_memories", body)
    if status != 200 or not isinstance(payload, dict):
        return [], err(status, payload)
    out = []
    for m in payload.get("memories") or []:
        item = (m or {}).get("memory_item") or {}
        content = item.get("content", "")
        if not isinstance(content, str):
            content = json.dumps(content)
        src = item.get("source") if isinstance(item.get("source"), dict) else {}
        out.append(
            {
                "memory_id": item.get("memory_id"),
                "kind": item.get("kind"),
                "content": content,
                "score": m.get("score"),
                "source_message_ids": src.get("message_ids"),
            }
        )
    return out, None


# --------------------------------------------------------------------------- one (conversation, mode)


def run_one(client, conv, mode, tag, args):
    store = f"dlg-{conv['id']}-{mode}-{tag}"[:64]
    scope = f"user-{conv['id']}"
    create_store(client, store, args)
    res = {"conversation": conv["id"], "mode": mode, "store": store, "questions": []}
    t0 = time.monotonic()
    try:
        id_to_turn = {}
        if mode == "extract":
            res["updates"] = ingest_extract(client, store, scope, conv, args)
        else:
            id_to_turn, res["item_errors"] = ingest_verbatim(client, store, scope, conv)
        res["ingest_s"] = round(time.monotonic() - t0, 2)
        items, ierr = list_items(client, store, scope)
        res["items_error"] = ierr
        res["memories_stored"] = len(items)
        kinds = {}
        for it in items:
            kinds[it.get("kind", "?")] = kinds.get(it.get("kind", "?"), 0) + 1
        res["memories_by_kind"] = kinds
        if mode == "extract" or args.dump_items:
            res["items"] = [
                {
                    "memory_id": it.get("memory_id"),
                    "kind": it.get("kind"),
                    "content": it.get("content"),
                    "source_message_ids": (it.get("source") or {}).get("message_ids")
                    if isinstance(it.get("source"), dict)
                    else None,
                }
                for it in items
            ]
        source_known = False
        for q in conv["questions"]:
            mems, serr = search(client, store, scope, q["question"], args.k)
            ev = set(q["evidence"])
            ans = [contains_answer(m["content"], q["answer_tokens"]) for m in mems]
            if mode == "verbatim":
                evf = [id_to_turn.get(m["memory_id"]) in ev for m in mems]
            else:
                evf = []
                for m in mems:
                    ids = m["source_message_ids"]
                    if isinstance(ids, list):
                        source_known = True
                    evf.append(bool(ids) and bool(ev & set(ids)))
            res["questions"].append(
                {
                    "id": q["id"],
                    "question": q["question"],
                    "evidence": q["evidence"],
                    "answer_tokens": q["answer_tokens"],
                    "error": serr,
                    "answer_rank": first_rank(ans),
                    "evidence_rank": first_rank(evf),
                    "returned": [
                        {
                            "content": m["content"][:300],
                            "kind": m["kind"],
                            "score": m["score"],
                            "turn": id_to_turn.get(m["memory_id"])
                            if mode == "verbatim"
                            else m["source_message_ids"],
                        }
                        for m in mems
                    ],
                }
            )
        res["evidence_from_source"] = (mode == "verbatim") or source_known
    finally:
        if not args.keep_stores:
            with contextlib.suppress(Unreachable):
                client.call("DELETE", f"/memory_stores/{store}")
    res["duration_s"] = round(time.monotonic() - t0, 2)
    return res


def summarize(rows):
    qs = [q for r in rows for q in r["questions"]]
    n = len(qs)
    out = {"questions": n, "conversations": len(rows)}
    if not n:
        return out
    for k in KS:
        out[f"answer_recall@{k}"] = round(
            sum(1 for q in qs if q["answer_rank"] and q["answer_rank"] <= k) / n, 4
        )
    out["mrr"] = round(sum(1.0 / q["answer_rank"] for q in qs if q["answer_rank"]) / n, 4)
    if all(r.get("evidence_from_source") for r in rows):
        for k in KS:
            out[f"evidence_recall@{k}"] = round(
                sum(1 for q in qs if q["evidence_rank"] and q["evidence_rank"] <= k) / n, 4
            )
    out["memories_stored"] = sum(r.get("memories_stored", 0) for r in rows)
    out["memories_per_conversation"] = round(out["memories_stored"] / max(1, len(rows)), 1)
    out["search_errors"] = sum(1 for q in qs if q["error"])
    return out


def fmt(v):
    return "   -" if v is None else f"{v:.3f}"


def table(per, summary, header):
    lines = [header, ""]
    cols = "R@1    R@5    R@10   MRR    evR@1  evR@5  evR@10  mems"
    lines.append(f"{'conversation':<14}{'mode':<10}{'qs':>4}  {cols}")
    for cid in sorted(
        {r["conversation"] for r in per}, key=lambda c: [r["conversation"] for r in per].index(c)
    ):
        for mode in MODES:
            rows = [r for r in per if r["conversation"] == cid and r["mode"] == mode]
            if rows:
                lines.append(row_line(cid, mode, summarize(rows)))
    lines.append("-" * 92)
    for mode in MODES:
        if mode in summary:
            lines.append(row_line("ALL", mode, summary[mode]))
    lines.append("")
    lines.append(
        "R@k = answer recall@k (some memory in the first k holds every answer token); "
        "evR@k = evidence recall@k;"
    )
    lines.append(
        "mems = memories stored (per conversation; for ALL, the mean per conversation). "
        "extract evR@k uses the item's source.message_ids."
    )
    return "\n".join(lines)


def row_line(name, mode, s):
    vals = (
        [s.get(f"answer_recall@{k}") for k in KS]
        + [s.get("mrr")]
        + [s.get(f"evidence_recall@{k}") for k in KS]
    )
    mems = s.get("memories_per_conversation") if name == "ALL" else s.get("memories_stored")
    return (
        f"{name:<14}{mode:<10}{s.get('questions', 0):>4}  " + "  ".join(fmt(v) for v in vals) + f"  {mems:>6}"
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base-url", default="http://127.0.0.1:3000")
    ap.add_argument("--data", default=os.path.join(HERE, "dialogues.json"))
    ap.add_argument("--out", default="dialogues_results.json")
    ap.add_argument("--k", type=int, default=10, help="max_memories per search (recall@1/5/10 need 10)")
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--only", default="", help="comma-separated conversation ids")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--update-timeout", type=float, default=600.0)
    ap.add_argument("--http-timeout", type=float, default=120.0)
    ap.add_argument("--header", action="append", default=[], help="extra header 'Name: value'")
    ap.add_argument("--chat-model", default=os.environ.get("MEMSTORE_CHAT_MODEL"))
    ap.add_argument("--embedding-model", default=os.environ.get("MEMSTORE_EMBEDDING_MODEL"))
    ap.add_argument("--keep-stores", action="store_true")
    ap.add_argument("--dump-items", action="store_true", help="also write verbatim items to the JSON")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    if not 1 <= args.k <= 100:
        ap.error("--k must be within 1..100")
    headers = {}
    for h in args.header:
        k, _, v = h.partition(":")
        headers[k.strip()] = v.strip()

    with open(args.data, encoding="utf-8") as fh:
        data = json.load(fh)
    convs = data["conversations"]
    if args.only:
        keep = set(args.only.split(","))
        convs = [c for c in convs if c["id"] in keep]
    modes = [m for m in args.modes.split(",") if m in MODES]
    client = Client(args.base_url, headers, args.http_timeout)
    try:
        status, payload = client.call("GET", "/memory_stores", query={"limit": 1})
    except Unreachable as e:
        print(f"service unreachable: {e}", file=sys.stderr)
        return 2
    if status in (401, 403):
        print(f"service refused the credentials: {err(status, payload)}", file=sys.stderr)
        return 2

    tag = time.strftime("%m%d%H%M%S", time.gmtime()) + f"{random.randrange(16**3):03x}"
    jobs = [(c, m) for c in convs for m in modes]
    log(
        f"{len(convs)} conversations, {sum(len(c['sessions']) for c in convs)} sessions, "
        f"{sum(len(s['turns']) for c in convs for s in c['sessions'])} turns, "
        f"{sum(len(c['questions']) for c in convs)} questions; modes {modes}",
        args.quiet,
    )
    t0 = time.monotonic()
    per, aborted = [], None

    def job(cm):
        c, m = cm
        r = run_one(client, c, m, tag, args)
        log(
            f"  {c['id']} {m}: {r.get('memories_stored')} memories, ingest {r.get('ingest_s')}s, "
            f"total {r['duration_s']}s",
            args.quiet,
        )
        return r

    try:
        with ThreadPoolExecutor(max_workers=max(1, args.concurrency)) as pool:
            for fut in [pool.submit(job, j) for j in jobs]:
                per.append(fut.result())
    except Unreachable as e:
        aborted = f"service became unreachable: {e}"
    except RuntimeError as e:
        print(str(e), file=sys.stderr)
        return 2

    summary = {m: summarize([r for r in per if r["mode"] == m]) for m in modes}
    header = (
        f"memstore eval/dialogues vs {args.base_url}  k={args.k}  "
        f"{len(convs)} conversations  {time.monotonic() - t0:.0f}s"
    )
    print(table(per, summary, header))
    if aborted:
        print(f"ABORTED: {aborted}")
    meta = {
        "base_url": args.base_url,
        "data": os.path.abspath(args.data),
        "k": args.k,
        "started_tag": tag,
        "duration_s": round(time.monotonic() - t0, 2),
        "http": client.stats,
        "aborted": aborted,
        "chat_model": args.chat_model,
        "embedding_model": args.embedding_model,
    }
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(
            {"meta": meta, "summary": summary, "per_conversation": per}, fh, ensure_ascii=False, indent=1
        )
    log(f"wrote {args.out}", args.quiet)
    return 2 if aborted else 0


if __name__ == "__main__":
    sys.exit(main())
