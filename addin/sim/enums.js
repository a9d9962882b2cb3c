// Generated from @types/office-js (index.d.ts) enum declarations: the string values Office.js uses.
// Keys as in Office.js (Word.InsertLocation.end === 'End'). Regenerate rather than edit by hand.

/** Word.ChangeTrackingMode */
export const ChangeTrackingMode = Object.freeze({
  "off": "Off",
  "trackAll": "TrackAll",
  "trackMineOnly": "TrackMineOnly"
});

/** Word.TrackedChangeType */
export const TrackedChangeType = Object.freeze({
  "none": "None",
  "added": "Added",
  "deleted": "Deleted",
  "formatted": "Formatted"
});

/** Word.UnderlineType */
export const UnderlineType = Object.freeze({
  "mixed": "Mixed",
  "none": "None",
  "hidden": "Hidden",
  "dotLine": "DotLine",
  "single": "Single",
  "word": "Word",
  "double": "Double",
  "thick": "Thick",
  "dotted": "Dotted",
  "dottedHeavy": "DottedHeavy",
  "dashLine": "DashLine",
  "dashLineHeavy": "DashLineHeavy",
  "dashLineLong": "DashLineLong",
  "dashLineLongHeavy": "DashLineLongHeavy",
  "dotDashLine": "DotDashLine",
  "dotDashLineHeavy": "DotDashLineHeavy",
  "twoDotDashLine": "TwoDotDashLine",
  "twoDotDashLineHeavy": "TwoDotDashLineHeavy",
  "wave": "Wave",
  "waveHeavy": "WaveHeavy",
  "waveDouble": "WaveDouble"
});

/** Word.BreakType */
export const BreakType = Object.freeze({
  "page": "Page",
  "next": "Next",
  "sectionNext": "SectionNext",
  "sectionContinuous": "SectionContinuous",
  "sectionEven": "SectionEven",
  "sectionOdd": "SectionOdd",
  "line": "Line"
});

/** Word.InsertLocation */
export const InsertLocation = Object.freeze({
  "before": "Before",
  "after": "After",
  "start": "Start",
  "end": "End",
  "replace": "Replace"
});

/** Word.Alignment */
export const Alignment = Object.freeze({
  "mixed": "Mixed",
  "unknown": "Unknown",
  "left": "Left",
  "centered": "Centered",
  "right": "Right",
  "justified": "Justified"
});

/** Word.HeaderFooterType */
export const HeaderFooterType = Object.freeze({
  "primary": "Primary",
  "firstPage": "FirstPage",
  "evenPages": "EvenPages"
});

/** Word.BodyType */
export const BodyType = Object.freeze({
  "unknown": "Unknown",
  "mainDoc": "MainDoc",
  "section": "Section",
  "header": "Header",
  "footer": "Footer",
  "tableCell": "TableCell",
  "footnote": "Footnote",
  "endnote": "Endnote",
  "noteItem": "NoteItem"
});

/** Word.SelectionMode */
export const SelectionMode = Object.freeze({
  "select": "Select",
  "start": "Start",
  "end": "End"
});

/** Word.ImageFormat */
export const ImageFormat = Object.freeze({
  "unsupported": "Unsupported",
  "undefined": "Undefined",
  "bmp": "Bmp",
  "jpeg": "Jpeg",
  "gif": "Gif",
  "tiff": "Tiff",
  "png": "Png",
  "icon": "Icon",
  "exif": "Exif",
  "wmf": "Wmf",
  "emf": "Emf",
  "pict": "Pict",
  "pdf": "Pdf",
  "svg": "Svg"
});

/** Word.RangeLocation */
export const RangeLocation = Object.freeze({
  "whole": "Whole",
  "start": "Start",
  "end": "End",
  "before": "Before",
  "after": "After",
  "content": "Content"
});

/** Word.LocationRelation */
export const LocationRelation = Object.freeze({
  "unrelated": "Unrelated",
  "equal": "Equal",
  "containsStart": "ContainsStart",
  "containsEnd": "ContainsEnd",
  "contains": "Contains",
  "insideStart": "InsideStart",
  "insideEnd": "InsideEnd",
  "inside": "Inside",
  "adjacentBefore": "AdjacentBefore",
  "overlapsBefore": "OverlapsBefore",
  "before": "Before",
  "adjacentAfter": "AdjacentAfter",
  "overlapsAfter": "OverlapsAfter",
  "after": "After"
});

/** Word.BorderLocation */
export const BorderLocation = Object.freeze({
  "top": "Top",
  "left": "Left",
  "bottom": "Bottom",
  "right": "Right",
  "insideHorizontal": "InsideHorizontal",
  "insideVertical": "InsideVertical",
  "inside": "Inside",
  "outside": "Outside",
  "all": "All"
});

/** Word.CellPaddingLocation */
export const CellPaddingLocation = Object.freeze({
  "top": "Top",
  "left": "Left",
  "bottom": "Bottom",
  "right": "Right"
});

/** Word.VerticalAlignment */
export const VerticalAlignment = Object.freeze({
  "mixed": "Mixed",
  "top": "Top",
  "center": "Center",
  "bottom": "Bottom"
});

/** Word.ListLevelType */
export const ListLevelType = Object.freeze({
  "bullet": "Bullet",
  "number": "Number",
  "picture": "Picture"
});

/** Word.ListBullet */
export const ListBullet = Object.freeze({
  "custom": "Custom",
  "solid": "Solid",
  "hollow": "Hollow",
  "square": "Square",
  "diamonds": "Diamonds",
  "arrow": "Arrow",
  "checkmark": "Checkmark"
});

/** Word.ListNumbering */
export const ListNumbering = Object.freeze({
  "none": "None",
  "arabic": "Arabic",
  "upperRoman": "UpperRoman",
  "lowerRoman": "LowerRoman",
  "upperLetter": "UpperLetter",
  "lowerLetter": "LowerLetter"
});

/** Word.BuiltInStyleName */
export const BuiltInStyleName = Object.freeze({
  "other": "Other",
  "normal": "Normal",
  "heading1": "Heading1",
  "heading2": "Heading2",
  "heading3": "Heading3",
  "heading4": "Heading4",
  "heading5": "Heading5",
  "heading6": "Heading6",
  "heading7": "Heading7",
  "heading8": "Heading8",
  "heading9": "Heading9",
  "toc1": "Toc1",
  "toc2": "Toc2",
  "toc3": "Toc3",
  "toc4": "Toc4",
  "toc5": "Toc5",
  "toc6": "Toc6",
  "toc7": "Toc7",
  "toc8": "Toc8",
  "toc9": "Toc9",
  "footnoteText": "FootnoteText",
  "header": "Header",
  "footer": "Footer",
  "caption": "Caption",
  "footnoteReference": "FootnoteReference",
  "endnoteReference": "EndnoteReference",
  "endnoteText": "EndnoteText",
  "title": "Title",
  "subtitle": "Subtitle",
  "hyperlink": "Hyperlink",
  "strong": "Strong",
  "emphasis": "Emphasis",
  "noSpacing": "NoSpacing",
  "listParagraph": "ListParagraph",
  "quote": "Quote",
  "intenseQuote": "IntenseQuote",
  "subtleEmphasis": "SubtleEmphasis",
  "intenseEmphasis": "IntenseEmphasis",
  "subtleReference": "SubtleReference",
  "intenseReference": "IntenseReference",
  "bookTitle": "BookTitle",
  "bibliography": "Bibliography",
  "tocHeading": "TocHeading",
  "tableGrid": "TableGrid",
  "plainTable1": "PlainTable1",
  "plainTable2": "PlainTable2",
  "plainTable3": "PlainTable3",
  "plainTable4": "PlainTable4",
  "plainTable5": "PlainTable5",
  "tableGridLight": "TableGridLight",
  "gridTable1Light": "GridTable1Light",
  "gridTable1Light_Accent1": "GridTable1Light_Accent1",
  "gridTable1Light_Accent2": "GridTable1Light_Accent2",
  "gridTable1Light_Accent3": "GridTable1Light_Accent3",
  "gridTable1Light_Accent4": "GridTable1Light_Accent4",
  "gridTable1Light_Accent5": "GridTable1Light_Accent5",
  "gridTable1Light_Accent6": "GridTable1Light_Accent6",
  "gridTable2": "GridTable2",
  "gridTable2_Accent1": "GridTable2_Accent1",
  "gridTable2_Accent2": "GridTable2_Accent2",
  "gridTable2_Accent3": "GridTable2_Accent3",
  "gridTable2_Accent4": "GridTable2_Accent4",
  "gridTable2_Accent5": "GridTable2_Accent5",
  "gridTable2_Accent6": "GridTable2_Accent6",
  "gridTable3": "GridTable3",
  "gridTable3_Accent1": "GridTable3_Accent1",
  "gridTable3_Accent2": "GridTable3_Accent2",
  "gridTable3_Accent3": "GridTable3_Accent3",
  "gridTable3_Accent4": "GridTable3_Accent4",
  "gridTable3_Accent5": "GridTable3_Accent5",
  "gridTable3_Accent6": "GridTable3_Accent6",
  "gridTable4": "GridTable4",
  "gridTable4_Accent1": "GridTable4_Accent1",
  "gridTable4_Accent2": "GridTable4_Accent2",
  "gridTable4_Accent3": "GridTable4_Accent3",
  "gridTable4_Accent4": "GridTable4_Accent4",
  "gridTable4_Accent5": "GridTable4_Accent5",
  "gridTable4_Accent6": "GridTable4_Accent6",
  "gridTable5Dark": "GridTable5Dark",
  "gridTable5Dark_Accent1": "GridTable5Dark_Accent1",
  "gridTable5Dark_Accent2": "GridTable5Dark_Accent2",
  "gridTable5Dark_Accent3": "GridTable5Dark_Accent3",
  "gridTable5Dark_Accent4": "GridTable5Dark_Accent4",
  "gridTable5Dark_Accent5": "GridTable5Dark_Accent5",
  "gridTable5Dark_Accent6": "GridTable5Dark_Accent6",
  "gridTable6Colorful": "GridTable6Colorful",
  "gridTable6Colorful_Accent1": "GridTable6Colorful_Accent1",
  "gridTable6Colorful_Accent2": "GridTable6Colorful_Accent2",
  "gridTable6Colorful_Accent3": "GridTable6Colorful_Accent3",
  "gridTable6Colorful_Accent4": "GridTable6Colorful_Accent4",
  "gridTable6Colorful_Accent5": "GridTable6Colorful_Accent5",
  "gridTable6Colorful_Accent6": "GridTable6Colorful_Accent6",
  "gridTable7Colorful": "GridTable7Colorful",
  "gridTable7Colorful_Accent1": "GridTable7Colorful_Accent1",
  "gridTable7Colorful_Accent2": "GridTable7Colorful_Accent2",
  "gridTable7Colorful_Accent3": "GridTable7Colorful_Accent3",
  "gridTable7Colorful_Accent4": "GridTable7Colorful_Accent4",
  "gridTable7Colorful_Accent5": "GridTable7Colorful_Accent5",
  "gridTable7Colorful_Accent6": "GridTable7Colorful_Accent6",
  "listTable1Light": "ListTable1Light",
  "listTable1Light_Accent1": "ListTable1Light_Accent1",
  "listTable1Light_Accent2": "ListTable1Light_Accent2",
  "listTable1Light_Accent3": "ListTable1Light_Accent3",
  "listTable1Light_Accent4": "ListTable1Light_Accent4",
  "listTable1Light_Accent5": "ListTable1Light_Accent5",
  "listTable1Light_Accent6": "ListTable1Light_Accent6",
  "listTable2": "ListTable2",
  "listTable2_Accent1": "ListTable2_Accent1",
  "listTable2_Accent2": "ListTable2_Accent2",
  "listTable2_Accent3": "ListTable2_Accent3",
  "listTable2_Accent4": "ListTable2_Accent4",
  "listTable2_Accent5": "ListTable2_Accent5",
  "listTable2_Accent6": "ListTable2_Accent6",
  "listTable3": "ListTable3",
  "listTable3_Accent1": "ListTable3_Accent1",
  "listTable3_Accent2": "ListTable3_Accent2",
  "listTable3_Accent3": "ListTable3_Accent3",
  "listTable3_Accent4": "ListTable3_Accent4",
  "listTable3_Accent5": "ListTable3_Accent5",
  "listTable3_Accent6": "ListTable3_Accent6",
  "listTable4": "ListTable4",
  "listTable4_Accent1": "ListTable4_Accent1",
  "listTable4_Accent2": "ListTable4_Accent2",
  "listTable4_Accent3": "ListTable4_Accent3",
  "listTable4_Accent4": "ListTable4_Accent4",
  "listTable4_Accent5": "ListTable4_Accent5",
  "listTable4_Accent6": "ListTable4_Accent6",
  "listTable5Dark": "ListTable5Dark",
  "listTable5Dark_Accent1": "ListTable5Dark_Accent1",
  "listTable5Dark_Accent2": "ListTable5Dark_Accent2",
  "listTable5Dark_Accent3": "ListTable5Dark_Accent3",
  "listTable5Dark_Accent4": "ListTable5Dark_Accent4",
  "listTable5Dark_Accent5": "ListTable5Dark_Accent5",
  "listTable5Dark_Accent6": "ListTable5Dark_Accent6",
  "listTable6Colorful": "ListTable6Colorful",
  "listTable6Colorful_Accent1": "ListTable6Colorful_Accent1",
  "listTable6Colorful_Accent2": "ListTable6Colorful_Accent2",
  "listTable6Colorful_Accent3": "ListTable6Colorful_Accent3",
  "listTable6Colorful_Accent4": "ListTable6Colorful_Accent4",
  "listTable6Colorful_Accent5": "ListTable6Colorful_Accent5",
  "listTable6Colorful_Accent6": "ListTable6Colorful_Accent6",
  "listTable7Colorful": "ListTable7Colorful",
  "listTable7Colorful_Accent1": "ListTable7Colorful_Accent1",
  "listTable7Colorful_Accent2": "ListTable7Colorful_Accent2",
  "listTable7Colorful_Accent3": "ListTable7Colorful_Accent3",
  "listTable7Colorful_Accent4": "ListTable7Colorful_Accent4",
  "listTable7Colorful_Accent5": "ListTable7Colorful_Accent5",
  "listTable7Colorful_Accent6": "ListTable7Colorful_Accent6"
});

/** Word.StyleType */
export const StyleType = Object.freeze({
  "character": "Character",
  "list": "List",
  "paragraph": "Paragraph",
  "table": "Table"
});

/** Word.OutlineLevel */
export const OutlineLevel = Object.freeze({
  "outlineLevel1": "OutlineLevel1",
  "outlineLevel2": "OutlineLevel2",
  "outlineLevel3": "OutlineLevel3",
  "outlineLevel4": "OutlineLevel4",
  "outlineLevel5": "OutlineLevel5",
  "outlineLevel6": "OutlineLevel6",
  "outlineLevel7": "OutlineLevel7",
  "outlineLevel8": "OutlineLevel8",
  "outlineLevel9": "OutlineLevel9",
  "outlineLevelBodyText": "OutlineLevelBodyText"
});

/** Word.ShapeType */
export const ShapeType = Object.freeze({
  "unsupported": "Unsupported",
  "textBox": "TextBox",
  "geometricShape": "GeometricShape",
  "group": "Group",
  "picture": "Picture",
  "canvas": "Canvas"
});

/** Word.ShapeTextWrapType */
export const ShapeTextWrapType = Object.freeze({
  "inline": "Inline",
  "square": "Square",
  "tight": "Tight",
  "through": "Through",
  "topBottom": "TopBottom",
  "behind": "Behind",
  "front": "Front"
});

/** Word.ErrorCodes */
export const ErrorCodes = Object.freeze({
  "accessDenied": "AccessDenied",
  "generalException": "GeneralException",
  "invalidArgument": "InvalidArgument",
  "itemNotFound": "ItemNotFound",
  "notAllowed": "NotAllowed",
  "notImplemented": "NotImplemented",
  "searchDialogIsOpen": "SearchDialogIsOpen",
  "searchStringInvalidOrTooLong": "SearchStringInvalidOrTooLong"
});

