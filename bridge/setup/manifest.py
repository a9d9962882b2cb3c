"""The Word add-in XML manifest: render it for an origin, and check what the XSD cannot.

Office loads the pane from the URLs in this file, so it is generated from one
template for whatever origin the bridge serves, never edited by hand.
`python -m bridge.setup.manifest [--url URL] [-o FILE]` writes it.
"""

from __future__ import annotations

import argparse
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import quote, urlsplit

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from bridge import __version__

__all__ = ["ADDIN_ID", "DEFAULT_BASE_URL", "render_manifest", "check_manifest", "main"]

ADDIN_ID = "213027b2-c672-4877-a0fc-4223b8133582"  # fixed forever: Office keys sideloads and caches on it
DEFAULT_BASE_URL = "https://localhost:3000"
BUTTON_ICON_SIZES = (16, 32, 80)  # what Office requires for ribbon images
MAX_RESID = 32

_NS = {
    "o": "http://schemas.microsoft.com/office/appforoffice/1.1",
    "bt": "http://schemas.microsoft.com/office/officeappbasictypes/1.0",
    "ov": "http://schemas.microsoft.com/office/taskpaneappversionoverrides",
    "xsi": "http://www.w3.org/2001/XMLSchema-instance",
}
_XSI_TYPE = f"{{{_NS['xsi']}}}type"

_env = Environment(
    loader=FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=True,
    undefined=StrictUndefined,
    keep_trailing_newline=True,
)


def _manifest_version(version: str) -> str:
    """`0.1.0rc1` → `0.1.0.0`: the manifest takes one to four numeric parts only."""
    parts = re.findall(r"\d+", version.split("+")[0])[:3] or ["0"]
    return ".".join((parts + ["0", "0", "0", "0"])[:4])


def _split_base(base_url: str) -> tuple[str, str]:
    """(origin, base without trailing slash) of an https URL, or ValueError saying why not."""
    parts = urlsplit(base_url.strip())
    if parts.scheme.lower() != "https":
        raise ValueError(
            f"the add-in base URL must be https:// (Office loads add-ins only over TLS), got {base_url!r}; "
            "serve with TLS (the default of `word-bridge serve`) and use its https:// address"
        )
    if not parts.hostname:
        raise ValueError(f"the add-in base URL has no host: {base_url!r}")
    if parts.username or parts.password or parts.query or parts.fragment:
        raise ValueError(f"the add-in base URL must be scheme://host[:port][/path] only, got {base_url!r}")
    parts.port  # noqa: B018 — raises ValueError on a malformed port
    origin = f"https://{parts.netloc.lower()}"
    return origin, origin + parts.path.rstrip("/")


def render_manifest(base_url: str = DEFAULT_BASE_URL, *, token: str | None = None) -> str:
    """The manifest for a bridge served at `base_url`; `token` is passed to the pane in its URL."""
    origin, base = _split_base(base_url)
    taskpane = f"{base}/taskpane.html"
    if token:
        taskpane += "?token=" + quote(token, safe="")
    return _env.get_template("manifest.xml.j2").render(
        addin_id=ADDIN_ID,
        version=_manifest_version(__version__),
        provider="Word Bridge",
        name="Word Bridge",
        description="Lets the AI assistants you connect (Claude, Codex, Cursor…) edit the document you have open.",
        origin=origin,
        taskpane_url=taskpane,
        support_url=f"{base}/healthz",
        icon=lambda size: f"{base}/assets/icon-{size}.png",
        button_sizes=BUTTON_ICON_SIZES,
    )


# --- checks beyond the XSD ------------------------------------------------------------

# Which resource list each resid-bearing element must point into.
_RESID_KIND = {
    "Image": "Images",
    "SourceLocation": "Urls",
    "FunctionFile": "Urls",
    "LearnMoreUrl": "Urls",
    "Label": "ShortStrings",
    "Title": "ShortStrings",
    "Description": "LongStrings",
}
_URL_ELEMENTS = {"IconUrl", "HighResolutionIconUrl", "SupportUrl", "SourceLocation"}


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def check_manifest(xml: str) -> list[str]:
    """Problems Office would hit that the XSD does not catch; [] when none.

    Checks: the host is Word (`Document`), every URL is https, each ribbon icon has
    sizes 16, 32 and 80, every `resid` names a defined resource of the right
    kind, and resource ids are at most 32 characters.
    """
    try:
        root = ET.fromstring(xml.encode("utf-8") if isinstance(xml, str) else xml)
    except ET.ParseError as exc:
        return [f"not well-formed XML: {exc}"]
    problems: list[str] = []
    if root.tag != f"{{{_NS['o']}}}OfficeApp":
        return [f"the root element must be OfficeApp in {_NS['o']}, not {root.tag}"]
    if root.get(_XSI_TYPE) != "TaskPaneApp":
        problems.append(f"OfficeApp xsi:type must be TaskPaneApp, not {root.get(_XSI_TYPE)!r}")

    hosts = [h.get("Name") for h in root.findall("o:Hosts/o:Host", _NS)]
    if hosts != ["Document"]:
        problems.append(f"Hosts must name Word's host 'Document' only, found {hosts}")
    for host in root.iter(f"{{{_NS['ov']}}}Host"):
        if host.get(_XSI_TYPE) != "Document":
            problems.append(f"VersionOverrides Host xsi:type must be 'Document', not {host.get(_XSI_TYPE)!r}")

    problems += _check_urls(root)
    problems += _check_icons(root)
    problems += _check_resids(root)
    return problems


def _check_urls(root: ET.Element) -> list[str]:
    """Every URL Office will load (or link to) must be https."""
    bt_url, bt_image = f"{{{_NS['bt']}}}Url", f"{{{_NS['bt']}}}Image"
    found: list[tuple[str, str]] = []
    for el in root.iter():
        name = _local(el.tag)
        if name == "AppDomain":
            found.append((name, (el.text or "").strip()))
            continue
        holds_url = el.tag == bt_url or (el.tag == bt_image and el.get("id") is not None)
        holds_url = holds_url or (name in _URL_ELEMENTS and el.get("resid") is None)
        if not holds_url:
            continue
        if el.get("DefaultValue") is not None:
            found.append((name, el.get("DefaultValue", "")))
        found += [(f"{name} Override", o.get("Value", "")) for o in el if _local(o.tag) == "Override"]
    return [f"{name} must be an https:// URL, not {value!r}" for name, value in found if not value.lower().startswith("https://")]


def _check_icons(root: ET.Element) -> list[str]:
    problems = [f"{name} is missing" for name in ("IconUrl", "HighResolutionIconUrl") if root.find(f"o:{name}", _NS) is None]
    for icon in root.iter(f"{{{_NS['ov']}}}Icon"):
        sizes = {img.get("size") for img in icon.findall("bt:Image", _NS)}
        missing = [str(s) for s in BUTTON_ICON_SIZES if str(s) not in sizes]
        if missing:
            problems.append(f"an Icon lacks image size(s) {', '.join(missing)} (16, 32 and 80 are required)")
    return problems


def _check_resids(root: ET.Element) -> list[str]:
    problems: list[str] = []
    defined: dict[str, set[str]] = {}
    resources = root.find("ov:VersionOverrides/ov:Resources", _NS)
    for group in resources if resources is not None else []:
        kind = _local(group.tag)
        for item in group:
            rid = item.get("id", "")
            if len(rid) > MAX_RESID:
                problems.append(f"resource id {rid!r} is longer than {MAX_RESID} characters")
            if rid in defined.setdefault(kind, set()):
                problems.append(f"resource id {rid!r} is defined twice in {kind}")
            defined[kind].add(rid)
    for el in root.iter():
        ref = el.get("resid")
        if ref is None:
            continue
        if len(ref) > MAX_RESID:
            problems.append(f"resid {ref!r} is longer than {MAX_RESID} characters")
        ref_kind = _RESID_KIND.get(_local(el.tag))
        pool = defined.get(ref_kind, set()) if ref_kind else set().union(*defined.values())
        if ref not in pool:
            where = f"bt:{ref_kind}" if ref_kind else "Resources"
            problems.append(f"{_local(el.tag)} resid {ref!r} is not defined in {where}")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Write the manifest for `--url` (default https://localhost:3000) to `-o FILE` or stdout."""
    parser = argparse.ArgumentParser(prog="python -m bridge.setup.manifest", description=main.__doc__)
    parser.add_argument("--url", default=DEFAULT_BASE_URL, help="the https origin the bridge is served at")
    parser.add_argument("--token", default=None, help="a --token the pane should send")
    parser.add_argument("-o", "--output", type=Path, default=None, help="file to write (default: stdout)")
    args = parser.parse_args(argv)
    try:
        xml = render_manifest(args.url, token=args.token)
    except ValueError as exc:
        parser.error(str(exc))
    if args.output is None:
        sys.stdout.write(xml)
    else:
        args.output.write_text(xml, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
