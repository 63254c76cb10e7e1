"""Virtual-clock helpers: the device clock is UTC, times in app state are epoch milliseconds."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

#: The device's default clock (mocked_apps/runtime/core/device.js DEFAULT_NOW): Sat 2026-03-14 09:30 UTC.
DEFAULT_CLOCK = "2026-03-14T09:30"


def parse_clock(clock: str) -> datetime:
    """Return the aware UTC datetime of ``YYYY-MM-DDTHH:MM``."""
    return datetime.strptime(clock, "%Y-%m-%dT%H:%M").replace(tzinfo=timezone.utc)


def to_ms(day: date, hhmm: str) -> int:
    """Return epoch ms of ``day`` at ``HH:MM`` UTC."""
    h, m = (int(x) for x in hhmm.split(":"))
    return int(datetime(day.year, day.month, day.day, h, m, tzinfo=timezone.utc).timestamp() * 1000)


def from_ms(ms: int) -> datetime:
    """Return the aware UTC datetime of epoch ms."""
    return datetime.fromtimestamp(ms / 1000, tz=timezone.utc)


def long_day(day: date) -> str:
    """Return ``Tuesday, March 17``."""
    return f"{day.strftime('%A')}, {day.strftime('%B')} {day.day}"


def month_day(day: date) -> str:
    """Return ``March 17``."""
    return f"{day.strftime('%B')} {day.day}"


def add_minutes(hhmm: str, minutes: int) -> str:
    """Return ``HH:MM`` shifted by ``minutes`` (within the day)."""
    h, m = (int(x) for x in hhmm.split(":"))
    total = h * 60 + m + minutes
    return f"{total // 60:02d}:{total % 60:02d}"


def minutes_of(hhmm: str) -> int:
    """Return minutes since midnight of ``HH:MM``."""
    h, m = (int(x) for x in hhmm.split(":"))
    return h * 60 + m


def days_from(clock: str, offset: int) -> date:
    """Return the date ``offset`` days after the clock's day."""
    return (parse_clock(clock) + timedelta(days=offset)).date()
