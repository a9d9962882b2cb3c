"""`word-bridge sideload {web,mac,windows}`: make Word load the add-in (addin-platform §3)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

from bridge.paths import data_dir
from bridge.setup.certs import shell_line
from bridge.setup.hints import command_line, port_options
from bridge.setup.manifest import ADDIN_ID, render_manifest
from bridge.setup.private_file import write_private

MAC_WEF_DIR = Path.home() / "Library/Containers/com.microsoft.Word/Data/Documents/wef"
WINDOWS_DEV_KEY = r"HKCU\SOFTWARE\Microsoft\Office\16.0\Wef\Developer"
LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")  # what the development certificate names


def _write_manifest(target: Path, base_url: str, token: str | None) -> Path:
    """Write the manifest; one carrying the token is readable by its owner only (it is the bridge's secret)."""
    xml = render_manifest(base_url, token=token)
    if token:  # restricted before the token is written, not after
        write_private(target, xml)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(xml, encoding="utf-8")
    return target


def manifest_path() -> Path:
    """Where `sideload web|windows` writes the manifest: the data directory the rest of the product uses."""
    return data_dir() / "manifest.xml"


def dev_server_port(base_url: str) -> int:
    """The port Word on the web's `wdaddindevserverport` names: the URL's, else https' 443."""
    return urlsplit(base_url).port or 443


def serve_command(base_url: str) -> str:
    """The `word-bridge serve` the manifest expects: on its port, when it names this machine."""
    parts = urlsplit(base_url)
    local = parts.hostname in LOCAL_NAMES
    return command_line("serve", options=port_options(parts.port or 443) if local else [])


def sideload(platform: str, base_url: str, token: str | None = None) -> int:
    """Install or explain the add-in for one platform; returns an exit status.

    `token` (the bridge's --token) goes into the manifest's pane URL, so the pane Word opens is let in.
    """
    if platform == "web":
        return _web(base_url, token)
    if platform == "mac":
        return _mac(base_url, token)
    return _windows(base_url, token)


def _web(base_url: str, token: str | None) -> int:
    path = _write_manifest(manifest_path(), base_url, token)
    print(f"Manifest: {path}" + (" (it carries the token: keep it to yourself)" if token else "") + "\n"
          "Word on the web: open a document, then Home > Add-ins > More Settings > Upload My Add-in and pick "
          "that file.")
    if token:  # the bridge's /manifest.xml gives the token only to a request that presents it: Word's does not
        print("(Appending wdaddindevserverport=… to the document's URL loads the bridge's own manifest, without the "
              "token: upload this file instead.)")
    else:
        print("Or append to the document's URL:\n"
              f"  &wdaddindevserverport={dev_server_port(base_url)}&wdaddinmanifestfile=manifest.xml"
              f"&wdaddinmanifestguid={ADDIN_ID}")
    print(f"Keep `{serve_command(base_url)}` running" + (" with the same token" if token else "")
          + "; if Chrome asks about local network access, click Allow.")
    return 0


def _mac(base_url: str, token: str | None) -> int:
    if sys.platform != "darwin":
        print(f"Run this on the Mac: it copies the manifest to {MAC_WEF_DIR}", file=sys.stderr)
        return 1
    target = _write_manifest(MAC_WEF_DIR / "word-bridge.xml", base_url, token)
    print(f"Wrote {target}. Restart Word, then Home > Add-ins > Word Bridge.")
    return 0


def _windows(base_url: str, token: str | None) -> int:
    path = _write_manifest(manifest_path(), base_url, token)
    command = ["reg", "add", WINDOWS_DEV_KEY, "/v", ADDIN_ID, "/t", "REG_SZ", "/d", str(path), "/f"]
    if sys.platform != "win32":
        print("Run this on Windows: it registers the manifest for Word's developer sideloading:\n  "
              + shell_line(command, "win32"), file=sys.stderr)
        return 1
    status = subprocess.call(command)
    if status == 0:
        print("Registered. Restart Word, then Home > Add-ins > Word Bridge.")
    return status
