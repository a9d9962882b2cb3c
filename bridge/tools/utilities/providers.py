"""`get_weather` and `get_random_user` (seed 002): two keyless public APIs.

Weather is Open-Meteo: its geocoding API finds the city (`/v1/search?name=…&count=1`, `countryCode` when a
country is given), its forecast API gives the current values (`/v1/forecast?…&current=…&wind_speed_unit=ms`);
the units it reports in `current_units` are converted to °C and m/s whatever they are, and the WMO weather code
becomes a description. Answers are cached for 15 minutes. Users come from randomuser.me (`/api/?results=N`).
Base URLs are settings (`WORD_BRIDGE_GEOCODING_URL`, `WORD_BRIDGE_WEATHER_URL`, `WORD_BRIDGE_RANDOM_USER_URL`).
"""

from __future__ import annotations

import functools
import os
from typing import Any, Final

from babel import Locale
from babel.core import get_global

from bridge import outbound
from bridge.tools.utilities.common import (BAD_REQUEST, FAILURE, UtilityError, bad_answer, bad_param, get_json, now_iso,
                                           param, provider_base, text_param)
from bridge.tools.web_content_fetcher import TTLCache

WEATHER: Final = "get_weather"
WEATHER_SCHEMA: Final[dict[str, dict[str, Any]]] = {
    "city": {"type": "string", "description": "City name, e.g. Paris", "minLength": 1},
    "country": {"type": "string", "description": "Country code (ISO 3166 alpha-2 or alpha-3), e.g. FR or FRA",
                "minLength": 2, "maxLength": 3},
}
WEATHER_DESCRIPTION: Final = (
    "Current weather in a city from Open-Meteo: temperature (°C), description, relative humidity (%) and wind "
    "speed (m/s). Give country (ISO code) to pick the right city of that name. Cached for 15 minutes."
)
GEOCODING_ENV: Final = "WORD_BRIDGE_GEOCODING_URL"
WEATHER_ENV: Final = "WORD_BRIDGE_WEATHER_URL"
GEOCODING_DEFAULT: Final = "https://geocoding-api.open-meteo.com"
WEATHER_DEFAULT: Final = "https://api.open-meteo.com"
WEATHER_SOURCE: Final = "Open-Meteo"
CURRENT: Final = "temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code"
CACHE: Final = TTLCache(15 * 60)
TO_MS: Final = {"m/s": 1.0, "ms": 1.0, "km/h": 1 / 3.6, "kmh": 1 / 3.6, "mph": 0.44704, "kn": 0.514444,
                "knots": 0.514444}
WMO: Final = {  # https://open-meteo.com/en/docs, "WMO Weather interpretation codes"
    0: "Clear sky", 1: "Mainly clear", 2: "Partly cloudy", 3: "Overcast", 45: "Fog", 48: "Depositing rime fog",
    51: "Light drizzle", 53: "Moderate drizzle", 55: "Dense drizzle", 56: "Light freezing drizzle",
    57: "Dense freezing drizzle", 61: "Slight rain", 63: "Moderate rain", 65: "Heavy rain",
    66: "Light freezing rain", 67: "Heavy freezing rain", 71: "Slight snow fall", 73: "Moderate snow fall",
    75: "Heavy snow fall", 77: "Snow grains", 80: "Slight rain showers", 81: "Moderate rain showers",
    82: "Violent rain showers", 85: "Slight snow showers", 86: "Heavy snow showers",
    95: "Thunderstorm", 96: "Thunderstorm with slight hail", 99: "Thunderstorm with heavy hail",
}

USERS: Final = "get_random_user"
USERS_SCHEMA: Final[dict[str, dict[str, Any]]] = {
    "count": {"type": "integer", "description": "How many users to generate", "minimum": 1, "maximum": 10,
              "default": 1},
}
USERS_DESCRIPTION: Final = (
    "Random fictitious people from randomuser.me (name, email, location, picture URL), e.g. for sample data in "
    "a document."
)
USERS_ENV: Final = "WORD_BRIDGE_RANDOM_USER_URL"
USERS_DEFAULT: Final = "https://randomuser.me"
USERS_SOURCE: Final = "randomuser.me"


# --- get_weather ------------------------------------------------------------------------------


@functools.cache
def _countries() -> tuple[frozenset[str], dict[str, str]]:
    """ISO 3166 alpha-2 codes, and the codes CLDR maps to exactly one of them (alpha-3, and UK → GB)."""
    codes = frozenset(k for k in map(str, Locale("en").territories) if len(k) == 2 and k.isalpha() and k != "ZZ")
    aliases = {k: v[0] for k, v in get_global("territory_aliases").items()
               if k.isalpha() and len(k) in (2, 3) and len(v) == 1 and v[0] in codes}
    return codes, aliases


def country_code(value: str) -> str:
    """The alpha-2 code for an alpha-2 or alpha-3 code (any case); a 400 for anything else."""
    code = value.strip().upper()
    codes, aliases = _countries()
    if code in codes:
        return code
    if code in aliases:
        return aliases[code]
    raise bad_param("country", f"{value!r} is not an ISO 3166 country code (e.g. FR or FRA)", value)


async def get_weather(params: dict[str, Any]) -> dict[str, Any]:
    city = text_param("city", params.get("city"), WEATHER_SCHEMA["city"])
    raw_country = params.get("country")
    country = None if raw_country is None else country_code(
        text_param("country", raw_country, WEATHER_SCHEMA["country"] | {"default": None}))
    geo = provider_base(GEOCODING_ENV, GEOCODING_DEFAULT, "Open-Meteo geocoding")
    forecast = provider_base(WEATHER_ENV, WEATHER_DEFAULT, "Open-Meteo forecast")
    # The guard's setting is part of the key: an answer fetched while private addresses were allowed is not
    # served once they no longer are.
    key = (city.casefold(), country, geo, forecast, os.environ.get(outbound.ALLOW_PRIVATE_ENV, ""))
    cached = CACHE.get(key)
    if cached is None:
        cached = await _weather(city, country, geo, forecast)
        CACHE.put(key, cached)
    return {"weather": {**cached, "data": dict(cached["data"])}, "success": True}


async def _weather(city: str, country: str | None, geo: str, forecast: str) -> dict[str, Any]:
    query: dict[str, Any] = {"name": city, "count": 1}
    if country:
        query["countryCode"] = country
    found = await get_json("Open-Meteo geocoding", geo, "/v1/search", query)
    places = found.get("results") if isinstance(found, dict) else None
    if not places:  # Open-Meteo leaves `results` out when nothing matches
        where = f" in {country}" if country else ""
        raise UtilityError(BAD_REQUEST, f"No city called {outbound.clip(city)!r} was found{where}", "city_not_found",
                           ["Check the spelling of the city", "Give the country code, or leave it out"],
                           city=outbound.clip(city), country=country)
    place = places[0]
    try:
        lat, lon = float(place["latitude"]), float(place["longitude"])
    except (KeyError, TypeError, ValueError):
        raise bad_answer("Open-Meteo geocoding", "latitude/longitude") from None
    now = await get_json("Open-Meteo forecast", forecast, "/v1/forecast",
                         {"latitude": lat, "longitude": lon, "current": CURRENT, "wind_speed_unit": "ms"})
    current = now.get("current") if isinstance(now, dict) else None
    units = now.get("current_units") if isinstance(now, dict) else None
    if not isinstance(current, dict):
        raise bad_answer("Open-Meteo forecast", "current values")
    units = units if isinstance(units, dict) else {}
    values = {}
    for name in CURRENT.split(","):
        value = current.get(name)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise bad_answer("Open-Meteo forecast", f"current.{name}")
        values[name] = float(value)
    temperature = values["temperature_2m"]
    if str(units.get("temperature_2m", "°C")).strip().lower() in ("°f", "f", "fahrenheit"):
        temperature = (temperature - 32) * 5 / 9
    wind_unit = str(units.get("wind_speed_10m", "m/s")).strip().lower()
    if wind_unit not in TO_MS:
        raise bad_answer("Open-Meteo forecast", f"wind speed in a known unit (got {wind_unit})")
    code = int(values["weather_code"])
    data = {"city": str(place.get("name") or city), "country": str(place.get("country_code") or country or ""),
            "temperature": round(temperature, 1), "description": WMO.get(code, f"Unknown weather (WMO code {code})"),
            "humidity": round(values["relative_humidity_2m"]),
            "windSpeed": round(values["wind_speed_10m"] * TO_MS[wind_unit], 1)}
    return {"data": data, "timestamp": now_iso(), "source": WEATHER_SOURCE}


def weather_line(result: dict[str, Any]) -> str:
    d = result["weather"]["data"]
    return (f"Weather in {d['city']}, {d['country']}: {d['temperature']} °C, {d['description']}, humidity "
            f"{d['humidity']} %, wind {d['windSpeed']} m/s")


# --- get_random_user ------------------------------------------------------------------------------


async def get_random_user(params: dict[str, Any]) -> dict[str, Any]:
    count = param("count", params.get("count"), USERS_SCHEMA["count"])
    base = provider_base(USERS_ENV, USERS_DEFAULT, "randomuser.me")
    found = await get_json("randomuser.me", base, "/api/", {"results": count})
    people = found.get("results") if isinstance(found, dict) else None
    if not isinstance(people, list):
        if isinstance(found, dict) and isinstance(found.get("error"), str):  # its documented error shape
            raise UtilityError(FAILURE, f"randomuser.me failed: {found['error']}", "provider_error",
                               ["Try again later"], provider="randomuser.me")
        raise bad_answer("randomuser.me", "results list")
    users = [_user(p) for p in people[:count] if isinstance(p, dict)]
    return {"users": {"data": users, "timestamp": now_iso(), "source": USERS_SOURCE}, "success": True}


def _user(person: dict[str, Any]) -> dict[str, Any]:
    def part(obj: Any, *keys: str) -> str:
        for key in keys:
            obj = obj.get(key) if isinstance(obj, dict) else None
        return str(obj).strip() if isinstance(obj, str | int | float) and not isinstance(obj, bool) else ""

    name = " ".join(p for p in (part(person, "name", "first"), part(person, "name", "last")) if p)
    location = ", ".join(p for p in (part(person, "location", "city"), part(person, "location", "state"),
                                     part(person, "location", "country")) if p)
    picture = part(person, "picture", "large") or part(person, "picture", "medium")
    return {"name": name, "email": part(person, "email"), "location": location, "picture": picture or None}


def users_line(result: dict[str, Any]) -> str:
    users = result["users"]["data"]
    return f"{len(users)} random user(s) from {USERS_SOURCE}: " + "; ".join(u["name"] for u in users)
