"""The product icon, drawn with Pillow at the sizes Office asks for.

Drawn from geometry (no font, no binary assets) so every size is crisp and the
repository carries no image files that could drift from the manifest.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

__all__ = ["ICON_SIZES", "icon_png"]

ICON_SIZES = (16, 32, 64, 80, 128)
_BLUE = (31, 102, 196, 255)
_WHITE = (255, 255, 255, 255)
_SUPERSAMPLE = 8  # draw large, then downscale: cheap anti-aliasing


@lru_cache(maxsize=len(ICON_SIZES))
def icon_png(size: int) -> bytes:
    """PNG bytes of the icon, `size`×`size` pixels; only the sizes in ICON_SIZES exist."""
    if size not in ICON_SIZES:
        raise ValueError(f"no icon of size {size}; sizes are {', '.join(map(str, ICON_SIZES))}")
    big = size * _SUPERSAMPLE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)

    def p(x: float, y: float) -> tuple[float, float]:
        return x * big, y * big

    draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 0.2, fill=_BLUE)
    # A "W" in the upper part ...
    stroke = max(1, round(big * (0.11 if size <= 16 else 0.085)))
    w_points = [p(0.20, 0.20), p(0.34, 0.60), p(0.50, 0.32), p(0.66, 0.60), p(0.80, 0.20)]
    draw.line(w_points, fill=_WHITE, width=stroke, joint="curve")
    # ... over a bridge: an arch and its deck (dropped at 16 px, where it would be mush).
    if size > 16:
        arc_w = max(1, round(big * 0.05))
        draw.arc((*p(0.16, 0.68), *p(0.84, 1.08)), start=200, end=340, fill=_WHITE, width=arc_w)
        draw.line([p(0.14, 0.80), p(0.86, 0.80)], fill=_WHITE, width=arc_w)
    img = img.resize((size, size), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()
