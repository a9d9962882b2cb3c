"""The playground page renders document content that a model sets: none of it may run as script there
(the page shares its origin with /mcp and /rpc)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import op_data, playground

pytestmark = pytest.mark.e2e

XSS_FONT = 'Calibri" onmouseover="window.__xss2=location.origin" x="'
TAG_FONT = "A</span><img src=x onerror=\"window.__xss3=1\">"


def test_a_font_name_cannot_run_script_in_the_playground(browser, e2e_server, loop_thread):
    with playground(browser, e2e_server, loop_thread, "web") as word:
        word.set_text("Hover over this text")
        op_data(word, "applyStyle", scope="document", char={"fontName": XSS_FONT})
        page = word.page
        run = page.locator("#pg-page span[data-pos]", has_text="Hover over this text").first
        run.wait_for()
        run.hover()
        page.mouse.move(5, 5)
        run.hover()
        assert page.evaluate("window.__xss2") is None
        assert page.locator("#pg-page [onmouseover], #pg-page [onerror], #pg-page [x]").count() == 0
        # The name is shown as the font it is: the whole value is the first font family.
        family = run.evaluate("e => e.style.fontFamily")
        assert family.startswith('"Calibri\\" onmouseover='), family

        op_data(word, "applyStyle", scope="document", char={"fontName": TAG_FONT})
        page.wait_for_function("() => document.querySelector('#pg-page span[data-pos]').style.fontFamily.startsWith('\"A<')")
        assert page.evaluate("window.__xss3") is None
        assert page.locator("#pg-page img").count() == 0
