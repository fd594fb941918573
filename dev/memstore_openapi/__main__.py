"""`python -m memstore_openapi [--template template.yaml] [--out docs/openapi.json] [--check]`"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from memstore_openapi.document import render


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m memstore_openapi", description=__doc__)
    parser.add_argument("--template", type=Path, default=Path("template.yaml"))
    parser.add_argument("--out", type=Path, default=Path("docs/openapi.json"))
    parser.add_argument("--check", action="store_true", help="exit 1 if --out is not up to date")
    args = parser.parse_args(argv)
    text = render(args.template)
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.is_file() else None
        if current != text:
            print(f"{args.out} is out of date: run python -m memstore_openapi", file=sys.stderr)
            return 1
        return 0
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
