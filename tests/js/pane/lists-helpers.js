// What the list tests read: each paragraph as Word shows it, through the Office.js API.

/**
 * Each paragraph as Word shows it: its list string (Word's number or bullet) and text, and its list's id.
 * @param {any} sim
 * @returns {Promise<{ shown: string, listId: number | null, level: number | null }[]>}
 */
export async function shownParagraphs(sim) {
  /** @type {any[]} */
  let out = [];
  await sim.Word.run(async (/** @type {any} */ context) => {
    const paragraphs = context.document.body.paragraphs;
    paragraphs.load("items/text");
    const items = [];
    await context.sync();
    for (const p of paragraphs.items) items.push({ p, item: p.listItemOrNullObject.load("listString, level"), list: p.listOrNullObject.load("id") });
    await context.sync();
    out = items.map(({ p, item, list }) => ({
      shown: item.isNullObject ? p.text : `${item.listString}${p.text}`,
      listId: list.isNullObject ? null : list.id,
      level: item.isNullObject ? null : item.level,
    }));
  });
  return out;
}
