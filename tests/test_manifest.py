"""bridge.setup.manifest and bridge.setup.icons: XSD-valid manifests, the checks the XSD lacks, the icons."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from lxml import etree
from PIL import Image

from bridge.setup.icons import ICON_SIZES, icon_png
from bridge.setup.manifest import ADDIN_ID, DEFAULT_BASE_URL, check_manifest, main, render_manifest

SCHEMAS = Path(__file__).parent / "schemas" / "office-manifest"
REPO = Path(__file__).resolve().parent.parent
NS = {
    "o": "http://schemas.microsoft.com/office/appforoffice/1.1",
    "bt": "http://schemas.microsoft.com/office/officeappbasictypes/1.0",
    "ov": "http://schemas.microsoft.com/office/taskpaneappversionoverrides",
}
TOKEN = "s3cret token/with&odd=chars+\"<>"
VARIANTS = {
    "default": ((), {}),
    "custom": (("https://example.test:8443",), {}),
    "token": ((), {"token": TOKEN}),
    "custom+path+token": (("https://example.test:8443/word/",), {"token": TOKEN}),
}


@pytest.fixture(scope="module")
def schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(SCHEMAS / "OfficeAppManifestV1_1.xsd")))


def validate(schema: etree.XMLSchema, xml: str) -> list[str]:
    doc = etree.fromstring(xml.encode("utf-8"))
    return [] if schema.validate(doc) else [str(e) for e in schema.error_log]


def urls_of(xml: str) -> list[str]:
    root = ET.fromstring(xml)
    found = [el.get("DefaultValue", "") for el in root.iter() if (el.get("DefaultValue") or "").startswith(("http:", "https:"))]
    return found + [(el.text or "").strip() for el in root.iter(f"{{{NS['o']}}}AppDomain")]


@pytest.mark.parametrize("name", VARIANTS)
def test_rendered_manifest_is_xsd_valid_and_clean(schema: etree.XMLSchema, name: str) -> None:
    args, kwargs = VARIANTS[name]
    xml = render_manifest(*args, **kwargs)
    assert validate(schema, xml) == []
    assert check_manifest(xml) == []


def test_schema_is_strict_enough_to_matter(schema: etree.XMLSchema) -> None:
    """The XSD copy validates Microsoft's example and rejects an element out of order."""
    assert validate(schema, (SCHEMAS / "example-word-manifest.xml").read_text(encoding="utf-8")) == []
    xml = render_manifest()
    perms = "  <Permissions>ReadWriteDocument</Permissions>\n"
    swapped = xml.replace(perms, "").replace("  <DefaultSettings>", perms + "  <DefaultSettings>")
    assert swapped != xml and validate(schema, swapped)


def test_committed_manifest_matches_the_render() -> None:
    committed = (REPO / "manifest.xml").read_text(encoding="utf-8")
    assert committed == render_manifest(), "regenerate it: python -m bridge.setup.manifest -o manifest.xml"


@pytest.mark.parametrize("base", ["https://localhost:3000", "https://example.test:8443", "https://example.test:8443/word"])
def test_urls_follow_the_base(base: str) -> None:
    xml = render_manifest(base + "/")
    root = ET.fromstring(xml)
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(base))
    assert [(el.text or "").strip() for el in root.iter(f"{{{NS['o']}}}AppDomain")] == [origin]
    assert all(u.startswith(origin) for u in urls_of(xml))
    assert root.find("o:DefaultSettings/o:SourceLocation", NS).get("DefaultValue") == f"{base}/taskpane.html"
    assert root.find("o:IconUrl", NS).get("DefaultValue") == f"{base}/assets/icon-32.png"
    assert root.find("o:HighResolutionIconUrl", NS).get("DefaultValue") == f"{base}/assets/icon-64.png"
    assert root.find("o:SupportUrl", NS).get("DefaultValue") == f"{base}/healthz"


def test_fixed_identity_and_word_specifics() -> None:
    root = ET.fromstring(render_manifest("https://example.test:8443"))
    assert root.findtext("o:Id", namespaces=NS) == ADDIN_ID
    assert root.findtext("o:Permissions", namespaces=NS) == "ReadWriteDocument"
    assert [h.get("Name") for h in root.findall("o:Hosts/o:Host", NS)] == ["Document"]
    req = root.find("o:Requirements/o:Sets/o:Set", NS)
    assert (req.get("Name"), req.get("MinVersion")) == ("WordApi", "1.3")
    tab = root.find(".//ov:ExtensionPoint/ov:OfficeTab", NS)
    assert tab.get("id") == "TabHome"
    action = tab.find(".//ov:Control/ov:Action", NS)
    assert action.get("{http://www.w3.org/2001/XMLSchema-instance}type") == "ShowTaskpane"


def test_token_is_url_encoded_everywhere_the_pane_loads() -> None:
    root = ET.fromstring(render_manifest(token=TOKEN))
    pane_urls = [root.find("o:DefaultSettings/o:SourceLocation", NS).get("DefaultValue")]
    pane_urls += [u.get("DefaultValue") for u in root.iter(f"{{{NS['bt']}}}Url") if "taskpane" in u.get("DefaultValue", "")]
    assert len(pane_urls) == 2
    for url in pane_urls:
        parts = urlsplit(url)
        assert parts.path == "/taskpane.html"
        assert parse_qs(parts.query) == {"token": [TOKEN]}
        assert " " not in url and "&" not in url
    assert "token" not in render_manifest()


@pytest.mark.parametrize("base", ["http://localhost:3000", "http://127.0.0.1:3000", "ftp://example.test", "https://", "localhost:3000"])
def test_non_https_base_is_refused(base: str) -> None:
    with pytest.raises(ValueError, match="https|host"):
        render_manifest(base)


def test_http_refusal_explains_why() -> None:
    with pytest.raises(ValueError) as info:
        render_manifest("http://localhost:3000")
    assert "https://" in str(info.value) and "http://localhost:3000" in str(info.value)


# --- check_manifest on broken variants -----------------------------------------------


def broken(old: str, new: str, count: int = -1) -> str:
    xml = render_manifest()
    assert old in xml, old
    return xml.replace(old, new, count)


def test_check_finds_http_urls() -> None:
    icon80 = f"{DEFAULT_BASE_URL}/assets/icon-80.png"
    problems = check_manifest(broken(icon80, icon80.replace("https", "http")))
    assert len(problems) == 1 and "https" in problems[0] and "http://" in problems[0]
    problems = check_manifest(broken(f"<AppDomain>{DEFAULT_BASE_URL}", "<AppDomain>http://localhost:3000"))
    assert len(problems) == 1 and "AppDomain" in problems[0]
    problems = check_manifest(broken(f'"{DEFAULT_BASE_URL}/taskpane.html"', '"http://localhost:3000/taskpane.html"'))
    assert len(problems) == 2  # DefaultSettings and the ribbon button's bt:Url


def test_check_finds_missing_icon_80() -> None:
    xml = re.sub(r'\s*<bt:Image size="80" resid="[^"]+"/>', "", render_manifest())
    problems = check_manifest(xml)
    assert len(problems) == 2  # the group's icon and the button's icon
    assert all("80" in p for p in problems)


def test_check_finds_dangling_and_wrongly_typed_resids() -> None:
    problems = check_manifest(broken('<Description resid="WB.Button.Tooltip"/>', '<Description resid="WB.Button.Nope"/>'))
    assert len(problems) == 1 and "WB.Button.Nope" in problems[0]
    problems = check_manifest(broken('<SourceLocation resid="WB.Taskpane.Url"/>', '<SourceLocation resid="WB.Button.Label"/>'))
    assert len(problems) == 1 and "WB.Button.Label" in problems[0] and "Urls" in problems[0]
    problems = check_manifest(broken('<bt:Url id="WB.Support.Url"', '<bt:Url id="WB.Support.Moved"'))
    assert any("WB.Support.Url" in p for p in problems)


def test_check_finds_long_resids_and_wrong_host() -> None:
    long_id = "WB." + "x" * 40
    problems = check_manifest(broken("WB.Group.Label", long_id))
    assert problems and all("longer than 32" in p for p in problems)
    problems = check_manifest(broken('<Host Name="Document"/>', '<Host Name="Workbook"/>'))
    assert len(problems) == 1 and "Document" in problems[0]
    problems = check_manifest(broken('<Host xsi:type="Document">', '<Host xsi:type="Workbook">'))
    assert len(problems) == 1 and "Document" in problems[0]


def test_check_on_garbage() -> None:
    assert check_manifest("<OfficeApp")[0].startswith("not well-formed")
    assert "root element" in check_manifest("<Other/>")[0]


def test_module_main_writes_the_manifest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "m.xml"
    assert main(["--url", "https://example.test:8443", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == render_manifest("https://example.test:8443")
    assert main([]) == 0
    assert capsys.readouterr().out == render_manifest()
    with pytest.raises(SystemExit):
        main(["--url", "http://localhost:3000"])


# --- icons ----------------------------------------------------------------------


@pytest.mark.parametrize("size", ICON_SIZES)
def test_icon_is_a_png_of_its_size(size: int) -> None:
    data = icon_png(size)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG" and img.size == (size, size) and img.mode == "RGBA"
    assert img.getpixel((size // 2, size // 2))[3] == 255  # drawn, not blank
    assert icon_png(size) is data  # cached


def test_every_icon_the_manifest_names_exists() -> None:
    named = {int(m) for m in re.findall(r"/assets/icon-(\d+)\.png", render_manifest())}
    assert {16, 32, 64, 80} <= named
    for size in named:
        assert Image.open(io.BytesIO(icon_png(size))).size == (size, size)


@pytest.mark.parametrize("size", [0, 15, 48, 1024])
def test_unknown_icon_size(size: int) -> None:
    with pytest.raises(ValueError, match="size"):
        icon_png(size)
