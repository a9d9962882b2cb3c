"""Business rules an annotation must meet once merged with what is stored (after schema validation).

Categories, labels and subtypes must agree with the taxonomy: a label is the label of one of the chunk's
categories, the subtypes map is keyed by the chunk's categories, and each subtype belongs to its category.
Checked on the merged annotation, so a stored label that no longer fits new categories is reported too.
"""

from __future__ import annotations

from typing import Any

from bridge.tools.annotations.models import custom_issue
from bridge.tools.annotations.taxonomy import Taxonomy


def taxonomy_issues(merged: dict[str, Any], taxonomy: Taxonomy) -> list[dict[str, Any]]:
    """What in a merged annotation disagrees with the taxonomy (empty: it may be saved)."""
    issues: list[dict[str, Any]] = []
    categories = merged["categories"]
    known = ", ".join(taxonomy.category_ids)
    for n, category in enumerate(categories):
        if taxonomy.category(category) is None:
            issues.append(custom_issue(["categories", n], f"Unknown category '{category}' (categories: {known})"))
    for n, label in enumerate(merged["labels"]):
        owner = next((c.id for c in taxonomy.categories if c.label == label), None)
        if owner is None:
            issues.append(custom_issue(["labels", n], f"Unknown label '{label}'"))
        elif owner not in categories:
            issues.append(custom_issue(["labels", n], f"Label '{label}' belongs to category '{owner}', which is "
                                                      "not among the chunk's categories: add the category or "
                                                      "drop the label"))
    for key, value in merged["subtypes"].items():
        category = taxonomy.category(key)
        if category is None:
            issues.append(custom_issue(["subtypes", key], f"Subtypes are keyed by category; '{key}' is not a "
                                                          f"category (categories: {known})"))
        elif not isinstance(value, str) or value not in category.subtypes:
            allowed = ", ".join(category.subtypes) or "none"
            issues.append(custom_issue(["subtypes", key], f"Subtype {value!r} does not belong to category "
                                                          f"'{key}' (allowed: {allowed})"))
        elif key not in categories:
            issues.append(custom_issue(["subtypes", key], f"Category '{key}' has a subtype but is not among the "
                                                          "chunk's categories"))
    return issues
