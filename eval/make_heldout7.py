#!/usr/bin/env python3
"""Validate the hand-written held-out 7 set (``eval/data/heldout7.json``) and print its stats.

    python eval/make_heldout7.py
    python eval/make_heldout7.py --data other.json --bench-dir ../shared/bench

Held-out 7 is not generated: every dialogue, probe and ground-truth record was written by hand.
This script does not build it; it checks it with the shared generator's own machinery
(``../shared/bench/generate.py``, imported by path): ``_validate`` per scope (a fact's or a
secret's tokens occur only in the messages that state it, every value really is stated, no probe
contains its own answer), the canary uniqueness rule of its isolation step, and the statistics
of ``dataset_stats``. It adds the checks of this set's own rules: which messages state a value
(``stated_in``) is recorded in the file, commands are their session's newest user message,
card numbers pass Luhn, IBANs pass mod-97, national ids pass their check digits, and the set has
the shape the brief asked for (20 scopes, 3-6 sessions each, a direct and a task probe per fact).
Standard library only. Exits 1 on the first broken rule.
"""

from __future__ import annotations

import json
import os
import re
import sys

import heldout_checks as hc

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "data", "heldout7.json")

CATEGORIES = hc.SENSITIVE_CATEGORIES | {"forgotten"}


# ------------------------------------------------------------------ check digits


def bsn_ok(digits: str) -> bool:
    if len(digits) != 9:
        return False
    weights = [9, 8, 7, 6, 5, 4, 3, 2, -1]
    return sum(int(d) * w for d, w in zip(digits, weights, strict=True)) % 11 == 0


def dni_ok(token: str) -> bool:
    m = re.fullmatch(r"(\d{8})-?([A-Z])", token.upper())
    return bool(m) and "TRWAGMYFPDXBNJZSQVHLCKE"[int(m.group(1)) % 23] == m.group(2)


def national_id_ok(token: str) -> bool:
    compact = re.sub(r"[\s.]", "", token)
    if re.fullmatch(r"\d{8}-?[A-Za-z]", compact):
        return dni_ok(compact)
    digits = re.sub(r"\D", "", compact)
    if len(digits) == 9 and "-" not in compact and bsn_ok(digits):  # Dutch BSN (11-proof)
        return True
    if len(digits) in (9, 10):  # Canadian SIN (9) or Swedish personnummer (10): Luhn
        return hc.luhn_ok(digits)
    return False


def check_digits(sc: dict) -> list:
    errors = []
    for fb in sc["forbidden"]:
        cat = fb["category"]
        for tok in fb["tokens"]:
            if not isinstance(tok, str):
                continue
            if cat == "payment_card":
                digits = re.sub(r"\D", "", tok)
                if not (13 <= len(digits) <= 19 and hc.luhn_ok(digits)):
                    errors.append(f"{fb['id']}: card {tok!r} fails Luhn")
            elif cat == "bank_details" and re.match(r"^[A-Z]{2}\d{2}", tok.replace(" ", "")):
                if not hc.iban_ok(tok, min_bban=10):
                    errors.append(f"{fb['id']}: IBAN {tok!r} fails mod-97")
            elif cat == "national_id" and not national_id_ok(tok):
                errors.append(f"{fb['id']}: national id {tok!r} fails its check digit")
    return errors


# ------------------------------------------------------------------ per-scope checks


def internal_records(sc: dict):
    """Rebuild the generator's internal view (tagged messages, value tokens) from the file."""
    tags = {}
    for owner in sc["facts"] + sc["forbidden"]:
        if owner.get("category") == "forgotten":
            continue
        for s_i, m_i in owner["stated_in"]:
            tags.setdefault((s_i, m_i), set()).add(owner["id"])
    sessions = []
    for s_i, sess in enumerate(sc["sessions"]):
        msgs = [
            (m["role"], m["content"], tags.get((s_i, m_i), set())) for m_i, m in enumerate(sess["messages"])
        ]
        sessions.append({"id": sess["id"], "messages": msgs, "commands": sess["commands"]})
    facts = [hc.internal_fact(f) for f in sc["facts"]]
    sens = []
    for fb in sc["forbidden"]:
        if fb["category"] == "forgotten":
            continue
        s_i, m_i = fb["stated_in"][0]
        sens.append(
            {
                "id": fb["id"],
                "category": fb["category"],
                "tokens": fb["tokens"],
                "text": sc["sessions"][s_i]["messages"][m_i]["content"],
            }
        )
    view = {"id": sc["id"], "sessions": sessions, "probes": sc["probes"]}
    return view, facts, sens


def session_errors(sc: dict) -> list:
    errors = []
    n_sess = len(sc["sessions"])
    if not 3 <= n_sess <= 6:
        errors.append(f"{sc['id']}: {n_sess} sessions (want 3-6)")
    facts = {f["id"]: f for f in sc["facts"]}
    for s_i, sess in enumerate(sc["sessions"]):
        roles = {m["role"] for m in sess["messages"]}
        if roles - {"user", "assistant"} or "user" not in roles:
            errors.append(f"{sess['id']}: needs user turns and only user/assistant roles")
        last_user = max(i for i, m in enumerate(sess["messages"]) if m["role"] == "user")
        for cmd in sess["commands"]:
            f = facts.get(cmd["fact_id"])
            want = {"forgettable": "forget", "remember": "remember"}.get(f["type"] if f else "")
            if want != cmd["action"]:
                errors.append(f"{sess['id']}: command {cmd} does not match its fact")
            elif [s_i, last_user] not in f["stated_in"]:
                errors.append(f"{sess['id']}: the {cmd['action']} command is not the newest user message")
    return errors


def record_errors(gen, sc: dict) -> list:
    errors = []
    texts = [gen.score.normalize(m["content"]) for m in hc.messages(sc)]
    for f in sc["facts"]:
        if f["type"] == "forgettable" and (
            f["status"] != "forgotten" or f["forgotten_in_session"] <= f["session"]
        ):
            errors.append(f"{f['id']}: a forgotten fact needs a later forget session")
        styles = sorted(p["style"] for p in sc["probes"] if p["fact_id"] == f["id"])
        want = ["direct"] if f["type"] == "forgettable" else ["direct", "task"]
        if styles != want:
            errors.append(f"{f['id']}: probes {styles}, want {want}")
    for fb in sc["forbidden"]:
        if fb["category"] not in CATEGORIES and not fb["category"].startswith("policy:"):
            errors.append(f"{fb['id']}: unknown category {fb['category']!r}")
    for p in sc["probes"]:
        if p["kind"] == "isolation" and not p["forbidden"]:
            errors.append(f"{p['id']}: isolation probe without canaries")
        if p["kind"] == "forget" and any(gen.score.contains(p["query"], t) for t in p["forbidden"]):
            errors.append(f"{p['id']}: forget probe names the forgotten value")
        if any(gen.score.normalize(p["query"]) in t for t in texts):
            errors.append(f"{p['id']}: probe repeats a message of the dialogue")
    return errors


def canary_errors(gen, scenarios: list) -> list:
    errors = []
    text = hc.scope_texts(scenarios)
    for sc in scenarios:
        others = ((o["id"], text[o["id"]]) for o in scenarios if o is not sc)
        errors += hc.canary_leaks(gen.score, sc, others)
    return errors


def main(argv=None) -> int:
    ap = hc.argument_parser(__doc__, DEFAULT_DATA)
    ap.add_argument("--scopes", type=int, default=20, help="number of scopes the set must have")
    args = ap.parse_args(argv)
    gen = hc.load_generator(args.bench_dir)
    data = hc.load_data(args.data)
    if data.get("format") != gen.FORMAT:
        print(f"format {data.get('format')!r}, want {gen.FORMAT!r}")
        return 1
    scenarios = data["scenarios"]
    errors = []
    if len(scenarios) != args.scopes:
        errors.append(f"{len(scenarios)} scopes, want {args.scopes}")
    for sc in scenarios:
        view, facts, sens = internal_records(sc)
        try:
            gen._validate(view, facts, sens)
        except (gen.Reject, RuntimeError) as e:
            errors.append(f"{sc['id']}: {e}")
        errors += session_errors(sc) + record_errors(gen, sc)
        errors += check_digits(sc)
    errors += canary_errors(gen, scenarios)
    if gen.dataset_stats(scenarios) != {k: v for k, v in data["stats"].items() if k != "rejected_samples"}:
        errors.append("stats in the file differ from dataset_stats()")
    for e in errors:
        print("ERROR", e)
    if errors:
        return 1
    print(f"{args.data}: valid ({len(scenarios)} scopes)")
    print(json.dumps(data["stats"], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
