"""File formats of `call_tool_with_file_content`: detection by extension and conversion to JSON values.

- JSON: parsed as is (NaN and Infinity refused: they are not JSON).
- CSV/TSV: the first row is the header; each further row becomes an object keyed by it. Quoting is RFC 4180's
  (`"` quotes a field, `""` is a quote inside one; an apostrophe is an ordinary character, as in `Don't`); only
  the delimiter is sniffed (among `, ; tab |` for .csv, tab for .tsv): the one that splits most rows of the
  first 64 KiB into as many fields as the header, ties going to that order. A cell becomes a number only when
  that number's JSON text is exactly the cell (`"30"` → 30, `"2.5"` → 2.5), so that whoever shows it (a Word
  table) shows the cell as written; everything else stays a string: `19.90`, `1.0`, `1.000` (a thousand in
  Europe), `0.50`, `+5`, `-0`, `1e3`, ` 30`, `007`, `+1 555` and integers beyond 2^53 (IDs a JavaScript client would
  round). Blank lines are skipped; a row with more or fewer fields than the header is a parse error naming its line.
- YAML: the safe loader; dates become ISO strings, binary becomes base64. A key is its own text (`1`, `true`,
  `0x1F`, `~`): JSON keys are strings, and typed keys would merge (Python's `1 == True`). Values keep their types.
  Aliases are followed but a file that would expand to more than MAX_NODES values (an alias bomb) is refused.
  Sequences and mappings nested more than MAX_YAML_DEPTH levels deep (`[[[…]]]`, `- - - x`, ever deeper
  indentation) are refused before the document is composed: libyaml's composer recurses on the C stack, so a
  100 KB file of brackets would crash the process rather than raise (`_check_depth`).
- XML: checked by defusedxml (entity declarations, external entities and DTD fetching refused, so a billion
  laughs file or an XXE probe never expands), then converted with xmltodict's convention: an element is a key,
  attributes are `@name` keys, text beside attributes or children is `#text`, repeated elements become a list,
  an empty element is null, and all values are strings.
- TXT (and any other extension): the text; when it starts with `{` or `[` and parses as JSON, that value.
- `<name>.<ext>.gz`: the same after gunzip (the decompressed size is held to the same limit).
"""

from __future__ import annotations

import base64
import csv
import datetime as dt
import gzip
import io
import json
import math
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any, Final
from xml.etree.ElementTree import ParseError as XMLParseError
from xml.parsers.expat import ExpatError

import xmltodict
import yaml
from defusedxml import DefusedXmlException
from defusedxml import ElementTree as SafeElementTree

from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.formatting.csv_limit import allow_large_fields

FORMATS: Final = {".json": "json", ".csv": "csv", ".tsv": "tsv", ".yaml": "yaml", ".yml": "yaml", ".xml": "xml",
                  ".txt": "txt"}
MAX_NODES: Final = 5_000_000
"""Values a YAML file may expand to: far above what 10 MB can spell out without aliases."""
MAX_SAFE_INTEGER: Final = 2**53 - 1
SNIFF_BYTES: Final = 64 * 1024
DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?")
"""The shape of a JSON number without exponent, sign `+` or leading zeros (what `cell_value` may type)."""
MAX_NUMBER_TEXT: Final = 24
"""Longer cells are never a number's own text (17 significant digits, sign, point, zeros before them)."""
MAX_YAML_DEPTH: Final = 100
"""Levels of YAML sequences and mappings (as JSON arrays and objects) a file may nest, as data_formatter's JSON."""
_BaseLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class Parsed:
    """A file's content as a JSON value, and what the conversion wants the caller to know."""

    value: Any
    format: str
    compressed: bool
    notes: list[str] = field(default_factory=list)


def detect_format(path: str) -> tuple[str, bool]:
    """(format, gzip-compressed) from the file name: `.csv.gz` is compressed CSV; unknown extensions are text."""
    name = PurePath(path).name.lower()
    compressed = name.endswith(".gz")
    if compressed:
        name = name[:-3]
    return FORMATS.get(PurePath(name).suffix, "txt"), compressed


def parse_file(data: bytes, path: str, max_size: int) -> Parsed:
    """Convert the bytes of `path` to a JSON value according to its extension."""
    fmt, compressed = detect_format(path)
    if compressed:
        data = gunzip(data, path, max_size)
    notes: list[str] = []
    if fmt == "xml":
        value = parse_xml(data)
    else:
        text = decode(data, fmt)
        if fmt == "json":
            value = parse_json(text, "JSON")
        elif fmt in ("csv", "tsv"):
            value = parse_csv(text, fmt, notes)
        elif fmt == "yaml":
            value = parse_yaml(text)
        else:
            value = parse_text(text, notes)
    return Parsed(value, fmt, compressed, notes)


def gunzip(data: bytes, path: str, max_size: int) -> bytes:
    """Decompress at most `max_size` bytes, so a small gzip bomb cannot fill the memory."""
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)  # gzip header expected
    try:
        out = inflater.decompress(data, max_size + 1)
    except zlib.error as exc:
        raise FileToolError(f"Failed to parse gzip file: {exc}") from None
    if len(out) > max_size:
        raise FileToolError(f"Decompressed size of '{path}' exceeds maximum allowed size of "
                            f"{max_size} bytes ({max_size // (1024 * 1024)}MB)")
    if not inflater.eof:
        raise FileToolError("Failed to parse gzip file: the compressed data is truncated")
    if inflater.unused_data:  # concatenated members (gzip allows them): rare, fall back to the gzip module
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            out = stream.read(max_size + 1)
        if len(out) > max_size:
            raise FileToolError(f"Decompressed size of '{path}' exceeds maximum allowed size of "
                                f"{max_size} bytes ({max_size // (1024 * 1024)}MB)")
    return out


def decode(data: bytes, fmt: str) -> str:
    """UTF-8 (a byte-order mark is dropped); anything else is refused with the line of the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FileToolError(f"Failed to parse {fmt.upper()} file: not UTF-8 text (byte 0x{data[exc.start]:02x} "
                            f"at line {line})") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_json(text: str, label: str) -> Any:
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise FileToolError(f"Failed to parse {label} file: {exc.msg} at line {exc.lineno}, column {exc.colno}") \
            from None
    except ValueError as exc:
        raise FileToolError(f"Failed to parse {label} file: {exc}") from None
    except RecursionError:
        raise FileToolError(f"Failed to parse {label} file: nested too deeply") from None


def parse_text(text: str, notes: list[str]) -> Any:
    """The text, or the JSON value it spells when it looks like a JSON object or array."""
    if text.lstrip()[:1] in ("{", "["):
        try:
            return parse_json(text, "TXT")
        except FileToolError as exc:
            notes.append(f"The text looks like JSON but is not ({exc.message.removeprefix('Failed to parse TXT file: ')}); "
                         "it was passed as a string")
    return text


# ---- CSV / TSV ---------------------------------------------------------------------------------------------
class Rfc4180(csv.Dialect):
    """RFC 4180 quoting whatever the delimiter. `csv.Sniffer` would also guess the quote character, and takes
    the apostrophes of `Rock 'n' Roll` and `'Twas` for quotes, merging rows and losing the apostrophes."""

    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\r\n"
    quoting = csv.QUOTE_MINIMAL
    strict = True


def _sample(text: str) -> str:
    """The first SNIFF_BYTES of `text`, in whole lines."""
    sample = text[:SNIFF_BYTES]
    if len(text) > SNIFF_BYTES and "\n" in sample:
        sample = sample[: sample.rindex("\n")]
    return sample


def _fit(sample: str, delimiter: str) -> tuple[int, int]:
    """(rows with as many fields as the header, the header's width) when `delimiter` splits `sample`;
    (0, 0) when the header is a single field."""
    reader = csv.reader(io.StringIO(sample, newline=""), Rfc4180, delimiter=delimiter, strict=False)
    widths: list[int] = []
    try:
        widths = [len(row) for row in reader if row and (len(row) > 1 or row[0].strip())]
    except csv.Error:  # a sample cut inside a quoted field: the rows read so far still count
        pass
    if not widths or widths[0] < 2:
        return 0, 0
    return sum(width == widths[0] for width in widths), widths[0]


def delimiter(text: str, fmt: str) -> str:
    """The candidate delimiter that fits the most rows (`_fit`); the first candidate when none splits the header."""
    candidates = "\t" if fmt == "tsv" else ",;\t|"
    if len(candidates) == 1:
        return candidates
    sample = _sample(text)
    return max(candidates, key=lambda candidate: _fit(sample, candidate))  # max keeps the first of equals


def cell_value(cell: str) -> Any:
    """The cell as a number when the number's JSON text, as JSON.stringify writes it, is exactly the cell (the
    seed's `"age": 30`); anything else unchanged. An integral float (`1.0`) would read `1`, a rounded one
    (`0.1000000000000000055`) otherwise: both stay text, as do integers a JavaScript client would round."""
    found = DECIMAL.fullmatch(cell) if len(cell) <= MAX_NUMBER_TEXT else None
    if found is None:
        return cell
    if found.group(1) is None:
        number = int(cell)
        return number if abs(number) <= MAX_SAFE_INTEGER and str(number) == cell else cell
    real = float(cell)
    return real if not real.is_integer() and repr(real) == cell else cell


def _header(row: list[str], notes: list[str]) -> list[str]:
    """Column names: stripped, blanks named `column_<n>`, repeats suffixed `_2`, `_3`…"""
    names: list[str] = []
    seen: set[str] = set()
    for i, raw in enumerate(row):
        name = raw.strip() or f"column_{i + 1}"
        if not raw.strip():
            notes.append(f"Column {i + 1} has no header; it was named '{name}'")
        base, n = name, 2
        while name in seen:
            name, n = f"{base}_{n}", n + 1
        if name != base:
            notes.append(f"Header '{base}' repeats; column {i + 1} was named '{name}'")
        seen.add(name)
        names.append(name)
    return names


def parse_csv(text: str, fmt: str, notes: list[str]) -> list[dict[str, Any]]:
    """Rows as objects keyed by the header row, numbers typed; a field may be as long as the file
    (`allow_large_fields`)."""
    allow_large_fields()
    label = fmt.upper()
    reader = csv.reader(io.StringIO(text, newline=""), Rfc4180, delimiter=delimiter(text, fmt))
    header: list[str] | None = None
    records: list[dict[str, Any]] = []
    line = 1
    try:
        for row in reader:
            start, line = line, reader.line_num + 1
            if not row or (len(row) == 1 and not row[0].strip()):
                continue
            if header is None:
                header = _header(row, notes)
                continue
            if len(row) != len(header):
                raise FileToolError(f"Failed to parse {label} file: Invalid format at line {start}: "
                                    f"{len(row)} field(s) where the header has {len(header)}")
            records.append({name: cell_value(cell) for name, cell in zip(header, row, strict=True)})
    except csv.Error as exc:
        raise FileToolError(f"Failed to parse {label} file: Invalid format at line {reader.line_num}: {exc}") \
            from None
    if header is None:
        raise FileToolError(f"Failed to parse {label} file: the file is empty (no header row)")
    return records


# ---- YAML --------------------------------------------------------------------------------------------------
class YamlLoader(_BaseLoader):
    """The safe loader, with mappings keyed by each key's own text (`_construct_map`)."""


def _construct_map(loader: Any, node: yaml.MappingNode) -> Iterator[dict[str, Any]]:
    """A mapping keyed by its keys' text: the safe loader would type `1` and `true` and merge them (`1 == True`).
    Merge keys (`<<`) are applied first; a later key wins over an earlier one, as before."""
    mapping: dict[str, Any] = {}
    yield mapping
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            raise yaml.constructor.ConstructorError("while constructing a mapping", node.start_mark,
                                                    "found a key that is not a scalar (JSON keys are strings)",
                                                    key_node.start_mark)
        mapping[key_node.value] = loader.construct_object(value_node)


YamlLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)


def _check_depth(text: str) -> None:
    """Refuse YAML nested deeper than MAX_YAML_DEPTH before anything recurses on it.

    libyaml's parser keeps its state on the heap, so walking its events is safe at any depth; the composer that
    `yaml.load` runs next recurses once per level on the C stack (`catch RecursionError` cannot help: the process
    dies of SIGSEGV). The walk stops at the first level too many, which also bounds the scanner's cost (it looks at
    every open flow level for each token). A syntax error ends the walk: the load below reports it as it always
    did, having nested no deeper than the walk saw."""
    depth = 0
    events = yaml.parse(text, Loader=_BaseLoader)
    try:
        for event in events:
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_YAML_DEPTH:
                    mark = event.start_mark
                    where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
                    raise FileToolError(f"Failed to parse YAML file: nested too deeply (more than {MAX_YAML_DEPTH} "
                                        f"levels of sequences and mappings{where})")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        pass
    finally:
        events.close()


def parse_yaml(text: str) -> Any:
    _check_depth(text)
    try:
        value = yaml.load(text, Loader=YamlLoader)  # noqa: S506 - a safe loader (C or Python)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = exc.problem or "invalid YAML"
        if exc.context:
            problem += f" ({exc.context})"
        raise FileToolError(f"Failed to parse YAML file: {problem}{where}") from None
    except yaml.YAMLError as exc:
        raise FileToolError(f"Failed to parse YAML file: {exc}") from None
    except RecursionError:
        raise FileToolError("Failed to parse YAML file: nested too deeply") from None
    try:
        _count_nodes(value, {}, set())
        return _jsonable(value, {})
    except RecursionError:
        raise FileToolError("Failed to parse YAML file: nested too deeply") from None


def _count_nodes(value: Any, counted: dict[int, int], active: set[int]) -> int:
    """How many values `value` expands to once its aliases are spelled out; refuses bombs and cycles."""
    if not isinstance(value, dict | list | tuple | set):
        return 1
    key = id(value)
    if key in counted:
        return counted[key]
    if key in active:
        raise FileToolError("Failed to parse YAML file: a recursive alias (a value that contains itself) "
                            "cannot be converted to JSON")
    active.add(key)
    items = list(value.items()) if isinstance(value, dict) else [(None, item) for item in value]
    total = 1
    for _, item in items:
        total += _count_nodes(item, counted, active)
        if total > MAX_NODES:
            raise FileToolError(f"Failed to parse YAML file: its aliases expand to more than {MAX_NODES:,} values "
                                "(an alias bomb?)")
    active.discard(key)
    counted[key] = total
    return total


def _jsonable(value: Any, done: dict[int, Any]) -> Any:
    """The safe loader's values as JSON values; an aliased container is converted once and shared."""
    if isinstance(value, dict | list | tuple | set):
        if id(value) in done:
            return done[id(value)]
        if isinstance(value, dict):
            out: Any = {k: _jsonable(v, done) for k, v in value.items()}  # keys are text (_construct_map)
        else:
            out = [_jsonable(item, done) for item in (sorted(value, key=str) if isinstance(value, set) else value)]
        done[id(value)] = out
        return out
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)  # .nan / .inf: JSON has no such numbers
    return value


# ---- XML ---------------------------------------------------------------------------------------------------
def parse_xml(data: bytes) -> Any:
    """defusedxml vets the document (no entity declarations, no external entities); xmltodict converts it."""
    try:
        SafeElementTree.fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise FileToolError(
            f"Failed to parse XML file: refused {type(exc).__name__} ({exc}): entity declarations and external "
            "references are not allowed (they enable entity-expansion attacks such as billion laughs, and file or "
            "network access)") from None
    except XMLParseError as exc:
        line, column = exc.position
        message = str(exc).split(":", 1)[0]
        raise FileToolError(f"Failed to parse XML file: {message} at line {line}, column {column + 1}") from None
    try:
        return xmltodict.parse(data, disable_entities=True)
    except ExpatError as exc:  # vetted above: only a parser disagreement lands here
        raise FileToolError(f"Failed to parse XML file: {exc}") from None
    except ValueError as exc:
        raise FileToolError(f"Failed to parse XML file: {exc}") from None
