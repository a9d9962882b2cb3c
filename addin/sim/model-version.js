// The model's version: every edit bumps it, and the cached layout is current while its version matches.

/** Mark the model changed: the layout cache is rebuilt on next use. */
export function bump(doc) {
  doc.version++;
  doc.saved = false;
}

/**
 * Mark the model changed where no position or character moved (formatting, paragraph or list
 * properties): a current layout cache stays valid, so many format edits do not re-lay out.
 */
export function bumpFormat(doc) {
  const valid = isLayoutCurrent(doc);
  bump(doc);
  if (valid) doc._layout.version = doc.version;
}

/** True when the cached layout matches the model. */
export function isLayoutCurrent(doc) {
  return Boolean(doc._layout) && doc._layout.version === doc.version;
}
