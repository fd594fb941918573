#!/usr/bin/env python3
"""Validate the hand-written held-out 10 set (``data/heldout10.json``) and print its stats.

Held-out 10 is not generated: its 16 scopes were written by hand, blind, by a helper session
(2026-12-08; see eval/README.md, "Held-out 10"). It has held-out 8's format and is checked as held-out 9
is (``make_heldout9.validate``: ``make_heldout8.py``'s checks).

    python eval/make_heldout10.py [--data eval/data/heldout10.json] [--bench-dir ../shared/bench]
"""

from __future__ import annotations

import os
import sys

import make_heldout9 as h9

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "data", "heldout10.json")


def main(argv=None) -> int:
    return h9.validate(__doc__, DEFAULT_DATA, argv)


if __name__ == "__main__":
    sys.exit(main())
