"""The pure lifecycle policies (domain/lifecycle.py): decay, reinforcement, promotion, the floor,
and read-time decay in ranking, as properties over generated values."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from memstore.domain import lifecycle, ranking
from memstore.domain.lifecycle_options import DAY, HalfLives, LifecycleOptions
from memstore.domain.models import Kind, MemoryItem, Source

NOW = 1_800_000_000
importance = st.floats(min_value=0, max_value=1, allow_nan=False)
seconds = st.integers(min_value=0, max_value=3 * 365 * DAY)
half_life = st.integers(min_value=1, max_value=2 * 365 * DAY)


def item(kind=Kind.USER_PROFILE, value=0.5, updated_at=NOW, importance_at=None, **more) -> MemoryItem:
    return MemoryItem(
        memory_id="mem_1",
        store="s",
        scope="u",
        kind=kind,
        content="x",
        created_at=updated_at,
        updated_at=updated_at,
        importance=value,
        importance_at=importance_at,
        **more,
    )


@given(importance, seconds, seconds, half_life)
def test_decay_is_memoryless_so_a_pass_and_read_time_agree(value, first, second, hl):
    once = lifecycle.decayed(value, first + second, hl)
    twice = lifecycle.decayed(lifecycle.decayed(value, first, hl), second, hl)
    assert math.isclose(once, twice, rel_tol=1e-9, abs_tol=1e-12)


@given(importance, seconds, seconds, half_life)
def test_decay_never_rises_and_stays_in_bounds(value, earlier, later, hl):
    a, b = sorted((earlier, later))
    assert 0 <= lifecycle.decayed(value, b, hl) <= lifecycle.decayed(value, a, hl) <= value


@given(importance, half_life)
def test_one_half_life_halves_importance_and_zero_means_never(value, hl):
    assert math.isclose(lifecycle.decayed(value, hl, hl), value / 2, abs_tol=1e-12)
    assert lifecycle.decayed(value, 10**9, 0) == value


@given(importance)
def test_reinforcement_is_bounded_with_diminishing_returns(value):
    once = lifecycle.reinforced(value)
    twice = lifecycle.reinforced(once)
    assert value <= once <= twice <= 1.0
    assert twice - once <= once - value + 1e-12


def test_reinforcement_never_reaches_one_from_below():
    value = 0.0
    for _ in range(50):
        value = lifecycle.reinforced(value)
    assert 0.999 < value < 1.0


@given(seconds, seconds)
def test_decay_runs_from_the_later_of_the_last_write_and_the_last_setting(write_age, set_age):
    options = LifecycleOptions(half_life_seconds=HalfLives(user_profile=10 * DAY))
    it = item(value=0.8, updated_at=NOW - write_age, importance_at=NOW - set_age)
    expected = 0.8 * 0.5 ** (min(write_age, set_age) / (10 * DAY))
    assert math.isclose(lifecycle.current_importance(it, NOW, options), expected, rel_tol=1e-9)


def test_without_options_importance_is_the_stored_value():
    assert lifecycle.current_importance(item(value=0.7, updated_at=0), NOW, None) == 0.7


@given(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.integers(0, 10))
def test_a_summary_is_promoted_once_confirmed_often_enough(updates, retrievals, reinforcements, threshold):
    options = LifecycleOptions(promotion_confirmations=threshold)
    summary = item(
        kind=Kind.CHAT_SUMMARY,
        source=Source(update_ids=[f"upd_{n}" for n in range(updates)]),
        access_count=retrievals,
        reinforcements=reinforcements,
    )
    confirmed = max(0, updates - 1) + retrievals + reinforcements
    assert lifecycle.promotable(summary, options) == (threshold > 0 and confirmed >= threshold)
    assert not lifecycle.promotable(summary.model_copy(update={"kind": Kind.USER_PROFILE}), options)


@given(importance, st.floats(min_value=0, max_value=1, allow_nan=False))
def test_faded_is_strictly_below_the_floor(value, floor):
    assert lifecycle.faded(value, LifecycleOptions(importance_floor=floor)) == (value < floor)


def test_an_explicit_expiry_is_kept_by_writes_and_a_default_one_restarts():
    assert lifecycle.kept_expiry(item(expires_at=NOW + 5, expiry_pinned=True), NOW + 99) == NOW + 5
    assert lifecycle.kept_expiry(item(expires_at=None, expiry_pinned=True), NOW + 99) is None
    assert lifecycle.kept_expiry(item(expires_at=NOW + 5), NOW + 99) == NOW + 99


def test_read_time_decay_reorders_the_static_search_between_passes():
    options = LifecycleOptions(half_life_seconds=HalfLives(procedural=DAY, user_profile=365 * DAY))
    fast = item(kind=Kind.PROCEDURAL, value=0.9).model_copy(update={"memory_id": "mem_fast"})
    slow = item(kind=Kind.USER_PROFILE, value=0.6).model_copy(update={"memory_id": "mem_slow"})
    assert [s.item.memory_id for s in ranking.static_order([slow, fast], NOW, options)] == [
        "mem_fast",
        "mem_slow",
    ]
    later = NOW + 3 * DAY
    assert [s.item.memory_id for s in ranking.static_order([slow, fast], later, options)] == [
        "mem_slow",
        "mem_fast",
    ]
    assert [s.item.memory_id for s in ranking.static_order([slow, fast], later)] == [
        "mem_fast",
        "mem_slow",
    ], "without the store's options nothing decays"


@given(importance, seconds)
def test_the_prior_of_a_decayed_item_equals_the_prior_after_a_pass_stored_it(value, age):
    options = LifecycleOptions()
    before = item(kind=Kind.CHAT_SUMMARY, value=value)
    now = NOW + age
    stored = before.model_copy(
        update={"importance": lifecycle.current_importance(before, now, options), "importance_at": now}
    )
    assert math.isclose(
        ranking.prior(before, now, options), ranking.prior(stored, now, options), abs_tol=1e-9
    )
    assert math.isclose(
        ranking.prior(stored, now + DAY, options), ranking.prior(before, now + DAY, options), abs_tol=1e-9
    )
