"""text_processor: the seed's schema, examples and errors; the three engines (the client's model through
sampling, a chat-completions endpoint on 127.0.0.1, offline) and which one answered."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp.types import CreateMessageRequestParams, CreateMessageResult, ErrorData, TextContent

from bridge.tools.text_processor import register

pytestmark = pytest.mark.anyio

SEED_PROPERTIES: dict[str, dict[str, Any]] = {  # seed 000, tool 2, as written
    "text": {"type": "string", "description": "Text content to process", "minLength": 1, "maxLength": 10000},
    "operation": {"type": "string", "description": "Text processing operation to perform",
                  "enum": ["summarize", "translate", "format", "analyze", "correct", "enhance"]},
    "language": {"type": "string", "description": "Language for translation or analysis (ISO 639-1)",
                 "examples": ["en", "es", "fr", "de", "zh", "ja"], "default": "en"},
    "style": {"type": "string", "description": "Style for formatting or enhancement",
              "enum": ["formal", "casual", "academic", "business", "creative"], "default": "formal"},
    "max_length": {"type": "integer", "description": "Maximum length of output (for summarize operation)",
                   "minimum": 50, "maximum": 2000, "default": 500},
    "tone": {"type": "string", "description": "Tone for text enhancement",
             "enum": ["professional", "friendly", "authoritative", "conversational"], "default": "professional"},
}
SUMMARIZE = {"text": "This is a very long document that contains many paragraphs of information about various topics "
                     "including technology, business, and innovation. The document discusses the impact of artificial "
                     "intelligence on modern business practices and how companies are adapting to these changes.",
             "operation": "summarize", "style": "business", "max_length": 200}
TRANSLATE = {"text": "Hello, how are you today?", "operation": "translate", "language": "es", "style": "casual"}
ENHANCE = {"text": "The product is good. It works well.", "operation": "enhance", "style": "business",
           "tone": "professional"}


class ChatServer:
    """A chat-completions endpoint on 127.0.0.1 that answers with `reply(body)` and records each request."""

    def __init__(self, reply: Any, status: int = 200) -> None:
        self.requests: list[dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
                payload = json.dumps({"id": "x", "object": "chat.completion", "model": "local-7b", "choices": [
                    {"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": reply(body)}}]}).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def model_reply(body: dict[str, Any]) -> str:
    """What a model says, by the instruction it got."""
    system, user = body["messages"][0]["content"], body["messages"][1]["content"]
    if "translate" in system:
        return '```json\n{"source_language": "en", "confidence": 0.93, "translation": "Hola, ¿cómo estás hoy?"}\n```'
    if "improve" in system:
        return json.dumps({"text": "The product delivers reliable, high-quality performance.",
                           "improvements": ["Enhanced vocabulary", "Added professional tone"]})
    if "summarize" in system:
        return "AI is changing business. " * 20  # longer than asked: the tool cuts it
    return user.rsplit("\n", 1)[-1].upper()


@pytest.fixture
def no_endpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("WORD_BRIDGE_LLM_URL", "WORD_BRIDGE_LLM_MODEL", "WORD_BRIDGE_LLM_API_KEY"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def endpoint(monkeypatch: pytest.MonkeyPatch) -> Iterator[ChatServer]:
    chat = ChatServer(model_reply)
    monkeypatch.setenv("WORD_BRIDGE_LLM_URL", chat.url)
    monkeypatch.setenv("WORD_BRIDGE_LLM_MODEL", "local-7b")
    monkeypatch.setenv("WORD_BRIDGE_LLM_API_KEY", "sk-test")
    yield chat
    chat.close()


def server() -> MCPServer:
    s = MCPServer("test")
    register(s)
    return s


async def call(client: Client, args: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool("text_processor", args)
    assert not result.is_error
    assert json.loads(result.content[1].text) == result.structured_content
    return {"line": result.content[0].text, **(result.structured_content or {})}


async def error_of(client: Client, args: dict[str, Any]) -> MCPError:
    with pytest.raises(MCPError) as caught:
        await client.call_tool("text_processor", args)
    return caught.value


async def test_the_listed_schema_is_the_seeds():
    async with Client(server()) as client:
        tool = (await client.list_tools()).tools[0]
    assert tool.input_schema == {"type": "object", "properties": SEED_PROPERTIES, "required": ["text", "operation"]}


async def test_offline_summary_of_the_seed_example(no_endpoint):
    async with Client(server()) as client:
        found = await call(client, SUMMARIZE)
    assert found["line"] == "Text successfully summarized"
    assert found["engine"] == "offline" and found["model"] is None and found["method"] == "extractive"
    processed = found["processed_text"]
    assert 0 < len(processed) <= 200 and processed in SUMMARIZE["text"]  # whole sentences of the original
    assert found["original_length"] == len(SUMMARIZE["text"]) and found["processed_length"] == len(processed)
    assert found["compression_ratio"] == round(1 - len(processed) / len(SUMMARIZE["text"]), 2)
    assert found["style"] == "business" and found["original_text"] == SUMMARIZE["text"]


async def test_offline_translate_and_enhance_say_how_to_get_a_model(no_endpoint):
    async with Client(server()) as client:
        for args in (TRANSLATE, ENHANCE):
            error = await error_of(client, args)
            assert (error.error.code, error.error.message) == (-32603, "No language model available")
            assert error.error.data["error_type"] == "no_language_model"
            assert error.error.data["operation"] == args["operation"]
            tips = error.error.data["suggestions"]
            assert len(tips) == 3 and "sampling" in tips[0] and "WORD_BRIDGE_LLM_URL" in tips[1]


async def test_the_endpoint_answers_when_the_client_cannot_sample(endpoint):
    async with Client(server()) as client:
        translated = await call(client, TRANSLATE)
        enhanced = await call(client, ENHANCE)
        summary = await call(client, SUMMARIZE)
    assert translated["line"] == "Text successfully translated"
    assert {k: translated[k] for k in ("processed_text", "source_language", "target_language", "style",
                                       "confidence_score", "engine", "model")} == {
        "processed_text": "Hola, ¿cómo estás hoy?", "source_language": "en", "target_language": "es",
        "style": "casual", "confidence_score": 0.93, "engine": "endpoint", "model": "local-7b"}
    assert enhanced["processed_text"] == "The product delivers reliable, high-quality performance."
    assert enhanced["improvements"] == ["Enhanced vocabulary", "Added professional tone"]
    assert enhanced["tone"] == "professional"
    assert len(summary["processed_text"]) <= 200 and summary["processed_text"].startswith("AI is changing business.")
    first = endpoint.requests[0]
    assert first["path"] == "/v1/chat/completions" and first["auth"] == "Bearer sk-test"
    assert first["body"]["model"] == "local-7b" and first["body"]["stream"] is False
    assert "Spanish (es)" in first["body"]["messages"][1]["content"]
    assert first["body"]["messages"][1]["content"].endswith(TRANSLATE["text"])


async def test_an_endpoint_failure_is_a_language_model_error(monkeypatch, unused_tcp_port):
    broken = ChatServer(lambda body: "nope", status=500)
    try:
        async with Client(server()) as client:
            monkeypatch.setenv("WORD_BRIDGE_LLM_URL", broken.url)
            failed = await error_of(client, TRANSLATE)
            monkeypatch.setenv("WORD_BRIDGE_LLM_URL", f"http://127.0.0.1:{unused_tcp_port}/v1")
            refused = await error_of(client, ENHANCE)
    finally:
        broken.close()
    assert failed.error.code == -32603 and failed.error.data["error_type"] == "language_model_error"
    assert failed.error.data["engine"] == "endpoint" and "HTTP 500" in failed.error.data["error_details"]
    assert refused.error.data["error_type"] == "language_model_error"
    assert "ConnectError" in refused.error.data["error_details"]


@pytest.mark.parametrize("mode", ["auto", "legacy"])  # 2026-07-28 (input_required) and 2025-11-25 (mid-call request)
async def test_the_clients_model_wins_through_sampling(endpoint, mode):
    asked: list[CreateMessageRequestParams] = []

    async def sampling(context: Any, params: CreateMessageRequestParams) -> CreateMessageResult:
        asked.append(params)
        return CreateMessageResult(role="assistant", model="client-model", content=TextContent(
            type="text", text='{"source_language": "en", "confidence": 0.8, "translation": "Hola, ¿qué tal?"}'))

    async with Client(server(), sampling_callback=sampling, mode=mode) as client:
        found = await call(client, TRANSLATE)
        analyzed = await call(client, {"text": "A short text. It has two sentences.", "operation": "analyze"})
    assert (found["engine"], found["model"], found["processed_text"]) == ("sampling", "client-model",
                                                                          "Hola, ¿qué tal?")
    assert len(asked) == 1 and asked[0].messages[0].content.text.endswith(TRANSLATE["text"])
    assert "translate" in (asked[0].system_prompt or "")
    assert analyzed["engine"] == "offline"  # analyze always runs the analyzer's metrics
    assert endpoint.requests == []


async def test_a_declined_sampling_request_falls_back_offline_or_says_why(endpoint):
    """A client that says no (2025-11-25, where the refusal reaches the server mid-call): summarize, format and
    correct answer offline and say why; translate and enhance answer the seed's error shape. The person said no
    to a model, so the text does not go to the configured endpoint either."""
    asked: list[str] = []

    async def refuse(context: Any, params: CreateMessageRequestParams) -> ErrorData:
        asked.append(params.messages[0].content.text)
        return ErrorData(code=-1, message="User rejected sampling request")

    text = "Hello, how are you today?"
    async with Client(server(), sampling_callback=refuse, mode="legacy") as client:
        offline = {op: await call(client, {"text": text, "operation": op}) for op in ("summarize", "format", "correct")}
        refused = {op: await error_of(client, {"text": text, "operation": op}) for op in ("translate", "enhance")}
    assert len(asked) == 5 and endpoint.requests == []
    for op, found in offline.items():
        assert found["line"] == {"summarize": "Text successfully summarized", "format": "Text successfully formatted",
                                 "correct": "Text successfully corrected"}[op]
        assert (found["engine"], found["model"], found["processed_text"]) == ("offline", None, text)
        assert found["fallback"] == {"from": "sampling", "reason": "User rejected sampling request",
                                     "client_error_code": -1}
    assert offline["summarize"]["method"] == "extractive" and offline["correct"]["corrections"] == []
    for op, error in refused.items():
        assert (error.error.code, error.error.message) == (-32603, "The client declined the language model request")
        data = error.error.data
        assert (data["error_type"], data["engine"], data["operation"]) == ("sampling_declined", "sampling", op)
        assert data["error_details"] == "User rejected sampling request" and data["client_error_code"] == -1
        assert len(data["suggestions"]) == 3 and "offline" in data["suggestions"][1]


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_processing_time_counts_the_clients_model(no_endpoint, mode):
    """The model's time is part of the result's time on both protocols (on 2026-07-28 the client answers between
    two rounds of the call)."""
    async def slow(context: Any, params: CreateMessageRequestParams) -> CreateMessageResult:
        await anyio.sleep(0.4)
        return CreateMessageResult(role="assistant", model="client-model",
                                   content=TextContent(type="text", text="AI changes business."))

    async with Client(server(), sampling_callback=slow, mode=mode) as client:
        found = await call(client, {**SUMMARIZE, "text": SUMMARIZE["text"] + f" ({mode})"})
    assert (found["engine"], found["processed_text"]) == ("sampling", "AI changes business.")
    assert 400 <= found["processing_time_ms"] < 10_000


async def test_offline_correct_uses_the_dictionary_and_leaves_names(no_endpoint):
    text = "Teh colour of the the recieving end was definately wierd, said Zhangwei of NASA."
    async with Client(server()) as client:
        found = await call(client, {"text": text, "operation": "correct"})
        japanese = await error_of(client, {"text": "これはペンです", "operation": "correct", "language": "ja"})
    assert found["processed_text"] == "The colour of the receiving end was definitely weird, said Zhangwei of NASA."
    assert {"original": "recieving", "correction": "receiving"} in found["corrections"]
    assert {"original": "the the", "correction": "the"} in found["corrections"]
    assert found["correction_count"] == 5 and found["engine"] == "offline"
    assert japanese.error.code == -32602 and japanese.error.data["error_type"] == "unsupported_language"


async def test_offline_format_follows_the_style(no_endpoint):
    text = 'we  don\'t   know "why" -- yet ...  it works'
    async with Client(server()) as client:
        formal = await call(client, {"text": text, "operation": "format", "style": "formal"})
        casual = await call(client, {"text": text, "operation": "format", "style": "casual"})
    assert formal["processed_text"] == "We do not know “why”—yet… it works"
    assert casual["processed_text"] == 'We don\'t know "why" -- yet... it works'
    assert "Expanded contractions (1)" in formal["changes"]


async def test_offline_format_keeps_inner_capitals_and_abbreviations(no_endpoint):
    async with Client(server()) as client:
        qa = await call(client, {"text": "iPhone sales rose, e.g. in europe. the eBay data agrees.",
                                 "operation": "format"})
        more = await call(client, {"text": "ask Dr. smith, i.e. the vet, vs. mr. Jones etc. and so on. so do i. ok",
                                   "operation": "format", "style": "casual"})
    assert qa["processed_text"] == "iPhone sales rose, e.g. in europe. The eBay data agrees."
    assert qa["changes"] == ["Capitalised sentence starts (1)"]
    assert more["processed_text"] == "Ask Dr. Smith, i.e. the vet, vs. mr. Jones etc. and so on. So do I. Ok"


async def test_offline_correct_leaves_foreign_letters_inner_capitals_and_digits(no_endpoint):
    text = "The naïve café owner sent a résumé from his iPhone and eBay account as mp3 and 3rd files. Ths ends."
    async with Client(server()) as client:
        english = await call(client, {"text": text, "operation": "correct"})
        spanish = await call(client, {"text": "El niño está aquí con la cancion", "operation": "correct",
                                      "language": "es"})
    # "This" keeps every letter typed (one left out); "The" would replace one
    assert english["processed_text"] == text.replace("Ths", "This")
    assert english["corrections"] == [{"original": "Ths", "correction": "This"}]
    assert spanish["processed_text"] == "El niño está aquí con la canción"  # a typed accent is never dropped


async def test_text_that_looks_like_json_is_still_text(no_endpoint):
    """The SDK JSON-decodes string arguments of loosely typed parameters; this one must stay text."""
    async with Client(server()) as client:
        found = await call(client, {"text": "[1, 2, 3]", "operation": "format"})
        null = await call(client, {"text": "null", "operation": "format"})
    assert found["processed_text"] == "[1, 2, 3]" and null["original_text"] == "null"


async def test_seed_errors(no_endpoint):
    async with Client(server()) as client:
        invalid = await error_of(client, {"text": "Some text", "operation": "invalid_op"})
        too_long = await error_of(client, {"text": "x" * 15000, "operation": "summarize"})
        short = await error_of(client, {"text": "Some text", "operation": "summarize", "max_length": 10})
        typed = await error_of(client, {"text": 42, "operation": "format"})
    assert (invalid.error.code, invalid.error.message) == (-32602, "Invalid operation specified")
    assert invalid.error.data == {"error_type": "invalid_operation", "provided_operation": "invalid_op",
                                  "valid_operations": SEED_PROPERTIES["operation"]["enum"],
                                  "suggestions": ["Use one of the valid operation types",
                                                  "Check operation spelling and case"]}
    assert (too_long.error.code, too_long.error.message) == (-32602, "Text length exceeds maximum limit")
    assert too_long.error.data == {"error_type": "text_too_long", "text_length": 15000, "max_length": 10000,
                                   "suggestions": ["Reduce text length to 10,000 characters or less",
                                                   "Split text into smaller chunks", "Use summarize operation first"]}
    assert short.error.code == -32602 and short.error.data["minimum"] == 50
    assert typed.error.data["parameter"] == "text" and "must be a string" in typed.error.message


async def test_analyze_returns_the_analyzers_metrics(no_endpoint):
    text = "The results were reviewed by the team. We might need more data. Overall, the plan works."
    async with Client(server()) as client:
        found = await call(client, {"text": text, "operation": "analyze", "style": "business"})
    assert found["line"] == "Text successfully analyzed"
    analysis = found["analysis"]
    assert found["processed_text"] == analysis["summary"]
    assert set(analysis["metrics"]) == {"flesch_reading_ease", "flesch_kincaid_grade", "gunning_fog_index",
                                        "coleman_liau_index", "smog_index", "automated_readability_index"}
    assert analysis["statistics"]["passive_sentences"] == 1
