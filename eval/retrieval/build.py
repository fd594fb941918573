"""Validate the retrieval evaluation set and print its statistics (stdlib only).

    python eval/retrieval/build.py                      # dev.json and heldout.json
    python eval/retrieval/build.py eval/retrieval/data/dev.json

Exits 1 and lists every problem when a file breaks the format described in README.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
DEFAULT_FILES = [DATA / "dev.json", DATA / "heldout.json"]

TYPES = ("single-hop", "multi-hop", "temporal", "open-domain", "paraphrase")
SESSIONS_RANGE = (8, 12)
TURNS_RANGE = (150, 250)
MIN_QUESTIONS = 50
MIN_PER_TYPE = 6

STOPWORDS = frozenset(
    "a an the and or but of to in on at for with from by about as is are was were be been being do does "
    "did has have had i you he she it we they me him her us them my your his its our their this that "
    "these those what which who whom whose when where why how would could should will can may might "
    "not no yes so if than then there here up out over after before into during s t d ll re ve m just "
    "also any some all each more most very too own same other such only again once".split()
)
WORD = re.compile(r"[a-z0-9]+")


def content_words(text: str) -> set[str]:
    return {w for w in WORD.findall(text.lower()) if w not in STOPWORDS}


class Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.items.append(f"{where}: {message}")

    def require(self, condition: bool, where: str, message: str) -> bool:
        if not condition:
            self.add(where, message)
        return condition


def nonempty_str(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def check_turns(session: dict, speakers: list[str], seen: set[str], p: Problems) -> list[dict]:
    turns = session.get("turns")
    if not p.require(isinstance(turns, list) and turns, session["id"], "turns must be a non-empty list"):
        return []
    for n, turn in enumerate(turns, 1):
        expected = f"{session['id']}-t{n}"
        p.require(turn.get("id") == expected, expected, f"turn id is {turn.get('id')!r}")
        p.require(turn.get("id") not in seen, expected, "duplicate id")
        seen.add(turn.get("id"))
        p.require(
            turn.get("speaker") in speakers, expected, "speaker is not one of the conversation's speakers"
        )
        p.require(nonempty_str(turn.get("text")), expected, "text must be a non-empty string")
    return turns


def parse_date(value: object) -> datetime | None:
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


def check_sessions(conv: dict, seen: set[str], p: Problems) -> dict[str, dict]:
    turns: dict[str, dict] = {}
    previous: datetime | None = None
    for n, session in enumerate(conv.get("sessions") or [], 1):
        expected = f"{conv['id']}-s{n}"
        p.require(session.get("id") == expected, expected, f"session id is {session.get('id')!r}")
        p.require(session.get("id") not in seen, expected, "duplicate id")
        seen.add(session.get("id"))
        session = {**session, "id": expected}
        date = parse_date(session.get("date"))
        if p.require(date is not None, expected, "date must be ISO 8601 (YYYY-MM-DDTHH:MM)"):
            p.require(previous is None or date > previous, expected, "sessions must be in date order")
            previous = date
        for turn in check_turns(session, conv.get("speakers") or [], seen, p):
            turns[turn.get("id")] = turn
    return turns


def check_question(q: dict, n: int, conv_id: str, turn_ids: set[str], p: Problems) -> None:
    expected = f"{conv_id}-q{n}"
    p.require(q.get("id") == expected, expected, f"question id is {q.get('id')!r}")
    p.require(q.get("type") in TYPES, expected, f"type must be one of {', '.join(TYPES)}")
    p.require(nonempty_str(q.get("question")), expected, "question must be a non-empty string")
    p.require(nonempty_str(q.get("answer")), expected, "answer must be a non-empty string")
    evidence = q.get("evidence")
    if not p.require(isinstance(evidence, list) and evidence, expected, "evidence must be a non-empty list"):
        return
    p.require(len(set(evidence)) == len(evidence), expected, "evidence lists a turn twice")
    for turn_id in evidence:
        p.require(turn_id in turn_ids, expected, f"evidence {turn_id!r} is not a turn of {conv_id}")
    if q.get("type") == "multi-hop":
        p.require(len(evidence) >= 2, expected, "multi-hop needs at least two evidence turns")


def check_shape(conv: dict, turns: dict, p: Problems) -> None:
    cid = conv["id"]
    n_sessions, n_turns = len(conv.get("sessions") or []), len(turns)
    lo, hi = SESSIONS_RANGE
    p.require(lo <= n_sessions <= hi, cid, f"{n_sessions} sessions, expected {lo}-{hi}")
    lo, hi = TURNS_RANGE
    p.require(lo <= n_turns <= hi, cid, f"{n_turns} turns, expected {lo}-{hi}")
    questions = conv.get("questions") or []
    p.require(
        len(questions) >= MIN_QUESTIONS, cid, f"{len(questions)} questions, expected >= {MIN_QUESTIONS}"
    )
    counts = Counter(q.get("type") for q in questions)
    for t in TYPES:
        p.require(counts[t] >= MIN_PER_TYPE, cid, f"{counts[t]} {t} questions, expected >= {MIN_PER_TYPE}")


def check_conversation(conv: dict, seen: set[str], p: Problems) -> dict[str, dict]:
    cid = conv.get("id")
    if not p.require(nonempty_str(cid) and cid not in seen, str(cid), "conversation id missing or duplicate"):
        return {}
    seen.add(cid)
    speakers = conv.get("speakers")
    p.require(
        isinstance(speakers, list) and len(speakers) == 2 and len(set(speakers)) == 2,
        cid,
        "speakers must be two distinct names",
    )
    turns = check_sessions(conv, seen, p)
    for n, q in enumerate(conv.get("questions") or [], 1):
        p.require(q.get("id") not in seen, f"{cid}-q{n}", "duplicate id")
        seen.add(q.get("id"))
        check_question(q, n, cid, set(turns), p)
    check_shape(conv, turns, p)
    return turns


def overlap(question: str, evidence_texts: list[str]) -> float:
    q = content_words(question)
    e = set().union(*(content_words(t) for t in evidence_texts))
    return len(q & e) / len(q) if q else 0.0


def conversation_stats(conv: dict, turns: dict) -> dict:
    sessions = conv["sessions"]
    questions = conv["questions"]
    by_type: dict[str, list[dict]] = {t: [q for q in questions if q["type"] == t] for t in TYPES}
    session_of = {tid: tid.rsplit("-t", 1)[0] for tid in turns}
    multi = by_type["multi-hop"]
    cross = sum(len({session_of[e] for e in q["evidence"] if e in session_of}) > 1 for q in multi)
    return {
        "id": conv["id"],
        "speakers": " & ".join(conv["speakers"]),
        "sessions": len(sessions),
        "turns": len(turns),
        "words": sum(len(t["text"].split()) for t in turns.values()),
        "span": f"{sessions[0]['date'][:10]} .. {sessions[-1]['date'][:10]}",
        "questions": len(questions),
        "types": {t: len(qs) for t, qs in by_type.items()},
        "evidence_per_q": sum(len(q["evidence"]) for q in questions) / max(len(questions), 1),
        "multi_cross_session": f"{cross}/{len(multi)}",
        "overlap": {
            t: sum(
                overlap(q["question"], [turns[e]["text"] for e in q["evidence"] if e in turns]) for q in qs
            )
            / max(len(qs), 1)
            for t, qs in by_type.items()
        },
    }


def print_stats(path: Path, stats: list[dict]) -> None:
    print(f"\n{path}")
    for s in stats:
        print(
            f"  {s['id']:<4} {s['speakers']:<22} {s['sessions']:>2} sessions {s['turns']:>4} turns "
            f"{s['words']:>6} words  {s['span']}  {s['questions']} questions, "
            f"{s['evidence_per_q']:.2f} evidence/q, multi-hop across sessions {s['multi_cross_session']}"
        )
    totals = Counter()
    for s in stats:
        totals.update(s["types"])
    n = sum(totals.values())
    print(f"  total: {sum(s['turns'] for s in stats)} turns, {n} questions")
    for t in TYPES:
        weighted = sum(s["overlap"][t] * s["types"][t] for s in stats) / max(totals[t], 1)
        print(f"    {t:<12} {totals[t]:>4}  mean question/evidence content-word overlap {weighted:.2f}")


def validate_file(path: Path, seen: set[str], p: Problems) -> list[dict]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        p.add(str(path), f"cannot read: {exc}")
        return []
    convs = data.get("conversations") if isinstance(data, dict) else None
    if not p.require(isinstance(convs, list) and convs, str(path), "needs a non-empty 'conversations' list"):
        return []
    stats = []
    for conv in convs:
        before = len(p.items)
        turns = check_conversation(conv, seen, p)
        if len(p.items) == before:
            stats.append(conversation_stats(conv, turns))
    return stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, default=[f for f in DEFAULT_FILES if f.exists()])
    args = parser.parse_args(argv)
    problems = Problems()
    seen: set[str] = set()
    for path in args.files:
        stats = validate_file(path, seen, problems)
        if stats:
            print_stats(path, stats)
    if problems.items:
        print(f"\n{len(problems.items)} problem(s):", file=sys.stderr)
        for item in problems.items:
            print(f"  {item}", file=sys.stderr)
        return 1
    print("\nok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
