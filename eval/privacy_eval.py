"""Precision and recall of the privacy guard on held-out sentences (eval/privacy_eval.jsonl).

Each row is screened as a user-profile candidate under its row's `user_profile_details`;
"drop" rows are positives. Run: .venv/bin/python eval/privacy_eval.py [-v]"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "layers" / "memstore"))

from memstore.adapters.local_embedder import LocalMiniLMEmbedder  # noqa: E402
from memstore.adapters.spacy_parser import SpacyParser  # noqa: E402
from memstore.domain.extraction import Candidate  # noqa: E402
from memstore.domain.models import Kind, StoreOptions  # noqa: E402
from memstore.domain.privacy import PrivacyGuard  # noqa: E402


def main() -> None:
    verbose = "-v" in sys.argv
    rows = [
        json.loads(line) for line in (ROOT / "eval" / "privacy_eval.jsonl").read_text().splitlines() if line
    ]
    guard = PrivacyGuard(LocalMiniLMEmbedder().embed, SpacyParser())
    tp = fp = fn = tn = 0
    per = defaultdict(lambda: [0, 0])
    for row in rows:
        options = StoreOptions(user_profile_details=row["policy"])
        kept = guard.screen([Candidate(kind=Kind.USER_PROFILE, content=row["text"])], options)
        dropped = not kept
        want = row["expect"] == "drop"
        tp += dropped and want
        fp += dropped and not want
        fn += want and not dropped
        tn += not want and not dropped
        per[row["category"]][0] += dropped == want
        per[row["category"]][1] += 1
        if verbose and dropped != want:
            flags = guard.flags(row["text"], options)
            print(f"MISS expect={row['expect']:4} flags={flags} {row['category']}: {row['text']}")
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    print(
        f"rows {len(rows)}  positives {tp + fn}  precision {precision:.3f}  recall {recall:.3f}  "
        f"(tp {tp} fp {fp} fn {fn} tn {tn})"
    )
    for cat, (ok, n) in sorted(per.items()):
        print(f"  {cat:22} {ok}/{n} correct")


if __name__ == "__main__":
    main()
