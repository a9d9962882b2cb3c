"""text_processor translate through the client's model always fills the seed's `source_language` and
`confidence_score`: from the model's answer when it gives them in any usual form (`"EN"`, `"English"`, `"0.9"`,
`95`), else from identifying the original's language offline (py3langid), its probability as the confidence. A
model that answered with the translation alone left both null, where the seed shows "en" and 0.95."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcp import Client
from mcp.types import CreateMessageRequestParams, CreateMessageResult, TextContent

from tests.tools.test_text_processor import TRANSLATE, call, no_endpoint, server

__all__ = ["no_endpoint"]  # a fixture used below

pytestmark = pytest.mark.anyio


async def translated_by(reply: str, args: dict[str, Any] = TRANSLATE) -> dict[str, Any]:
    async def sampling(context: Any, params: CreateMessageRequestParams) -> CreateMessageResult:
        return CreateMessageResult(role="assistant", model="client-model", content=TextContent(type="text", text=reply))

    async with Client(server(), sampling_callback=sampling, mode="legacy") as client:
        return await call(client, args)


async def test_a_bare_translation_gets_the_identified_source_language_and_its_probability(no_endpoint: None) -> None:
    found = await translated_by("Hola, ¿cómo estás hoy?")
    assert found["processed_text"] == "Hola, ¿cómo estás hoy?"
    assert found["source_language"] == "en" and found["target_language"] == "es"
    assert isinstance(found["confidence_score"], float) and 0.9 <= found["confidence_score"] <= 1
    assert found["confidence_basis"] == "source_language_identification"


@pytest.mark.parametrize(("source", "confidence", "shown"), [
    ("EN", "0.9", 0.9), ("English", 95, 0.95), ("en-GB", 0.8, 0.8), ("en", True, None), ("??", 7000, None),
])
async def test_the_models_own_values_in_their_usual_forms(no_endpoint: None, source: Any, confidence: Any,
                                                           shown: float | None) -> None:
    reply = json.dumps({"source_language": source, "confidence": confidence, "translation": "Hola, ¿qué tal?"})
    found = await translated_by(reply)
    assert found["source_language"] == "en"
    if shown is None:  # not a confidence: the identification's
        assert found["confidence_basis"] == "source_language_identification" and found["confidence_score"] >= 0.9
    else:
        assert (found["confidence_score"], found["confidence_basis"]) == (shown, "model")


async def test_text_too_short_to_identify_is_undetermined_with_no_confidence(no_endpoint: None) -> None:
    found = await translated_by("Vale", {**TRANSLATE, "text": "ok"})
    assert (found["source_language"], found["confidence_score"]) == ("und", 0.0)
    assert found["confidence_basis"] == "source_language_identification"
