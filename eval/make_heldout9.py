#!/usr/bin/env python3
"""Validate the hand-written held-out 9 set (``data/heldout9.json``) and print its stats.

Held-out 9 is not generated: its 16 scopes were written by hand, blind, by a helper session
(2026-12-07; see eval/README.md, "Held-out 9"). It has held-out 8's format, so it is checked by
``make_heldout8.py``'s checks (the shared generator's ``_validate`` plus that script's own: the
messages that state each fact, commands, probes, canaries, check digits, stats).

    python eval/make_heldout9.py [--data eval/data/heldout9.json] [--bench-dir ../shared/bench]
"""

from __future__ import annotations

import os
import sys

import heldout_checks as hc
import make_heldout8 as h8

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "data", "heldout9.json")


def validate(doc: str, default: str, argv=None) -> int:
    """Held-out 8's checks on a hand-written set in its format (`--data`, default `default`)."""
    args = hc.argument_parser(doc, default).parse_args(argv)
    return h8.main(["--data", args.data, "--bench-dir", args.bench_dir])


def main(argv=None) -> int:
    return validate(__doc__, DEFAULT_DATA, argv)


if __name__ == "__main__":
    sys.exit(main())
