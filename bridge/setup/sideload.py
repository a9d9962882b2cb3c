"""`word-bridge sideload {web,mac,windows}`: make Word load the add-in (addin-platform §3)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bridge.setup.manifest import ADDIN_ID, render_manifest

MAC_WEF_DIR = Path.home() / "Library/Containers/com.microsoft.Word/Data/Documents/wef"
WINDOWS_DEV_KEY = r"HKCU\SOFTWARE\Microsoft\Office\16.0\Wef\Developer"


def _manifest_file(base_url: str) -> Path:
    target = Path.home() / ".word-bridge" / "manifest.xml"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render_manifest(base_url), encoding="utf-8")
    return target


def sideload(platform: str, base_url: str) -> int:
    """Install or explain the add-in for one platform; returns an exit status."""
    if platform == "web":
        path = _manifest_file(base_url)
        port = base_url.rsplit(":", 1)[-1] if base_url.count(":") == 2 else "443"
        print(f"Manifest: {path}\n"
              "Word on the web: open a document, then Home > Add-ins > More Settings > Upload My Add-in and pick "
              "that file.\nOr append to the document's URL:\n"
              f"  &wdaddindevserverport={port}&wdaddinmanifestfile=manifest.xml&wdaddinmanifestguid={ADDIN_ID}\n"
              "Keep `word-bridge serve` running; if Chrome asks about local network access, click Allow.")
        return 0
    if platform == "mac":
        if sys.platform != "darwin":
            print(f"Run this on the Mac: it copies the manifest to {MAC_WEF_DIR}", file=sys.stderr)
            return 1
        MAC_WEF_DIR.mkdir(parents=True, exist_ok=True)
        target = MAC_WEF_DIR / "word-bridge.xml"
        target.write_text(render_manifest(base_url), encoding="utf-8")
        print(f"Wrote {target}. Restart Word, then Home > Add-ins > Word Bridge.")
        return 0
    path = _manifest_file(base_url)
    command = ["reg", "add", WINDOWS_DEV_KEY, "/v", ADDIN_ID, "/t", "REG_SZ", "/d", str(path), "/f"]
    if sys.platform != "win32":
        print("Run this on Windows: it registers the manifest for Word's developer sideloading:\n  "
              + " ".join(command), file=sys.stderr)
        return 1
    status = subprocess.call(command)
    if status == 0:
        print("Registered. Restart Word, then Home > Add-ins > Word Bridge.")
    return status
