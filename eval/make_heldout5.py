#!/usr/bin/env python3
"""Build the fifth held-out memory-quality data set (eval/data/heldout5.json) from heldout5_bank.py.

    python eval/make_heldout5.py                    # seed 50321, 40 scopes
    python eval/make_heldout5.py --seed 7 --n 5 --out /tmp/small.json

The machinery is the shared benchmark's own (``../shared/bench/generate.py``: ``check_bank``,
``build_dataset`` and its per-scenario ``_validate``), imported by path and unpatched: messages are
the bank's own chat-style templates (facts inside requests and questions, corrections in many
forms), with the machinery's pairing of two facts in one message. Checks added around it (the
generic ones are the earlier held-out builders' own, imported, not copied):

* at least 8 phrasings per fact type (state and update), procedural rule, secret category,
  remember and forget command, and at least 10 procedural rules;
* at least 12 fact domains, procedural rules and policy categories that no earlier bank has;
* no value, name, procedural rule or phrasing shared with ``public_bank()`` or with held-out
  banks 1-4 (compared programmatically; nothing of theirs is printed unless it collides, and then
  the colliding text is this bank's own), and a store policy text of its own;
* check digits: every card passes Luhn (16-digit Mastercard 2-series and UnionPay, 14-digit
  Diners Club), every IBAN has its country's length and a mod-97 remainder of 1, every BSN passes
  the 11-test, every DNI has its mod-23 letter, every personnummer passes Luhn; API keys have their
  provider's shape; words inside secrets (passphrase words, street names) are no bank's value or name;
* each command is its session's newest user message and names what it acts on.
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
DEFAULT_OUT = os.path.join(HERE, "data", "heldout5.json")
SEED = 50321
MIN_PHRASINGS = 8
MIN_NEW_DOMAINS = 12
EARLIER_BANKS = ("heldout_bank", "heldout2_bank", "heldout3_bank", "heldout4_bank")
KEY_SHAPES = {
    "google": re.compile(r"^AIza[A-Za-z0-9_-]{35}$"),
    "sendgrid": re.compile(r"^SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$"),
    "npm": re.compile(r"^npm_[A-Za-z0-9]{36}$"),
    "twilio": re.compile(r"^SK[0-9a-f]{32}$"),
}
CARD_SHAPES = {
    "mastercard": (16, lambda c: 2221 <= int(c[:4]) <= 2720),
    "unionpay": (16, lambda c: c[:2] == "62"),
    "diners": (14, lambda c: c[:2] in ("36", "38")),
}


def load_machinery(bench_dir: str):
    """Import the shared generator and scorer, this directory's bank and the earlier builders' checks."""
    for d in (bench_dir, HERE):
        if d not in sys.path:
            sys.path.insert(0, d)
    return (
        importlib.import_module("generate"),
        importlib.import_module("score"),
        importlib.import_module("heldout5_bank"),
        importlib.import_module("make_heldout"),
        importlib.import_module("make_heldout2"),
    )


def earlier_banks(generate) -> dict:
    out = {"public": generate.public_bank()}
    for mod_name in EARLIER_BANKS:
        out[mod_name] = getattr(importlib.import_module(mod_name), mod_name)()
    return out


# =========================================================================== extra checks


def check_variety(bank: dict, mh2) -> None:
    """The second builder's variety check, then the stricter count this set promises."""
    mh2.check_variety(bank)
    short = []
    for spec in bank["core_domains"] + bank["domains"]:
        short += [
            f"{spec['domain']}.{k}" for k in ("state", "update") if k in spec and len(spec[k]) < MIN_PHRASINGS
        ]
    short += [f"procedural {p['id']}" for p in bank["procedural"] if len(p["state"]) < MIN_PHRASINGS]
    short += [f"sensitive {s['category']}" for s in bank["sensitive"] if len(s["templates"]) < MIN_PHRASINGS]
    short += [k for k in ("remember_templates", "forget_templates") if len(bank[k]) < MIN_PHRASINGS]
    if short:
        raise SystemExit(f"fewer than {MIN_PHRASINGS} phrasings: {', '.join(short)}")


def check_new_ground(bank: dict, others: dict) -> dict:
    """Domains, rule ids and policy categories no earlier bank has; a store policy of its own."""
    old_domains = {s["domain"] for b in others.values() for s in b["domains"]}
    old_rules = {p["id"] for b in others.values() for p in b["procedural"]}
    old_policy = {s["category"] for b in others.values() for s in b["sensitive"] if s.get("policy")}
    old_details = {b["store"]["options"].get("user_profile_details") for b in others.values()}
    new_domains = sorted(s["domain"] for s in bank["domains"] if s["domain"] not in old_domains)
    if len(new_domains) < MIN_NEW_DOMAINS or len(new_domains) != len(bank["domains"]):
        raise SystemExit(
            f"domains used before: {sorted({s['domain'] for s in bank['domains']} & old_domains)}"
        )
    reused = sorted({p["id"] for p in bank["procedural"]} & old_rules)
    if reused:
        raise SystemExit(f"procedural rules used before: {reused}")
    policy = sorted(s["category"] for s in bank["sensitive"] if s.get("policy"))
    if set(policy) & old_policy:
        raise SystemExit(f"policy categories used before: {sorted(set(policy) & old_policy)}")
    if bank["store"]["options"]["user_profile_details"] in old_details:
        raise SystemExit("store policy text is an earlier bank's")
    return {"new_domains": new_domains, "new_policy_categories": policy}


def check_against_earlier_heldout(bank: dict, others: dict, score, mh2) -> dict:
    """No value or name shared with held-out banks 1-4, nor any identical phrasing."""
    out = {}
    norm = score.normalize
    mine_tokens = mh2._bank_tokens(bank, score)
    mine_strings = {norm(s) for s in mh2._bank_strings(bank)}
    for mod_name in EARLIER_BANKS:
        other = others[mod_name]
        theirs = mh2._bank_tokens(other, score)
        clash = mh2._token_clash(mine_tokens, theirs, score)
        if clash:
            raise SystemExit(f"values or names shared with {mod_name}: {clash}")
        shared = mine_strings & {norm(s) for s in mh2._bank_strings(other)}
        if shared:
            raise SystemExit(f"phrasings shared with {mod_name}: {sorted(shared)[:5]}")
        out[f"{mod_name}_tokens_compared"] = len(theirs)
        out[f"{mod_name}_phrasings_compared"] = len(mh2._bank_strings(other))
    return out


def check_secret_words(bank_mod, bank: dict, others: dict, score, mh2) -> None:
    """Words inside secrets (passphrase words, street names) are no bank's value or name."""
    tokens = mh2._bank_tokens(bank, score)
    for other in others.values():
        tokens += mh2._bank_tokens(other, score)
    clash = mh2._token_clash(bank_mod.PASS_WORDS + bank_mod.STREETS, tokens, score)
    if clash:
        raise SystemExit(f"words inside secrets clash with a bank's values or names: {clash}")


def check_makers(bank_mod, bank: dict, luhn_ok, samples: int = 600) -> dict:
    """Valid check digits on every card, IBAN and ID number; API keys in their provider's shape."""
    rng = random.Random(5)
    makers = {s["category"]: s["make"] for s in bank["sensitive"]}
    seen = {"cards": set(), "iban_countries": set(), "key_shapes": set(), "ids": set()}
    for _ in range(samples):
        card = re.sub(r"\D", "", makers["payment_card"](rng)["card"])
        kind = next((k for k, (n, ok) in CARD_SHAPES.items() if len(card) == n and ok(card)), None)
        if kind is None or not luhn_ok(card):
            raise SystemExit(f"card {card} fails Luhn or has no known shape")
        seen["cards"].add(kind)
        iban = makers["bank_details"](rng)["iban"].replace(" ", "")
        if len(iban) != bank_mod.IBAN_LENGTHS.get(iban[:2], -1):
            raise SystemExit(f"IBAN {iban} has the wrong length")
        if int("".join(str(int(ch, 36)) for ch in iban[4:] + iban[:4])) % 97 != 1:
            raise SystemExit(f"IBAN {iban} fails mod 97")
        seen["iban_countries"].add(iban[:2])
        key = makers["api_key"](rng)["key"]
        shape = next((k for k, rx in KEY_SHAPES.items() if rx.match(key)), None)
        if shape is None:
            raise SystemExit(f"API key {key} has no known shape")
        seen["key_shapes"].add(shape)
        gid = makers["government_id"](rng)
        num = gid["idnum"]
        if gid["idname"] == "BSN":
            ok = bank_mod.bsn_ok(num)
        elif gid["idname"] == "DNI":
            ok = bank_mod.dni_ok(num)
        else:
            ok = bool(re.fullmatch(r"\d{6}-\d{4}", num)) and luhn_ok(num)
        if not ok:
            raise SystemExit(f"{gid['idname']} {num} fails its check digit")
        seen["ids"].add(gid["idname"])
    return {k: sorted(v) for k, v in seen.items()}


def check_styles(data: dict) -> dict:
    """Count the message styles this set is about (and fail if one of them never occurs)."""
    st = {
        "user_messages_with_question_and_fact": 0,
        "corrections_scratch_that": 0,
        "corrections_not_anymore": 0,
        "corrections_ended_up": 0,
    }
    for sc in data["scenarios"]:
        for s in sc["sessions"]:
            for m in s["messages"]:
                if m["role"] != "user":
                    continue
                c = m["content"].lower()
                st["user_messages_with_question_and_fact"] += "?" in c and not c.rstrip().endswith("?")
                st["corrections_scratch_that"] += "scratch that" in c
                st["corrections_not_anymore"] += "anymore" in c
                st["corrections_ended_up"] += "ended up" in c
    if not all(st.values()):
        raise SystemExit(f"a message style never occurs: {st}")
    return st


# =========================================================================== main


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--n", type=int, default=40, help="number of scenarios (scopes)")
    ap.add_argument("--prefix", default="hl5")
    ap.add_argument("--name", default="heldout5")
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--bench-dir", default=DEFAULT_BENCH_DIR, help="the shared benchmark (generate.py)")
    args = ap.parse_args(argv)

    generate, score, bank_mod, mh1, mh2 = load_machinery(args.bench_dir)
    bank = bank_mod.heldout5_bank()
    others = earlier_banks(generate)
    generate.check_bank(bank)
    check_variety(bank, mh2)
    shapes = check_makers(bank_mod, bank, mh1._luhn_ok)
    novelty = mh2.check_novelty(bank, others["public"], score)
    novelty.update(check_new_ground(bank, others))
    novelty.update(check_against_earlier_heldout(bank, others, score, mh2))
    check_secret_words(bank_mod, bank, others, score, mh2)

    data = generate.build_dataset(bank, args.seed, args.n, args.prefix, args.name)
    mh2.check_output(data, bank, score)

    data["stats"]["styles"] = check_styles(data)
    data["stats"]["fact_domains"] = {}
    for sc in data["scenarios"]:
        for f in sc["facts"]:
            d = f["domain"].split(":")[0]
            data["stats"]["fact_domains"][d] = data["stats"]["fact_domains"].get(d, 0) + 1
    data["novelty"] = novelty
    data["novelty"]["check_digit_shapes"] = shapes

    generate.write_dataset(data, args.out)
    print(f"wrote {args.out} ({os.path.getsize(args.out) / 1024:.0f} KiB)")
    print(json.dumps(data["stats"], indent=1))
    print(json.dumps(novelty, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
