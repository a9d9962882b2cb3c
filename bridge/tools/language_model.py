"""Which language model answers `text_processor`: always the person's own, never a service of ours.

1. MCP sampling, when the client declares the capability: the server asks the client's model (the SDK's resolver
   pattern, so it works on both protocol generations).
2. Otherwise an OpenAI-compatible chat-completions endpoint from `WORD_BRIDGE_LLM_URL` (+ `WORD_BRIDGE_LLM_MODEL`,
   `WORD_BRIDGE_LLM_API_KEY`, `WORD_BRIDGE_LLM_TIMEOUT`), e.g. a local Ollama or llama.cpp server.
3. Otherwise offline: the operations that need no model run locally, the others say how to get one.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from typing import Any, Final

import httpx
from mcp.server.mcpserver import Sample
from mcp.types import CreateMessageResult, SamplingMessage, TextContent

LANGUAGE_NAMES: Final = {
    "en": "English", "es": "Spanish", "fr": "French", "de": "German", "it": "Italian", "pt": "Portuguese",
    "nl": "Dutch", "zh": "Chinese", "ja": "Japanese", "ko": "Korean", "ru": "Russian", "ar": "Arabic",
    "hi": "Hindi", "pl": "Polish", "sv": "Swedish", "da": "Danish", "fi": "Finnish", "no": "Norwegian",
    "tr": "Turkish", "el": "Greek", "cs": "Czech", "uk": "Ukrainian", "he": "Hebrew", "id": "Indonesian",
}
DEFAULT_TIMEOUT: Final = 60.0

HOW_TO_GET_ONE: Final = [
    "Use an MCP client that supports sampling: the server then asks your client's own model",
    "Set WORD_BRIDGE_LLM_URL to an OpenAI-compatible chat endpoint, e.g. a local Ollama "
    "(http://127.0.0.1:11434/v1) or llama.cpp server (http://127.0.0.1:8080/v1), and WORD_BRIDGE_LLM_MODEL",
    "Use an operation that runs offline: summarize, format, analyze or correct",
]


class LanguageModelError(Exception):
    """The endpoint or the client's model did not give a usable answer."""


@dataclass(frozen=True)
class Prompt:
    system: str
    user: str
    max_tokens: int
    wants_json: bool = False


@dataclass(frozen=True)
class Reply:
    text: str
    engine: str
    """"sampling" or "endpoint"."""
    model: str | None


@dataclass(frozen=True)
class Endpoint:
    url: str
    model: str
    api_key: str | None
    timeout: float


def language_name(code: str) -> str:
    return LANGUAGE_NAMES.get(code.split("-")[0].lower(), code)


def prompt_for(operation: str, text: str, language: str, style: str, max_length: int, tone: str) -> Prompt:
    """The instructions for one operation; the text itself is the last part of the user message."""
    size = min(8192, len(text) // 2 + 256)
    if operation == "summarize":
        return Prompt("You summarize text. Reply with the summary only: no preface, no quotes.",
                      f"Summarize the text below in at most {max_length} characters, in a {style} style, in the "
                      f"language of the text.\n\nText:\n{text}", max(64, max_length // 2))
    if operation == "translate":
        return Prompt('You translate text. Reply with one JSON object only: {"source_language": the ISO 639-1 code '
                      'of the original, "confidence": your confidence in the translation from 0 to 1, '
                      '"translation": the translated text}.',
                      f"Translate the text below into {language_name(language)} ({language}), in a {style} "
                      f"register.\n\nText:\n{text}", size, wants_json=True)
    if operation == "enhance":
        return Prompt('You improve text. Reply with one JSON object only: {"text": the improved text, '
                      '"improvements": a list of short phrases naming what you improved}.',
                      f"Improve the text below for a {style} document with a {tone} tone. Keep its meaning and its "
                      f"language.\n\nText:\n{text}", size, wants_json=True)
    if operation == "correct":
        return Prompt("You proofread text. Reply with the corrected text only.",
                      f"Correct the spelling, grammar and punctuation of the text below ({language_name(language)}). "
                      f"Keep its meaning and every correct word as it is.\n\nText:\n{text}", size)
    return Prompt("You format text. Reply with the formatted text only.",
                  f"Format the text below for a {style} document: fix whitespace, punctuation, capitalisation and "
                  f"paragraphing without changing the wording.\n\nText:\n{text}", size)


def sample(prompt: Prompt) -> Sample:
    """The sampling request for the client's model."""
    message = SamplingMessage(role="user", content=TextContent(type="text", text=prompt.user))
    return Sample([message], max_tokens=prompt.max_tokens, system_prompt=prompt.system, temperature=0.2)


def from_sampling(result: CreateMessageResult) -> Reply:
    content = result.content
    if not isinstance(content, TextContent) or not content.text.strip():
        raise LanguageModelError("the client's model answered without text")
    return Reply(content.text.strip(), "sampling", result.model)


def endpoint() -> Endpoint | None:
    """The configured chat endpoint, read at call time; None when `WORD_BRIDGE_LLM_URL` is unset."""
    url = os.environ.get("WORD_BRIDGE_LLM_URL", "").strip()
    if not url:
        return None
    url = url.rstrip("/")
    if not url.endswith("/chat/completions"):
        url += "/chat/completions"
    try:
        timeout = float(os.environ.get("WORD_BRIDGE_LLM_TIMEOUT") or DEFAULT_TIMEOUT)
    except ValueError:
        timeout = DEFAULT_TIMEOUT
    return Endpoint(url, os.environ.get("WORD_BRIDGE_LLM_MODEL", "").strip() or "default",
                    os.environ.get("WORD_BRIDGE_LLM_API_KEY") or None, timeout)


async def ask_endpoint(where: Endpoint, prompt: Prompt) -> Reply:
    """One chat-completions request (no streaming)."""
    body = {"model": where.model, "temperature": 0.2, "max_tokens": prompt.max_tokens, "stream": False,
            "messages": [{"role": "system", "content": prompt.system}, {"role": "user", "content": prompt.user}]}
    headers = {"Authorization": f"Bearer {where.api_key}"} if where.api_key else {}
    try:
        async with httpx.AsyncClient(timeout=where.timeout, follow_redirects=False) as client:
            response = await client.post(where.url, json=body, headers=headers)
    except httpx.HTTPError as exc:
        raise LanguageModelError(f"{type(exc).__name__}: {exc or 'no answer'} ({where.url})") from exc
    if response.status_code != 200:
        raise LanguageModelError(f"HTTP {response.status_code} from {where.url}: {response.text[:300]}")
    try:
        data = response.json()
        text = data["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise LanguageModelError(f"not a chat-completions answer from {where.url}: {response.text[:300]}") from exc
    if not isinstance(text, str) or not text.strip():
        raise LanguageModelError(f"empty answer from {where.url}")
    model = data.get("model") if isinstance(data.get("model"), str) else where.model
    return Reply(text.strip(), "endpoint", model)


def json_reply(text: str) -> dict[str, Any] | None:
    """The JSON object in a model's reply (code fences and chatter around it tolerated), or None."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        found = json.loads(text[start:end + 1])
    except ValueError:
        return None
    return found if isinstance(found, dict) else None


def strip_wrapping(text: str) -> str:
    """A plain-text reply without a code fence or surrounding quotes some models add."""
    fenced = re.fullmatch(r"```[\w-]*\n(.*?)\n?```", text.strip(), flags=re.S)
    text = fenced.group(1) if fenced else text.strip()
    if len(text) > 1 and text[0] == text[-1] and text[0] in "\"“":
        text = text[1:-1]
    return text.strip()
