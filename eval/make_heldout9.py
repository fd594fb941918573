#!/usr/bin/env python3
"""Validate the hand-written held-out 9 set (``data/heldout9.json``) and print its stats.

Held-out 9 is not generated: its 16 scopes were written by hand, blind, by a helper session
(2026-12-07). This script does not build it; it checks it with the shared generator's own
per-scenario validation (``_validate``, imported by path, not copied) and adds checks of its own:

* every fact/secret names the messages that state it (``stated_in``: run.py's message ids,
  ``<session id>-m<index>``); a fact's tokens occur in no other message of its scope
  (assistant turns included), and each stated value really occurs in one of them;
* commands are the newest user message of their session, one per session;
* every profile/procedural/remember fact has one direct and one task probe with its tokens,
  every forgotten fact one forget probe and a ``forgotten`` forbidden record;
  no probe contains its answer, its stale value or a forbidden token;
* canaries are unique to their scope; isolation probes forbid their source's canaries;
* card numbers pass Luhn, IBANs pass mod-97, national ids pass their check digits
  (CPF, PESEL, NIE, SIN, South African ID); sensitive tokens occur nowhere outside their own messages;
* the stored ``stats`` equal the shared generator's ``dataset_stats``.

    python eval/make_heldout9.py [--data eval/data/heldout9.json] [--bench-dir ../shared/bench]
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections import Counter

import heldout_checks as hc

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "data", "heldout9.json")

SENSITIVE = hc.SENSITIVE_CATEGORIES


# ---------------------------------------------------------------- check digits


def nie_ok(value: str) -> bool:
    s = re.sub(r"[^A-Za-z0-9]", "", value).upper()
    m = re.fullmatch(r"([XYZ])(\d{7})([A-Z])", s)
    if not m:
        return False
    n = int("XYZ".index(m.group(1)).__str__() + m.group(2))
    return "TRWAGMYFPDXBNJZSQVHLCKE"[n % 23] == m.group(3)


def national_id_ok(value: str) -> bool:
    compact = re.sub(r"[^A-Za-z0-9]", "", value)
    if re.fullmatch(r"[XYZxyz]\d{7}[A-Za-z]", compact):
        return nie_ok(compact)
    if "." in value and "-" in value:
        return hc.cpf_ok(value)
    if len(compact) == 11 and compact.isdigit():
        return hc.pesel_ok(compact)
    if len(compact) in (9, 13) and compact.isdigit():
        return hc.luhn_ok(compact, min_digits=9)  # Canadian SIN, South African ID number
    return False


# ---------------------------------------------------------------- validation


def validate(data: dict, gen) -> list[str]:
    score = gen.score
    problems: list[str] = []
    if data.get("format") != gen.FORMAT:
        problems.append(f"format is {data.get('format')!r}, not {gen.FORMAT!r}")
    problems.extend(hc.store_option_problems(data))
    scenarios = data["scenarios"]
    ids = [sc["id"] for sc in scenarios]
    if len(set(ids)) != len(ids):
        problems.append("duplicate scenario ids")
    for sc in scenarios:
        for check in (check_generator_rules, check_commands, check_probes, check_sensitive):
            problems.extend(f"{sc['id']}: {p}" for p in check(sc, gen, score))
    problems.extend(check_isolation(scenarios, score))
    if data.get("stats") != gen.dataset_stats(scenarios):
        problems.append("stored stats differ from dataset_stats(scenarios)")
    return problems


def check_isolation(scenarios: list, score) -> list[str]:
    """Canaries unique to their scope (the generator's rule); isolation probes forbid their source's."""
    problems: list[str] = []
    text = hc.scope_texts(scenarios)
    by_id = {sc["id"]: sc for sc in scenarios}
    for sc in scenarios:
        names = {
            f["expect_all"][0] for f in sc["facts"] if f.get("canary") and isinstance(f["expect_all"][0], str)
        }
        if set(sc["canaries"]) != names or not names:
            problems.append(
                f"{sc['id']}: canaries {sc['canaries']} are not its canary facts' names {sorted(names)}"
            )
        others = ((o["id"], text[o["id"]]) for o in scenarios if o is not sc)
        problems.extend(hc.canary_leaks(score, sc, others))
        for p in (p for p in sc["probes"] if p["kind"] == "isolation"):
            src = by_id.get(p.get("source_scenario"))
            if src is None or src is sc or sorted(p["forbidden"]) != sorted(src["canaries"]):
                problems.append(f"{p['id']}: isolation probe must forbid another scope's canaries")
            own = [t for t in sc["canaries"] if score.contains(p["query"], t)]
            problems.extend(f"{p['id']}: isolation probe names its own canary {t!r}" for t in own)
    return problems


def _messages(sc: dict) -> tuple[dict, list]:
    msg_by_id, order = {}, []
    for s in sc["sessions"]:
        for j, m in enumerate(s["messages"]):
            mid = f"{s['id']}-m{j}"
            msg_by_id[mid] = m
            order.append(mid)
    return msg_by_id, order


def check_generator_rules(sc: dict, gen, score) -> list[str]:
    """The shared generator's _validate on the scope, with tags taken from ``stated_in``."""
    problems: list[str] = []
    msg_by_id, order = _messages(sc)
    bad = [
        mid
        for mid in order
        if msg_by_id[mid].get("role") not in ("user", "assistant")
        or not str(msg_by_id[mid].get("content", "")).strip()
    ]
    problems.extend(f"{mid}: bad message" for mid in bad)
    problems.extend(f"{s['id']}: empty session" for s in sc["sessions"] if not s["messages"])
    tags = {mid: set() for mid in order}
    owners = [(f["id"], f.get("stated_in") or []) for f in sc["facts"]]
    owners += [
        (fb["id"], fb.get("stated_in") or []) for fb in sc["forbidden"] if fb["category"] != "forgotten"
    ]
    for owner, mids in owners:
        if not mids:
            problems.append(f"{owner}: no stated_in")
        for mid in mids:
            if mid in tags:
                tags[mid].add(owner)
            else:
                problems.append(f"{owner}: stated_in names unknown message {mid}")
    facts = [hc.internal_fact(f) for f in sc["facts"]]
    problems.extend(
        f"{f['id']}: updated fact without stale tokens"
        for f in sc["facts"]
        if f["status"] == "updated" and not f["stale"]
    )
    sens = [
        {
            "id": fb["id"],
            "category": fb["category"],
            "tokens": fb["tokens"],
            "text": "\n".join(msg_by_id[m]["content"] for m in fb.get("stated_in") or [] if m in msg_by_id),
        }
        for fb in sc["forbidden"]
        if fb["category"] != "forgotten"
    ]
    internal = {
        "sessions": [
            {
                "messages": [
                    (msg_by_id[mid]["role"], msg_by_id[mid]["content"], tags[mid])
                    for mid in order
                    if mid.startswith(s["id"] + "-m")
                ],
                "commands": s["commands"],
            }
            for s in sc["sessions"]
        ],
        "probes": sc["probes"],
    }
    try:
        gen._validate(internal, facts, sens)
    except (gen.Reject, RuntimeError) as e:
        problems.append(f"generator validation: {e}")
    return problems


def check_commands(sc: dict, gen, score) -> list[str]:
    """One command per session, the newest user message; remember/forget facts have one."""
    problems: list[str] = []
    fact_by_id = {f["id"]: f for f in sc["facts"]}
    for s in sc["sessions"]:
        for cmd in s["commands"]:
            f = fact_by_id.get(cmd["fact_id"])
            want = {"remember": "remember", "forget": "forgettable"}.get(cmd["action"])
            if f is None or f["type"] != want:
                problems.append(f"{s['id']}: command {cmd} does not name a {want} fact")
                continue
            users = [j for j, m in enumerate(s["messages"]) if m["role"] == "user"]
            last = f"{s['id']}-m{users[-1]}"
            if cmd["action"] == "remember" and last not in f["stated_in"]:
                problems.append(f"{s['id']}: remember command is not the newest user message")
            if cmd["action"] == "forget" and f.get("forgotten_in_session") != int(s["id"].rsplit("-s", 1)[1]):
                problems.append(f"{s['id']}: forget session mismatch")
    cmd_facts = [c["fact_id"] for c in hc.commands(sc)]
    problems.extend(
        f"{f['id']}: {f['type']} fact without a command"
        for f in sc["facts"]
        if f["type"] in ("remember", "forgettable") and f["id"] not in cmd_facts
    )
    return problems


def _fact_probe_problems(sc: dict, f: dict, ps: list) -> list[str]:
    if f["type"] == "forgettable":
        out = [] if [p["kind"] for p in ps] == ["forget"] else [f"{f['id']}: needs exactly one forget probe"]
        fb = [x for x in sc["forbidden"] if x.get("fact_id") == f["id"] and x["category"] == "forgotten"]
        if len(fb) != 1 or fb[0]["tokens"] != f["expect_all"]:
            out.append(f"{f['id']}: needs one forgotten forbidden record with its tokens")
        return out
    out = (
        []
        if sorted(p["style"] for p in ps) == ["direct", "task"]
        else [f"{f['id']}: needs a direct and a task probe"]
    )
    want = {"procedural": "procedural", "remember": "remember"}.get(
        f["type"], "update" if f["status"] == "updated" else "fact"
    )
    out.extend(
        f"{p['id']}: kind/expect_all/stale do not match fact {f['id']}"
        for p in ps
        if p["kind"] != want or p["expect_all"] != f["expect_all"] or p["stale"] != f["stale"]
    )
    return out


def check_probes(sc: dict, gen, score) -> list[str]:
    """Probe per fact and style; no probe holds a forbidden token (isolation probes name them on purpose)."""
    problems: list[str] = []
    probes_by_fact: dict = {}
    for p in sc["probes"]:
        probes_by_fact.setdefault(p["fact_id"], []).append(p)
        if p["kind"] != "isolation":
            hits = [t for t in score.flatten_tokens(p["forbidden"]) if score.contains(p["query"], t)]
            problems.extend(f"{p['id']}: probe contains a forbidden token {t!r}" for t in hits)
    for f in sc["facts"]:
        problems.extend(_fact_probe_problems(sc, f, probes_by_fact.get(f["id"], [])))
    queries = [p["query"] for p in sc["probes"] if p["kind"] != "isolation"]
    if len(set(queries)) != len(queries):
        problems.append("duplicate probe queries")
    return problems


def _check_digits(cat: str, token: str) -> bool:
    if cat == "payment_card":
        return hc.luhn_ok(token, min_digits=9)
    if cat == "bank_details" and re.match(r"^[A-Z]{2}\d{2}", token):
        return hc.iban_ok(token)
    if cat == "national_id":
        return national_id_ok(token)
    return True


def check_sensitive(sc: dict, gen, score) -> list[str]:
    """Known categories, valid check digits, and no sensitive value in any probe."""
    problems: list[str] = []
    for fb in sc["forbidden"]:
        cat = fb["category"]
        if cat != "forgotten" and cat not in SENSITIVE and not cat.startswith("policy:"):
            problems.append(f"{fb['id']}: unknown category {cat}")
        for t in score.flatten_tokens(fb["tokens"]):
            if not _check_digits(cat, t):
                problems.append(f"{fb['id']}: {cat} value {t} fails its check digits")
            problems.extend(
                f"{p['id']}: probe contains sensitive token {t!r}"
                for p in sc["probes"]
                if cat != "forgotten" and score.contains(p["query"], t)
            )
    return problems


def print_stats(data: dict, gen) -> None:
    scenarios = data["scenarios"]
    st = gen.dataset_stats(scenarios)
    print(json.dumps(st, indent=1))
    styles = Counter((p["kind"], p["style"]) for sc in scenarios for p in sc["probes"])
    print("probes by kind/style:", dict(sorted((f"{k}/{s}", n) for (k, s), n in styles.items())))
    per = [len(sc["sessions"]) for sc in scenarios]
    print(f"sessions per scope: min {min(per)}, max {max(per)}")
    words = [len(m["content"].split()) for sc in scenarios for m in hc.messages(sc)]
    print(f"words per message: mean {sum(words) / len(words):.1f}, max {max(words)}")
    cmds = Counter(c["action"] for sc in scenarios for c in hc.commands(sc))
    print("commands:", dict(cmds))
    print("policy:", data["store"]["options"]["user_profile_details"])


def main(argv=None) -> int:
    args = hc.argument_parser(__doc__, DEFAULT_DATA).parse_args(argv)
    gen = hc.load_generator(args.bench_dir)
    data = hc.load_data(args.data)
    problems = validate(data, gen)
    print_stats(data, gen)
    if problems:
        print(f"\n{len(problems)} problem(s):")
        for p in problems:
            print("  " + p)
        return 1
    print(f"\nOK: {args.data} is valid ({len(data['scenarios'])} scopes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
