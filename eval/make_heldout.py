#!/usr/bin/env python3
"""Build the held-out memory-quality data set (eval/data/heldout.json) from heldout_bank.py.

    python eval/make_heldout.py                    # seed 4242, 40 scopes
    python eval/make_heldout.py --seed 7 --n 5 --out /tmp/small.json

The machinery is the shared benchmark's own (``../shared/bench/generate.py``: ``check_bank``,
``build_dataset`` and its per-scenario ``_validate``), imported, not copied, so the held-out set
obeys exactly the public set's rules. Two things are added around it:

* a message merger installed in front of ``generate._validate`` (the last point where messages
  still carry their ground-truth tags): it folds some fact statements together with an
  adjacent secret ("I'm a paramedic. My IBAN is ...") or chit-chat question into one user
  message, which the public wording never does. The merged message keeps both tags, so the
  unchanged validation still proves each token occurs only where it is stated; command
  messages are never merged, so they stay the newest user message of their session.
* extra checks the machinery does not make: at least 6 phrasings per type, no value, name
  or phrasing shared with ``public_bank()``, valid check digits on every generated card,
  IBAN and routing number, and that each command really is its session's last user message.

Nothing in the machinery hard-codes the store policy or the domains (both come from the bank),
so no other patching is needed.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_BENCH_DIR = os.path.normpath(os.path.join(REPO, "..", "shared", "bench"))
DEFAULT_OUT = os.path.join(HERE, "data", "heldout.json")
MIN_PHRASINGS = 6

if HERE not in sys.path:
    sys.path.insert(0, HERE)
import heldout_checks  # noqa: E402


def load_machinery(bench_dir: str):
    """Import the shared generator and scorer (and this directory's bank) by path."""
    for d in (bench_dir, HERE):
        if d not in sys.path:
            sys.path.insert(0, d)
    return (
        importlib.import_module("generate"),
        importlib.import_module("score"),
        importlib.import_module("heldout_bank"),
    )


# =========================================================================== message merger


class MessageMerger:
    """Folds a fact statement and an adjacent secret or chit-chat question into one user message.

    Real users mix things in one breath; the public generator always gives each statement its own
    message. Installed as a wrapper of ``generate._validate`` so the merge happens before the
    unchanged validation runs on the tagged messages. Deterministic: the coin flips are seeded
    from the session id and its content.
    """

    def __init__(self, generate, p_secret: float, p_question: float):
        self._generate = generate
        self._original = generate._validate
        self.p_secret = p_secret
        self.p_question = p_question
        self.merged: dict[str, dict[str, int]] = {}  # scenario id -> counts of its accepted sample

    def __enter__(self):
        self._generate._validate = self._validate
        return self

    def __exit__(self, *exc):
        self._generate._validate = self._original
        return False

    def _validate(self, scenario, facts, sens):
        self.merged[scenario["id"]] = self._merge(scenario, facts, sens)
        return self._original(scenario, facts, sens)

    @staticmethod
    def _classify(msg, cmd_ids, sens_ids, fact_ids) -> str:
        _, content, tags = msg
        if tags & cmd_ids:
            return "command"
        if tags & sens_ids:
            return "secret"
        if tags & fact_ids:
            return "fact"
        if not tags and content.rstrip().endswith("?"):
            return "question"
        return "other"

    @staticmethod
    def _join(first: str, second: str) -> str:
        sep = " " if first.rstrip()[-1:] in ".!?)" else " - "
        return first.rstrip() + sep + second

    def _merge(self, scenario, facts, sens) -> dict[str, int]:
        fact_ids = {f["id"] for f in facts}
        sens_ids = {r["id"] for r in sens}
        counts = {"fact+secret": 0, "fact+question": 0}
        for session in scenario["sessions"]:
            cmd_ids = {c["fact_id"] for c in session["commands"]}
            msgs = session["messages"]
            rng = random.Random(f"heldout-merge|{session['id']}|" + "|".join(m[1] for m in msgs))
            out, i = [], 0
            while i < len(msgs):
                window = msgs[i : i + 4]
                if len(window) == 4 and [m[0] for m in window] == ["user", "assistant", "user", "assistant"]:
                    a = self._classify(window[0], cmd_ids, sens_ids, fact_ids)
                    b = self._classify(window[2], cmd_ids, sens_ids, fact_ids)
                    pair = {a, b}
                    kind = None
                    if pair == {"fact", "secret"} and rng.random() < self.p_secret:
                        kind, other = "fact+secret", "secret"
                    elif pair == {"fact", "question"} and rng.random() < self.p_question:
                        kind, other = "fact+question", "question"
                    if kind:
                        reply = window[3] if b == other else window[1]
                        out.append(
                            ("user", self._join(window[0][1], window[2][1]), window[0][2] | window[2][2])
                        )
                        out.append(reply)
                        counts[kind] += 1
                        i += 4
                        continue
                out.append(msgs[i])
                i += 1
            msgs[:] = out
        return counts


# =========================================================================== extra checks


_luhn_ok = heldout_checks.luhn_ok


def _iban_ok(code: str) -> bool:
    c = code.replace(" ", "").upper()
    lengths = {"DE": 22, "FR": 27, "NL": 18}
    if len(c) != lengths.get(c[:2], -1):
        return False
    rearranged = c[4:] + c[:4]
    return int("".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1


def _aba_ok(r: str) -> bool:
    d = [int(c) for c in r]
    return (
        len(d) == 9 and (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + d[2] + d[5] + d[8]) % 10 == 0
    )


def check_makers(bank: dict, samples: int = 300) -> None:
    """Every generated card, IBAN and routing number must carry valid check digits."""
    rng = random.Random(1)
    makers = {s["category"]: s["make"] for s in bank["sensitive"]}
    for _ in range(samples):
        card = makers["payment_card"](rng)["secret"]
        if not _luhn_ok(card):
            raise SystemExit(f"card {card} fails Luhn")
        acct = makers["bank_details"](rng)
        if not _iban_ok(acct["iban"]):
            raise SystemExit(f"IBAN {acct['iban']} fails mod 97")
        if not _aba_ok(acct["routing"]):
            raise SystemExit(f"routing number {acct['routing']} fails the ABA checksum")
        ssn = makers["government_id"](rng)["ssn"]
        if ssn.startswith(("000", "666", "9")):
            raise SystemExit(f"SSN {ssn} uses an area number that is never issued")


def check_variety(bank: dict) -> None:
    """Stricter than check_bank: at least MIN_PHRASINGS phrasings per fact type, command and secret."""
    short = []
    for spec in bank["core_domains"] + bank["domains"]:
        for key in ("state", "update"):
            if key in spec and len(spec[key]) < MIN_PHRASINGS:
                short.append(f"{spec['domain']}.{key}")
    short += [f"procedural {p['id']}" for p in bank["procedural"] if len(p["state"]) < MIN_PHRASINGS]
    short += [f"sensitive {s['category']}" for s in bank["sensitive"] if len(s["templates"]) < MIN_PHRASINGS]
    short += [k for k in ("remember_templates", "forget_templates") if len(bank[k]) < MIN_PHRASINGS]
    if short:
        raise SystemExit(f"fewer than {MIN_PHRASINGS} phrasings: {', '.join(short)}")


def _bank_strings(bank: dict) -> set:
    out = set()
    for spec in bank["core_domains"] + bank["domains"] + bank["procedural"] + bank["remember_items"]:
        for key in ("state", "update", "direct", "task"):
            out.update(spec.get(key) or [])
    for spec in bank["forgettable"]:
        out.update(spec["state"] + spec["probes"])
    for spec in bank["sensitive"]:
        out.update(spec["templates"])
    out.update(bank["remember_templates"] + bank["forget_templates"] + bank["isolation_named"])
    out.update(u for u, _ in bank["noise"])
    return out


def _bank_tokens(bank: dict, score) -> list:
    toks = []
    for spec in bank["domains"]:
        for v in spec.get("values") or []:
            toks += score.flatten_tokens(v["tokens"])
    for spec in bank["remember_items"] + bank["forgettable"] + bank["procedural"]:
        toks += score.flatten_tokens(spec["tokens"])
    for names in bank["pools"].values():
        toks += names
    return toks


def check_novelty(bank: dict, public: dict, score) -> dict:
    """No value, name, procedural rule or phrasing of the held-out bank may come from the public bank."""
    norm = score.normalize
    shared = sorted({norm(s) for s in _bank_strings(bank)} & {norm(s) for s in _bank_strings(public)})
    if shared:
        raise SystemExit(f"phrasings shared with the public bank: {shared[:5]}")
    mine, theirs = _bank_tokens(bank, score), _bank_tokens(public, score)
    overlap = sorted({a for a in mine for b in theirs if score.contains(a, b) or score.contains(b, a)})
    if overlap:
        raise SystemExit(f"values shared with the public bank: {overlap}")
    same_rules = {p["id"] for p in bank["procedural"]} & {p["id"] for p in public["procedural"]}
    if same_rules:
        raise SystemExit(f"procedural rules shared with the public bank: {sorted(same_rules)}")
    public_domains = {s["domain"] for s in public["domains"]}
    public_sens = {s["category"] for s in public["sensitive"]}
    return {
        "new_domains": sorted(s["domain"] for s in bank["domains"] if s["domain"] not in public_domains),
        "reworded_domains": sorted(s["domain"] for s in bank["domains"] if s["domain"] in public_domains),
        "new_sensitive_categories": sorted(
            s["category"] for s in bank["sensitive"] if s["category"] not in public_sens
        ),
    }


def check_commands(data: dict, bank: dict, score) -> None:
    """A command must be the newest user message of its session and must name what it acts on."""
    refs = {"forgettable:" + f["id"]: f["ref"] for f in bank["forgettable"]}
    for sc in data["scenarios"]:
        facts = {f["id"]: f for f in sc["facts"]}
        for s in sc["sessions"]:
            if not s["commands"]:
                continue
            last_user = [m["content"] for m in s["messages"] if m["role"] == "user"][-1]
            (cmd,) = s["commands"]
            fact = facts[cmd["fact_id"]]
            if cmd["action"] == "remember":
                ok = score.contains_all(last_user, fact["expect_all"])
            else:
                ok = refs[fact["domain"]] in last_user
            if not ok:
                raise SystemExit(f"{s['id']}: the {cmd['action']} command is not the last user message")


# =========================================================================== main


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=4242)
    ap.add_argument("--n", type=int, default=40, help="number of scenarios (scopes)")
    ap.add_argument("--prefix", default="hld")
    ap.add_argument("--name", default="heldout")
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--bench-dir", default=DEFAULT_BENCH_DIR, help="the shared benchmark (generate.py)")
    ap.add_argument("--p-merge-secret", type=float, default=0.5)
    ap.add_argument("--p-merge-question", type=float, default=0.35)
    args = ap.parse_args(argv)

    generate, score, heldout_bank = load_machinery(args.bench_dir)
    bank = heldout_bank.heldout_bank()
    generate.check_bank(bank)
    check_variety(bank)
    check_makers(bank)
    novelty = check_novelty(bank, generate.public_bank(), score)

    with MessageMerger(generate, args.p_merge_secret, args.p_merge_question) as merger:
        data = generate.build_dataset(bank, args.seed, args.n, args.prefix, args.name)
    check_commands(data, bank, score)

    merged: dict[str, int] = {}
    for sc in data["scenarios"]:
        for k, v in merger.merged[sc["id"]].items():
            merged[k] = merged.get(k, 0) + v
    data["stats"]["merged_messages"] = merged
    data["stats"]["fact_domains"] = {}
    for sc in data["scenarios"]:
        for f in sc["facts"]:
            d = f["domain"].split(":")[0]
            data["stats"]["fact_domains"][d] = data["stats"]["fact_domains"].get(d, 0) + 1
    data["novelty"] = novelty

    generate.write_dataset(data, args.out)
    print(f"wrote {args.out} ({os.path.getsize(args.out) / 1024:.0f} KiB)")
    print(json.dumps(data["stats"], indent=1))
    print(json.dumps(novelty, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
