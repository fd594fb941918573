"""Sentences written out as the small parser reads them, for rules that must cope with its
mistakes whatever the model's next version does: (text, part of speech, dependency, head)."""

from __future__ import annotations

from memstore.domain.language.syntax import Sentence, Token

_PRONOUNS = {"i": {"PronType": "Prs", "Person": "1"}, "it": {"PronType": "Prs", "Person": "3"}}
_LEMMAS = {"is": "be"}


def parsed(*rows: tuple[str, str, str, int]) -> Sentence:
    tokens = tuple(
        Token(
            i=i,
            text=text,
            lemma=_LEMMAS.get(text.lower(), text.lower()),
            pos=pos,
            tag="",
            dep=dep,
            head=head,
            morph=dict(_PRONOUNS.get(text.lower(), {})) if pos == "PRON" else {},
        )
        for i, (text, pos, dep, head) in enumerate(rows)
    )
    return Sentence(text=" ".join(t.text for t in tokens), tokens=tokens)
