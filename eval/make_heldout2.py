#!/usr/bin/env python3
"""Build the second held-out memory-quality data set (eval/data/heldout2.json) from heldout2_bank.py.

    python eval/make_heldout2.py                    # seed 777, 40 scopes
    python eval/make_heldout2.py --seed 7 --n 5 --out /tmp/small.json

The machinery is the shared benchmark's own (``../shared/bench/generate.py``: ``check_bank``,
``build_dataset`` and its per-scenario ``_validate``), imported, not copied, so this set obeys
exactly the public set's rules. Around it:

* a message rewriter installed in front of ``generate._validate`` (the last point where messages
  still carry their ground-truth tags). It (1) turns a statement marked ``[[ask:...]]`` into a
  reply: the question moves into the assistant turn just before it; (2) folds runs of two or three
  adjacent fact / secret / chit-chat-question messages into one long user message. Merged
  messages keep every tag, so the unchanged validation still proves each token occurs only where
  it is stated; command messages are never merged, so they stay the newest user message.
* checks the machinery does not make: at least 6 phrasings per type; no value, name, rule or
  phrasing shared with ``public_bank()``; no value or name shared with the first held-out bank
  (compared programmatically, its text is never printed unless a value collides); valid check
  digits on every generated card, IBAN, SIN, TFN and Aadhaar number; each command really is its
  session's last user message; no unresolved reply marker left.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_BENCH_DIR = os.path.normpath(os.path.join(REPO, "..", "shared", "bench"))
DEFAULT_OUT = os.path.join(HERE, "data", "heldout2.json")
MIN_PHRASINGS = 6
ASK = re.compile(r"\[\[ask:(.*?)\]\]")
IBAN_LENGTHS = {"ES": 24, "IT": 27, "BE": 16}

sys.path.insert(0, HERE)
from make_heldout import _luhn_ok, check_commands  # noqa: E402  (the first held-out set's checks)


def load_machinery(bench_dir: str):
    """Import the shared generator and scorer and this directory's bank by path."""
    for d in (bench_dir, HERE):
        if d not in sys.path:
            sys.path.insert(0, d)
    return (
        importlib.import_module("generate"),
        importlib.import_module("score"),
        importlib.import_module("heldout2_bank"),
    )


# =========================================================================== message rewriter


class MessageRewriter:
    """Turns marked statements into replies and folds adjacent messages into long mixed ones.

    Installed as a wrapper of ``generate._validate`` so the rewrite happens on tagged messages,
    before the unchanged validation. Deterministic: coin flips are seeded from the session.
    """

    OPENERS = ("hi", "hello again", "hey hey")

    def __init__(self, generate, p_merge2: float, p_merge3: float):
        self._generate = generate
        self._original = generate._validate
        self.p_merge2 = p_merge2
        self.p_merge3 = p_merge3
        self.counts: dict[str, dict[str, int]] = {}  # scenario id -> counts of its accepted sample

    def __enter__(self):
        self._generate._validate = self._validate
        return self

    def __exit__(self, *exc):
        self._generate._validate = self._original
        return False

    def _validate(self, scenario, facts, sens):
        counts = {"replies": 0, "merged2": 0, "merged3": 0}
        fact_ids = {f["id"] for f in facts}
        sens_ids = {r["id"] for r in sens}
        for session in scenario["sessions"]:
            rng = random.Random(f"heldout2|{session['id']}|" + "|".join(m[1] for m in session["messages"]))
            replies = self._resolve_replies(session, rng, counts)
            self._merge(session, rng, fact_ids, sens_ids, replies, counts)
        self.counts[scenario["id"]] = counts
        return self._original(scenario, facts, sens)

    def _resolve_replies(self, session, rng, counts) -> set:
        """Move each ``[[ask:...]]`` question into the preceding assistant turn; return reply contents."""
        msgs, out, replies = session["messages"], [], set()
        for role, content, tags in msgs:
            m = ASK.search(content)
            if not m:
                out.append((role, content, tags))
                continue
            text = ASK.sub("", content).strip()
            single = role == "user" and len(tags) == 1 and content.rstrip().endswith("]]")
            if single:
                question = m.group(1)
                if out and out[-1][0] == "assistant":
                    prev_role, prev, prev_tags = out[-1]
                    out[-1] = (prev_role, prev.rstrip() + " " + question, prev_tags)
                else:
                    out += [("user", rng.choice(self.OPENERS), set()), ("assistant", question, set())]
                replies.add(text)
                counts["replies"] += 1
            out.append((role, text, tags))
        msgs[:] = out
        return replies

    @staticmethod
    def _classify(msg, cmd_ids, sens_ids, fact_ids, replies) -> str:
        _, content, tags = msg
        if tags & cmd_ids:
            return "command"
        if content in replies:
            return "reply"
        if tags & sens_ids:
            return "secret"
        if tags & fact_ids:
            return "fact"
        if not tags and content.rstrip().endswith("?"):
            return "question"
        return "other"

    @staticmethod
    def _join(parts) -> str:
        text = parts[0].rstrip()
        for p in parts[1:]:
            sep = " " if text[-1:] in ".!?)" else ". "
            text = text + sep + p[:1].upper() + p[1:]
        return text

    def _mergeable(self, classes) -> bool:
        if any(c not in ("fact", "secret", "question", "reply") for c in classes):
            return False
        if "reply" in classes[1:]:  # a reply must directly follow the question it answers
            return False
        return "fact" in classes and classes.count("secret") <= 1

    def _merge(self, session, rng, fact_ids, sens_ids, replies, counts) -> None:
        cmd_ids = {c["fact_id"] for c in session["commands"]}
        msgs, out, i = session["messages"], [], 0
        while i < len(msgs):
            done = False
            for n, p in ((3, self.p_merge3), (2, self.p_merge2)):
                window = msgs[i : i + 2 * n]
                if len(window) != 2 * n or [m[0] for m in window] != ["user", "assistant"] * n:
                    continue
                classes = [
                    self._classify(window[2 * k], cmd_ids, sens_ids, fact_ids, replies) for k in range(n)
                ]
                if not self._mergeable(classes) or rng.random() >= p:
                    continue
                users = [window[2 * k] for k in range(n)]
                tags = set().union(*(u[2] for u in users))
                out.append(("user", self._join([u[1] for u in users]), tags))
                out.append(window[-1])
                counts[f"merged{n}"] += 1
                i += 2 * n
                done = True
                break
            if not done:
                out.append(msgs[i])
                i += 1
        msgs[:] = out


# =========================================================================== extra checks


def _iban_ok(code: str) -> bool:
    c = code.replace(" ", "").upper()
    if len(c) != IBAN_LENGTHS.get(c[:2], -1):
        return False
    rearranged = c[4:] + c[:4]
    return int("".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1


def check_makers(bank_mod, bank: dict, samples: int = 400) -> dict:
    """Every generated card, IBAN, SIN, TFN and Aadhaar number must carry valid check digits."""
    rng = random.Random(1)
    makers = {s["category"]: s["make"] for s in bank["sensitive"]}
    seen = {"cards": set(), "ibans": set(), "ids": set()}
    for _ in range(samples):
        card = makers["payment_card"](rng)["secret"]
        if not _luhn_ok(card):
            raise SystemExit(f"card {card} fails Luhn")
        seen["cards"].add(len(card.replace(" ", "")))
        iban = makers["bank_details"](rng)["iban"]
        if not _iban_ok(iban):
            raise SystemExit(f"IBAN {iban} fails mod 97 or length")
        seen["ibans"].add(iban[:2])
        gid = makers["government_id"](rng)
        num = gid["idnum"].replace(" ", "")
        if gid["idname"] == "SIN":
            ok = len(num) == 9 and _luhn_ok(num) and num[0] not in "08"
        elif gid["idname"] == "TFN":
            ok = bank_mod.tfn_ok(num)
        else:
            ok = len(num) == 12 and num[0] not in "01" and bank_mod.verhoeff_ok(num)
        if not ok:
            raise SystemExit(f"{gid['idname']} {num} fails its check digit")
        seen["ids"].add(gid["idname"])
    return {k: sorted(v) for k, v in seen.items()}


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
    if len(bank["procedural"]) < 10:
        short.append("fewer than 10 procedural rules")
    if short:
        raise SystemExit(f"fewer than {MIN_PHRASINGS} phrasings: {', '.join(short)}")


def _bank_strings(bank: dict) -> set:
    out = set()
    for spec in (
        bank.get("core_domains", [])
        + bank.get("domains", [])
        + bank.get("procedural", [])
        + bank.get("remember_items", [])
    ):
        for key in ("state", "update", "direct", "task"):
            out.update(ASK.sub("", s) for s in spec.get(key) or [])
    for spec in bank.get("forgettable", []):
        out.update(spec.get("state", []) + spec.get("probes", []))
    for spec in bank.get("sensitive", []):
        out.update(spec.get("templates", []))
    for key in ("remember_templates", "forget_templates", "isolation_named"):
        out.update(bank.get(key, []))
    out.update(u for u, _ in bank.get("noise", []))
    return out


def _bank_tokens(bank: dict, score) -> list:
    toks = []
    for spec in bank.get("domains", []):
        for v in spec.get("values") or []:
            toks += score.flatten_tokens(v["tokens"])
    for spec in bank.get("remember_items", []) + bank.get("forgettable", []) + bank.get("procedural", []):
        toks += score.flatten_tokens(spec["tokens"])
    for names in bank.get("pools", {}).values():
        toks += names
    return toks


def _token_clash(mine: list, theirs: list, score) -> list:
    return sorted({a for a in mine for b in theirs if score.contains(a, b) or score.contains(b, a)})


def check_novelty(bank: dict, public: dict, score) -> dict:
    """No value, name, procedural rule or phrasing of this bank may come from the public bank."""
    norm = score.normalize
    shared = sorted({norm(s) for s in _bank_strings(bank)} & {norm(s) for s in _bank_strings(public)})
    if shared:
        raise SystemExit(f"phrasings shared with the public bank: {shared[:5]}")
    overlap = _token_clash(_bank_tokens(bank, score), _bank_tokens(public, score), score)
    if overlap:
        raise SystemExit(f"values shared with the public bank: {overlap}")
    same_rules = {p["id"] for p in bank["procedural"]} & {p["id"] for p in public["procedural"]}
    if same_rules:
        raise SystemExit(f"procedural rules shared with the public bank: {sorted(same_rules)}")
    public_domains = {s["domain"] for s in public["domains"]}
    public_sens = {s["category"] for s in public["sensitive"]}
    new_domains = sorted(s["domain"] for s in bank["domains"] if s["domain"] not in public_domains)
    if len(new_domains) < 8:
        raise SystemExit(f"only {len(new_domains)} new domains")
    return {
        "new_domains": new_domains,
        "reworded_domains": sorted(s["domain"] for s in bank["domains"] if s["domain"] in public_domains),
        "new_sensitive_categories": sorted(
            s["category"] for s in bank["sensitive"] if s["category"] not in public_sens
        ),
    }


def check_against_first_heldout(bank: dict, score) -> dict:
    """No value or name shared with the first held-out bank, nor any identical phrasing.

    The first bank is imported only to compare sets; nothing of it is printed unless it collides
    with this bank (in which case the colliding text is this bank's own).
    """
    first = importlib.import_module("heldout_bank").heldout_bank()
    overlap = _token_clash(_bank_tokens(bank, score), _bank_tokens(first, score), score)
    if overlap:
        raise SystemExit(f"values or names shared with the first held-out bank: {overlap}")
    norm = score.normalize
    shared = {norm(s) for s in _bank_strings(bank)} & {norm(s) for s in _bank_strings(first)}
    if shared:
        raise SystemExit(f"phrasings shared with the first held-out bank: {sorted(shared)[:5]}")
    return {
        "first_heldout_tokens_compared": len(_bank_tokens(first, score)),
        "first_heldout_phrasings_compared": len(_bank_strings(first)),
    }


def check_output(data: dict, bank: dict, score) -> None:
    """Commands are the newest user message and name their target; no reply marker is left."""
    for sc in data["scenarios"]:
        for s in sc["sessions"]:
            if any("[[" in m["content"] or "]]" in m["content"] for m in s["messages"]):
                raise SystemExit(f"{s['id']}: unresolved reply marker")
    check_commands(data, bank, score)


# =========================================================================== main


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=777)
    ap.add_argument("--n", type=int, default=40, help="number of scenarios (scopes)")
    ap.add_argument("--prefix", default="hl2")
    ap.add_argument("--name", default="heldout2")
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--bench-dir", default=DEFAULT_BENCH_DIR, help="the shared benchmark (generate.py)")
    ap.add_argument("--p-merge2", type=float, default=0.3)
    ap.add_argument("--p-merge3", type=float, default=0.15)
    args = ap.parse_args(argv)

    generate, score, bank_mod = load_machinery(args.bench_dir)
    bank = bank_mod.heldout2_bank()
    generate.check_bank(bank)
    check_variety(bank)
    makers = check_makers(bank_mod, bank)
    novelty = check_novelty(bank, generate.public_bank(), score)
    novelty.update(check_against_first_heldout(bank, score))

    with MessageRewriter(generate, args.p_merge2, args.p_merge3) as rewriter:
        data = generate.build_dataset(bank, args.seed, args.n, args.prefix, args.name)
    check_output(data, bank, score)

    rewritten: dict[str, int] = {}
    for sc in data["scenarios"]:
        for k, v in rewriter.counts[sc["id"]].items():
            rewritten[k] = rewritten.get(k, 0) + v
    data["stats"]["rewritten_messages"] = rewritten
    data["stats"]["fact_domains"] = {}
    for sc in data["scenarios"]:
        for f in sc["facts"]:
            d = f["domain"].split(":")[0]
            data["stats"]["fact_domains"][d] = data["stats"]["fact_domains"].get(d, 0) + 1
    data["novelty"] = novelty
    data["novelty"]["check_digit_shapes"] = makers

    generate.write_dataset(data, args.out)
    print(f"wrote {args.out} ({os.path.getsize(args.out) / 1024:.0f} KiB)")
    print(json.dumps(data["stats"], indent=1))
    print(json.dumps(novelty, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
