"""What the seed-002 methods share: their error, argument checks, timestamps and the providers' JSON over HTTP.

Seed 002 answers errors as `{code, message}` with an HTTP-ish code: 400 bad parameters, 404 unknown method,
500 failure. `UtilityError` carries that code; `/rpc` shows it as is, MCP turns it into a JSON-RPC error
(`to_mcp`: -32602 for 400, -32603 for 500, the seed code kept as `data.status`).
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
from collections.abc import Sequence
from typing import Any, Final
from urllib.parse import urlencode

from mcp.shared.exceptions import MCPError

from bridge import __version__, outbound
from bridge.tools.argument_names import unknown_fields, unknown_message
from bridge.tools.arguments import check
from bridge.tools.results import INTERNAL_ERROR, INVALID_PARAMS, clip_value, seed_error

BAD_REQUEST: Final = 400
NOT_FOUND: Final = 404
FAILURE: Final = 500

PROVIDER_TIMEOUT_ENV: Final = "WORD_BRIDGE_PROVIDER_TIMEOUT"
PROVIDER_TIMEOUT_S: Final = 10.0
PROVIDER_MAX_BYTES: Final = 2 * 1024 * 1024
USER_AGENT: Final = f"Word-Bridge/{__version__}"
SUGGEST_PARAMS: Final = ["Check the parameters against the method's input schema",
                         "Leave optional parameters out to use their defaults"]


class UtilityError(Exception):
    """A seed-002 error: `code` (400, 404 or 500) and `message`; MCP clients also get `error_type`,
    `suggestions` and `fields` as the JSON-RPC error's data."""

    def __init__(self, code: int, message: str, error_type: str, suggestions: Sequence[str] = (),
                 **fields: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.error_type = error_type
        self.suggestions = list(suggestions)
        self.fields = fields


def bad_param(name: str, message: str, value: Any, **fields: Any) -> UtilityError:
    """400 naming the parameter, with the same message the seed-000 tools use (`Invalid <name>: …`)."""
    return UtilityError(BAD_REQUEST, f"Invalid {name}: {message}", "invalid_parameter", SUGGEST_PARAMS,
                        parameter=name, provided_value=clip_value(value), **fields)


def unknown_params(keys: list[str], known: list[str]) -> UtilityError:
    """400 for parameters the method does not list (`Unknown argument 'tz': did you mean 'timezone'?`): dropping
    them would answer a different question (get_time in UTC)."""
    return UtilityError(BAD_REQUEST, unknown_message(keys, known), "invalid_parameter",
                        ["Check the parameter names against the method's input schema (spelling and case)",
                         *SUGGEST_PARAMS[1:]], **unknown_fields(keys, known))


def to_mcp(exc: UtilityError) -> MCPError:
    """The JSON-RPC error an MCP client gets for a seed-002 error."""
    code = INVALID_PARAMS if exc.code < FAILURE else INTERNAL_ERROR
    return seed_error(code, exc.message, exc.error_type, exc.suggestions, status=exc.code, **exc.fields)


def param(name: str, value: Any, schema: dict[str, Any]) -> Any:
    """`value` checked against one listed property schema (arguments.check), as a 400 when it fails."""
    try:
        return check(name, value, schema)
    except MCPError as exc:
        data = dict(exc.data or {})
        data.pop("error_type", None)
        data.pop("suggestions", None)
        raise UtilityError(BAD_REQUEST, exc.message, "invalid_parameter", SUGGEST_PARAMS, **data) from None


def text_param(name: str, value: Any, schema: dict[str, Any]) -> str:
    """A string parameter without surrounding whitespace; an empty one is refused when the schema needs one."""
    text = str(param(name, value, schema)).strip()
    if not text and schema.get("minLength", 0) > 0:
        raise bad_param(name, "must not be empty", value)
    return text


def number_param(name: str, value: Any, schema: dict[str, Any]) -> float:
    """A JSON number (`type: number`, `exclusiveMinimum`), which arguments.check does not handle."""
    if value is None:
        return float(schema["default"])
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise bad_param(name, "must be a number", value)
    if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
        raise bad_param(name, f"must be greater than {schema['exclusiveMinimum']}", value)
    return float(value)


def iso_utc(moment: dt.datetime) -> str:
    """`2024-01-15T10:30:00.000Z`, the seed's ISO 8601 form."""
    return moment.astimezone(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def now_iso() -> str:
    return iso_utc(dt.datetime.now(dt.UTC))


def provider_base(env: str, default: str, provider: str) -> str:
    """The provider's base URL from `env` (read at call time), else its public default; a 500 if unusable."""
    base = (os.environ.get(env, "").strip() or default).rstrip("/")
    try:
        outbound.check_url(base)
    except outbound.OutboundError:
        raise UtilityError(FAILURE, f"{provider}: {env}='{outbound.display_url(base)}' is not an http(s) URL",
                           "configuration_error",
                           [f"Set {env} to the provider's base URL, e.g. {default}"], setting=env) from None
    return base


def provider_timeout() -> float:
    """Seconds a provider has for one answer: `WORD_BRIDGE_PROVIDER_TIMEOUT` (read at call time), at most 60."""
    try:
        seconds = float(os.environ.get(PROVIDER_TIMEOUT_ENV, "") or PROVIDER_TIMEOUT_S)
    except ValueError:
        return PROVIDER_TIMEOUT_S
    return min(seconds, 60.0) if seconds > 0 else PROVIDER_TIMEOUT_S


async def get_json(provider: str, base: str, path: str, query: dict[str, Any]) -> Any:
    """GET `base + path?query` through the address guard with a timeout; any failure is a 500 naming `provider`."""
    url = f"{base}{path}?{urlencode(query)}"
    where = outbound.site(base)
    timeout_s = provider_timeout()
    try:
        page = await outbound.fetch(url, max_bytes=PROVIDER_MAX_BYTES, timeout_s=timeout_s,
                                    headers={"Accept": "application/json", "User-Agent": USER_AGENT})
    except outbound.OutboundError as exc:
        details = f"no answer within {timeout_s:g} s" if exc.error_type == "timeout" else exc.details
        raise UtilityError(FAILURE, f"{provider} ({where}) failed: {details}", "provider_error",
                           ["Try again later", f"Check that {where} is reachable from this computer"],
                           provider=provider, error_details=details, **(
                               {"status_code": exc.status_code} if exc.status_code is not None else {})) from None
    try:
        return json.loads(page.content.decode(page.charset or "utf-8", errors="replace"))
    except (ValueError, LookupError):
        raise UtilityError(FAILURE, f"{provider} ({where}) failed: the answer is not JSON", "provider_error",
                           ["Check that the configured URL is the provider's API"], provider=provider) from None


def bad_answer(provider: str, what: str) -> UtilityError:
    """500 for a provider answer without the fields its documentation promises."""
    return UtilityError(FAILURE, f"{provider} failed: its answer has no {what}", "provider_error",
                        ["Check that the configured URL is the provider's API", "Try again later"],
                        provider=provider)
