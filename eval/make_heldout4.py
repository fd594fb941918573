#!/usr/bin/env python3
"""Build the fourth held-out memory-quality data set (eval/data/heldout4.json) from heldout4_bank.py.

    python eval/make_heldout4.py                    # seed 61207, 40 scopes
    python eval/make_heldout4.py --seed 7 --n 5 --out /tmp/small.json

The machinery is the shared benchmark's own (``../shared/bench/generate.py``: ``check_bank``,
``build_dataset`` and its per-scenario ``_validate``), imported, not copied. On top of the
machinery's own pairing of two facts in one message (``combine_prob``), the second held-out
builder's message folder (``make_heldout2.MessageRewriter``, imported) merges runs of two or three
adjacent fact / secret / chit-chat-question messages into one long user message before the
unchanged validation runs, so long multi-topic messages carry two or three facts. Checks added
around the machinery (the generic ones are the earlier held-out builders' own, imported):

* at least 6 phrasings per fact type, command and secret, and at least 10 procedural rules;
* no value, name, procedural rule or phrasing shared with ``public_bank()`` or with held-out banks
  1-3 (compared programmatically; nothing of theirs is printed unless it collides, and then the
  colliding text is this bank's own);
* check digits: every card passes Luhn (15-digit Amex, 16-digit Discover/JCB), every IBAN has its
  country's length and a mod-97 remainder of 1; API tokens have their provider's shape; words
  inside secrets (passphrase words, street names) are no bank's value or name;
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
DEFAULT_OUT = os.path.join(HERE, "data", "heldout4.json")
SEED = 61207
P_MERGE2 = 0.15
P_MERGE3 = 0.25
EARLIER_BANKS = ("heldout_bank", "heldout2_bank", "heldout3_bank")
TOKEN_SHAPES = {
    "github": re.compile(r"^ghp_[A-Za-z0-9]{36}$"),
    "aws": re.compile(r"^AKIA[A-Z0-9]{16}$"),
    "slack": re.compile(r"^xoxb-\d{12}-\d{13}-[A-Za-z0-9]{24}$"),
    "gitlab": re.compile(r"^glpat-[A-Za-z0-9_]{20}$"),
}


def load_machinery(bench_dir: str):
    """Import the shared generator and scorer, this directory's bank and the earlier builders' checks."""
    for d in (bench_dir, HERE):
        if d not in sys.path:
            sys.path.insert(0, d)
    return (
        importlib.import_module("generate"),
        importlib.import_module("score"),
        importlib.import_module("heldout4_bank"),
        importlib.import_module("make_heldout"),
        importlib.import_module("make_heldout2"),
    )


# =========================================================================== extra checks


def check_makers(bank_mod, bank: dict, luhn_ok, samples: int = 500) -> dict:
    """Valid check digits on every card and IBAN; API tokens in their provider's shape."""
    rng = random.Random(4)
    makers = {s["category"]: s["make"] for s in bank["sensitive"]}
    seen = {"card_lengths": set(), "iban_countries": set(), "token_shapes": set()}
    for _ in range(samples):
        card = re.sub(r"\D", "", makers["payment_card"](rng)["card"])
        if len(card) != (15 if card[:2] in ("34", "37") else 16) or not luhn_ok(card):
            raise SystemExit(f"card {card} fails Luhn or has a wrong length")
        seen["card_lengths"].add(len(card))
        iban = makers["bank_details"](rng)["iban"].replace(" ", "")
        if len(iban) != bank_mod.IBAN_LENGTHS.get(iban[:2], -1):
            raise SystemExit(f"IBAN {iban} has the wrong length")
        if int("".join(str(int(ch, 36)) for ch in iban[4:] + iban[:4])) % 97 != 1:
            raise SystemExit(f"IBAN {iban} fails mod 97")
        seen["iban_countries"].add(iban[:2])
        key = makers["api_key"](rng)["key"]
        shape = next((k for k, rx in TOKEN_SHAPES.items() if rx.match(key)), None)
        if shape is None:
            raise SystemExit(f"API token {key} has no known shape")
        seen["token_shapes"].add(shape)
        pw = makers["password"](rng)["pw"]
        if len(pw) < 12:
            raise SystemExit(f"passphrase {pw} too short")
    return {k: sorted(v) for k, v in seen.items()}


def check_against_earlier_heldout(bank: dict, score, mh2) -> dict:
    """No value or name shared with held-out banks 1-3, nor any identical phrasing."""
    out = {}
    norm = score.normalize
    mine_tokens = mh2._bank_tokens(bank, score)
    mine_strings = {norm(s) for s in mh2._bank_strings(bank)}
    for mod_name in EARLIER_BANKS:
        other = getattr(importlib.import_module(mod_name), mod_name)()
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


def check_secret_words(bank_mod, bank: dict, public: dict, score, mh2) -> None:
    """Words inside secrets (passphrase words, street names) are no bank's value or name."""
    others = mh2._bank_tokens(public, score) + mh2._bank_tokens(bank, score)
    for mod_name in EARLIER_BANKS:
        others += mh2._bank_tokens(getattr(importlib.import_module(mod_name), mod_name)(), score)
    words = bank_mod._PASS_WORDS + bank_mod._STREETS
    clash = mh2._token_clash(words, others, score)
    if clash:
        raise SystemExit(f"words inside secrets clash with a bank's values or names: {clash}")


def check_styles(data: dict) -> dict:
    """Count the message styles this set is about (and fail if one of them never occurs)."""
    st = {"lowercase_user_messages": 0, "user_messages_with_question_and_fact": 0}
    for sc in data["scenarios"]:
        for s in sc["sessions"]:
            for m in s["messages"]:
                if m["role"] != "user":
                    continue
                c = m["content"]
                if c == c.lower() and any(ch.isalpha() for ch in c):
                    st["lowercase_user_messages"] += 1
                if "?" in c and not c.rstrip().endswith("?"):
                    st["user_messages_with_question_and_fact"] += 1
    if not all(st.values()):
        raise SystemExit(f"a message style never occurs: {st}")
    return st


# =========================================================================== main


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--n", type=int, default=40, help="number of scenarios (scopes)")
    ap.add_argument("--prefix", default="hl4")
    ap.add_argument("--name", default="heldout4")
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--bench-dir", default=DEFAULT_BENCH_DIR, help="the shared benchmark (generate.py)")
    args = ap.parse_args(argv)

    generate, score, bank_mod, mh1, mh2 = load_machinery(args.bench_dir)
    bank = bank_mod.heldout4_bank()
    public = generate.public_bank()
    generate.check_bank(bank)
    mh2.check_variety(bank)
    shapes = check_makers(bank_mod, bank, mh1._luhn_ok)
    novelty = mh2.check_novelty(bank, public, score)
    novelty.update(check_against_earlier_heldout(bank, score, mh2))
    check_secret_words(bank_mod, bank, public, score, mh2)

    with mh2.MessageRewriter(generate, P_MERGE2, P_MERGE3) as rw:
        data = generate.build_dataset(bank, args.seed, args.n, args.prefix, args.name)
    mh2.check_output(data, bank, score)

    merged = {"merged2": 0, "merged3": 0}
    for sid in (sc["id"] for sc in data["scenarios"]):
        for k in merged:
            merged[k] += rw.counts[sid][k]
    data["stats"]["merged_messages"] = merged
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
