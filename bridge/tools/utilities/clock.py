"""`get_time` (seed 002): the current time in an IANA time zone, offline.

Zones come from `zoneinfo`: the system's database, else the `tzdata` package (a dependency, so Windows, which
has no system database, knows the same zones). Names are matched without regard to case (`europe/paris`) and
answered in their canonical spelling; anything else is a 400.
"""

from __future__ import annotations

import datetime as dt
import functools
import zoneinfo
from typing import Any, Final

from bridge.outbound import clip
from bridge.tools.utilities.common import BAD_REQUEST, UtilityError, bad_param, iso_utc, text_param

NAME: Final = "get_time"
SCHEMA: Final[dict[str, dict[str, Any]]] = {
    "timezone": {"type": "string", "description": "IANA time zone name, e.g. UTC, Europe/Paris, America/New_York",
                 "default": "UTC"},
}
DESCRIPTION: Final = (
    "The current date and time in an IANA time zone (default UTC): ISO 8601 datetime with its offset, date, time, "
    "day of the week and the UTC offset in minutes. Offline, from the IANA time zone database."
)
SOURCE: Final = "IANA Time Zone Database"
DAYS: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
NOT_ZONES: Final = {"localtime", "posixrules"}  # files in some system databases that name no zone


@functools.cache
def _zones() -> dict[str, str]:
    """Every known zone name, case-folded → canonical spelling."""
    return {name.casefold(): name for name in zoneinfo.available_timezones() if name not in NOT_ZONES}


def zone_named(name: str) -> zoneinfo.ZoneInfo:
    """The zone called `name` (any case); a 400 for a name the database does not have."""
    canonical = _zones().get(name.casefold())
    if canonical is None:
        raise UtilityError(BAD_REQUEST, f"Unknown timezone {clip(name)!r}: use an IANA time zone name such as UTC, "
                                        "Europe/Paris or America/New_York", "unknown_timezone",
                           ["Use an IANA time zone name (Area/City), e.g. Europe/Paris",
                            "Leave timezone out for UTC"], provided_value=clip(name))
    return zoneinfo.ZoneInfo(canonical)


def time_in(zone: zoneinfo.ZoneInfo, now: dt.datetime) -> dict[str, Any]:
    """The seed's `time.data` for the instant `now` (aware) in `zone`."""
    local = now.astimezone(zone)
    offset = local.utcoffset() or dt.timedelta(0)
    return {"timezone": zone.key, "datetime": local.isoformat(timespec="milliseconds"),
            "date": local.date().isoformat(), "time": local.strftime("%H:%M:%S"),
            "dayOfWeek": DAYS[local.weekday()], "utcOffset": round(offset.total_seconds() / 60)}


async def get_time(params: dict[str, Any]) -> dict[str, Any]:
    name = text_param("timezone", params.get("timezone"), SCHEMA["timezone"])
    if not name:
        raise bad_param("timezone", "must not be empty (leave it out for UTC)", params.get("timezone"))
    zone = zone_named(name)
    now = dt.datetime.now(dt.UTC)
    return {"time": {"data": time_in(zone, now), "timestamp": iso_utc(now), "source": SOURCE}, "success": True}


def line(result: dict[str, Any]) -> str:
    data = result["time"]["data"]
    return f"{data['dayOfWeek']} {data['date']} {data['time']} in {data['timezone']} (UTC offset {data['utcOffset']} min)"
