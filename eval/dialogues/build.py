#!/usr/bin/env python3
"""Build dialogues.json from the hand-written sources in src/*.txt (standard library only).

Source format (one file per conversation):
    # id: d1
    # persona: free text
    == s1 | 2026-03-02            a session (optional date, metadata only)
    U: text                       a user turn
    U@label: text                 a user turn that questions may cite as evidence by label
    A: text                       an assistant turn
    Q: question || label label || token ; alt1 | alt2
                                  a later question: evidence labels, then answer tokens
                                  (';' separates tokens, '|' separates alternatives of one token)

Turn ids are d<N>-s<M>-t<K>, K counting every turn of the session from 1.

    python eval/dialogues/build.py            # src/d1.txt ... d8.txt -> dialogues.json (the original set)
    python eval/dialogues/build.py --fresh    # src/d9.txt ... d12.txt -> dialogues_fresh.json (the fresh set)
    python eval/dialogues/build.py --src 'src/d9.txt' --out /tmp/one.json --name one
"""

import argparse
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ORIGINAL_SRC = [os.path.join(HERE, "src", f"d{i}.txt") for i in range(1, 9)]
FRESH_SRC = [os.path.join(HERE, "src", f"d{i}.txt") for i in range(9, 13)]
WRITTEN = {
    "dialogues": "2026-12-01, by hand, blind to the extractor's code and to the benchmark data",
    "dialogues_fresh": "2026-12-01 (later session), by hand, blind to the extractor's code and data, "
    "never run before it was frozen",
}


def tok_in(text, tok):
    alts = tok if isinstance(tok, list) else [tok]
    return any(re.search(r"(?<!\w)" + re.escape(a) + r"(?!\w)", text, re.I) for a in alts)


def parse(path):
    conv = {"id": None, "persona": "", "sessions": [], "questions": []}
    labels, problems = {}, []
    with open(path, encoding="utf-8") as handle:
        raw_lines = handle.readlines()
    for raw in raw_lines:
        line = raw.rstrip("\n")
        if not line.strip():
            continue
        if line.startswith("# id:"):
            conv["id"] = line.split(":", 1)[1].strip()
        elif line.startswith("# persona:"):
            conv["persona"] = line.split(":", 1)[1].strip()
        elif line.startswith("=="):
            parts = [p.strip() for p in line[2:].split("|")]
            sid = f"{conv['id']}-{parts[0]}"
            conv["sessions"].append({"id": sid, "date": parts[1] if len(parts) > 1 else None, "turns": []})
        elif line.startswith("Q:"):
            q, ev, toks = [p.strip() for p in line[2:].split("||")]
            tokens = []
            for t in toks.split(";"):
                alts = [a.strip() for a in t.split("|") if a.strip()]
                tokens.append(alts[0] if len(alts) == 1 else alts)
            conv["questions"].append(
                {
                    "id": f"{conv['id']}-q{len(conv['questions']) + 1}",
                    "question": q,
                    "evidence": ev.split(),
                    "answer_tokens": tokens,
                }
            )
        else:
            m = re.match(r"^([UA])(?:@([\w-]+))?:\s?(.*)$", line)
            if not m:
                problems.append(f"{path}: cannot parse {line!r}")
                continue
            sess = conv["sessions"][-1]
            tid = f"{sess['id']}-t{len(sess['turns']) + 1}"
            sess["turns"].append(
                {
                    "id": tid,
                    "role": "user" if m.group(1) == "U" else "assistant",
                    "content": m.group(3).strip(),
                }
            )
            if m.group(2):
                if m.group(2) in labels:
                    problems.append(f"{path}: duplicate label {m.group(2)}")
                labels[m.group(2)] = tid
    text_of = {t["id"]: t["content"] for s in conv["sessions"] for t in s["turns"]}
    for q in conv["questions"]:
        ids = []
        for lab in q["evidence"]:
            if lab not in labels:
                problems.append(f"{q['id']}: unknown label {lab}")
            else:
                ids.append(labels[lab])
        q["evidence"] = ids
        if ids and not any(all(tok_in(text_of[i], t) for t in q["answer_tokens"]) for i in ids):
            problems.append(f"{q['id']}: no evidence turn holds all tokens {q['answer_tokens']}")
    for s in conv["sessions"]:
        if not 10 <= len(s["turns"]) <= 20:
            problems.append(f"{s['id']}: {len(s['turns'])} turns")
    if not 4 <= len(conv["sessions"]) <= 6:
        problems.append(f"{conv['id']}: {len(conv['sessions'])} sessions")
    if not 15 <= len(conv["questions"]) <= 25:
        problems.append(f"{conv['id']}: {len(conv['questions'])} questions")
    return conv, problems


def source_paths(patterns):
    paths = []
    for pat in patterns:
        found = sorted(glob.glob(pat)) or sorted(glob.glob(os.path.join(HERE, pat)))
        if not found:
            raise SystemExit(f"no source file matches {pat}")
        paths += [p for p in found if p not in paths]
    return paths


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build a dialogues data set from hand-written sources.")
    ap.add_argument("--src", nargs="+", help="source files or globs (default: src/d1.txt ... src/d8.txt)")
    ap.add_argument(
        "--out", help="output JSON (default: dialogues.json, or dialogues_fresh.json with --fresh)"
    )
    ap.add_argument("--name", help="data set name (default: dialogues, or dialogues_fresh with --fresh)")
    ap.add_argument("--fresh", action="store_true", help="the fresh set: src/d9.txt ... src/d12.txt")
    args = ap.parse_args(argv)
    name = args.name or ("dialogues_fresh" if args.fresh else "dialogues")
    out_path = args.out or os.path.join(HERE, "dialogues_fresh.json" if args.fresh else "dialogues.json")
    paths = source_paths(args.src) if args.src else (FRESH_SRC if args.fresh else ORIGINAL_SRC)
    convs, problems = [], []
    for path in paths:
        c, p = parse(path)
        convs.append(c)
        problems += p
    for p in problems:
        print("PROBLEM", p, file=sys.stderr)
    out = {"name": name, "version": 1, "written": WRITTEN.get(name, "by hand"), "conversations": convs}
    with open(out_path, "w", encoding="utf-8") as fh:
        json.dump(out, fh, ensure_ascii=False, indent=1)
    ns = sum(len(c["sessions"]) for c in convs)
    nt = sum(len(s["turns"]) for c in convs for s in c["sessions"])
    nu = sum(1 for c in convs for s in c["sessions"] for t in s["turns"] if t["role"] == "user")
    nq = sum(len(c["questions"]) for c in convs)
    print(f"{len(convs)} conversations, {ns} sessions, {nt} turns ({nu} user), {nq} questions")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
