"""`http_get` and `web_search` (seed 002): one web page read for the assistant, and a web search.

`http_get` fetches through `bridge.outbound` (http/https only, the address guard on every redirect hop, the
`timeout` as a total deadline, a 5 MiB body limit) and reads the page with lxml: title, meta description and
keywords, the first h1/h2/h3, every paragraph. `html` and `paragraphs` are cut at 50,000 characters and say so
(`htmlTruncated`, `paragraphsTruncated`, `htmlLength`). A page answered with any status is returned as it is
(seed 002's `statusCode` is the response's: a 404 or 500 page comes back with its status and body); what fails is
the fetch (a network error, the timeout, too large a body, too many redirects: a 500 naming the site) or a refused
address or content type (a 400).

`web_search` asks a SearXNG instance (`WORD_BRIDGE_SEARCH_URL`, its JSON format enabled); there is no default
provider, because every public search API needs a key or forbids automated use. Without one it is a 500 saying
how to configure it, unless `WORD_BRIDGE_DEMO=1`, which answers clearly marked mock results.
"""

from __future__ import annotations

import os
import re
from typing import Any, Final
from urllib.parse import quote, urlsplit

import httpx
import lxml.html
from lxml import etree

from bridge import outbound
from bridge.tools.utilities.common import (BAD_REQUEST, FAILURE, USER_AGENT, UtilityError, bad_answer, bad_param,
                                           get_json, now_iso, number_param, param, provider_base,
                                           text_param)

HTTP_GET: Final = "http_get"
HTTP_GET_SCHEMA: Final[dict[str, dict[str, Any]]] = {
    "url": {"type": "string", "format": "uri", "description": "The http:// or https:// URL to fetch"},
    "timeout": {"type": "number", "description": "Request timeout in milliseconds (at most 60000 are used)",
                "default": 10000, "exclusiveMinimum": 0},
}
HTTP_GET_DESCRIPTION: Final = (
    "Fetch a web page with HTTP GET and read it: title, meta description and keywords, the first h1/h2/h3, the "
    "text of all paragraphs, the status code, the response headers and the HTML (cut at 50,000 characters, "
    "marked by htmlTruncated). A page answered with an error status (404, 500…) is returned with that statusCode "
    "and its body. Only public http(s) addresses are fetched (private, loopback and link-local ones "
    "are refused unless WORD_BRIDGE_ALLOW_PRIVATE_NETWORK is set)."
)
MAX_TIMEOUT_MS: Final = 60_000
MAX_BYTES: Final = 5 * 1024 * 1024
TEXT_LIMIT: Final = 50_000
ACCEPT: Final = "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1"
HTML_TYPES: Final = {"text/html", "application/xhtml+xml", ""}
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.I)
_UPPER, _LOWER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"

WEB_SEARCH: Final = "web_search"
WEB_SEARCH_SCHEMA: Final[dict[str, dict[str, Any]]] = {
    "query": {"type": "string", "description": "What to search the web for", "minLength": 1},
    "maxResults": {"type": "integer", "description": "How many results to return", "minimum": 1, "maximum": 10,
                   "default": 10},
}
WEB_SEARCH_DESCRIPTION: Final = (
    "Search the web through the SearXNG instance configured in WORD_BRIDGE_SEARCH_URL: link, title, source "
    "domain and snippet of up to maxResults results. Without a configured instance it fails with a message "
    "saying how to set one up (WORD_BRIDGE_DEMO=1 answers mock results, marked as such)."
)
SEARCH_ENV: Final = "WORD_BRIDGE_SEARCH_URL"
DEMO_ENV: Final = "WORD_BRIDGE_DEMO"
DEMO_SOURCE: Final = "Mock Search Results (Demo Mode)"
HOW_TO_SEARCH: Final = [
    f"Set {SEARCH_ENV} to a SearXNG instance whose settings.yml lists json under search.formats, e.g. a local "
    "one started with: docker run -p 8888:8080 searxng/searxng (then "
    f"{SEARCH_ENV}=http://127.0.0.1:8888 and WORD_BRIDGE_ALLOW_PRIVATE_NETWORK=127.0.0.1)",
    f"Or set {DEMO_ENV}=1 for mock results while trying Word Bridge out",
]


# --- http_get ------------------------------------------------------------------------------


async def http_get(params: dict[str, Any]) -> dict[str, Any]:
    url = text_param("url", params.get("url"), HTTP_GET_SCHEMA["url"] | {"minLength": 1})
    timeout_ms = number_param("timeout", params.get("timeout"), HTTP_GET_SCHEMA["timeout"])
    try:
        outbound.check_url(url)
    except outbound.OutboundError as exc:
        raise bad_param("url", f"must be a valid http:// or https:// URL ({exc.details})",
                        outbound.redact_url(url)) from None  # bad_param clips it
    timeout_s = min(timeout_ms, MAX_TIMEOUT_MS) / 1000
    page = await _fetch(url, timeout_s)
    html = _decode(page)
    fields = _read(html) if page.content_type in HTML_TYPES else dict.fromkeys(
        ("title", "metaDescription", "metaKeywords", "h1", "h2", "h3", "paragraphs"), "")
    paragraphs = fields["paragraphs"]
    response = {
        "url": url, "html": html[:TEXT_LIMIT], **fields, "paragraphs": paragraphs[:TEXT_LIMIT],
        "statusCode": page.status_code, "headers": dict(page.headers.items()), "timestamp": now_iso(),
        "finalUrl": page.final_url, "contentType": page.content_type, "htmlLength": len(html),
        "htmlTruncated": len(html) > TEXT_LIMIT, "paragraphsTruncated": len(paragraphs) > TEXT_LIMIT,
    }
    return {"httpResponse": response, "success": True}


def http_get_line(result: dict[str, Any]) -> str:
    r = result["httpResponse"]
    title = f": {r['title']}" if r["title"] else ""
    return f"GET {r['url']} → HTTP {r['statusCode']}{title}"


def _check_type(resp: httpx.Response) -> None:
    """Refuse a body that is not text (an image, a PDF, …) before reading it."""
    ctype = resp.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if not (ctype in HTML_TYPES or ctype.startswith("text/") or ctype.endswith(("/xml", "+xml", "/json", "+json"))):
        ctype = outbound.clip(ctype)
        raise UtilityError(BAD_REQUEST, f"http_get reads text pages; {outbound.display_url(str(resp.url))} answered "
                                        f"{ctype}", "unsupported_content_type", ["Fetch an HTML or text page"],
                           content_type=ctype)


async def _fetch(url: str, timeout_s: float) -> outbound.Fetched:
    """The page, whatever its status, or: 400 for a refused address, 500 naming the site when fetching fails."""
    site, shown = outbound.site(url), outbound.display_url(url)
    try:
        return await outbound.fetch(url, max_bytes=MAX_BYTES, timeout_s=timeout_s, inspect=_check_type,
                                    headers={"User-Agent": USER_AGENT, "Accept": ACCEPT}, any_status=True)
    except outbound.ForbiddenAddress as exc:
        raise UtilityError(BAD_REQUEST, f"Forbidden address: {exc.details}", "forbidden_address",
                           ["Use a public http(s) URL",
                            f"To fetch from a trusted private network, set {outbound.ALLOW_PRIVATE_ENV}=1 "
                            "(or a list of allowed addresses) for Word Bridge"],
                           url=shown, address=exc.address, address_class=exc.address_class) from None
    except outbound.OutboundError as exc:
        details = {"timeout": f"no complete answer within {timeout_s * 1000:g} ms",
                   "too_large": f"the page is larger than {MAX_BYTES // (1024 * 1024)} MiB"}.get(exc.error_type,
                                                                                                 exc.details)
        raise UtilityError(FAILURE, f"http_get: {site} failed: {details}", exc.error_type,
                           ["Check the URL in a browser", "Try again later"], url=shown) from None


def _decode(page: outbound.Fetched) -> str:
    """The body as text: the header's charset, else the page's <meta charset>, else UTF-8."""
    found = _META_CHARSET.search(page.content[:4096])
    for charset in (page.charset, found.group(1).decode("ascii") if found else None):
        if charset:
            try:
                return page.content.decode(charset, errors="replace")
            except LookupError:
                continue
    return page.content.decode("utf-8", errors="replace")


def _read(html: str) -> dict[str, str]:
    """The seed's fields of an HTML page; empty strings for what it does not have."""
    out = dict.fromkeys(("title", "metaDescription", "metaKeywords", "h1", "h2", "h3", "paragraphs"), "")
    try:
        doc = lxml.html.document_fromstring(html.encode("utf-8"), parser=lxml.html.HTMLParser(encoding="utf-8"))
    except (etree.ParserError, ValueError):  # an empty or unreadable document
        return out
    for node in doc.xpath("//script | //style | //template"):
        node.drop_tree()

    def text(node: Any) -> str:
        return " ".join(node.text_content().split())

    def meta(name: str) -> str:
        found = doc.xpath(f"//meta[translate(@name,'{_UPPER}','{_LOWER}')='{name}']/@content")
        return " ".join(str(found[0]).split()) if found else ""

    title = doc.find(".//title")
    out["title"] = text(title) if title is not None else ""
    out["metaDescription"], out["metaKeywords"] = meta("description"), meta("keywords")
    for tag in ("h1", "h2", "h3"):
        first = doc.find(f".//{tag}")
        out[tag] = text(first) if first is not None else ""
    out["paragraphs"] = "\n\n".join(t for t in (text(p) for p in doc.iter("p")) if t)
    return out


# --- web_search ------------------------------------------------------------------------------


def demo_mode() -> bool:
    return os.environ.get(DEMO_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


async def web_search(params: dict[str, Any]) -> dict[str, Any]:
    query = text_param("query", params.get("query"), WEB_SEARCH_SCHEMA["query"])
    limit = param("maxResults", params.get("maxResults"), WEB_SEARCH_SCHEMA["maxResults"])
    if not os.environ.get(SEARCH_ENV, "").strip():
        if demo_mode():
            return _demo(query, limit)
        raise UtilityError(FAILURE, f"web_search has no search provider: set {SEARCH_ENV} to a SearXNG instance "
                                    "with the JSON format enabled (or WORD_BRIDGE_DEMO=1 for mock results)",
                           "search_not_configured", HOW_TO_SEARCH, setting=SEARCH_ENV)
    base = provider_base(SEARCH_ENV, "", "SearXNG")
    found = await get_json("SearXNG", base, "/search", {"q": query, "format": "json"})
    raw = found.get("results") if isinstance(found, dict) else None
    if not isinstance(raw, list):
        raise bad_answer("SearXNG", "results list")
    now = now_iso()
    results = []
    for item in raw:
        link = item.get("url") if isinstance(item, dict) else None
        if not isinstance(link, str) or urlsplit(link).scheme not in ("http", "https"):
            continue
        results.append({"link": link, "title": _clean(item.get("title")) or link,
                        "source": _domain(link), "snippet": _clean(item.get("content")), "timestamp": now})
    reported = found.get("number_of_results")
    total = max(len(results), int(reported) if isinstance(reported, int | float) else 0)
    search = {"query": query, "totalResults": total, "results": results[:limit], "timestamp": now,
              "source": "SearXNG"}
    return {"searchResults": search, "success": True}


def web_search_line(result: dict[str, Any]) -> str:
    s = result["searchResults"]
    return f"{len(s['results'])} results for \"{s['query']}\" ({s['source']})"


def _clean(value: Any) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _domain(link: str) -> str:
    host = urlsplit(link).hostname or ""
    return host[4:] if host.startswith("www.") else host


def _demo(query: str, limit: int) -> dict[str, Any]:
    """Mock results that say what they are, for trying Word Bridge without a search provider."""
    now = now_iso()
    slug = quote(query.lower().replace(" ", "-"), safe="-")
    results = [{"link": f"https://example.com/demo/{slug}/{n}", "title": f"{query}: demo result {n}",
                "source": "example.com",
                "snippet": f"Demo data, not a real search result for \"{query}\". Set {SEARCH_ENV} to a SearXNG "
                           "instance for real results.", "timestamp": now} for n in range(1, limit + 1)]
    return {"searchResults": {"query": query, "totalResults": len(results), "results": results, "timestamp": now,
                              "source": DEMO_SOURCE}, "success": True}

