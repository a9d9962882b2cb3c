"""The base of every args model: aliases, null handling, extras, canonical output.

Models are validated with a context dict (`{"diags": [...]}`) so that top-level
validators can leave info/warn diagnostics without a side channel.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationInfo, model_validator

from bridge.word.envelope import Diagnostic, Level, diagnostic

from .fields import field_error
from .normalize import show


class Args(BaseModel):
    """Common behaviour: extras allowed (then dropped), `null` = unset, aliases."""

    model_config = ConfigDict(extra="allow", validate_default=False)

    ALIASES: ClassVar[dict[str, str]] = {}
    """Alternative key → field name (e.g. `where` → `location`)."""
    NULLABLE: ClassVar[frozenset[str]] = frozenset()
    """Fields where an explicit `null` means something (kept in the output)."""

    @model_validator(mode="before")
    @classmethod
    def _prepare(cls, data: Any) -> Any:
        """Resolve aliases and treat `null` as "not given" (models often send nulls)."""
        if not isinstance(data, dict):
            raise field_error(f"must be an object, got {show(data)}")
        out = {k: v for k, v in data.items() if v is not None or k in cls.NULLABLE}
        for alias, name in cls.ALIASES.items():
            if alias not in out:
                continue
            value = out.pop(alias)
            if name in out and out[name] != value:
                raise field_error(f"conflicts with {name} ({show(value)} vs {show(out[name])}); give only {name}", alias)
            out.setdefault(name, value)
        return out

    def canonical(self) -> dict[str, Any]:
        """Declared fields in order; unset optionals omitted, nested models canonical."""
        out: dict[str, Any] = {}
        for name in type(self).model_fields:
            value = getattr(self, name)
            if isinstance(value, Args):
                value = value.canonical()
                if not value:
                    continue
            elif value is None and not (name in self.NULLABLE and name in self.model_fields_set):
                continue
            out[name] = value
        return out


def note(info: ValidationInfo, level: Level, msg: str, field: str | None = None) -> None:
    """Record a diagnostic from inside a validator (top-level models: fields under `args.`)."""
    if info.context is not None:
        diags: list[Diagnostic] = info.context.setdefault("diags", [])
        diags.append(diagnostic(level, msg, f"args.{field}" if field else None))


def extras(model: BaseModel, prefix: str = "args") -> list[str]:
    """Dotted paths of every unknown key, nested objects included."""
    found = [f"{prefix}.{key}" for key in (model.model_extra or {})]
    for name in type(model).model_fields:
        value = getattr(model, name)
        if isinstance(value, BaseModel):
            found.extend(extras(value, f"{prefix}.{name}"))
    return found
