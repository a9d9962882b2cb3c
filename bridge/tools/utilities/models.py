"""The seed-002 result objects as pydantic models: the MCP tools' output schemas (clients check results against them)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class SearchHit(_Open):
    link: str
    title: str
    source: str
    snippet: str
    timestamp: str


class SearchResults(_Open):
    query: str
    totalResults: int
    results: list[SearchHit]
    timestamp: str
    source: str


class WebSearchResult(_Open):
    searchResults: SearchResults
    success: bool


class HttpResponse(_Open):
    url: str
    html: str
    title: str
    metaDescription: str
    metaKeywords: str
    h1: str
    h2: str
    h3: str
    paragraphs: str
    statusCode: int
    headers: dict[str, str]
    timestamp: str


class HttpGetResult(_Open):
    httpResponse: HttpResponse
    success: bool


class WeatherData(_Open):
    city: str
    country: str
    temperature: float
    description: str
    humidity: float
    windSpeed: float


class Weather(_Open):
    data: WeatherData
    timestamp: str
    source: str


class WeatherResult(_Open):
    weather: Weather
    success: bool


class User(_Open):
    name: str
    email: str
    location: str
    picture: str | None


class Users(_Open):
    data: list[User]
    timestamp: str
    source: str


class UsersResult(_Open):
    users: Users
    success: bool


class TimeData(_Open):
    timezone: str
    datetime: str
    date: str
    time: str
    dayOfWeek: str
    utcOffset: int


class Time(_Open):
    data: TimeData
    timestamp: str
    source: str


class TimeResult(_Open):
    time: Time
    success: bool


class ToolInfo(_Open):
    name: str
    description: str
    inputSchema: dict[str, Any]


class ToolList(_Open):
    tools: list[ToolInfo]
    count: int
    success: bool


class ServerStatus(_Open):
    status: str
    timestamp: str
    toolsCount: int
    claudeStatus: str
    success: bool
