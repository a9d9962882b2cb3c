"""`POST /rpc`: the plain `{id, method, params}` API of seed 002 over every tool `list_tools` lists.

The answer is `{id, result}` (HTTP 200) or `{id, error: {code, message}}` with the seed's code as the HTTP status:
400 for a body that is not a JSON object with a string `id`, a string `method` and an object `params`, and for
bad parameters; 404 for an unknown method; 500 for a failure (a provider's, named in the message). The Host,
Origin and token rules are the bridge's own (GuardMiddleware covers `/rpc`), but its refusals (421, 403, 401) and
a method other than POST (405, with `Allow`) answer in the same shape, `id` null: the request is not read.
"""

from __future__ import annotations

import json
import logging
import math
from typing import Any, Final

from mcp.server.mcpserver import MCPServer
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import Receive, Scope, Send

from bridge.outbound import clip
from bridge.tools.utilities import UtilityError, call_method
from bridge.word.envelope import clean, clean_text

log = logging.getLogger(__name__)

MAX_BODY_BYTES: Final = 1024 * 1024


class BadRequest(Exception):
    """The request is not the seed's `{id, method, params}`."""


def error_body(request_id: Any, code: int, message: str) -> dict[str, Any]:
    """Seed 002's error response: every response has `id`, an error is `{code, message}`."""
    return {"id": request_id, "error": {"code": code, "message": message}}


def refusal(status: int, reason: str) -> dict[str, Any]:
    """The guard's refusal of an /rpc request (GuardMiddleware), before its body, so its id, is read."""
    return error_body(None, status, reason)


def error(request_id: Any, code: int, message: str, headers: dict[str, str] | None = None) -> Response:
    return respond(error_body(request_id, code, message), code, headers)


def respond(body: dict[str, Any], status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """`body` as JSON, every lone surrogate (which UTF-8 cannot encode) replaced by U+FFFD.

    A body that still cannot be JSON (a value that is not, a NaN) is answered as a 500 in the seed's shape,
    never as a bare 500.
    """
    try:
        return JSONResponse(clean(body), status_code=status, headers=headers)
    except (TypeError, ValueError, RecursionError) as exc:
        log.error("/rpc could not encode its answer: %s: %s", type(exc).__name__, exc)
        request_id = body.get("id")
        safe_id = clean_text(request_id) if isinstance(request_id, str) else None
        return JSONResponse(error_body(safe_id, 500, f"Internal error: the answer could not be encoded as JSON "
                                                     f"({type(exc).__name__}: {clip(clean_text(str(exc)))})"),
                            status_code=500)


async def _body(request: Request) -> bytes:
    """The body, refused as soon as it passes MAX_BODY_BYTES."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise BadRequest(f"the body is larger than {MAX_BODY_BYTES:,} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise BadRequest(f"the body is larger than {MAX_BODY_BYTES:,} bytes")
    return bytes(body)


def _parse(body: bytes) -> dict[str, Any]:
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        raise BadRequest("the body is not JSON: send {\"id\": \"…\", \"method\": \"…\", \"params\": {…}}") from None
    if not isinstance(message, dict):
        raise BadRequest("the body must be a JSON object: {\"id\": \"…\", \"method\": \"…\", \"params\": {…}}")
    return message


def _check(message: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    request_id, method, params = message.get("id"), message.get("method"), message.get("params")
    if not isinstance(request_id, str):
        raise BadRequest("id is required and must be a string")
    if not isinstance(method, str) or not method:
        raise BadRequest("method is required and must be a string")
    if not isinstance(params, dict):
        raise BadRequest("params is required and must be an object ({} for a method without parameters)")
    return request_id, method, params


class RpcEndpoint:
    """The ASGI app answering seed-002 calls against the tools of `server`.

    An ASGI app rather than a request function, so its Route takes every HTTP method: a GET is answered 405 in
    the seed's shape here instead of falling through to the MCP mount's plain-text 404."""

    def __init__(self, server: MCPServer) -> None:
        self.server = server

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        if request.method != "POST":
            response = error(None, 405, f"Method {request.method} is not allowed: send POST /rpc with "
                                        "{\"id\": \"…\", \"method\": \"…\", \"params\": {…}}", {"Allow": "POST"})
        else:
            response = await self.answer(request)
        await response(scope, receive, send)

    async def answer(self, request: Request) -> Response:
        request_id: Any = None
        try:
            message = _parse(await _body(request))
            given = message.get("id")
            request_id = given if isinstance(given, str | int | float) and not isinstance(given, bool) else None
            if isinstance(request_id, float) and not math.isfinite(request_id):
                request_id = None  # NaN and Infinity are not JSON: no answer could carry them back
            request_id, method, params = _check(message)
            result = await call_method(method, params, server=self.server)
            return respond({"id": request_id, "result": result})
        except BadRequest as exc:
            return error(request_id, 400, str(exc))
        except UtilityError as exc:
            return error(request_id, exc.code, exc.message)
        except Exception as exc:
            log.exception("/rpc failed")
            return error(request_id, 500, f"Internal error: {type(exc).__name__}: {clip(str(exc))}")


def rpc_endpoint(server: MCPServer) -> RpcEndpoint:
    """The `/rpc` endpoint for the tools of `server` (mount it as `Route("/rpc", rpc_endpoint(server))`)."""
    return RpcEndpoint(server)
