"""`web_content_fetcher` (seed 000, tool 4): fetch a web page and extract what the assistant needs.

The page is fetched by `bridge.outbound` (http/https only, the address guard on every redirect hop, the
`timeout` as a total deadline, a 5 MiB body limit, the given `user_agent`) and decoded once (`page_charset`:
BOM, Content-Type charset, <meta>, then detection), then trafilatura finds the main content and the metadata
(title, author, date, site) and py3langid names the language when the page does not.
`content_type`:
- `text`: the main content as plain text; `full`: the same as Markdown (headings, lists, tables; links with
  `include_links`) plus the comments section; `summary`: an extractive summary of the main text (the same sentence scoring as
  text_processor's offline summary); `headlines`: the h1–h3 headings, one per line (the title when there are
  none); `metadata`: the metadata as `Label: value` lines. The title, headlines and tags are the page's own
  (web_page_fields: <title>, else og:title, else h1; keywords split on commas), not trafilatura's guesses.
Every answer is cut to `max_length` characters at a word boundary. Results are cached in memory for 30 minutes
(the seed's caching strategy), keyed by the URL, every option but `timeout`, and the address-guard setting.
`user_agent` must be one line of printable ASCII of at most 512 characters (surrounding spaces trimmed); anything
else is an `invalid_parameter` error before any connection. Errors show the URL as `outbound.display_url` does:
credentials redacted (`http://***@host/`), clipped to 200 characters.
"""

from __future__ import annotations

import copy
import os
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from typing import Annotated, Any, Final, Literal

import anyio.to_thread
import httpx
from lxml import etree
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, ConfigDict

from bridge import outbound
from bridge.tools.analysis.rewrite import summarize_text
from bridge.tools.analysis.text import split_sentences
from bridge.tools.argument_names import refuse_unknown_arguments, seed_refusal
from bridge.tools.arguments import RawText, check, guarded, invalid, list_schema
from bridge.tools.page_charset import decode_page
from bridge.tools.results import INTERNAL_ERROR, INVALID_PARAMS, seed_error, seed_result
from bridge.tools.web_page_fields import PageFields, split_keywords

NAME: Final = "web_content_fetcher"
SCHEMA: Final[dict[str, dict[str, Any]]] = {
    "url": {"type": "string", "description": "URL to fetch content from", "format": "uri",
            "examples": ["https://example.com/article", "https://news.site.com/story"]},
    "content_type": {"type": "string", "description": "Type of content to extract",
                     "enum": ["full", "text", "summary", "headlines", "metadata"], "default": "text"},
    "max_length": {"type": "integer", "description": "Maximum content length to return", "minimum": 100,
                   "maximum": 10000, "default": 2000},
    "include_links": {"type": "boolean", "description": "Include hyperlinks in extracted content", "default": False},
    "timeout": {"type": "integer", "description": "Request timeout in seconds", "minimum": 5, "maximum": 60,
                "default": 30},
    "user_agent": {"type": "string", "description": "Custom user agent string", "default": "Word-Addin-MCP/1.0"},
}
DESCRIPTION: Final = (
    "Fetch and process web content from specified URLs: the page's main content as text, full Markdown, an "
    "extractive summary, its headlines or its metadata (title, author, publish date, language, word count), "
    "optionally with its links, cut to max_length characters. Only public http(s) addresses are fetched "
    "(private, loopback and link-local ones are refused unless WORD_BRIDGE_ALLOW_PRIVATE_NETWORK is set); "
    "results are cached for 30 minutes."
)
LINES: Final = {
    "text": "Web content successfully fetched",
    "full": "Full web content successfully fetched",
    "summary": "Web content summary generated successfully",
    "headlines": "Web page headlines successfully extracted",
    "metadata": "Web page metadata successfully extracted",
}
MAX_BYTES: Final = 5 * 1024 * 1024
DATE_FORMAT: Final = "%Y-%m-%dT%H:%M:%S%z"
MAX_LINKS: Final = 200
CACHE_SECONDS: Final = 30 * 60
ACCEPT: Final = "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1"
PAGE_TYPES: Final = {"text/html", "application/xhtml+xml", "application/xml", "text/xml", "text/plain", ""}
SUGGEST_NETWORK: Final = ["Check internet connection", "Verify URL is accessible", "Try again later"]
SUGGEST_URL: Final = ["Use valid HTTP/HTTPS URL format", "Include protocol (http:// or https://)", "Check URL spelling"]
MAX_USER_AGENT: Final = 512
"""Longer user agents are refused: servers answer an oversized header with 431 (or drop the connection)."""


class WebContent(BaseModel):
    """The seed's `web_content` object."""

    model_config = ConfigDict(extra="allow")
    type: Literal["web_content"]
    url: str
    title: str | None
    content: str
    content_type: str
    content_length: int
    extraction_time_ms: int
    metadata: dict[str, Any]
    status: str


class TTLCache:
    """A small in-memory cache whose entries expire `ttl` seconds after they were stored (oldest evicted first)."""

    def __init__(self, ttl: float, max_entries: int = 128, clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl = ttl
        self.max_entries = max_entries
        self.clock = clock
        self._items: OrderedDict[tuple[Any, ...], tuple[float, dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> dict[str, Any] | None:
        with self._lock:
            hit = self._items.get(key)
            if hit is None:
                return None
            if self.clock() - hit[0] >= self.ttl:
                del self._items[key]
                return None
            return hit[1]

    def put(self, key: tuple[Any, ...], value: dict[str, Any]) -> None:
        with self._lock:
            self._items.pop(key, None)
            self._items[key] = (self.clock(), value)
            while len(self._items) > self.max_entries:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


CACHE: Final = TTLCache(CACHE_SECONDS)


def register(server: MCPServer, word: object = None) -> None:
    """Add `web_content_fetcher` to `server` (`word` is unused: this tool reads the web, not the document)."""

    async def web_content_fetcher(
        url: RawText = None, content_type: RawText = None, max_length: Any = None,  # type: ignore[assignment]
        include_links: Any = None, timeout: Any = None, user_agent: RawText = None,  # type: ignore[assignment]
    ) -> Annotated[CallToolResult, WebContent]:
        raw = {"url": url, "content_type": content_type, "max_length": max_length, "include_links": include_links,
               "timeout": timeout, "user_agent": user_agent}
        return await guarded(NAME, _run(raw))

    server.tool(name=NAME, title="Fetch web content", description=DESCRIPTION,
                annotations=ToolAnnotations(title="Fetch web content", read_only_hint=True, destructive_hint=False,
                                            idempotent_hint=True, open_world_hint=True))(web_content_fetcher)
    list_schema(server, NAME, SCHEMA, ["url"])
    refuse_unknown_arguments(server, NAME, seed_refusal)  # a misspelt max_length was dropped


async def _run(raw: dict[str, Any]) -> CallToolResult:
    args = {name: check(name, value, SCHEMA[name]) for name, value in raw.items()}
    args["user_agent"] = _user_agent(args["user_agent"])
    url: str = args["url"].strip()
    try:
        outbound.check_url(url)
    except outbound.OutboundError as exc:
        raise seed_error(INVALID_PARAMS, "Invalid URL format", "invalid_url", SUGGEST_URL,
                         provided_url=outbound.display_url(args["url"]), error_details=exc.details) from None
    # The guard's setting is part of the key: a page fetched while private addresses were allowed is not
    # served from the cache once they no longer are.
    key = (url, args["content_type"], args["max_length"], args["include_links"], args["user_agent"],
           os.environ.get(outbound.ALLOW_PRIVATE_ENV, ""))
    line = LINES[args["content_type"]]
    cached = CACHE.get(key)
    if cached is not None:
        return seed_result(line, {**cached, "cached": True})
    started = time.perf_counter()
    page = await _fetch(url, args["timeout"], args["user_agent"])
    obj = await anyio.to_thread.run_sync(_extract, page, args["content_type"], args["max_length"],
                                         args["include_links"])
    obj["extraction_time_ms"] = round((time.perf_counter() - started) * 1000)
    CACHE.put(key, obj)
    return seed_result(line, {**obj, "cached": False})


def _user_agent(value: str) -> str:
    """The User-Agent header value, surrounding spaces trimmed, or `invalid_parameter` before any connection.

    A header value is one line of printable ASCII: a line break would inject a header of the caller's choosing,
    and httpx/h11 refuse anything else only once the request is being sent (as a network error).
    """
    for index, char in enumerate(value, start=1):
        if not " " <= char <= "~":
            kind = "a control character" if unicodedata.category(char) == "Cc" else "a non-ASCII character"
            raise invalid("user_agent", f"contains {kind} (U+{ord(char):04X} at character {index}); "
                          "a header value is printable ASCII on one line", value)
    agent = value.strip(" ")
    if not agent:
        raise invalid("user_agent", "must not be empty", value)
    if len(agent) > MAX_USER_AGENT:
        raise invalid("user_agent", f"must have at most {MAX_USER_AGENT} characters", value,
                      max_length=MAX_USER_AGENT)
    return agent


async def _fetch(url: str, timeout: int, user_agent: str) -> outbound.Fetched:
    """The page, or the seed's errors: forbidden_address and invalid_url (-32602), network_error (-32603), …"""
    try:
        return await outbound.fetch(url, max_bytes=MAX_BYTES, timeout_s=timeout, inspect=_check_page,
                                    headers={"User-Agent": user_agent, "Accept": ACCEPT})
    except outbound.ForbiddenAddress as exc:
        raise seed_error(INVALID_PARAMS, "URL points at a forbidden address", "forbidden_address",
                         ["Use a public http(s) URL",
                          f"To fetch from a trusted private network, set {outbound.ALLOW_PRIVATE_ENV}=1 "
                          "(or a list of allowed addresses) for Word Bridge"],
                         url=outbound.display_url(url), address=exc.address, address_class=exc.address_class,
                         error_details=exc.details) from None
    except outbound.OutboundError as exc:
        if exc.error_type == "invalid_url":  # a redirect to a non-http URL
            raise seed_error(INVALID_PARAMS, "Invalid URL format", "invalid_url", SUGGEST_URL,
                             provided_url=outbound.display_url(url), error_details=exc.details) from None
        if exc.error_type == "too_large":
            raise seed_error(INTERNAL_ERROR, "Web content exceeds size limit", "content_too_large",
                             ["Fetch a smaller page", "Link to the page instead of extracting it"],
                             url=outbound.display_url(url), max_bytes=MAX_BYTES,
                             error_details=exc.details) from None
        details = "Connection timeout" if exc.error_type == "timeout" else exc.details
        fields: dict[str, Any] = {"status_code": exc.status_code} if exc.status_code is not None else {}
        raise seed_error(INTERNAL_ERROR, "Failed to fetch web content", "network_error", SUGGEST_NETWORK,
                         url=outbound.display_url(url), error_details=details, **fields) from None


def _check_page(resp: httpx.Response) -> None:
    """Refuse a body that is no web page (an image, a PDF, …) before reading it."""
    ctype = resp.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if ctype not in PAGE_TYPES:
        raise seed_error(INTERNAL_ERROR, "Unsupported content type", "unsupported_content_type",
                         ["Fetch an HTML or plain-text page", "Use insertPicture for images"],
                         url=outbound.display_url(str(resp.url)), received_content_type=outbound.clip(ctype))


# --- extraction (in a worker thread) ---------------------------------------------------


def _extract(page: outbound.Fetched, content_type: str, max_length: int, include_links: bool) -> dict[str, Any]:
    is_plain = page.content_type == "text/plain"
    source, _ = decode_page(page.content, page.charset, html=not is_plain)  # one decoding for every field
    if is_plain:
        plain = source
        info: dict[str, Any] = {"title": None, "author": None, "date": None, "language": None}
        full, headings, links = plain, list[str](), list[dict[str, str]]()
    else:
        info, plain, full, headings, links = _from_html(page, source, content_type == "full", include_links)
    language = info["language"] or _detect_language(plain)
    metadata: dict[str, Any] = {"author": info["author"], "publish_date": _iso_date(info["date"]),
                                "word_count": len(plain.split()), "language": language}
    if content_type == "metadata":
        metadata.update({k: info.get(k) for k in ("description", "site_name", "hostname", "categories", "tags",
                                                  "image", "license")})
    text = {
        "text": lambda: plain,
        "full": lambda: full,
        "summary": lambda: _summary(plain, headings, max_length),
        "headlines": lambda: "\n".join(info.get("headlines") or ([info["title"]] if info["title"] else [])),
        "metadata": lambda: _metadata_lines(info["title"], page.final_url, metadata),
    }[content_type]()
    content, truncated = _cut(text, max_length)
    obj: dict[str, Any] = {"type": "web_content", "url": page.url, "title": info["title"], "content": content,
                           "content_type": content_type, "content_length": len(content), "extraction_time_ms": 0,
                           "metadata": metadata}
    if include_links:
        obj["links"] = links
    obj.update({"status": "success", "final_url": page.final_url, "truncated": truncated})
    return obj


def _from_html(page: outbound.Fetched, source: str, full: bool, include_links: bool
               ) -> tuple[dict[str, Any], str, str, list[str], list[dict[str, str]]]:
    """trafilatura's main content and metadata from the decoded page `source`; whole-page text when it finds no
    main content. trafilatura gets text, never bytes: its own charset guess would differ from ours."""
    # Imported on first use: with py3langid (numpy) they took 0.3 s of every start of the bridge.
    import htmldate
    import trafilatura
    from trafilatura.xml import xmltotxt

    tree = trafilatura.load_html(source)
    fields = PageFields.read(tree)  # before bare_extraction prunes the tree
    declared = _declared_language(tree, page.headers.get("content-language", ""))
    doc: Any = None
    stated_date = None
    if tree is not None:
        # The page's own published time (meta tags, JSON-LD); trafilatura's date may come from the URL, day only.
        stated_date = htmldate.find_date(copy.deepcopy(tree), outputformat=DATE_FORMAT, original_date=True,
                                         extensive_search=False)
        doc = trafilatura.bare_extraction(
            tree, url=page.final_url, with_metadata=True, include_links=True, include_formatting=True,
            include_comments=full, include_tables=True, favor_recall=True,
            # No extensive search: it guesses from any date in the text or its links.
            date_extraction_params={"outputformat": DATE_FORMAT, "original_date": True, "extensive_search": False})
    if doc is None or doc.body is None:
        plain = trafilatura.html2txt(source) if tree is not None else ""
        meta = trafilatura.extract_metadata(trafilatura.load_html(source), default_url=page.final_url) \
            if tree is not None else None
        return _info(meta, declared, stated_date, fields, None), plain, plain, [], []
    body = doc.body
    unlinked = copy.deepcopy(body)
    etree.strip_tags(unlinked, "ref")
    plain = xmltotxt(unlinked, include_formatting=False).strip()
    shown = body if include_links else unlinked
    markdown = xmltotxt(shown, include_formatting=True).strip()
    if full and doc.commentsbody is not None and len(doc.commentsbody):
        markdown += "\n\n## Comments\n\n" + xmltotxt(doc.commentsbody, include_formatting=True).strip()
    headings = [" ".join("".join(h.itertext()).split()) for h in body.iter("head")]
    links: list[dict[str, str]] = []
    for ref in body.iter("ref"):
        target = ref.get("target", "")
        if target.startswith(("http://", "https://")) and len(links) < MAX_LINKS:
            links.append({"text": " ".join("".join(ref.itertext()).split()), "url": target})
    return _info(doc, declared, stated_date, fields, body), plain, markdown, [h for h in headings if h], links


def _summary(plain: str, headings: list[str], max_length: int) -> str:
    """text_processor's extractive summary over the prose only: no headings, no stray link labels."""
    skip = set(headings)
    sentences = [sentence for line in plain.splitlines() if line.strip() and line.strip() not in skip
                 for sentence in split_sentences(line.strip())
                 if sentence[-1] in ".!?…\"'”’)" or len(sentence.split()) >= 8]
    return summarize_text(" ".join(sentences), max_length) if sentences else ""


def _info(doc: Any, declared: str | None, stated_date: str | None, fields: PageFields, body: Any) -> dict[str, Any]:
    """trafilatura's metadata, with the page's own title and headlines (`fields`), its keywords split on commas."""
    def get(name: str) -> Any:
        value = getattr(doc, name, None) if doc is not None else None
        return value or None

    date = get("date")
    if stated_date and (not date or stated_date[:10] == date[:10]):
        date = stated_date
    return {"title": fields.page_title(get("sitename")) or get("title"), "author": get("author"), "date": date,
            "description": get("description"), "site_name": get("sitename"), "hostname": get("hostname"),
            "categories": get("categories") or [], "tags": split_keywords(get("tags") or []), "image": get("image"),
            "license": get("license"), "language": declared, "headlines": fields.page_headlines(body)}


def _declared_language(tree: Any, header: str) -> str | None:
    """The page's own statement: <html lang>, Content-Language, og:locale (ISO 639-1, as the seed shows)."""
    candidates = [header]
    if tree is not None:
        candidates.insert(0, tree.get("lang") or tree.get("{http://www.w3.org/XML/1998/namespace}lang") or "")
        candidates += tree.xpath("//meta[translate(@http-equiv,'CONTENT-LANGUAGE','content-language')="
                                 "'content-language']/@content | //meta[@property='og:locale']/@content")
    for value in candidates:
        code = str(value).split(",")[0].strip().replace("_", "-").split("-")[0].lower()
        if 2 <= len(code) <= 3 and code.isalpha():
            return code
    return None


def _detect_language(text: str) -> str | None:
    """py3langid's guess when the page does not say; None for too little text to tell."""
    if len(text.split()) < 5:
        return None
    import py3langid  # on first use (it loads numpy); see _from_html

    code, _ = py3langid.classify(text[:5000])
    return str(code)


def _iso_date(value: str | None) -> str | None:
    """htmldate's `2024-01-15T09:00:00+0000` as `2024-01-15T09:00:00Z`; a bare date stays a date."""
    if not value:
        return None
    if value.endswith("T00:00:00"):
        return value[:10]
    if value.endswith(("+0000", "-0000")):
        return value[:-5] + "Z"
    if len(value) > 5 and value[-5] in "+-" and value[-4:].isdigit():
        return f"{value[:-2]}:{value[-2:]}"
    return value


def _metadata_lines(title: str | None, url: str, metadata: dict[str, Any]) -> str:
    labels = {"author": "Author", "publish_date": "Published", "language": "Language", "word_count": "Words",
              "description": "Description", "site_name": "Site", "categories": "Categories", "tags": "Tags",
              "image": "Image", "license": "License"}
    lines = [f"Title: {title}"] if title else []
    lines.append(f"URL: {url}")
    for key, label in labels.items():
        value = metadata.get(key)
        if value:
            lines.append(f"{label}: {', '.join(value) if isinstance(value, list) else value}")
    return "\n".join(lines)


def _cut(text: str, limit: int) -> tuple[str, bool]:
    """`text` within `limit` characters, cut at a word boundary with an ellipsis."""
    text = text.strip()
    if len(text) <= limit:
        return text, False
    cut = text[: limit - 1]
    if " " in cut[limit // 2:]:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") + "…", True
