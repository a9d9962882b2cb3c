"""XML files: checked by defusedxml (entity declarations, external entities and DTD fetching refused, so a billion
laughs file or an XXE probe never expands), then converted with xmltodict's convention: an element is a key,
attributes are `@name` keys, text beside attributes or children is `#text`, repeated elements become a list, an
empty element is null, and all values are strings."""

from __future__ import annotations

from typing import Any
from xml.etree.ElementTree import ParseError as XMLParseError
from xml.parsers.expat import ExpatError

import xmltodict
from defusedxml import DefusedXmlException
from defusedxml import ElementTree as SafeElementTree

from bridge.tools.file_tool.errors import FileToolError


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
