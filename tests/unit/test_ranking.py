"""How search ranks (domain/ranking.py), as properties over generated scores, importances and ages:
fused scores stay in [0, 1] and come best first, each found memory once; more evidence never lowers
a memory's score; the prior reorders near-ties but cannot lift a weak match over a strong one; the
calibrations are clamped and monotone; BM25 and the tokenizer behave as documented."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from memstore.domain import ranking, search_terms
from memstore.domain.models import MemoryItem
from tests.doubles import profile_memory

NOW = 1_800_000_000
DAY = 86400
cosine = st.floats(min_value=-1, max_value=1, allow_nan=False)
bm25 = st.floats(min_value=0, max_value=50, allow_nan=False)
importance = st.floats(min_value=0, max_value=1, allow_nan=False)
age = st.integers(min_value=0, max_value=5 * 365 * DAY)
ids = st.lists(st.text("abcdefgh", min_size=1, max_size=4), min_size=1, max_size=12, unique=True)


def item(memory_id: str, value: float = 0.5, days_old: float = 0, content: str = "x") -> MemoryItem:
    return profile_memory(memory_id, content, int(NOW - days_old * DAY), importance=value)


@st.composite
def found(draw):
    """Items, and the scores each ranker found for some of them (and for a few ids not in the scope)."""
    memory_ids = draw(ids)
    items = {
        m: item(m, draw(importance), draw(age) / DAY)
        for m in memory_ids
        if draw(st.booleans()) or m == memory_ids[0]
    }
    vector = {m: draw(cosine) for m in memory_ids if draw(st.booleans())}
    text = {m: draw(bm25) for m in memory_ids if draw(st.booleans())}
    return items, vector, text


@given(found())
def test_fused_scores_are_bounded_best_first_and_each_found_memory_appears_once(case):
    items, vector, text = case
    ranked = ranking.fuse(items, vector, text, NOW)
    expected = (set(vector) | set(text)) & set(items)
    assert sorted(s.item.memory_id for s in ranked) == sorted(expected)
    assert all(0.0 <= s.score <= 1.0 for s in ranked)
    assert [s.score for s in ranked] == sorted((s.score for s in ranked), reverse=True)


@given(found(), st.floats(min_value=0, max_value=1, allow_nan=False))
def test_more_cosine_evidence_never_lowers_a_memorys_score(case, boost):
    items, vector, text = case
    target = next(iter(items))
    before = ranking.fuse(items, {**vector, target: vector.get(target, -1.0)}, text, NOW)
    raised = min(1.0, vector.get(target, -1.0) + boost)
    after = ranking.fuse(items, {**vector, target: raised}, text, NOW)
    score = {s.item.memory_id: s.score for s in before}[target]
    assert {s.item.memory_id: s.score for s in after}[target] >= score - 1e-6


@given(found(), st.floats(min_value=0, max_value=50, allow_nan=False))
def test_more_lexical_evidence_never_lowers_a_memorys_score(case, boost):
    items, vector, text = case
    target = next(iter(items))
    before = ranking.fuse(items, vector, {**text, target: text.get(target, 0.0)}, NOW)
    after = ranking.fuse(items, vector, {**text, target: text.get(target, 0.0) + boost}, NOW)
    score = {s.item.memory_id: s.score for s in before}[target]
    assert {s.item.memory_id: s.score for s in after}[target] >= score - 1e-6


@given(importance, importance, age, age)
def test_the_prior_cannot_lift_a_weak_match_over_a_strong_one(strong_value, weak_value, strong_age, weak_age):
    strong = item("strong", strong_value, strong_age / DAY)
    weak = item("weak", weak_value, weak_age / DAY)
    ranked = ranking.fuse(
        {"strong": strong, "weak": weak},
        {"strong": ranking.COSINE_CEIL, "weak": ranking.COSINE_FLOOR},
        {"strong": ranking.BM25_SATURATION},
        NOW,
    )
    assert [s.item.memory_id for s in ranked] == ["strong", "weak"]


@given(importance, importance, age, age)
def test_between_equal_matches_the_prior_decides(value_a, value_b, age_a, age_b):
    a, b = item("a", value_a, age_a / DAY), item("b", value_b, age_b / DAY)
    prior_a, prior_b = ranking.prior(a, NOW), ranking.prior(b, NOW)
    assume(abs(prior_a - prior_b) > 1e-3)
    ranked = ranking.fuse({"a": a, "b": b}, {"a": 0.5, "b": 0.5}, {}, NOW)
    # Equal cosines still rank 1 and 2 (by id): the rank term favours "a" by less than the prior can move.
    scores = {s.item.memory_id: s.score for s in ranked}
    relevance_gap = (
        ranking.FUSION_RANK_WEIGHT
        * (1 / (ranking.RRF_K + 1) - 1 / (ranking.RRF_K + 2))
        / (2 / (ranking.RRF_K + 1))
    )
    if prior_b - prior_a > relevance_gap / (ranking.PRIOR_WEIGHT * 0.5) + 1e-3:
        assert scores["b"] > scores["a"]
    if prior_a > prior_b:
        assert scores["a"] > scores["b"]


@given(importance, age, st.integers(min_value=0, max_value=365 * DAY))
def test_the_prior_is_bounded_and_never_rises_with_age(value, days, later):
    memory = item("m", value, days / DAY)
    now_prior, later_prior = ranking.prior(memory, NOW), ranking.prior(memory, NOW + later)
    assert 0.0 <= later_prior <= now_prior <= 1.0


@given(cosine, cosine)
def test_calibrated_cosine_is_clamped_and_monotone(a, b):
    low, high = sorted((a, b))
    assert 0.0 <= ranking.calibrated_cosine(low) <= ranking.calibrated_cosine(high) <= 1.0
    assert ranking.calibrated_cosine(None) == 0.0
    assert ranking.calibrated_cosine(ranking.COSINE_FLOOR) == 0.0
    assert ranking.calibrated_cosine(ranking.COSINE_CEIL) == 1.0


@given(bm25, bm25)
def test_saturated_bm25_is_in_the_unit_interval_and_monotone(a, b):
    low, high = sorted((a, b))
    assert 0.0 <= ranking.saturated_bm25(low) <= ranking.saturated_bm25(high) < 1.0
    assert ranking.saturated_bm25(None) == 0.0
    assert math.isclose(ranking.saturated_bm25(ranking.BM25_SATURATION), 0.5)


words = st.text("abcdefghijklmnopqrstuvwxyz", min_size=4, max_size=9)


@given(st.lists(words, min_size=1, max_size=8))
def test_tokenize_ignores_case_and_accents(parts):
    text = " ".join(parts)
    assert ranking.tokenize(text.upper()) == ranking.tokenize(text)
    assert ranking.tokenize("Café crème") == ranking.tokenize("cafe creme")


@given(st.lists(st.lists(words, min_size=1, max_size=6), min_size=1, max_size=8), words)
def test_bm25_scores_exactly_the_documents_that_share_a_query_term(documents, query):
    texts = [" ".join(d) for d in documents]
    scores = ranking.Bm25Index.build(texts).scores(query)
    terms = set(search_terms.query_terms(query))
    sharing = {i for i, t in enumerate(texts) if terms & set(ranking.tokenize(t))}
    assert set(scores) == sharing
    assert all(s > 0 for s in scores.values())


@given(st.lists(st.tuples(importance, age), min_size=1, max_size=10))
def test_static_order_is_by_importance_then_recency_with_the_prior_as_score(rows):
    items = [item(f"m{i}", value, days / DAY) for i, (value, days) in enumerate(rows)]
    ordered = ranking.static_order(items, NOW)
    keys = [(round(s.item.importance, 6), s.item.updated_at) for s in ordered]
    assert keys == sorted(keys, key=lambda k: (-k[0], -k[1]))
    assert all(math.isclose(s.score, round(ranking.prior(s.item, NOW), 6)) for s in ordered)


@given(st.lists(words, min_size=0, max_size=12), words)
def test_information_is_in_the_unit_interval_and_grows_with_content_words(parts, extra):
    base = parts or ["ok"]  # a memory has some content; the longer one adds `extra` to the same words
    shorter = item("a", content=" ".join(base))
    longer = item("b", content=" ".join([*base, extra]))
    assert 0.0 <= ranking.information(shorter) <= ranking.information(longer) < 1.0


@given(cosine, importance)
def test_a_query_that_names_a_speaker_ranks_their_line_above_the_same_line_by_another(cos, value):
    said = "went up the mountain on sunday with the dog and saw the yellow flowers"
    # "a" wins every tie on its id: only the speaker factor can put "b" first.
    theirs = item("a", value, content=f"Tom: {said}")
    mine = item("b", value, content=f"Maria: {said}")
    ranked = ranking.fuse(
        {"a": theirs, "b": mine}, {"a": cos, "b": cos}, {}, NOW, query="Where did Maria hike?"
    )
    assert [s.item.memory_id for s in ranked] == ["b", "a"]
    assert all(0.0 <= s.score <= 1.0 for s in ranked)


def test_a_query_naming_no_speaker_leaves_speakers_alone():
    lines = [
        item("a", content="Maria: a long day at the clinic"),
        item("b", content="Tom: a long day at the clinic"),
    ]
    assert ranking.addressed(lines, "how was the clinic?") is None
    assert ranking.addressed(lines, "how was Tom's day?") == {"a": False, "b": True}


def test_a_line_that_says_little_ranks_below_an_equal_match_that_says_more():
    short = item("a", content="Sofia: Oh Jamal.")
    full = item("b", content="Jamal: we had a kitchen fire on Thursday and I pulled a cat out of it")
    ranked = ranking.fuse({"a": short, "b": full}, {"a": 0.5, "b": 0.5}, {}, NOW, query="the fire")
    assert [s.item.memory_id for s in ranked] == ["b", "a"]


@given(
    st.lists(st.lists(words, min_size=1, max_size=6), min_size=1, max_size=8),
    st.lists(words, min_size=1, max_size=4),
)
def test_bm25_scores_are_the_textbook_formula(documents, query_words):
    texts = [" ".join(d) for d in documents]
    query = " ".join(query_words)
    index = ranking.Bm25Index.build(texts)
    tokens = [ranking.tokenize(t) for t in texts]
    avg = sum(map(len, tokens)) / len(tokens)
    expected: dict[int, float] = {}
    for term in set(search_terms.query_terms(query)):
        having = [i for i, t in enumerate(tokens) if term in t]
        idf = math.log(1 + (len(texts) - len(having) + 0.5) / (len(having) + 0.5))
        for i in having:
            tf = tokens[i].count(term)
            norm = 1 - ranking.BM25_B + ranking.BM25_B * len(tokens[i]) / (avg or 1)
            expected[i] = expected.get(i, 0.0) + idf * tf * (ranking.BM25_K1 + 1) / (
                tf + ranking.BM25_K1 * norm
            )
    assert index.scores(query) == pytest.approx(expected)
