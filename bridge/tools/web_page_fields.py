"""web_content_fetcher's title, headlines and tags, as the page itself states them.

trafilatura's own choices differ from what a person reading the page (or http_get) sees: its title prefers a lone
<h1> over the <title>, its headings are every level of the main content, and it keeps a keywords meta (`ai,ml`) as
one tag. Here:
- title: the <title> (without a site name beside the page's own heading: `Results | Example News` → `Results` when
  the h1 or og:title says `Results`, or the site is named `Example News`), else og:title, else the first h1;
- headlines: the h1–h3 headings in page order, of the main content when trafilatura found one, else of the whole
  page outside <nav>, <footer> and <aside>;
- tags: each keyword of a comma-separated list on its own, trimmed, repeats and empty items dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

HEADLINE_LEVELS: Final = ("h1", "h2", "h3")
BOILERPLATE: Final = frozenset({"nav", "footer", "aside"})
"""Where a heading is the site's, not the page's (a menu, a footer, a sidebar)."""
_SEPARATOR: Final = re.compile(r"\s+[–•·—|⁄*⋆~‹«<›»>:-]\s+")
"""Between a page's title and its site name in a <title> (trafilatura's list of separators)."""


def _text(element: Any) -> str:
    return " ".join("".join(element.itertext()).split())


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class PageFields:
    """What the page states, read from its parsed tree before trafilatura prunes it."""

    title: str
    og_title: str
    h1s: tuple[str, ...]
    headlines: tuple[str, ...]

    @classmethod
    def read(cls, tree: Any) -> PageFields:
        if tree is None:
            return cls("", "", (), ())
        titles = tree.xpath("//head//title") or tree.xpath("//title[not(ancestor::svg)]")
        og = [" ".join(str(v).split()) for v in tree.xpath("//meta[@property='og:title' or @name='og:title']"
                                                          "/@content")]
        h1s = tuple(t for t in (_text(h) for h in tree.iter("h1")) if t)
        headlines = tuple(t for t in (_text(h) for h in tree.iter(*HEADLINE_LEVELS)
                                      if not any(a.tag in BOILERPLATE for a in h.iterancestors())) if t)
        return cls(_text(titles[0]) if titles else "", next((v for v in og if v), ""), h1s, headlines)

    def page_title(self, site_name: str | None) -> str | None:
        """The <title>, less a site name beside the page's heading; else og:title; else the first h1."""
        if self.title:
            return self._without_site_name(site_name)
        return self.og_title or (self.h1s[0] if self.h1s else None)

    def _without_site_name(self, site_name: str | None) -> str:
        headings = {_fold(h) for h in (self.og_title, *self.h1s) if h}
        site = _fold(site_name or "")
        for found in _SEPARATOR.finditer(self.title):
            left, right = self.title[: found.start()], self.title[found.end():]
            for side, other in ((left, right), (right, left)):
                if _fold(side) in headings or (site and _fold(other) == site):
                    return side
        return self.title

    def page_headlines(self, main_content: Any) -> list[str]:
        """The main content's h1–h3 (trafilatura's `head` elements keep the level in `rend`), else the page's."""
        if main_content is not None:
            found = [_text(h) for h in main_content.iter("head") if h.get("rend") in HEADLINE_LEVELS]
            if any(found):
                return [h for h in found if h]
        return list(self.headlines)


def split_keywords(tags: Iterable[str]) -> list[str]:
    """`["ai,ml", "ml"]` → `["ai", "ml"]`: a keywords meta is a comma-separated list."""
    seen: dict[str, None] = {}
    for tag in tags:
        for part in str(tag).split(","):
            keyword = " ".join(part.split())
            if keyword:
                seen.setdefault(keyword, None)
    return list(seen)
