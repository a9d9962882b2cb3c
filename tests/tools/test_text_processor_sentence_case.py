"""text_processor `format`: which words start a sentence. QA: "wait... and then" came back as "wait... And then"
(also with "…"): a mid-sentence ellipsis is followed by a small letter in English, so only the writer's capital (or
a new line) starts a sentence after one. After an abbreviation that does not end a sentence ("e.g. the", "approx.
five") nothing is capitalised; after a title (Dr., Mr., Mrs., Ms., Prof.) the next word is a name, so "Dr. smith"
becomes "Dr. Smith" the way a careful editor writes it ("Dr. and Mrs. Smith" keeps its "and")."""

from __future__ import annotations

import pytest
from mcp import Client

from bridge.tools.analysis.rewrite import format_text
from tests.tools.test_text_processor import call, no_endpoint, server  # noqa: F401 - no_endpoint is a fixture

pytestmark = pytest.mark.anyio


async def test_format_keeps_the_small_letter_after_a_mid_sentence_ellipsis(no_endpoint):  # noqa: F811 - fixture
    async with Client(server()) as client:
        dots = await call(client, {"text": "wait... and then it rained.", "operation": "format"})
        casual = await call(client, {"text": "wait... and then it rained.", "operation": "format",
                                     "style": "casual"})
        glyph = await call(client, {"text": "wait… and then it rained.", "operation": "format"})
    assert dots["processed_text"] == "Wait… and then it rained."
    assert casual["processed_text"] == "Wait... and then it rained."
    assert glyph["processed_text"] == "Wait… and then it rained."
    assert glyph["changes"] == ["Capitalised sentence starts (1)"]


@pytest.mark.parametrize(("text", "expected"), [
    ("I waited... Then it rained.", "I waited… Then it rained."),  # the writer's capital: a new sentence, kept
    ("so it goes . . . and on", "So it goes… and on"),  # a spaced ellipsis is closed up first
    ("I waited...\nthen it rained.", "I waited…\nThen it rained."),  # a new line starts a sentence
    ("I waited…\n\nthen it rained.", "I waited…\n\nThen it rained."),  # so does a new paragraph
    ("really...? yes.", "Really…? Yes."),  # the question mark ends the sentence
])
def test_format_after_an_ellipsis(text: str, expected: str):
    assert format_text(text, "formal")[0] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("fruit, e.g. the apple. it grows.", "Fruit, e.g. the apple. It grows."),
    ("it weighs approx. five kilos. fine.", "It weighs approx. five kilos. Fine."),
    ("ask Dr. smith today.", "Ask Dr. Smith today."),
    ("ask Prof. jones or Mrs. lee.", "Ask Prof. Jones or Mrs. Lee."),
    ("dr. smith said so.", "Dr. Smith said so."),  # a sentence's first word, so a title all the same
    ("Dr. and Mrs. Smith came.", "Dr. and Mrs. Smith came."),  # a title before "and" names no one yet
    ("Dr Smith and Mr smith came.", "Dr Smith and Mr Smith came."),  # British style, no full stop
    ("the ms. was sent.", "The ms. was sent."),  # a manuscript, not a title: "was" is no name
])
def test_format_after_an_abbreviation(text: str, expected: str):
    assert format_text(text, "formal")[0] == expected


def test_format_counts_names_after_titles():
    processed, changes = format_text("Ask Dr. smith.", "casual")
    assert processed == "Ask Dr. Smith."
    assert changes == ["Capitalised names after titles (1)"]
