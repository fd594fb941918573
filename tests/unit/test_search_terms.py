"""What search matches on (domain/search_terms.py) and how transcript lines are read
(domain/speaker_labels.py): properties over generated words, names and lines."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memstore.domain import search_terms, speaker_labels
from memstore.domain.language import examples
from memstore.domain.models import Kind

lower_words = st.text("abcdefghijklmnopqrstuvwxyz", min_size=4, max_size=9)
names = st.builds(
    lambda first, rest: first.upper() + rest,
    st.sampled_from("ABCDEFGHJKLMNPRSTW"),
    st.text("aeiklmnorst", max_size=7),
)
sentences = st.lists(lower_words, min_size=1, max_size=10).map(" ".join)


def test_inflections_share_a_stem_and_stop_words_are_dropped():
    assert len({search_terms.stem(w) for w in ("paints", "painted", "painting", "paint")}) == 1
    assert search_terms.document_terms("She was painting the fences") == ["paint", "fenc"]


def test_a_word_and_its_derivation_share_a_stem():
    # one Porter2 pass gives "profession" for "professional" but "profess" for "profession"
    assert (
        search_terms.query_terms("a professional conference")[0]
        == search_terms.document_terms("profession")[0]
    )


@given(lower_words)
def test_stemming_is_idempotent(word):
    once = search_terms.stem(word)
    assert search_terms.stem(once) == once


def test_a_query_drops_the_words_that_only_ask():
    assert search_terms.query_terms("Can you remind me what I said about the fences?") == ["said", "fenc"]
    assert "remind" in search_terms.document_terms("remind the kids about the fences")


def test_every_stop_word_says_where_it_came_from():
    rows = examples.rows("search_stopwords")
    assert rows and all(r["source"] and r["label"] in {"stopword", "request", "consolidation"} for r in rows)
    assert "may" not in search_terms.stopwords()


def test_consolidation_also_ignores_the_rewrites_own_words_but_search_does_not():
    assert {"user", "now", "the"} <= search_terms.consolidation_stopwords()
    assert "user" not in search_terms.stopwords()


@given(st.lists(lower_words, min_size=1, max_size=10), st.sampled_from(sorted(search_terms.stopwords())))
def test_terms_ignore_case_and_stop_words(parts, stop):
    text = " ".join(parts)
    assert search_terms.document_terms(text.upper()) == search_terms.document_terms(text)
    padded = " ".join(f"{stop} {p}" for p in parts)
    assert search_terms.document_terms(padded) == search_terms.document_terms(text)


@given(names, sentences, st.booleans())
def test_a_labelled_line_is_its_text_said_by_its_speaker(name, text, stamped):
    line = f"{'[8 May 2023] ' if stamped else ''}{name}: {text}"
    assert speaker_labels.unlabelled(line) == text
    assert speaker_labels.speaker(line) == name
    assert speaker_labels.embedding_text(line, None, Kind.USER_PROFILE) == text


@given(sentences)
def test_a_line_without_a_label_is_left_as_it_is(text):
    assert speaker_labels.unlabelled(text) == text
    assert speaker_labels.speaker(text) is None


def test_a_colon_inside_a_sentence_is_no_label():
    for text in ("I love it: really", "home at 7:30am", "Tom:"):
        assert speaker_labels.unlabelled(text) == text and speaker_labels.speaker(text) is None
