"""Helpers shared by the hand-written held-out validators (make_heldout6.py, 7 and 8).

Standard library only. What each set checks stays in its own script; this module holds what the
three did alike: loading the shared generator by path (7 and 8), the command line's ``--data`` and
``--bench-dir``, the Luhn / IBAN mod-97 / CPF / PESEL check digits, the generator's internal fact
record, the sensitive categories, the scope texts the canary rule reads, and the iterators the statistics count over.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BENCH_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "bench"))
# The sensitive categories of held-out 7 and 8 (held-out 6 says government_id for national_id).
SENSITIVE_CATEGORIES = frozenset(
    {"password", "api_key", "payment_card", "bank_details", "exact_age", "home_address", "national_id"}
)


def load_generator(bench_dir: str):
    """The shared generator (``<bench_dir>/generate.py``), imported by path; ``.score`` is its scorer."""
    if bench_dir not in sys.path:
        sys.path.insert(0, bench_dir)
    spec = importlib.util.spec_from_file_location("bench_generate", os.path.join(bench_dir, "generate.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def argument_parser(doc: str, default_data: str) -> argparse.ArgumentParser:
    """The validators' command line: ``--data`` and ``--bench-dir``; described by the doc's first paragraph."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--data", default=default_data)
    ap.add_argument("--bench-dir", default=DEFAULT_BENCH_DIR)
    return ap


def load_data(path: str) -> dict:
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


# --------------------------------------------------------------------------- check digits


def luhn_ok(number: str, min_digits: int = 0) -> bool:
    """Luhn over the digits of ``number`` (other characters ignored); False under ``min_digits`` digits."""
    digits = [int(c) for c in number if c.isdigit()]
    if len(digits) < min_digits:
        return False
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def iban_ok(iban: str, lengths: dict | None = None, min_bban: int = 8) -> bool:
    """IBAN mod 97 after dropping all but letters and digits.

    The length rule: ``lengths`` (country code -> IBAN length) when given, else two letters, two
    digits and ``min_bban`` to 30 letters or digits.
    """
    s = re.sub(r"[^A-Za-z0-9]", "", iban).upper()
    if lengths is not None:
        if lengths.get(s[:2]) != len(s):
            return False
    elif not (re.fullmatch(r"[A-Z]{2}[0-9]{2}[A-Z0-9]*", s) and min_bban <= len(s) - 4 <= 30):
        return False
    return int("".join(str(int(c, 36)) for c in s[4:] + s[:4])) % 97 == 1


def cpf_ok(value: str) -> bool:
    """Brazilian CPF: eleven digits, not all alike, two mod-11 check digits."""
    d = [int(c) for c in value if c.isdigit()]
    if len(d) != 11 or len(set(d)) == 1:
        return False
    for k in (9, 10):
        s = sum(x * w for x, w in zip(d[:k], range(k + 1, 1, -1), strict=True))
        if (s * 10) % 11 % 10 != d[k]:
            return False
    return True


def pesel_ok(value: str) -> bool:
    """Polish PESEL: eleven digits, weights 1-3-7-9."""
    d = [int(c) for c in value if c.isdigit()]
    if len(d) != 11:
        return False
    w = (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)
    return (10 - sum(x * y for x, y in zip(d[:10], w, strict=True)) % 10) % 10 == d[10]


# --------------------------------------------------------------------------- records and texts


def internal_fact(f: dict) -> dict:
    """A file's fact in the shape the generator's ``_validate`` reads (stale value first if updated)."""
    rec = {"id": f["id"], "type": f["type"], "domain": f["domain"]}
    if f["status"] == "updated":
        rec["value"] = {"tokens": f["stale"]}
        rec["new_value"] = {"tokens": f["expect_all"]}
    else:
        rec["value"] = {"tokens": f["expect_all"]}
    return rec


def messages(sc: dict):
    """Every message of a scope, session by session."""
    return (m for s in sc["sessions"] for m in s["messages"])


def commands(sc: dict):
    """Every command of a scope, session by session."""
    return (c for s in sc["sessions"] for c in s["commands"])


def scope_texts(scenarios: list) -> dict:
    """Scope id -> all its messages' contents, one a line."""
    return {sc["id"]: "\n".join(m["content"] for m in messages(sc)) for sc in scenarios}


def canary_leaks(score, sc: dict, others) -> list[str]:
    """A problem for each of the scope's canaries that occurs in one of ``others`` ((id, text) pairs)."""
    return [
        f"canary {t!r} of {sc['id']} appears in {other_id}"
        for other_id, other_text in others
        for t in sc["canaries"]
        if score.contains(other_text, t)
    ]


def store_option_problems(data: dict) -> list[str]:
    opts = (data.get("store") or {}).get("options") or {}
    if not opts.get("user_profile_details") or not opts.get("procedural_memory_enabled"):
        return ["store options need user_profile_details and procedural_memory_enabled"]
    return []
