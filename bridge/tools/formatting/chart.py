"""A chart of the table as a PNG, drawn with matplotlib's Agg canvas (no pyplot, no display, thread-safe).

Labels: the first column that is not all numbers (or a first column named like a date or period); without one, the
row numbers. Series: up to six numeric columns. A line chart when the labels are dates or periods (a column named
date/year/month/… or values such as 2024, 2024-05, Q1 2024) and there are three points or more; else a bar chart.
Values of 1e100 and beyond are drawn in units of a power of ten (said on the value axis): matplotlib's tick
arithmetic overflows near the float limit.
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass
from typing import Any, Final

from bridge.tools.formatting.tables import Table, cell_text, is_numeric, number, present

MAX_SERIES: Final = 6
WIDTH_IN, HEIGHT_IN, DPI = 6.4, 4.0, 100
PALETTES: Final = {
    "simple": ["#595959", "#A6A6A6", "#262626", "#7F7F7F", "#BFBFBF", "#404040"],
    "professional": ["#1F4E79", "#2E75B6", "#9DC3E6", "#C55A11", "#70AD47", "#7F7F7F"],
    "academic": ["#000000", "#7F7F7F", "#BFBFBF", "#404040", "#595959", "#D9D9D9"],
    "creative": ["#E15759", "#4E79A7", "#F28E2B", "#76B7B2", "#59A14F", "#EDC948"],
}
_PERIOD_NAME = re.compile(r"\b(date|year|month|day|week|quarter|time|period)s?\b", re.I)
_PERIOD_VALUE = re.compile(r"^(\d{4}([-/]\d{1,2}([-/]\d{1,2})?)?|Q[1-4][\s-]?\d{2,4}|\d{4}[\s-]?Q[1-4]|"
                           r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\.?(\s+\d{2,4})?)$", re.I)


class NoNumericData(Exception):
    """No column holds numbers, so there is nothing to plot."""


@dataclass
class Chart:
    chart_type: str
    title: str
    x_label: str
    labels: list[str]
    series: list[dict[str, Any]]
    png: bytes
    width_px: int
    height_px: int


def plan(table: Table) -> tuple[str, int | None, list[int]]:
    """(chart type, label column or None, numeric series columns)."""
    columns = [[r[i] for r in table.rows] for i in range(len(table.keys))]
    numeric = [i for i, values in enumerate(columns) if is_numeric(values)]
    label: int | None = next((i for i in range(len(columns)) if i not in numeric), None)
    if label is None and len(numeric) >= 2 and _PERIOD_NAME.search(table.headers[0]):
        label = 0
    series = [i for i in numeric if i != label][:MAX_SERIES]
    if not series:
        raise NoNumericData(", ".join(table.headers))
    periods = label is not None and (_PERIOD_NAME.search(table.headers[label]) is not None or all(
        _PERIOD_VALUE.match(cell_text(v).strip()) for v in columns[label] if present(v)))
    kind = "line" if periods and len(table.rows) >= 3 else "bar"
    return kind, label, series


def _power(values: dict[int, list[float | None]]) -> int:
    """The power of ten the values are drawn in: 0, or the largest value's exponent from 1e100 on."""
    peak = max((abs(v) for vs in values.values() for v in vs if v is not None), default=0.0)
    return math.floor(math.log10(peak)) if peak >= 1e100 else 0


def render(table: Table, style: str) -> Chart:
    """Draw the chart (see the module docstring)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    kind, label, series = plan(table)
    labels = [cell_text(r[label]) if label is not None else str(n) for n, r in enumerate(table.rows, start=1)]
    x_label = table.headers[label] if label is not None else "Row"
    values = {i: [number(r[i]) for r in table.rows] for i in series}
    power = _power(values)
    drawn = {i: [None if v is None else v / 10.0**power for v in vs] for i, vs in values.items()}
    names = [table.headers[i] for i in series]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    title = f"{joined} by {x_label}"
    colors = PALETTES.get(style, PALETTES["professional"])

    figure = Figure(figsize=(WIDTH_IN, HEIGHT_IN), dpi=DPI)
    canvas = FigureCanvasAgg(figure)
    axes = figure.subplots()
    positions = list(range(len(labels)))
    if kind == "line":
        for n, i in enumerate(series):
            axes.plot(positions, [v if v is not None else float("nan") for v in drawn[i]], marker="o",
                      color=colors[n % len(colors)], label=table.headers[i])
    else:
        width = 0.8 / len(series)
        for n, i in enumerate(series):
            offset = (n - (len(series) - 1) / 2) * width
            axes.bar([p + offset for p in positions], [v or 0.0 for v in drawn[i]], width=width,
                     color=colors[n % len(colors)], label=table.headers[i])
    axes.set_xticks(positions)
    crowded = len(labels) > 8 or max((len(x) for x in labels), default=0) > 10
    axes.set_xticklabels(labels, rotation=45 if crowded else 0, ha="right" if crowded else "center", fontsize=8)
    axes.set_xlabel(x_label)
    axes.set_ylabel((names[0] if len(names) == 1 else "Value") + (f" (×1e{power})" if power else ""))
    axes.set_title(title)
    axes.spines[["top", "right"]].set_visible(False)
    if style != "simple":
        axes.set_axisbelow(True)
        axes.grid(axis="y", alpha=0.3)
    if len(series) > 1:
        axes.legend(frameon=False, fontsize=8)
    figure.tight_layout()
    buffer = io.BytesIO()
    canvas.print_png(buffer)
    return Chart(kind, title, x_label, labels,
                 [{"name": table.headers[i], "values": values[i]} for i in series], buffer.getvalue(),
                 int(WIDTH_IN * DPI), int(HEIGHT_IN * DPI))
