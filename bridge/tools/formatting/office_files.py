"""Files in a binary format neither file tool reads: workbooks, Word and PowerPoint files, PDFs, ZIP archives.

`file_reader` reads text and `call_tool_with_file_content` reads the seed's formats (JSON, CSV, TSV, YAML, XML, TXT);
an Excel workbook given to either was read as text and failed as "not UTF-8 text (byte 0xe5 …)" (or, in latin-1,
came back as garbage). Such a file is recognised by its first bytes (a ZIP container: XLSX, DOCX, ODS…; an OLE2
compound file: XLS, DOC; a PDF), named by its extension, and refused with what to save it as instead. A file named
`.xls` that is really text (many web exports are tab-separated or HTML) is not binary and is read as text.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Final

SIGNATURES: Final = ((b"PK\x03\x04", "a ZIP archive"), (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an OLE2 compound file"),
                     (b"%PDF-", "a PDF document"))
SHEETS: Final = {".xlsx": "an Excel workbook (XLSX)", ".xlsm": "an Excel workbook (XLSM)",
                 ".xlsb": "an Excel binary workbook (XLSB)", ".xls": "an Excel 97-2003 workbook (XLS)",
                 ".ods": "an OpenDocument spreadsheet (ODS)", ".numbers": "a Numbers spreadsheet"}
DOCUMENTS: Final = {".docx": "a Word document (DOCX)", ".docm": "a Word document (DOCM)",
                    ".doc": "a Word 97-2003 document (DOC)", ".odt": "an OpenDocument text (ODT)",
                    ".pptx": "a PowerPoint presentation (PPTX)", ".ppt": "a PowerPoint 97-2003 presentation (PPT)",
                    ".odp": "an OpenDocument presentation (ODP)", ".pdf": "a PDF document"}
SAVE_SHEET: Final = "save the sheet as CSV (.csv) or as Unicode Text (.txt) and give that file"
SAVE_TEXT: Final = "save it as Plain Text (.txt), or its tables as CSV (.csv), and give that file"


def _suffix(path: str) -> str:
    """The extension that names the format: `.xlsx` of `book.xlsx` and of `book.xlsx.gz`."""
    name = PurePath(path).name.lower()
    return PurePath(name.removesuffix(".gz")).suffix


def binary_office_file(path: str, data: bytes) -> str | None:
    """What `data` (the file at `path`, gunzipped) is when it is one of these binary formats (`an Excel workbook
    (XLSX)`), else None. Its first bytes decide; the extension names it."""
    found = next((kind for signature, kind in SIGNATURES if data.startswith(signature)), None)
    if found is None:
        return None
    return SHEETS.get(_suffix(path)) or DOCUMENTS.get(_suffix(path)) or found


def what_to_do(path: str) -> str:
    """What to save the file as instead: a sheet as CSV or Unicode Text, anything else as text."""
    return SAVE_SHEET if _suffix(path) in SHEETS else SAVE_TEXT
