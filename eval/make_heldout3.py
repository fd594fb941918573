#!/usr/bin/env python3
"""Build the third held-out memory-quality data set (eval/data/heldout3.json) from heldout3_bank.py.

    python eval/make_heldout3.py                    # seed 9031, 40 scopes
    python eval/make_heldout3.py --seed 7 --n 5 --out /tmp/small.json

The machinery is the shared benchmark's own (``../shared/bench/generate.py``: ``check_bank``,
``build_dataset`` and its per-scenario ``_validate``), imported, not copied, and used unpatched:
this set is plain templated text (no message rewriting), so its difficulty is in the wording, the
values, the domains and the store policy alone. Checks added around the machinery (the generic
ones are the earlier held-out builders' own, imported):

* at least 6 phrasings per fact type, command and secret, and at least 10 procedural rules;
* no value, name, procedural rule or phrasing shared with ``public_bank()``, nor any value, name
  or phrasing shared with the first two held-out banks (compared programmatically; nothing of
  theirs is printed unless it collides, and then the colliding text is this bank's own);
* check digits: every generated card passes Luhn (15 and 16 digits), every IBAN has its
  country's length and a mod-97 remainder of 1; every phone number has 10-13 digits, every
  login an e-mail address; names inside secrets (dating partners, e-mail addresses) are new and
  never a scope's canary;
* each command is its session's newest user message and names what it acts on.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_BENCH_DIR = os.path.normpath(os.path.join(REPO, "..", "shared", "bench"))
DEFAULT_OUT = os.path.join(HERE, "data", "heldout3.json")


def load_machinery(bench_dir: str):
    """Import the shared generator and scorer, this directory's bank and the earlier builders' checks."""
    for d in (bench_dir, HERE):
        if d not in sys.path:
            sys.path.insert(0, d)
    return (
        importlib.import_module("generate"),
        importlib.import_module("score"),
        importlib.import_module("heldout3_bank"),
        importlib.import_module("make_heldout"),
        importlib.import_module("make_heldout2"),
    )


# =========================================================================== extra checks


def check_makers(bank_mod, bank: dict, luhn_ok, samples: int = 500) -> dict:
    """Valid check digits on every card and IBAN; plausible phone numbers and logins."""
    import random

    rng = random.Random(3)
    makers = {s["category"]: s["make"] for s in bank["sensitive"]}
    seen = {"card_lengths": set(), "iban_countries": set(), "phone_shapes": set()}
    for _ in range(samples):
        card = re.sub(r"\D", "", makers["payment_card"](rng)["card"])
        if len(card) not in (15, 16) or not luhn_ok(card):
            raise SystemExit(f"card {card} fails Luhn or has a wrong length")
        seen["card_lengths"].add(len(card))
        iban = makers["bank_details"](rng)["iban"].replace(" ", "")
        if len(iban) != bank_mod.IBAN_LENGTHS.get(iban[:2], -1):
            raise SystemExit(f"IBAN {iban} has the wrong length")
        if int("".join(str(int(ch, 36)) for ch in iban[4:] + iban[:4])) % 97 != 1:
            raise SystemExit(f"IBAN {iban} fails mod 97")
        seen["iban_countries"].add(iban[:2])
        phone = makers["phone_number"](rng)["phone"]
        n = len(re.sub(r"\D", "", phone))
        if not 10 <= n <= 13:
            raise SystemExit(f"phone number {phone} has {n} digits")
        seen["phone_shapes"].add(phone.split(" ")[0] if phone.startswith("+") else "national")
        login = makers["password"](rng)
        if "@" not in login["email"] or len(login["pw"]) < 8:
            raise SystemExit(f"bad login {login}")
    return {k: sorted(v) for k, v in seen.items()}


def check_against_earlier_heldout(bank: dict, score, mh2) -> dict:
    """No value or name shared with held-out banks 1 and 2, nor any identical phrasing."""
    out = {}
    norm = score.normalize
    mine_tokens = mh2._bank_tokens(bank, score)
    mine_strings = {norm(s) for s in mh2._bank_strings(bank)}
    for mod_name, fn in (("heldout_bank", "heldout_bank"), ("heldout2_bank", "heldout2_bank")):
        other = getattr(importlib.import_module(mod_name), fn)()
        clash = mh2._token_clash(mine_tokens, mh2._bank_tokens(other, score), score)
        if clash:
            raise SystemExit(f"values or names shared with {mod_name}: {clash}")
        shared = mine_strings & {norm(s) for s in mh2._bank_strings(other)}
        if shared:
            raise SystemExit(f"phrasings shared with {mod_name}: {sorted(shared)[:5]}")
        out[f"{mod_name}_tokens_compared"] = len(mh2._bank_tokens(other, score))
        out[f"{mod_name}_phrasings_compared"] = len(mh2._bank_strings(other))
    return out


def check_secret_names(bank_mod, bank: dict, score, mh2) -> None:
    """Names used inside secrets (dating partners, e-mail parts) are new and not any scope's canary."""
    others = []
    for mod_name in ("heldout_bank", "heldout2_bank"):
        mod = importlib.import_module(mod_name)
        others += mh2._bank_tokens(getattr(mod, mod_name)(), score)
    mine = mh2._bank_tokens(bank, score)
    names = bank_mod._DATES + bank_mod._MAIL_FIRST + bank_mod._MAIL_LAST
    clash = mh2._token_clash(names, others + mine, score)
    if clash:
        raise SystemExit(f"names inside secrets clash with a bank's values or names: {clash}")


# =========================================================================== main


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=9031)
    ap.add_argument("--n", type=int, default=40, help="number of scenarios (scopes)")
    ap.add_argument("--prefix", default="hl3")
    ap.add_argument("--name", default="heldout3")
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--bench-dir", default=DEFAULT_BENCH_DIR, help="the shared benchmark (generate.py)")
    args = ap.parse_args(argv)

    generate, score, bank_mod, mh1, mh2 = load_machinery(args.bench_dir)
    bank = bank_mod.heldout3_bank()
    generate.check_bank(bank)
    mh2.check_variety(bank)
    shapes = check_makers(bank_mod, bank, mh1._luhn_ok)
    novelty = mh2.check_novelty(bank, generate.public_bank(), score)
    novelty.update(check_against_earlier_heldout(bank, score, mh2))
    check_secret_names(bank_mod, bank, score, mh2)

    data = generate.build_dataset(bank, args.seed, args.n, args.prefix, args.name)
    mh1.check_commands(data, bank, score)

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
