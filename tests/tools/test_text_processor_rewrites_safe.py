"""text_processor's offline rewrites never damage text (QA, reproduced twice each):

- `format` put a space after the `?` of a URL and capitalised the next letter (`report? Id=7,8`);
- `format` formal/academic expanded every "it's" to "it is" ("It is been raining", "It is got a handle");
- `correct` rewrote names at sentence starts and took the most frequent candidate however it was reached
  (Shopify → Shoplift, Nvidia → Vida, adress → dress, acount → count, wich → with, Figma → Sigma).
"""

from __future__ import annotations

import pytest
from mcp import Client

from bridge.tools.analysis.rewrite import format_text
from bridge.tools.analysis.spelling import correct_text, keeps_letters
from tests.tools.test_text_processor import call, no_endpoint, server  # noqa: F401 - no_endpoint is a fixture

pytestmark = pytest.mark.anyio

QA_URL = "Details at https://example.com/report?id=7,8 and more"


@pytest.mark.parametrize("style", [None, "casual", "formal", "academic", "business", "creative"])
async def test_format_leaves_the_qa_url_alone(no_endpoint, style):  # noqa: F811 - the fixture
    args = {"text": QA_URL, "operation": "format", **({"style": style} if style else {})}
    async with Client(server()) as client:
        found = await call(client, args)
    assert found["processed_text"] == QA_URL and found["changes"] == []


@pytest.mark.parametrize("style", ["casual", "formal"])
@pytest.mark.parametrize("kept", [
    "https://example.com/a,b;c!d?e=f", "http://x.org/i/'quote'/--/.../end", "www.example.com/report?id=1,2",
    "bob.smith@example.com", "mailto:ann@example.org?subject=hi,there", "C:\\Users\\i\\notes.txt",
    "/usr/i/bin", "notes.txt", "example.com", "v1.2.3", "3.14", "1,000,000", "10:30", ".NET", ".5",
])
def test_format_leaves_urls_addresses_paths_files_and_numbers_as_written(style, kept):
    for text in (f"see {kept} now", f"it is. {kept} is next", f"{kept}", f"(see {kept}), then"):
        processed, _ = format_text(text, style)
        assert kept in processed, (text, processed)


def test_format_still_tidies_the_sentence_around_a_url():
    processed, changes = format_text("see https://x.com/a?b=1 ,it works.then visit example.com. ok", "casual")
    assert processed == "See https://x.com/a?b=1, it works.then visit example.com. Ok"
    assert "Added spaces after punctuation (1)" in changes and "Removed spaces before punctuation (1)" in changes


@pytest.mark.parametrize("style", ["formal", "academic"])
async def test_format_expands_its_by_its_meaning(no_endpoint, style):  # noqa: F811 - the fixture
    async with Client(server()) as client:
        found = await call(client, {"text": "It's been raining. It's got a handle.", "operation": "format",
                                    "style": style})
    assert found["processed_text"] == "It has been raining. It has got a handle."


def test_format_leaves_its_unexpanded_where_it_could_mean_either():
    processed, changes = format_text("It's not been easy. It's gone. It's closed now. it's fine, it's had "
                                     "its day and it's red.", "formal")
    assert processed == ("It has not been easy. It’s gone. It’s closed now. It is fine, it has had its day and it "
                         "is red.")
    assert "Expanded contractions (4)" in changes
    assert any(change.startswith("Left “it's” as written before a past participle (2)") for change in changes)


async def test_correct_leaves_names_and_picks_the_word_that_keeps_the_letters(no_endpoint):  # noqa: F811
    text = "Shopify reported growth. Nvidia shipped chips. Please send the adress."
    async with Client(server()) as client:
        found = await call(client, {"text": text, "operation": "correct"})
    assert found["processed_text"] == "Shopify reported growth. Nvidia shipped chips. Please send the address."
    assert found["corrections"] == [{"original": "adress", "correction": "address"}]
    assert found["unknown_words"] == ["Shopify", "Nvidia"]


def test_correct_more_qa_words():
    found = correct_text("Figma ships. Grafana too. It is the one wich has my acount. The grafana chart.")
    assert found.text == "Figma ships. Grafana too. It is the one which has my account. The grafana chart."
    assert found.corrections == [{"original": "wich", "correction": "which"},
                                 {"original": "acount", "correction": "account"}]
    assert found.unknown == ["Figma", "Grafana", "grafana"]
    assert found.suggestions["Figma"] == ["Sigma"]  # offered, not written


def test_correct_lists_unsure_words_with_suggestions_instead_of_guessing():
    found = correct_text("There is alot of noise. The figma file is publically shared.")
    assert found.text == "There is alot of noise. The figma file is publically shared."
    assert found.corrections == []
    assert found.unknown == ["alot", "figma", "publically"]
    assert found.suggestions["alot"][0] == "lot" and found.suggestions["publically"][0] == "publicly"


def test_correct_still_fixes_clear_typos():
    found = correct_text("Teh results were recieved untill tommorow; seperate them definately.")
    assert found.text == "The results were received until tomorrow; separate them definitely."
    assert found.unknown == [] and found.suggestions == {}


@pytest.mark.parametrize(("word", "candidate", "kept"), [
    ("adress", "address", True), ("acount", "account", True), ("recieved", "received", True),
    ("untill", "until", True), ("cancion", "canción", True), ("adress", "dress", False), ("acount", "count", False),
    ("wich", "with", False), ("figma", "sigma", False), ("truely", "truly", False),
])
def test_keeps_letters(word, candidate, kept):
    assert keeps_letters(word, candidate) is kept
