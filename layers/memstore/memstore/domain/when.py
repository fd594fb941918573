"""When a search asks about, and when a memory was said.

A query may name a time: a date or a month ("on 8 May 2023", "in July"), a year ("in 2022"), a
season ("in spring 2024", "last summer") or a time counted back from the search ("yesterday",
"last week", "two months ago"). A memory was said at its `created_at`, and its content may carry
dates of its own: a transcript stamp ("[8 May 2023] Maria: …") or a date it mentions. `asked`
reads the query's times as patterns of dates, `said` the dates of a memory, and `fits` whether any
of those dates fits any of the patterns. Dates are UTC calendar days.

Month names come from the standard library (`calendar`); relative words, number words and seasons
from data/time_words.jsonl. A capitalised month name counts, except as the first word of the query
with no number after it ("May I ask…"); a season counts with a year or with "last"/"this"."""

from __future__ import annotations

import calendar
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from memstore.domain.language import examples

_TOKEN = re.compile(r"[A-Za-z]+|\d+[a-z]*")
_ORDINAL = re.compile(r"(\d{1,2})[a-z]{0,2}$")
"""A day of the month, with or without an ordinal suffix ("8", "8th")."""
_MONTHS = {name: n for n in range(1, 13) for name in (calendar.month_name[n], calendar.month_abbr[n])}
_EARLIEST_YEAR, _LATEST_YEAR = 1900, 2099


@dataclass(frozen=True)
class Said:
    """A date a memory carries: its day and month may be unknown ("in 2022", "May 2023")."""

    year: int
    month: int | None = None
    day: int | None = None


@dataclass(frozen=True)
class Asked:
    """The dates a query's time expression admits: either every date from `first` to `last`, or
    the calendar pattern year / months / day, where None admits any."""

    first: date | None = None
    last: date | None = None
    year: int | None = None
    months: frozenset[int] | None = None
    day: int | None = None

    def admits(self, said: Said) -> bool:
        if self.first is not None and self.last is not None:
            if said.month is None:
                return self.first.year <= said.year <= self.last.year
            start = date(said.year, said.month, said.day or 1)
            end = start if said.day else _month_end(said.year, said.month)
            return start <= self.last and end >= self.first
        if self.year is not None and said.year != self.year:
            return False
        if self.months is not None and said.month not in self.months:
            return False
        return self.day is None or said.day is None or said.day == self.day


def fits(asked: Sequence[Asked], said: Iterable[Said]) -> bool:
    return any(a.admits(s) for s in said for a in asked)


def said(content: str, created_at: int) -> tuple[Said, ...]:
    stated = datetime.fromtimestamp(created_at, UTC).date()
    return (Said(stated.year, stated.month, stated.day), *_content_dates(content))


def asked(query: str, now: float) -> tuple[Asked, ...]:
    """The times a query names, read against `now` for the relative ones; empty when it names none."""
    tokens = _TOKEN.findall(query)
    today = datetime.fromtimestamp(now, UTC).date()
    found: list[Asked] = []
    used: set[int] = set()
    for i in range(len(tokens)):
        if i not in used:
            span, time = _time_at(tokens, i, today)
            used.update(span)
            if time is not None:
                found.append(time)
    return tuple(found)


def _time_at(tokens: Sequence[str], i: int, today: date) -> tuple[set[int], Asked | None]:
    """The time a query's expression at token `i` names, and the tokens it takes."""
    token, word = tokens[i], tokens[i].lower()
    after = tokens[i + 1] if i + 1 < len(tokens) else ""
    if token in _MONTHS and (i > 0 or _day(tokens, i + 1) is not None):
        span, day = _calendar_date(tokens, i)
        return span, Asked(year=day.year or None, months=frozenset({day.month}), day=day.day)
    if _year(token) is not None:
        return {i}, Asked(year=_year(token))
    if word in _words("season"):
        year = _year(after)
        return ({i, i + 1} if year else {i}), _season(word, _before(tokens, i), year, today)
    if word in _words("day"):
        day = today + timedelta(days=_words("day")[word]["days"])
        return {i}, Asked(first=day, last=day)
    unit = _unit(word)
    if unit is None:
        return {i}, None
    before = _before(tokens, i)
    if before in _words("previous"):
        return {i}, _previous(unit, today)
    if before in _words("current"):
        return {i}, _current(unit, today)
    if before in _words("trailing"):
        return {i}, Asked(first=today - timedelta(days=_words("unit")[unit]["days"]), last=today)
    count = int(before) if before.isdigit() else _words("number").get(before, {}).get("value")
    return {i}, (_ago(unit, count, today) if count and after.lower() in _words("ago") else None)


@functools.lru_cache(maxsize=50_000)
def _content_dates(content: str) -> tuple[Said, ...]:
    tokens = _TOKEN.findall(content)
    out: list[Said] = []
    used: set[int] = set()
    for i, token in enumerate(tokens):
        if i in used:
            continue
        if token in _MONTHS:
            span, when = _calendar_date(tokens, i)
            if when.year:
                used.update(span)
                out.append(when)
        elif _year(token) is not None:
            out.append(Said(_year(token)))
    return tuple(out)


def _calendar_date(tokens: Sequence[str], i: int) -> tuple[set[int], Said]:
    """The month at `i` with a day before ("8 May", "the 8th of May") or after ("May 8") and a
    year after ("May 2023", "May 8, 2023"); year 0 when none is given."""
    month, span = _MONTHS[tokens[i]], {i}
    day = _day(tokens, i - 1)
    if day is not None:
        span.add(i - 1)
    elif i >= 2 and tokens[i - 1].lower() == "of" and _day(tokens, i - 2) is not None:
        day = _day(tokens, i - 2)
        span.update({i - 1, i - 2})
    else:
        day = _day(tokens, i + 1)
        if day is not None:
            span.add(i + 1)
    after = max(span) + 1
    year = _year(tokens[after]) if after < len(tokens) else None
    if year is not None:
        span.add(after)
    return span, Said(year or 0, month, day)


def _day(tokens: Sequence[str], i: int) -> int | None:
    if not 0 <= i < len(tokens):
        return None
    match = _ORDINAL.match(tokens[i])
    return (
        int(match.group(1)) if match and len(match.group(1)) <= 2 and 1 <= int(match.group(1)) <= 31 else None
    )


def _year(token: str) -> int | None:
    return (
        int(token)
        if len(token) == 4 and token.isdigit() and _EARLIEST_YEAR <= int(token) <= _LATEST_YEAR
        else None
    )


def _before(tokens: Sequence[str], i: int) -> str:
    return tokens[i - 1].lower() if i > 0 else ""


def _season(word: str, before: str, year: int | None, today: date) -> Asked | None:
    """A season with a year ("summer 2023") or counted from today ("last summer"); a bare season
    ("in summer", "a winter trip") is more often a habit or a topic than a time, and is not read."""
    months = _words("season")[word]["months"]
    if year is not None:
        return Asked(year=year, months=frozenset(months))
    if before not in (*_words("previous"), *_words("current")):
        return None
    ended = before in _words("previous")
    for start_year in (today.year, today.year - 1, today.year - 2):
        first = date(start_year, months[0], 1)
        end_year = start_year + (months[-1] < months[0])
        last = _month_end(end_year, months[-1])
        if (last < today) if ended else (first <= today):
            return Asked(first=first, last=last)
    return None


def _previous(unit: str, today: date) -> Asked:
    """ "last week": the fortnight before today, generously; "last month"/"last year": the calendar one."""
    if unit == "day":
        return Asked(first=today - timedelta(days=1), last=today - timedelta(days=1))
    if unit == "week":
        return Asked(first=today - timedelta(days=14), last=today - timedelta(days=1))
    if unit == "month":
        last = today.replace(day=1) - timedelta(days=1)
        return Asked(first=last.replace(day=1), last=last)
    return Asked(year=today.year - 1)


def _current(unit: str, today: date) -> Asked:
    if unit == "year":
        return Asked(year=today.year)
    if unit == "month":
        return Asked(first=today.replace(day=1), last=today)
    return Asked(first=today - timedelta(days=today.weekday() if unit == "week" else 0), last=today)


def _ago(unit: str, count: int, today: date) -> Asked:
    """ "two weeks ago": that day give or take a few days; "three months ago": that calendar month."""
    back = today - timedelta(days=count * _words("unit")[unit]["days"])
    if unit == "year":
        return Asked(year=back.year)
    if unit == "month":
        return Asked(year=back.year, months=frozenset({back.month}))
    slack = timedelta(days=1 if unit == "day" else 3)
    return Asked(first=back - slack, last=back + slack)


def _unit(word: str) -> str | None:
    """The calendar unit a word names, singular or plural ("week", "weeks")."""
    units = _words("unit")
    return word if word in units else word[:-1] if word.endswith("s") and word[:-1] in units else None


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


@functools.cache
def _words(label: str) -> dict[str, dict]:
    return {row["text"]: row for row in examples.rows("time_words") if row["label"] == label}
