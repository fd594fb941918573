"""Writes layers/memstore/memstore/data/command_verbs_wordnet.jsonl: the English verbs of discarding
and deleting that the command grammar treats as "forget" verbs, taken from WordNet 3.0 rather than
listed by hand.

Which verbs: every lemma of the WordNet senses below (their glosses are the rows' sources) whose
first, most frequent verb sense is one of those senses. The filter keeps "scrap" and "trash" (used
mostly for throwing away) and leaves out "cancel", "strike" or "waive", whose everyday sense is
something else ("cancel my gym membership" is a task, not a forget). The phrasal verbs of the
keeping sense "retain possession of" are taken whatever their first sense ("hold on", whose first
sense is "hold firmly"): a phrase governing what the user told is specific enough, and the grammar
still asks that it be addressed to the assistant. The antonyms of a keeping sense are dropping verbs,
under the same first-sense filter: "lose" ("fail to keep or to maintain; cease to have") is the
antonym of keep.v.03. (Not the other way round: the antonym of forget.v.01 is "think of", whose
everyday use is "can you think of a name …".) Verbs already in command_verbs.jsonl are not
repeated.

Run on a machine with Debian's `wordnet-base` (WordNet 3.0 at /usr/share/wordnet):
    apt-get install wordnet-base && python dev/wordnet_command_verbs.py
The output is committed; the product never reads WordNet itself."""

from __future__ import annotations

import json
import sys
from pathlib import Path

WORDNET = Path("/usr/share/wordnet")
DATA = Path(__file__).resolve().parents[1] / "layers" / "memstore" / "memstore" / "data"
SENSES = (
    # (lemma, sense number in WordNet 3.0, follow its more specific senses, role)
    ("delete", 1, True, "drop"),  # remove or make invisible
    ("erase", 1, False, "drop"),  # remove from memory or existence
    ("discard", 1, False, "drop"),  # throw or cast away
    ("trash", 1, False, "drop"),  # dispose of (something useless or old)
    ("forget", 1, False, "drop"),  # dismiss from the mind; stop remembering
    ("get_rid_of", 1, False, "drop"),  # dispose of
    ("keep", 3, False, "keep"),  # retain possession of
    ("file", 5, False, "keep"),  # place in a container for keeping records
)


def _read() -> tuple[dict[str, tuple[list[str], list[tuple[str, str, str]], str]], dict[str, list[str]]]:
    synsets = {}
    for line in (WORDNET / "data.verb").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        head, _, gloss = line.partition("|")
        f = head.split()
        count = int(f[3], 16)
        words = [f[4 + 2 * k].lower() for k in range(count)]
        at = 4 + 2 * count
        pointers = [tuple(f[at + 1 + 4 * k : at + 4 + 4 * k]) for k in range(int(f[at]))]
        synsets[f[0]] = (words, pointers, gloss.split(";")[0].strip())
    index = {}
    for line in (WORDNET / "index.verb").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        f = line.split()
        senses, pointer_kinds = int(f[2]), int(f[3])
        index[f[0]] = f[6 + pointer_kinds : 6 + pointer_kinds + senses]
    return synsets, index


def _below(synsets, offset: str) -> set[str]:
    out, frontier = set(), [offset]
    while frontier:
        nxt = [
            o
            for s in frontier
            for kind, o, pos in synsets[s][1]
            if kind == "~" and pos == "v" and o not in out
        ]
        out.update(nxt)
        frontier = nxt
    return out


def main() -> None:
    synsets, index = _read()
    listed = {
        json.loads(line)["lemma"] for line in (DATA / "command_verbs.jsonl").read_text().splitlines() if line
    }
    rows = {}
    for lemma, sense, follow, role in SENSES:
        root = index[lemma][sense - 1]
        chosen = {root} | (_below(synsets, root) if follow else set())
        # a keeping sense's antonyms ("lose": "fail to keep or to maintain") are dropping verbs
        antonyms = {o for kind, o, pos in synsets[root][1] if kind == "!" and pos == "v" and role == "keep"}
        for offset, role in [*((o, role) for o in sorted(chosen)), *((o, "drop") for o in sorted(antonyms))]:
            for word in synsets[offset][0]:
                phrase = word.replace("_", " ")
                first = index.get(word, [None])[0] in chosen | antonyms
                phrasal = role == "keep" and " " in phrase
                if (first or phrasal) and phrase not in listed and phrase not in rows:
                    which = "the word's first sense" if first else "a phrasal verb of this sense"
                    source = f"WordNet 3.0: '{synsets[offset][2]}' (under {lemma}.v.{sense:02d}), {which}"
                    rows[phrase] = {"lemma": phrase, "role": role, "object": "personal", "source": source}
    out = DATA / "command_verbs_wordnet.jsonl"
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows.values()), encoding="utf-8")
    print(f"{len(rows)} verbs → {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
