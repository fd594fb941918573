"""When a query asks about and when a memory was said (domain/when.py): calendar dates, months,
years, seasons and times counted back from the search, matched against `created_at` and the dates a
memory's content carries; and what the time factor does to the ranking (domain/ranking.py)."""

from __future__ import annotations

import calendar
from datetime import UTC, date, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from memstore.domain import ranking, when
from memstore.domain.models import MemoryItem
from tests.doubles import profile_memory

NOW = datetime(2026, 12, 2, 12, tzinfo=UTC).timestamp()
TODAY = date(2026, 12, 2)
months = st.integers(min_value=1, max_value=12)
years = st.integers(min_value=1990, max_value=2090)


def at(day: date) -> int:
    return int(datetime(day.year, day.month, day.day, 15, tzinfo=UTC).timestamp())


def memory(memory_id: str, content: str, said_on: date = TODAY) -> MemoryItem:
    return profile_memory(memory_id, content, at(said_on))


def fits(query: str, said_on: date, content: str = "something") -> bool:
    return when.fits(when.asked(query, NOW), when.said(content, at(said_on)))


@given(months, years, months, years)
def test_a_month_and_year_admit_that_month_of_that_year_only(month, year, other_month, other_year):
    query = f"What did I cook in {calendar.month_name[month]} {year}?"
    assert fits(query, date(year, month, 14))
    assert fits(query, date(other_year, other_month, 14)) == ((other_year, other_month) == (year, month))


@given(months, years)
def test_a_month_without_a_year_admits_it_in_any_year(month, year):
    query = f"what was the pastry we added in {calendar.month_name[month]}"
    assert fits(query, date(year, month, 1))
    assert not fits(query, date(year, month % 12 + 1, 1))


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz ?,'", max_size=60))
def test_lowercase_words_without_a_date_name_no_time(query):
    # relative words need a unit or a season after them; lowercase text holds no month or year
    words = set(query.replace("?", " ").replace(",", " ").split())
    relative = words & {"yesterday", "today", "tonight"} or {w.rstrip("s") for w in words} & {
        "day",
        "week",
        "month",
        "year",
    }
    if not relative:
        assert when.asked(query, NOW) == ()


def test_a_sentence_opening_with_may_is_not_a_date():
    assert when.asked("May I ask what my sister's name is?", NOW) == ()
    assert when.asked("May 8 is when the lease starts", NOW) != ()


def test_times_counted_back_from_the_search():
    assert fits("what did I tell you yesterday", TODAY - timedelta(days=1))
    assert not fits("what did I tell you yesterday", TODAY - timedelta(days=3))
    assert fits("the restaurant I mentioned last week", TODAY - timedelta(days=9))
    assert not fits("the restaurant I mentioned last week", TODAY - timedelta(days=40))
    assert fits("what did I say two weeks ago", TODAY - timedelta(days=13))
    assert not fits("what did I say two weeks ago", TODAY - timedelta(days=2))
    assert fits("3 days ago", TODAY - timedelta(days=3))
    assert fits("what did I plan last month", date(2026, 11, 20))
    assert not fits("what did I plan last month", date(2026, 12, 1))
    assert fits("what did we do last summer", date(2026, 7, 4))
    assert not fits("what did we do last summer", date(2025, 7, 4))
    assert fits("in the past year", TODAY - timedelta(days=200))


def test_a_bare_season_is_a_topic_not_a_time():
    assert when.asked("Would she enjoy a winter week at a ski lodge?", NOW) == ()
    assert when.asked("Is she free in spring 2024?", NOW) == (
        when.Asked(year=2024, months=frozenset({3, 4, 5})),
    )


def test_a_memory_carries_its_stamp_and_the_dates_it_mentions():
    said = when.said("[8 May 2023] Maria: we fly to Lisbon on June 3rd, 2023", at(TODAY))
    assert when.Said(2023, 5, 8) in said
    assert when.Said(2023, 6, 3) in said
    assert when.Said(TODAY.year, TODAY.month, TODAY.day) in said
    assert fits("what happened on the 8th of May", TODAY, "[8 May 2023] Maria: the lease is signed")
    assert not fits("what happened on the 9th of May", TODAY, "[8 May 2023] Maria: the lease is signed")


def test_a_query_naming_a_time_ranks_the_memory_said_then_first():
    # "a" wins every tie on its id: only the time factor can put "b" first.
    lines = {
        "a": memory("a", "Tom: we added a new pastry to the stall", date(2023, 5, 2)),
        "b": memory("b", "Tom: we added a new pastry to the stall", date(2023, 7, 9)),
    }
    ranked = ranking.fuse(lines, {"a": 0.5, "b": 0.5}, {}, NOW, query="What pastry did Tom add in July?")
    assert [s.item.memory_id for s in ranked] == ["b", "a"]
    assert ranked[1].score < ranked[0].score <= 1.0


@given(
    st.sampled_from(["What pastry did Tom add?", "What pastry did Tom add in August?", "when did I say that"])
)
def test_a_time_no_found_memory_fits_changes_nothing(query):
    lines = {
        "a": memory("a", "Tom: we added a new pastry to the stall", date(2023, 5, 2)),
        "b": memory("b", "Tom: we sold out of rolls", date(2023, 7, 9)),
    }
    vector, text = {"a": 0.6, "b": 0.4}, {"a": 2.0}
    assert ranking.timely(lines.values(), query, NOW) is None
    with_time = ranking.fuse(lines, vector, text, NOW, query=query)
    original, ranking.TIME_WEIGHT = ranking.TIME_WEIGHT, 0.0
    try:
        without = ranking.fuse(lines, vector, text, NOW, query=query)
    finally:
        ranking.TIME_WEIGHT = original
    assert with_time == without
