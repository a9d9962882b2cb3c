"""Input models of the six annotation tools, their seed JSON Schemas, and Zod-style validation issues.

The seed generates its schemas from Zod; these pydantic models generate the same JSON Schema (enums,
`minItems`, `minimum`, `format: uuid`) through `seed_schema`, and a validation failure is reported as Zod
would (`{code, path, message, …}`), so clients written against the seed read our errors unchanged.

A tool's arguments and an annotation are closed (`STRICT`, Zod's `.strict()`): a key they do not know is an
`unrecognized_keys` issue naming it and the nearest known key, not dropped (a misspelt "categorys" was dropped
and the call answered success). The listed schemas stay the seed's, which say nothing of other keys. `config`
and its chunks stay open: the seed's config file may carry more than the chunks (a key there that misspells a
known one is refused all the same: unknown_arguments.misspelt_keys).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import get_close_matches
from functools import lru_cache
from typing import Annotated, Any, ClassVar, Final

from pydantic import (AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, WithJsonSchema,
                      create_model)
from pydantic_core import PydanticCustomError

from bridge.tools.annotations.taxonomy import RELATION_TYPES, Taxonomy

_UUID: Final = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


def _uuid(value: str) -> str:
    if not _UUID.match(value):
        raise PydanticCustomError("invalid_string", "Invalid uuid", {"validation": "uuid"})
    return value.lower()


SessionId = Annotated[str, AfterValidator(_uuid), WithJsonSchema({"type": "string", "format": "uuid"})]
"""Zod's `z.string().uuid()`: the hyphenated form, any version; stored lower-case."""


def enum_of(options: tuple[str, ...]) -> Any:
    """Zod's `z.enum([...])`: schema `{"enum": [...]}` and the `invalid_enum_value` issue naming the options."""
    def check(value: str) -> str:
        if value not in options:
            expected = " | ".join(f"'{o}'" for o in options)
            raise PydanticCustomError("invalid_enum_value",
                                      "Invalid enum value. Expected {expected}, received '{received}'",
                                      {"expected": expected, "options": list(options), "received": value})
        return value
    return Annotated[str, AfterValidator(check), WithJsonSchema({"enum": list(options)})]


SQLITE_INT_MAX: Final = 2**63 - 1
"""The largest INTEGER SQLite stores: a larger position is refused as invalid, not failed on while saving."""


def _integral(value: Any) -> Any:
    """Zod's `int()` accepts 1.0 (to JSON the same number as 1): an integral float becomes that int; 1.5 stays a
    float for the strict int check to refuse."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Position = Annotated[int, BeforeValidator(_integral), Field(ge=0, le=SQLITE_INT_MAX),
                     WithJsonSchema({"type": "integer", "minimum": 0})]
"""`z.number().int().min(0)`, at most SQLITE_INT_MAX (unlisted: the seed's schema has no maximum)."""


STRICT: Final = ConfigDict(extra="forbid")


class ChunkIn(BaseModel):
    chunk_id: str = Field(min_length=1)
    position: Position
    text: str


class ConfigIn(BaseModel):
    chunks: list[ChunkIn] = Field(min_length=1)


class StartSessionIn(BaseModel):
    """The seed's `config`, or (beyond the seed) chunks taken from the open Word document."""

    model_config = STRICT

    config: ConfigIn | None = None
    fromDocument: bool = Field(False, description=(
        "Beyond the seed: take the chunks from the Word document open in Word Bridge instead of `config` "
        "(chunk ids are the block positions)"))
    document: str | None = Field(None, max_length=300, description=(
        "With fromDocument: document id or title (see listDocuments); default the most recently active. The "
        "session remembers the document that answered: highlights go to it"))
    split: enum_of(("paragraph", "heading")) = Field("paragraph", description=(  # type: ignore[valid-type]
        "With fromDocument: one chunk per paragraph (or table), or one per heading section"))


class SessionIn(BaseModel):
    model_config = STRICT
    sessionId: SessionId


class AddRelationIn(BaseModel):
    model_config = STRICT
    sessionId: SessionId
    sourceChunkId: str
    targetChunkId: str
    relationType: enum_of(RELATION_TYPES)  # type: ignore[valid-type]


class AnnotationFields(BaseModel):
    """What an annotation may set (the validated form of one annotation); a field left out keeps its stored value."""

    model_config = STRICT
    chunkId: str
    categories: list[str] | None = None
    labels: list[str] | None = None
    subtypes: dict[str, Any] | None = None
    keywords: list[str] | None = None
    tags: list[str] | None = None
    notes: str | None = None
    summary: str | None = None


class AnnotateChunksEnvelope(BaseModel):
    """The outer shape of annotate_chunks; each item is then validated alone (partial success)."""

    model_config = STRICT
    sessionId: SessionId
    annotations: list[dict[str, Any]]


UPDATABLE: Final = ("categories", "labels", "subtypes", "keywords", "tags", "notes", "summary")
HIGHLIGHT_DESCRIPTION: Final = (
    "Beyond the seed: also mark the chunk with a comment carrying its labels in the Word document the session "
    "was read from (sessions started with fromDocument: true), whichever document is active; the answer's "
    "`highlight` names that document and says whether the comment was made")


class AnnotationItem(AnnotationFields):
    """One annotation of annotate_chunks; `unknown_key_notes` explains keys that belong to another tool."""

    unknown_key_notes: ClassVar[dict[str, str]] = {
        "highlight": "highlight belongs to annotate_chunk, which marks one chunk a call in the Word document; "
                     "annotate_chunks does not mark chunks: annotate this one with annotate_chunk and "
                     "highlight: true"}


@lru_cache(maxsize=16)
def annotation_models(taxonomy: Taxonomy) -> tuple[type[BaseModel], type[AnnotationFields], type[BaseModel]]:
    """annotate_chunk's model, one annotate_chunks item, and annotate_chunks' listed model, for a taxonomy.

    Fields are declared in the seed's order, so the generated `properties` and `required` read as the seed's.
    """
    categories: Any = list[enum_of(taxonomy.category_ids)] | None  # type: ignore[misc]
    labels: Any = list[enum_of(taxonomy.labels)] | None  # type: ignore[misc]
    subtypes: Any = dict[str, enum_of(taxonomy.subtypes)] | None  # type: ignore[misc]
    loose_subtypes = Annotated[dict[str, Any] | None, WithJsonSchema({"type": "object"})]
    fields: dict[str, Any] = {
        "chunkId": (str, ...), "categories": (categories, None), "labels": (labels, None),
        "subtypes": (subtypes, None), "keywords": (list[str] | None, None), "tags": (list[str] | None, None),
        "notes": (str | None, None), "summary": (str | None, None),
    }
    single = create_model("AnnotateChunk", __config__=STRICT, sessionId=(SessionId, ...), **fields,
                          highlight=(bool, Field(False, description=HIGHLIGHT_DESCRIPTION)))
    item = create_model("AnnotationItem", __base__=AnnotationItem, **{**fields, "subtypes": (loose_subtypes, None)})
    items: Any = list[item]  # type: ignore[valid-type]
    listed = create_model("AnnotateChunks", __config__=STRICT, sessionId=(SessionId, ...), annotations=(items, ...))
    return single, item, listed


# ---- the seed's JSON Schema from a model ---------------------------------------------------------------------

def seed_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON Schema as zod-to-json-schema writes it: inline, no titles, optional fields plain."""
    raw = model.model_json_schema()
    defs = raw.pop("$defs", {})

    def clean(node: Any) -> Any:
        if isinstance(node, list):
            return [clean(n) for n in node]
        if not isinstance(node, dict):
            return node
        branches = node.get("anyOf")
        if isinstance(branches, list) and {"type": "null"} in branches and len(branches) == 2:
            (kept,) = [b for b in branches if b != {"type": "null"}]
            node = {**{k: v for k, v in node.items() if k != "anyOf"}, **kept}
        if "$ref" in node:
            node = {**defs[node["$ref"].rsplit("/", 1)[-1]], **{k: v for k, v in node.items() if k != "$ref"}}
            return clean(node)
        out: dict[str, Any] = {}
        models = "properties" in node  # a model's docstring is for Python readers, not the seed's schema
        for key, value in node.items():
            if key == "title" or (key == "default" and value is None) or (key == "description" and models):
                continue
            if key == "additionalProperties" and isinstance(value, bool):  # the seed's schemas leave it out
                continue
            if key == "properties":
                out[key] = {name: clean(sub) for name, sub in value.items()}
            else:
                out[key] = clean(value)
        return out

    return clean(raw)


# ---- Zod-style issues ------------------------------------------------------------------------------------------

_EXPECTED: Final = {"string_type": "string", "int_type": "integer", "int_from_float": "integer",
                    "bool_type": "boolean", "list_type": "array", "dict_type": "object", "model_type": "object",
                    "model_attributes_type": "object", "float_type": "number"}
_CUSTOM: Final = ("invalid_enum_value", "invalid_string")


def received(value: Any) -> str:
    """The JavaScript name of a JSON value's type, as Zod reports it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "number"
    if isinstance(value, float):
        return "float" if not value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def zod_issues(exc: ValidationError, prefix: tuple[str | int, ...] = (),
               model: type[BaseModel] | None = None) -> list[dict[str, Any]]:
    """pydantic's errors as Zod issues: `{code, path, message}` plus Zod's fields for the code. Unknown keys come
    last, one `unrecognized_keys` issue per object, as Zod lists them; `model` (the one validated) names the
    keys it knows, to suggest the nearest."""
    issues: list[dict[str, Any]] = []
    unknown: dict[tuple[str | int, ...], list[str]] = {}
    for error in exc.errors(include_url=False):
        path = [*prefix, *error["loc"]]
        kind = error["type"]
        ctx = dict(error.get("ctx") or {})
        value = error.get("input")
        if kind == "extra_forbidden":
            unknown.setdefault(tuple(path[:-1]), []).append(str(path[-1]))
        elif kind == "missing":
            issues.append({"code": "invalid_type", "received": "undefined", "path": path, "message": "Required"})
        elif kind in _EXPECTED:
            expected, got = _EXPECTED[kind], received(value)
            issues.append({"code": "invalid_type", "expected": expected, "received": got, "path": path,
                           "message": f"Expected {expected}, received {got}"})
        elif kind in ("too_short", "string_too_short"):
            what = "array" if kind == "too_short" else "string"
            unit = "element(s)" if what == "array" else "character(s)"
            limit = ctx.get("min_length")
            issues.append({"code": "too_small", "minimum": limit, "type": what, "inclusive": True, "exact": False,
                           "path": path, "message": f"{what.capitalize()} must contain at least {limit} {unit}"})
        elif kind == "string_too_long":
            limit = ctx.get("max_length")
            issues.append({"code": "too_big", "maximum": limit, "type": "string", "inclusive": True, "exact": False,
                           "path": path, "message": f"String must contain at most {limit} character(s)"})
        elif kind == "greater_than_equal":
            limit = ctx.get("ge")
            issues.append({"code": "too_small", "minimum": limit, "type": "number", "inclusive": True,
                           "exact": False, "path": path,
                           "message": f"Number must be greater than or equal to {limit}"})
        elif kind == "less_than_equal":
            limit = ctx.get("le")
            issues.append({"code": "too_big", "maximum": limit, "type": "number", "inclusive": True,
                           "exact": False, "path": path, "message": f"Number must be less than or equal to {limit}"})
        elif kind in _CUSTOM:
            ctx.pop("expected", None)
            issues.append({"code": kind, **ctx, "path": path, "message": error["msg"]})
        else:
            issues.append({"code": "custom", "path": path, "message": error["msg"]})
    for path_of_object, keys in unknown.items():
        top = model if len(path_of_object) == len(prefix) else None
        issues.append(unrecognized_keys(list(path_of_object), keys, list(top.model_fields) if top else [],
                                        getattr(top, "unknown_key_notes", {})))
    return issues


def unrecognized_keys(path: list[str | int], keys: list[str], known: Sequence[str],
                      notes: dict[str, str] | None = None) -> dict[str, Any]:
    """Zod's issue for keys a strict object does not know, its message extended with the nearest known key of
    each (a misspelling), else the known keys; `notes` explains a key known elsewhere instead."""
    message = "Unrecognized key(s) in object: " + ", ".join(f"'{k}'" for k in keys)
    explained = [notes[k] for k in keys if notes and k in notes]
    nearest = {k: _nearest(k, known) for k in keys if not (notes and k in notes)}
    guessed = {k: near for k, near in nearest.items() if near}
    if len(keys) == 1 and guessed:
        message += f"; did you mean '{guessed[keys[0]]}'?"
    elif guessed:
        message += "; did you mean " + ", ".join(f"'{near}' for '{k}'" for k, near in guessed.items()) + "?"
    message += "".join(f"; {note}" for note in explained)
    if known and len(guessed) < len(nearest):
        message += ("." if not guessed else "") + " Known keys: " + ", ".join(f"'{k}'" for k in known)
    return {"code": "unrecognized_keys", "keys": keys, "path": path, "message": message}


def _nearest(key: str, known: Sequence[str]) -> str | None:
    """The known key `key` most likely misspells (case aside), if any is close."""
    folded = {k.casefold(): k for k in known}
    found = get_close_matches(key.casefold(), list(folded), n=1, cutoff=0.75)
    return folded[found[0]] if found else None


def custom_issue(path: list[str | int], message: str) -> dict[str, Any]:
    return {"code": "custom", "path": path, "message": message}

