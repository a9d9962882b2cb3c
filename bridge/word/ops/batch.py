"""`batch`: many ops validated here before any of them runs, then run by the pane in one `Word.run`.

Later ops may use what earlier ops return, with references `"$<index>.<field>"` anywhere a string is
expected: `"tableRef": "$0.tableId"`, `"scope": "rangeId:$2.rangeId"`; an item of a list is `.n` or `[n]`
(`"$0.results[0].rangeId"` is `"$0.results.0.rangeId"`). A reference must point at an earlier op. To validate
an op that holds references, each reference is swapped for a placeholder id of the right kind, the op is
validated like any other, and the references are put back into the canonical args in their dotted form; the
pane resolves them from the results as the batch runs. A message about such an op shows the references as
written, never a placeholder.

Escape: `$$` where a reference could start is one literal `$` (`"$$0.length"` is the text `$0.length`). In a run
of dollar signs right before `<index>.<path>`, each pair is one `$` and an odd one left over starts a reference
(`"$$$0.price"` is `$` then op 0's price); a `$` anywhere else is plain text. The escapes stay as written in the
canonical args: the pane reads them by the same rule (addin/js/batch-references.js) when it substitutes.
"""

from __future__ import annotations

import re
from typing import Any, Final

from bridge.word.envelope import Code, Diagnostic, OpError, diagnostic

from .models import MODELS
from .normalize import described, json_type, show
from .parsed import CANONICAL_VERSION, COMMON_ARGS, READ_OPS, ParsedOp, build

MAX_OPS: Final = 500
REFERENCE: Final = re.compile(r"(\$+)(\d+)\.([A-Za-z_]\w*(?:\.\w+|\[\d+\])*)")
"""`$<op>.<path>` with the dollar signs right before it (an odd count: a reference, even: escaped text), the path's
list items as `.n` or `[n]` (addin/js/batch-references.js has the same pattern)."""
_INDEX: Final = re.compile(r"\[(\d+)\]")
_PLACEHOLDER: Final = re.compile(r"(?:rng|tbl)_zzref(\d+)zz")


def build_batch(args: Any, diagnostics: list[Diagnostic]) -> ParsedOp:
    """Validate `{ops: [{op, args}], stopOnError, dryRun}`; the first bad op names its path (`args.ops[3].args.text`)."""
    if not isinstance(args, dict):
        raise _invalid(f"args must be an object, got {json_type(args)}", "args")
    ops = args.get("ops")
    if not isinstance(ops, list) or not ops:
        raise _invalid(f"args.ops must be a non-empty array of {{op, args}}, got {show(ops)}", "args.ops")
    if len(ops) > MAX_OPS:
        raise _invalid(f"args.ops has {len(ops)} ops; at most {MAX_OPS} in one batch (split it)", "args.ops")
    stop = args.get("stopOnError", True)
    dry = args.get("dryRun", False)
    track = args.get("trackChanges", False)
    for name, value in (("stopOnError", stop), ("dryRun", dry), ("trackChanges", track)):
        if not isinstance(value, bool):
            raise _invalid(f"args.{name} must be true or false, got {described(value)}", f"args.{name}")
    unknown = sorted(set(args) - {"ops", "stopOnError", "dryRun", "trackChanges"})
    diags = list(diagnostics)
    if unknown:
        diags.append(diagnostic("warn", f"unknown args ignored: {', '.join('args.' + k for k in unknown)}", f"args.{unknown[0]}"))
    canonical_ops = [_one(i, item, diags) for i, item in enumerate(ops)]
    out: dict[str, Any] = {"ops": canonical_ops, "stopOnError": stop}
    if dry:
        out["dryRun"] = True
    if track:
        _check_tracked(canonical_ops)
        out["trackChanges"] = True
    return ParsedOp(op="batch", version=CANONICAL_VERSION, args=out, diagnostics=diags)


def _check_tracked(ops: list[dict[str, Any]]) -> None:
    """A tracked batch edits something, and does not switch tracking itself (the batch restores the mode at its end)."""
    for index, item in enumerate(ops):
        if item["op"] == "trackChanges.set":
            raise _invalid(f"args.trackChanges: op {index} is trackChanges.set, which a tracked batch would undo at its "
                           "end; drop one of them", "args.trackChanges")
    if all(item["op"] in READ_OPS for item in ops):
        raise _invalid("args.trackChanges only applies to a batch that edits the document; none of its ops does",
                       "args.trackChanges")


def _one(index: int, item: Any, diags: list[Diagnostic]) -> dict[str, Any]:
    path = f"args.ops[{index}]"
    if not isinstance(item, dict):
        raise _invalid(f"{path} must be an object {{\"op\": …, \"args\": {{…}}}}, got {json_type(item)}", path)
    op = item.get("op")
    if op == "batch":
        raise _invalid(f"{path}.op: a batch cannot contain another batch", f"{path}.op")
    if not isinstance(op, str) or op not in MODELS:
        raise OpError(Code.UNSUPPORTED if isinstance(op, str) else Code.INVALID_ARG,
                      f"{path}.op {show(op)} is not an op; one of {', '.join(MODELS)}", op="batch", field=f"{path}.op")
    raw_args = item.get("args", {})
    if raw_args is None:
        raw_args = {}
    if not isinstance(raw_args, dict):
        raise _invalid(f"{path}.args must be an object, got {json_type(raw_args)}", f"{path}.args")
    if "dryRun" in raw_args:
        raise _invalid(f"{path}.args.dryRun: put dryRun on the batch, not on one of its ops", f"{path}.args.dryRun")
    references: list[str] = []
    written: list[str] = []
    swapped = _swap_references(raw_args, index, path, (references, written))
    try:
        parsed = build(op, swapped)
    except OpError as err:
        raise _nested(_as_written(err, written), path) from None
    diags.extend(_nested_diagnostic(_restore_references(d, written), path) for d in parsed.diagnostics)
    args = _restore_references(parsed.args, references)
    return {"op": op, "args": args}


def _swap_references(value: Any, index: int, path: str, found: tuple[list[str], list[str]]) -> Any:
    """Replace each `$i.field` by a placeholder id (checking that op i runs before this one), escapes left as written;
    `found` collects each reference in its dotted form and as written."""
    if isinstance(value, dict):
        return {k: _swap_references(v, index, path, found) for k, v in value.items()}
    if isinstance(value, list):
        return [_swap_references(v, index, path, found) for v in value]
    if not isinstance(value, str) or "$" not in value:
        return value

    def placeholder(match: re.Match[str]) -> str:
        dollars, target, written_path = len(match.group(1)), int(match.group(2)), match.group(3)
        if dollars % 2 == 0:
            return match.group(0)  # escaped: the pane writes it as text
        written = f"${target}.{written_path}"
        if target >= index:
            raise _invalid(f"{path}: {written} refers to op {target}, which does not run before op {index}; "
                           "a reference names an earlier op's result (to write it as text, double its $)",
                           f"{path}.args")
        dotted = _INDEX.sub(r".\1", written_path)
        found[0].append(f"${target}.{dotted}")
        found[1].append(written)
        kind = "tbl" if dotted.split(".")[-1] == "tableId" else "rng"
        return f"{'$' * (dollars - 1)}{kind}_zzref{len(found[0]) - 1}zz"

    return REFERENCE.sub(placeholder, value)


def _as_written(err: OpError, written: list[str]) -> OpError:
    """The op's error with its references as the caller wrote them instead of the placeholders."""
    if not written:
        return err
    return OpError(err.code, _restore_references(err.msg, written), op=err.op, field=err.field,
                   diagnostics=[_restore_references(d, written) for d in err.extra])


def _restore_references(value: Any, references: list[str]) -> Any:
    if isinstance(value, dict):
        return {k: _restore_references(v, references) for k, v in value.items()}
    if isinstance(value, list):
        return [_restore_references(v, references) for v in value]
    if isinstance(value, str) and "_zzref" in value:
        return _PLACEHOLDER.sub(lambda m: references[int(m.group(1))], value)
    return value


def _nested(err: OpError, path: str) -> OpError:
    """An op's error, pointed at its place in the batch (`args.text` → `args.ops[3].args.text`)."""
    field = f"{path}.{err.field}" if err.field else path
    msg = err.msg.replace(err.field, field, 1) if err.field and err.msg.startswith(err.field) else f"{path}: {err.msg}"
    return OpError(err.code, msg, op="batch", field=field,
                   diagnostics=[_nested_diagnostic(d, path) for d in err.extra])


def _nested_diagnostic(diag: Diagnostic, path: str) -> Diagnostic:
    field = diag.get("field")
    if not field:
        return diagnostic(diag["level"], f"{path}: {diag['msg']}", path)
    return diagnostic(diag["level"], diag["msg"].replace(field, f"{path}.{field}", 1), f"{path}.{field}")


def _invalid(msg: str, field: str) -> OpError:
    return OpError(Code.INVALID_ARG, msg, op="batch", field=field)


__all__ = ["COMMON_ARGS", "MAX_OPS", "build_batch"]
