#!/usr/bin/env python3
"""Validate the hand-written held-out 10 set (``data/heldout10.json``) and print its stats.

Held-out 10 is not generated: its 16 scopes were written by hand, blind, by a helper session
(2026-12-08; see eval/README.md, "Held-out 10"). It has held-out 8's format, so it is checked by
``make_heldout8.py``'s checks (the shared generator's ``_validate`` plus that script's own: the
messages that state each fact, commands, probes, canaries, check digits, stats).

    python eval/make_heldout10.py [--data eval/data/heldout10.json] [--bench-dir ../shared/bench]
"""

from __future__ import annotations

import os
import sys

import heldout_checks as hc
import make_heldout8 as h8

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "data", "heldout10.json")


def main(argv=None) -> int:
    args = hc.argument_parser(__doc__, DEFAULT_DATA).parse_args(argv)
    return h8.main(["--data", args.data, "--bench-dir", args.bench_dir])


if __name__ == "__main__":
    sys.exit(main())
