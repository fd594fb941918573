#!/usr/bin/env python3
"""Validate the sixth held-out set (eval/data/heldout6.json) and print its statistics.

    python eval/make_heldout6.py                     # validates eval/data/heldout6.json
    python eval/make_heldout6.py --data other.json --bench-dir ../shared/bench

Held-out 6 is hand-written, not generated: this script does not build the file, it checks it.
The checks are the shared generator's own (``../shared/bench/generate.py``, imported by path, not
copied): its per-scenario ``_validate`` (a fact's tokens occur only in the messages that state it,
every fact and secret is really stated, no probe contains its own answer or the stale one) and
``dataset_stats``. The messages that state a fact or a secret are recorded in the file
(``stated_in``: ``[session, message]`` pairs), which is what ``_validate`` needs to tell the
stating messages from the others. Added around it:

* format: every scenario, session, fact, probe and forbidden record has the fields the runner
  and the scorer read; ids are unique; ``stats`` equals ``dataset_stats`` of the scenarios;
* commands: one per session at most, its fact is stated by the session's newest user message,
  a forget command's fact is ``forgotten`` and was stated in an earlier session;
* probes: a direct and a task probe per kept fact (with the fact's ``expect_all`` and ``stale``),
  one forget probe per forgotten fact, two isolation probes per scope whose forbidden tokens are
  the source scope's canaries; no probe shares four consecutive words with a message that
  states its fact;
* canaries: each is stated in its own scope and occurs in no other scope's text;
* check digits of every secret that has them: cards (Luhn), IBANs (country length, mod 97),
  Portuguese NIF (mod 11), Brazilian CPF (two mod-11 digits), Polish PESEL (weights 1-3-7-9),
  Finnish henkilötunnus (mod 31 letter), Indian Aadhaar (Verhoeff), French NIR (97 - n mod 97).

Exit status 0 when every check passes, 1 otherwise (each failure printed).
"""

from __future__ import annotations

import importlib
import json
import os
import re
import sys

import heldout_checks as hc

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "data", "heldout6.json")

IBAN_LENGTHS = {
    "PT": 25,
    "DE": 22,
    "GB": 22,
    "ES": 24,
    "FR": 27,
    "IT": 27,
    "NL": 18,
    "GR": 27,
    "PL": 28,
    "BR": 29,
    "IE": 22,
    "FI": 18,
    "BE": 16,
    "AT": 20,
    "CH": 21,
    "NO": 15,
}
FACT_TYPES = ("profile", "procedural", "remember", "forgettable")
PROBE_KIND = {"procedural": "procedural", "remember": "remember"}
SENSITIVE_STD = (
    "password",
    "api_key",
    "payment_card",
    "bank_details",
    "exact_age",
    "home_address",
    "government_id",
)


def load_machinery(bench_dir: str):
    if bench_dir not in sys.path:
        sys.path.insert(0, bench_dir)
    return importlib.import_module("generate"), importlib.import_module("score")


# --------------------------------------------------------------------------- check digits


def _digits(s: str) -> str:
    return re.sub(r"\D", "", s)


def nif_pt_ok(s: str) -> bool:
    d = [int(x) for x in _digits(s)]
    if len(d) != 9:
        return False
    r = 11 - sum(x * w for x, w in zip(d[:8], range(9, 1, -1), strict=True)) % 11
    return d[8] == (0 if r >= 10 else r)


def hetu_ok(s: str) -> bool:
    m = re.fullmatch(r"(\d{6})[-+A](\d{3})([0-9A-Y])", s.strip())
    return bool(m) and "0123456789ABCDEFHJKLMNPRSTUVWXY"[int(m.group(1) + m.group(2)) % 31] == m.group(3)


_V_MUL = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
    [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
    [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
    [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
    [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
    [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
    [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
    [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
    [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
]
_V_PERM = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
    [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
    [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
    [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
    [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
    [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
    [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
]


def aadhaar_ok(s: str) -> bool:
    d = _digits(s)
    if len(d) != 12 or d[0] in "01":
        return False
    c = 0
    for i, ch in enumerate(reversed(d)):
        c = _V_MUL[c][_V_PERM[i % 8][int(ch)]]
    return c == 0


def nir_ok(s: str) -> bool:
    d = _digits(s)
    return len(d) == 15 and 97 - int(d[:13]) % 97 == int(d[13:])


CHECKS = {
    "luhn": lambda s: hc.luhn_ok(_digits(s), min_digits=13),
    "iban": lambda s: hc.iban_ok(s, lengths=IBAN_LENGTHS),
    "nif_pt": nif_pt_ok,
    "cpf": lambda s: hc.cpf_ok(_digits(s)),
    "pesel": lambda s: hc.pesel_ok(_digits(s)),
    "hetu": hetu_ok,
    "aadhaar": aadhaar_ok,
    "nir": nir_ok,
}


# --------------------------------------------------------------------------- validation


def _words(score, text: str) -> list:
    return score.normalize(text).split()


def _shares_ngram(score, a: str, b: str, n: int = 4) -> str | None:
    wa, wb = _words(score, a), _words(score, b)
    grams = {tuple(wa[i : i + n]) for i in range(len(wa) - n + 1)}
    for i in range(len(wb) - n + 1):
        if tuple(wb[i : i + n]) in grams:
            return " ".join(wb[i : i + n])
    return None


class ScenarioCheck:
    """The checks of one scenario; failures go to ``errors`` as "scope: message"."""

    FIELDS = ("id", "scope", "persona", "canaries", "sessions", "facts", "probes", "forbidden")

    def __init__(self, generate, score, sc: dict, errors: list):
        self.generate, self.score, self.sc, self.errors = generate, score, sc, errors
        self.sessions = sc["sessions"]
        self.facts = {f["id"]: f for f in sc["facts"]}
        self.tags = {}

    def err(self, msg: str) -> None:
        self.errors.append(f"{self.sc['id']}: {msg}")

    def run(self) -> None:
        missing = [k for k in self.FIELDS if k not in self.sc]
        if missing:
            self.err(f"missing fields {missing}")
            return
        if not 3 <= len(self.sessions) <= 6:
            self.err(f"{len(self.sessions)} sessions (want 3-6)")
        internal_facts = [self._fact(f) for f in self.sc["facts"]]
        internal_sens = [self._secret(fb) for fb in self.sc["forbidden"]]
        self._machinery(internal_facts, [x for x in internal_sens if x])
        for si, s in enumerate(self.sessions):
            self._commands(si, s)
        for f in self.sc["facts"]:
            self._fact_probes(f)
        self._scope_checks()

    def _tag(self, owner: str, refs) -> None:
        for si, mi in refs or []:
            if si >= len(self.sessions) or mi >= len(self.sessions[si]["messages"]):
                self.err(f"{owner}: stated_in [{si}, {mi}] out of range")
            else:
                self.tags.setdefault((si, mi), set()).add(owner)

    def _fact(self, f: dict) -> dict:
        """Tag the fact's messages; return it in the shape the machinery's ``_validate`` reads."""
        if f["type"] not in FACT_TYPES:
            self.err(f"{f['id']}: unknown type {f['type']}")
        self._tag(f["id"], f.get("stated_in"))
        rec = {
            "id": f["id"],
            "type": f["type"],
            "domain": f["domain"],
            "value": {"tokens": f["stale"] or f["expect_all"]},
        }
        if f["stale"]:
            rec["new_value"] = {"tokens": f["expect_all"]}
            if f["status"] != "updated" or f["type"] != "profile":
                self.err(f"{f['id']}: has stale tokens but status {f['status']} / type {f['type']}")
        return rec

    def _secret(self, fb: dict) -> dict | None:
        if fb["category"] == "forgotten":
            if self.facts.get(fb.get("fact_id"), {}).get("status") != "forgotten":
                self.err(f"{fb['id']}: forgotten record without a forgotten fact")
            return None
        if fb["category"] not in SENSITIVE_STD and not fb["category"].startswith("policy:"):
            self.err(f"{fb['id']}: unknown category {fb['category']}")
        self._tag(fb["id"], fb.get("stated_in"))
        self._check_digits(fb)
        text = "\n".join(self.sessions[si]["messages"][mi]["content"] for si, mi in fb.get("stated_in") or [])
        return {"id": fb["id"], "category": fb["category"], "tokens": fb["tokens"], "text": text}

    def _check_digits(self, fb: dict) -> None:
        check = fb.get("check", "none")
        if check == "none":
            if fb["category"] in ("payment_card", "bank_details", "government_id"):
                self.err(f"{fb['id']}: a {fb['category']} without a check-digit test")
            return
        fn = CHECKS.get(check)
        if fn is None:
            self.err(f"{fb['id']}: unknown check {check}")
            return
        for t in fb["tokens"]:
            if not fn(t):
                self.err(f"{fb['id']}: {t!r} fails its {check} check")

    def _machinery(self, internal_facts: list, internal_sens: list) -> None:
        tagged = {"id": self.sc["id"], "probes": self.sc["probes"], "sessions": []}
        for si, s in enumerate(self.sessions):
            msgs = []
            for mi, m in enumerate(s["messages"]):
                if m.get("role") not in ("user", "assistant") or not m.get("content"):
                    self.err(f"session {si} message {mi}: bad role or empty content")
                msgs.append((m["role"], m["content"], self.tags.get((si, mi), set())))
            tagged["sessions"].append({"id": s["id"], "messages": msgs, "commands": s["commands"]})
        try:
            self.generate._validate(tagged, internal_facts, internal_sens)
        except (self.generate.Reject, RuntimeError) as e:
            self.err(str(e))

    def _commands(self, si: int, s: dict) -> None:
        if len(s["commands"]) > 1:
            self.err(f"session {si}: {len(s['commands'])} commands")
        newest = max(mi for mi, m in enumerate(s["messages"]) if m["role"] == "user")
        for cmd in s["commands"]:
            f = self.facts.get(cmd["fact_id"])
            if f is None:
                self.err(f"session {si}: command for unknown fact {cmd['fact_id']}")
                continue
            if cmd["fact_id"] not in self.tags.get((si, newest), set()):
                self.err(f"session {si}: {cmd['action']} command is not the newest user message")
            if f["type"] != {"forget": "forgettable", "remember": "remember"}.get(cmd["action"]):
                self.err(f"session {si}: {cmd['action']} command on a {f['type']} fact")
            stated_before = f["session"] < si and f.get("forgotten_in_session") == si
            if cmd["action"] == "forget" and not (f["status"] == "forgotten" and stated_before):
                self.err(f"session {si}: forget of {f['id']} not stated earlier or not marked forgotten")

    def _fact_probes(self, f: dict) -> None:
        ps = [p for p in self.sc["probes"] if p["fact_id"] == f["id"]]
        if f["type"] in ("remember", "forgettable") and not any(
            c["fact_id"] == f["id"] for c in hc.commands(self.sc)
        ):
            self.err(f"{f['id']}: {f['type']} fact without its command")
        if f["status"] == "forgotten":
            if [p["kind"] for p in ps] != ["forget"] or ps[0]["forbidden"] != f["expect_all"]:
                self.err(f"{f['id']}: want one forget probe forbidding its tokens")
        else:
            kind = PROBE_KIND.get(f["type"], "update" if f["stale"] else "fact")
            if sorted((p["kind"], p["style"]) for p in ps) != [(kind, "direct"), (kind, "task")]:
                self.err(f"{f['id']}: want a direct and a task {kind} probe")
            if any(p["expect_all"] != f["expect_all"] or p["stale"] != f["stale"] for p in ps):
                self.err(f"{f['id']}: a probe's expect_all/stale differ from its fact")
        for p in ps:
            for si, mi in f.get("stated_in") or []:
                g = _shares_ngram(self.score, p["query"], self.sessions[si]["messages"][mi]["content"])
                if g:
                    self.err(f"{p['id']}: probe shares {g!r} with the message that states {f['id']}")

    def _scope_checks(self) -> None:
        sc = self.sc
        if sum(p["kind"] == "isolation" for p in sc["probes"]) != 2:
            self.err("want 2 isolation probes")
        ids = [p["id"] for p in sc["probes"]] + list(self.facts) + [x["id"] for x in sc["forbidden"]]
        if len(ids) != len(set(ids)):
            self.err("duplicate ids")
        own = "\n".join(m["content"] for m in hc.messages(sc))
        for c in sc["canaries"]:
            if not self.score.contains(own, c):
                self.err(f"canary {c!r} never stated")


def _cross_scope(score, scenarios: list, errors: list) -> None:
    """Canaries occur in their own scope only; isolation probes forbid another scope's canaries."""
    text = hc.scope_texts(scenarios)
    by_id = {sc["id"]: sc for sc in scenarios}
    for sc in scenarios:
        errors.extend(hc.canary_leaks(score, sc, ((i, t) for i, t in text.items() if i != sc["id"])))
        for p in sc["probes"]:
            src = by_id.get(p.get("source_scenario"))
            if p["kind"] == "isolation" and (src is None or src is sc or p["forbidden"] != src["canaries"]):
                errors.append(f"{p['id']}: isolation probe must forbid another scope's canaries")
    if len({sc["scope"] for sc in scenarios}) != len(scenarios):
        errors.append("scopes are not unique")


def validate(generate, score, data: dict) -> list:
    errors = []
    if data.get("format") != generate.FORMAT:
        errors.append(f"format {data.get('format')!r}")
    errors.extend(hc.store_option_problems(data))
    for sc in data["scenarios"]:
        ScenarioCheck(generate, score, sc, errors).run()
    _cross_scope(score, data["scenarios"], errors)
    if data.get("stats") != generate.dataset_stats(data["scenarios"]):
        errors.append("stats differ from dataset_stats(scenarios)")
    return errors


def print_stats(score, data: dict) -> None:
    scen = data["scenarios"]
    st = data["stats"]
    print(
        f"{len(scen)} scopes, {st['sessions']} sessions (update calls), {st['messages']} messages "
        f"({st['user_messages']} user), {st['searches']} searches"
    )
    print("facts by type:", json.dumps(st["facts"]), " by status:", json.dumps(st["fact_status"]))
    print("probes by kind:", json.dumps(st["probes"]))
    print("forbidden by category:", json.dumps(dict(sorted(st["forbidden"].items()))))
    per = {}
    for sc in scen:
        per[len(sc["sessions"])] = per.get(len(sc["sessions"]), 0) + 1
    print("sessions per scope:", json.dumps(dict(sorted(per.items()))))
    lens = {"user": [], "assistant": []}
    for sc in scen:
        for m in hc.messages(sc):
            lens[m["role"]].append(len(score.normalize(m["content"]).split()))
    for role, v in lens.items():
        v.sort()
        print(f"{role} words per message: median {v[len(v) // 2]}, max {v[-1]}")
    cmds = [c["action"] for sc in scen for c in hc.commands(sc)]
    print(f"commands: {cmds.count('remember')} remember, {cmds.count('forget')} forget")
    alts = sum(
        any(isinstance(t, list) and len(t) > 1 for t in f["expect_all"]) for sc in scen for f in sc["facts"]
    )
    print(f"facts whose expect_all has alternatives: {alts}")


def main(argv=None) -> int:
    args = hc.argument_parser(__doc__, DEFAULT_DATA).parse_args(argv)
    generate, score = load_machinery(args.bench_dir)
    data = hc.load_data(args.data)
    errors = validate(generate, score, data)
    for e in errors:
        print("FAIL", e)
    print_stats(score, data)
    print("valid" if not errors else f"{len(errors)} failures")
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
