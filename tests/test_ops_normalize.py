"""Colour, size and id normalisation (bridge.word.ops.normalize)."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.word.ops import normalize as n
from bridge.word.ops.css_colors import CSS_COLORS

COLOURS: list[tuple[Any, str]] = [
    ("#1f4e79", "#1F4E79"),
    ("#ABC", "#AABBCC"),
    ("1f4e79", "#1F4E79"),
    ("rgb(255,0,0)", "#FF0000"),
    ("RGB( 0 , 128 , 255 )", "#0080FF"),
    ("rgb(100%, 0%, 50%)", "#FF0080"),
    ("rgba(0,0,0,1)", "#000000"),
    ("rgba(0,0,0,0.5)", "#808080"),
    ("rgba(255,0,0,0)", "#FFFFFF"),
    ("rgb(0 0 255 / 50%)", "#8080FF"),
    ("rgb(300,-5,0)", "#FF0000"),
    ("#FF000080", "#FF7F7F"),
    ("red", "#FF0000"),
    ("DarkSlateGray", "#2F4F4F"),
    ("light grey", "#D3D3D3"),
    ("rebeccapurple", "#663399"),
]


@pytest.mark.parametrize(("value", "expected"), COLOURS)
def test_colours(value: Any, expected: str) -> None:
    assert n.to_color(value) == expected


@pytest.mark.parametrize("value", ["#12", "#GGGGGG", "rgb(1,2,3,4,5)", "rgb(a,b,c)", "hsl(0,100%,50%)", "", 255, None, "fff"])
def test_bad_colours(value: Any) -> None:
    with pytest.raises(n.Invalid):
        n.to_color(value)


@pytest.mark.parametrize(("value", "expected"), [(None, None), ("none", None), ("transparent", None), ("rgba(1,2,3,0)", None), ("lime", "#00FF00")])
def test_highlight(value: Any, expected: str | None) -> None:
    assert n.to_highlight(value) == expected


def test_css_table_has_all_148_names() -> None:
    from PIL import ImageColor  # an independent copy of the CSS list

    assert len(CSS_COLORS) == 148
    assert {k: "#" + v for k, v in CSS_COLORS.items()} == {k: v.upper() for k, v in ImageColor.colormap.items()}


SIZES: list[tuple[Any, float]] = [
    (12, 12), (10.5, 10.5), ("12", 12), ("12pt", 12), ("12 PT", 12), ("16px", 12), ("1in", 72), ("2cm", 56.69),
    ("10mm", 28.35), ("1pc", 12), ("0.333", 0.33), (11.999, 12),
]


@pytest.mark.parametrize(("value", "expected"), SIZES)
def test_sizes(value: Any, expected: float) -> None:
    assert n.to_points(value, 0, 1638, open_lo=True) == expected


@pytest.mark.parametrize("value", [True, "abc", "12 em", "-1", 0, "0px", float("inf"), [12], 1639])
def test_bad_sizes(value: Any) -> None:
    with pytest.raises(n.Invalid):
        n.to_points(value, 0, 1638, open_lo=True)


def test_size_integral_is_int() -> None:
    assert isinstance(n.to_points("1in", 0, 1584, open_lo=True), int)


@pytest.mark.parametrize(("value", "expected"), [
    ("selection", "selection"), ("cursor", "selection"), ("DOCUMENT", "document"), ("rng_1", "rangeId:rng_1"),
    ("rangeId:rng_1", "rangeId:rng_1"), ("rangeid:a.b-c:d", "rangeId:a.b-c:d"), ("tbl_3", "rangeId:tbl_3"),
])
def test_scope(value: str, expected: str) -> None:
    assert n.to_scope(value) == expected


@pytest.mark.parametrize(("value", "expected"), [
    ("tbl_1", "tableId:tbl_1"), ("rng_1", "rangeId:rng_1"), ("tableId:x", "tableId:x"), ("TableId:x", "tableId:x"),
    ("rangeId:tbl_1", "rangeId:tbl_1"), ("anc_7", "anchor:anc_7"), ("rangeId:7", "rangeId:7"),
])
def test_table_ref(value: str, expected: str) -> None:
    assert n.to_table_ref(value) == expected


@pytest.mark.parametrize("value", ["", "tableId:", "rangeId: ", "a b", "x" * 129, "é", 5])
def test_bad_table_ref(value: Any) -> None:
    with pytest.raises(n.Invalid):
        n.to_table_ref(value)


@pytest.mark.parametrize(("value", "ok"), [
    ("https://example.com/a.png", True), ("HTTP://e.com/x?y=1", True), ("ftp://e.com/a", False),
    ("https://", False), ("https://e .com/a", False), ("/local/file.png", False),
])
def test_url(value: str, ok: bool) -> None:
    if ok:
        assert n.to_url(value) == value
    else:
        with pytest.raises(n.Invalid):
            n.to_url(value)


@pytest.mark.parametrize(("value", "expected"), [
    ("iVBORw0KGgo=", "iVBORw0KGgo="), ("data:image/png;base64,iVBORw0KGgo=", "iVBORw0KGgo="),
    (" iVBO\nRw0K\tGgo= ", "iVBORw0KGgo="), ("-_8=", "+/8="),
])
def test_base64(value: str, expected: str) -> None:
    assert n.to_base64(value) == expected


@pytest.mark.parametrize("value", ["@@@", "data:text/plain,hello", "", "=", "a"])
def test_bad_base64(value: str) -> None:
    with pytest.raises(n.Invalid):
        n.to_base64(value)
