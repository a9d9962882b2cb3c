"""`text_processor` (seed 000, tool 2): summarize, translate, format, analyze, correct, enhance.

The model is the person's own (see `language_model.py`): the client's model through MCP sampling, else a
configured OpenAI-compatible endpoint, else offline, where format, analyze, summarize (extractive) and correct
(offline dictionary) still work and translate/enhance answer `no_language_model`. `analyze` always runs the
analyzer's deterministic metrics. The result names the engine that answered.

How the client's model is asked depends on the protocol. On 2025-11-25 the tool body sends the sampling request
mid-call, so a refusal ("User rejected sampling request") reaches it: summarize, format and correct then answer
offline (`fallback` says why), translate and enhance answer `sampling_declined`. On 2026-07-28 the request rides an
`InputRequiredResult` (the SDK's resolver) and the client answers it between two rounds of the call; a client that
refuses there ends the call itself, and the server never hears of it. `processing_time_ms` counts the model's time
on both: on 2026-07-28 from the round that asked (`ASKED`).
"""

from __future__ import annotations

import hashlib
import re
import time
from collections import OrderedDict
from typing import Annotated, Any, Final, Literal

import anyio.to_thread
from mcp.server.mcpserver import Context, MCPServer, Resolve, Sample
from mcp.shared.exceptions import MCPError
from mcp.shared.message import ServerMessageMetadata
from mcp.types import CallToolResult, CreateMessageRequest, CreateMessageResult, ToolAnnotations
from mcp_types.version import is_version_at_least
from pydantic import BaseModel, ConfigDict

from bridge.tools import language_model as lm
from bridge.tools.analysis import analyze, blocks_from_text
from bridge.tools.analysis.rewrite import format_text, summarize_text
from bridge.tools.analysis.spelling import SPELLING_LANGUAGES, correct_text
from bridge.tools.argument_names import refuse_unknown_arguments, seed_refusal
from bridge.tools.arguments import RawText, check, guarded, invalid, list_schema
from bridge.tools.results import INTERNAL_ERROR, INVALID_PARAMS, seed_error, seed_result
from bridge.tools.source_language import translation_fields
from bridge.tools.word_access import WordAccess

NAME: Final = "text_processor"
MAX_TEXT: Final = 10_000
OPERATIONS: Final = ("summarize", "translate", "format", "analyze", "correct", "enhance")
NEEDS_MODEL: Final = ("translate", "enhance")
DONE: Final = {"summarize": "summarized", "translate": "translated", "format": "formatted", "analyze": "analyzed",
               "correct": "corrected", "enhance": "enhanced"}
AUDIENCE_OF_STYLE: Final = {"formal": "general", "casual": "general", "academic": "academic",
                            "business": "business", "creative": "creative"}

SCHEMA: Final[dict[str, dict[str, Any]]] = {
    "text": {"type": "string", "description": "Text content to process", "minLength": 1, "maxLength": MAX_TEXT},
    "operation": {"type": "string", "description": "Text processing operation to perform", "enum": list(OPERATIONS)},
    "language": {"type": "string", "description": "Language for translation or analysis (ISO 639-1)",
                 "examples": ["en", "es", "fr", "de", "zh", "ja"], "default": "en"},
    "style": {"type": "string", "description": "Style for formatting or enhancement",
              "enum": ["formal", "casual", "academic", "business", "creative"], "default": "formal"},
    "max_length": {"type": "integer", "description": "Maximum length of output (for summarize operation)",
                   "minimum": 50, "maximum": 2000, "default": 500},
    "tone": {"type": "string", "description": "Tone for text enhancement",
             "enum": ["professional", "friendly", "authoritative", "conversational"], "default": "professional"},
}
_LANGUAGE = re.compile(r"^[A-Za-z]{2}(?:-[A-Za-z0-9]{2,8})?$")

DESCRIPTION: Final = (
    "Process and manipulate text content with various operations: summarize, translate, format, analyze, "
    "correct, enhance. Uses your own language model: the MCP client's model (sampling) when the client offers "
    "it, else the OpenAI-compatible endpoint in WORD_BRIDGE_LLM_URL; without either, summarize (extractive), "
    "format, analyze and correct (offline dictionary) still work. The result's `engine` says which answered."
)


class ProcessedText(BaseModel):
    """The seed's `processed_text` object; the operation decides the extra fields."""

    model_config = ConfigDict(extra="allow")
    type: Literal["processed_text"]
    original_text: str
    processed_text: str
    operation: str
    engine: Literal["sampling", "endpoint", "offline"]
    model: str | None = None
    processing_time_ms: int


def _args(text: Any, operation: Any, language: Any, style: Any, max_length: Any, tone: Any) -> dict[str, Any]:
    """The arguments checked in the seed's order of errors: operation, then text length, then the rest."""
    if operation is None or operation not in OPERATIONS:
        raise seed_error(INVALID_PARAMS, "Invalid operation specified", "invalid_operation",
                         ["Use one of the valid operation types", "Check operation spelling and case"],
                         provided_operation=operation, valid_operations=list(OPERATIONS))
    if isinstance(text, str) and len(text) > MAX_TEXT:
        raise seed_error(INVALID_PARAMS, "Text length exceeds maximum limit", "text_too_long",
                         ["Reduce text length to 10,000 characters or less", "Split text into smaller chunks",
                          "Use summarize operation first"],
                         text_length=len(text), max_length=MAX_TEXT)
    out = {"text": check("text", text, SCHEMA["text"]), "operation": operation,
           "language": check("language", language, SCHEMA["language"]), "style": check("style", style, SCHEMA["style"]),
           "max_length": check("max_length", max_length, SCHEMA["max_length"]),
           "tone": check("tone", tone, SCHEMA["tone"])}
    if not out["text"].strip():
        raise invalid("text", "has no text to process", out["text"])
    if not _LANGUAGE.match(out["language"]):
        raise invalid("language", "must be an ISO 639-1 code such as en, es, fr", out["language"])
    out["language"] = out["language"].lower()
    return out


INPUT_REQUIRED_FROM: Final = "2026-07-28"
"""The first protocol on which the client answers the sampling request between two rounds of the call."""


def _between_rounds(ctx: Context) -> bool:
    version = ctx.protocol_version
    return version is not None and is_version_at_least(version, INPUT_REQUIRED_FROM)


def _offers_sampling(ctx: Context, operation: Any) -> bool:
    """Whether the client offers sampling and the operation wants a model (`analyze` never does)."""
    caps = ctx.client_capabilities
    return caps is not None and caps.sampling is not None and operation != "analyze"


class AskTimes:
    """When each question went to the client's model on 2026-07-28, so the result can count the model's time.

    The client answers between two rounds of the call and nothing of the call's own survives the rounds, so the
    question itself is the key (two identical questions at once share an entry: the later round wins). A question
    the client refused is never answered; the oldest entries beyond `limit` are dropped.
    """

    def __init__(self, limit: int = 256) -> None:
        self._at: OrderedDict[str, float] = OrderedDict()
        self._limit = limit

    @staticmethod
    def key(prompt: lm.Prompt) -> str:
        return hashlib.sha256(f"{prompt.system}\0{prompt.max_tokens}\0{prompt.user}".encode()).hexdigest()

    def asked(self, prompt: lm.Prompt) -> None:
        key = self.key(prompt)
        self._at[key] = time.perf_counter()
        self._at.move_to_end(key)
        while len(self._at) > self._limit:
            self._at.popitem(last=False)

    def answered(self, prompt: lm.Prompt) -> float | None:
        """When the question was asked (`time.perf_counter()`), once; None if this process did not ask it."""
        return self._at.pop(self.key(prompt), None)


ASKED: Final = AskTimes()


async def ask_client_model(text: Any, operation: Any, language: Any, style: Any, max_length: Any, tone: Any,
                           ctx: Context) -> Sample | None:
    """On 2026-07-28, the request for the client's model when it offers sampling and the operation wants a model.

    None otherwise, and always on 2025-11-25: there the tool body asks mid-call itself (`_ask_client`), where it
    can answer a refusal. Async, so `ASKED` is only touched on the event loop.
    """
    if not _between_rounds(ctx) or not _offers_sampling(ctx, operation):
        return None
    try:
        args = _args(text, operation, language, style, max_length, tone)
    except MCPError:
        return None  # the tool body reports the bad argument
    prompt = lm.prompt_for(**args)
    if not ctx.input_responses:
        ASKED.asked(prompt)  # the round that asks; the answer comes with the next one
    return lm.sample(prompt)


def register(server: MCPServer, word: WordAccess | None = None) -> None:
    """Add `text_processor` to `server` (`word` is unused: the tool never touches the document)."""

    async def text_processor(
        sampled: Annotated[CreateMessageResult | None, Resolve(ask_client_model)], ctx: Context,
        text: RawText = None, operation: RawText = None, language: RawText = None,  # type: ignore[assignment]
        style: RawText = None, max_length: Any = None, tone: RawText = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, ProcessedText]:
        return await guarded(NAME, _run(ctx, sampled, text, operation, language, style, max_length, tone))

    server.tool(name=NAME, title="Process text", description=DESCRIPTION,
                annotations=ToolAnnotations(title="Process text", read_only_hint=True, destructive_hint=False,
                                            idempotent_hint=False, open_world_hint=True))(text_processor)
    list_schema(server, NAME, SCHEMA, ["text", "operation"])
    refuse_unknown_arguments(server, NAME, seed_refusal)


class Refused(Exception):
    """The client answered the sampling request with an error (e.g. the person said no)."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


async def _run(ctx: Context, sampled: CreateMessageResult | None, *raw: Any) -> CallToolResult:
    started = time.perf_counter()
    args = _args(*raw)
    operation = args["operation"]
    if operation == "analyze":
        result = await anyio.to_thread.run_sync(lambda: _analyze(args))
    else:
        if sampled is not None:  # 2026-07-28: the client's model answered between the rounds
            started = ASKED.answered(lm.prompt_for(**args)) or started
        try:
            reply = await _ask_model(ctx, sampled, args)
        except Refused as refused:
            if operation in NEEDS_MODEL:
                raise seed_error(INTERNAL_ERROR, "The client declined the language model request",
                                 "sampling_declined",
                                 ["Allow the request for your model when your MCP client asks",
                                  "Use an operation that runs offline: summarize, format, analyze or correct",
                                  "Try again later"],
                                 engine="sampling", operation=operation, error_details=refused.message,
                                 client_error_code=refused.code) from refused
            result = await anyio.to_thread.run_sync(lambda: _offline(args))
            result["fallback"] = {"from": "sampling", "reason": refused.message, "client_error_code": refused.code}
        else:
            if reply is not None:
                result = await anyio.to_thread.run_sync(lambda: _from_model(args, reply))  # may identify a language
            elif operation in NEEDS_MODEL:
                raise seed_error(INTERNAL_ERROR, "No language model available", "no_language_model",
                                 lm.HOW_TO_GET_ONE, operation=operation,
                                 offline_operations=["summarize", "format", "analyze", "correct"])
            else:
                result = await anyio.to_thread.run_sync(lambda: _offline(args))
    result["processing_time_ms"] = round((time.perf_counter() - started) * 1000)
    return seed_result(f"Text successfully {DONE[operation]}", result)


async def _ask_client(ctx: Context, args: dict[str, Any]) -> CreateMessageResult | None:
    """2025-11-25: the sampling request mid-call, when the client offers sampling; None when it does not.

    Raises `Refused` when the client answers with an error.
    """
    if _between_rounds(ctx) or not _offers_sampling(ctx, args["operation"]):
        return None
    if not ctx.session.can_send_request:
        return None  # no channel back to the client on this transport: as if it offered no sampling
    request = CreateMessageRequest(params=lm.sample(lm.prompt_for(**args)).params)
    try:
        return await ctx.session.send_request(
            request, CreateMessageResult, metadata=ServerMessageMetadata(related_request_id=ctx.request_id))
    except MCPError as exc:
        raise Refused(exc.error.code, exc.error.message) from exc


async def _ask_model(ctx: Context, sampled: CreateMessageResult | None, args: dict[str, Any]) -> lm.Reply | None:
    engine = "sampling"
    try:
        if sampled is None:
            sampled = await _ask_client(ctx, args)
        if sampled is not None:
            return lm.from_sampling(sampled)
        engine = "endpoint"
        where = lm.endpoint()
        return None if where is None else await lm.ask_endpoint(where, lm.prompt_for(**args))
    except lm.LanguageModelError as exc:
        raise seed_error(INTERNAL_ERROR, "Language model request failed", "language_model_error",
                         ["Check that the model server is running and reachable" if engine == "endpoint"
                          else "Check the MCP client's model settings",
                          "Check WORD_BRIDGE_LLM_URL, WORD_BRIDGE_LLM_MODEL and WORD_BRIDGE_LLM_API_KEY",
                          "Try again later"],
                         engine=engine, operation=args["operation"], error_details=str(exc)) from exc


def _base(args: dict[str, Any], processed: str, engine: str, model: str | None) -> dict[str, Any]:
    return {"type": "processed_text", "original_text": args["text"], "processed_text": processed,
            "operation": args["operation"], "engine": engine, "model": model}


def _summary_fields(args: dict[str, Any], processed: str) -> dict[str, Any]:
    original, length = len(args["text"]), len(processed)
    return {"style": args["style"], "original_length": original, "processed_length": length,
            "compression_ratio": round(1 - length / original, 2) if original else 0.0}


def _fit(text: str, max_length: int) -> str:
    """A model's summary cut to `max_length` at a sentence or word boundary."""
    if len(text) <= max_length:
        return text
    cut = text[:max_length]
    end = max(cut.rfind(". "), cut.rfind("! "), cut.rfind("? "))
    return cut[:end + 1] if end > max_length // 2 else cut[: max_length - 1].rsplit(" ", 1)[0] + "…"


def _from_model(args: dict[str, Any], reply: lm.Reply) -> dict[str, Any]:
    operation = args["operation"]
    if operation == "translate":
        found = lm.json_reply(reply.text) or {}
        translation = found.get("translation") if isinstance(found.get("translation"), str) else None
        out = _base(args, lm.strip_wrapping(translation or reply.text), reply.engine, reply.model)
        fields = translation_fields(args["text"], found)  # never null: identified offline when the model is silent
        out.update({"source_language": fields["source_language"], "target_language": args["language"],
                    "style": args["style"], "confidence_score": fields["confidence_score"],
                    "confidence_basis": fields["confidence_basis"]})
        return out
    if operation == "enhance":
        found = lm.json_reply(reply.text) or {}
        improved = found.get("text") if isinstance(found.get("text"), str) else None
        improvements = [str(x) for x in found.get("improvements") or [] if isinstance(x, str | int | float)]
        out = _base(args, lm.strip_wrapping(improved or reply.text), reply.engine, reply.model)
        out.update({"style": args["style"], "tone": args["tone"], "improvements": improvements})
        return out
    processed = lm.strip_wrapping(reply.text)
    if operation == "summarize":
        processed = _fit(processed, args["max_length"])
        return {**_base(args, processed, reply.engine, reply.model), **_summary_fields(args, processed)}
    if operation == "correct":
        return {**_base(args, processed, reply.engine, reply.model), "language": args["language"]}
    return {**_base(args, processed, reply.engine, reply.model), "style": args["style"]}


def _offline(args: dict[str, Any]) -> dict[str, Any]:
    operation, text = args["operation"], args["text"]
    if operation == "summarize":
        processed = summarize_text(text, args["max_length"])
        return {**_base(args, processed, "offline", None), **_summary_fields(args, processed),
                "method": "extractive"}
    if operation == "format":
        processed, changes = format_text(text, args["style"], args["language"])
        return {**_base(args, processed, "offline", None), "style": args["style"], "changes": changes}
    language = args["language"].split("-")[0]
    if language not in SPELLING_LANGUAGES:
        raise seed_error(INVALID_PARAMS, "No offline dictionary for this language", "unsupported_language",
                         ["Use one of the supported languages", *lm.HOW_TO_GET_ONE[:2]],
                         language=args["language"], supported_languages=list(SPELLING_LANGUAGES))
    found = correct_text(text, language)
    return {**_base(args, found.text, "offline", None), "language": args["language"],
            "corrections": found.corrections, "correction_count": len(found.corrections),
            "unknown_words": found.unknown, "suggestions": found.suggestions}


def _analyze(args: dict[str, Any]) -> dict[str, Any]:
    audience = AUDIENCE_OF_STYLE[args["style"]]
    found = analyze(blocks_from_text(args["text"]), "comprehensive", audience, "other", True, True,
                    lang=args["language"].split("-")[0])
    out = _base(args, found["summary"], "offline", None)
    out.update({"language": args["language"], "style": args["style"], "analysis": found})
    return out
