// Lists: each list has a type per level (Bullet | Number); paragraphs point at {listId, level}.
import { wordError } from "./errors.js";
import { layout } from "./model.js";

/** Create a list whose levels all have one type. */
export function newList(doc, type = "Number") {
  const list = { id: doc.nextId++, levelTypes: Array(9).fill(type), startNumbers: Array(9).fill(1), bullets: Array(9).fill("•") };
  doc.lists.set(list.id, list);
  return list;
}

/** paragraph.startNewList(): fails when the paragraph already is a list item. */
export function startNewList(doc, para, location) {
  if (para.list) throw wordError("GeneralException", location, "The paragraph is already a list item.");
  const list = newList(doc, "Number");
  para.list = { listId: list.id, level: 0 };
  if (para.props.style === "Normal") para.props.style = "List Paragraph";
  return list;
}

/** Join the list of the paragraph before (same type) or start one: what a list style does. */
export function joinOrStartList(doc, para, type) {
  const L = layout(doc);
  const info = L.paraInfo.get(para);
  const prev = info.container.blocks[info.index - 1];
  const prevList = prev?.kind === "paragraph" && prev.list && doc.lists.get(prev.list.listId);
  if (prevList && prevList.levelTypes[prev.list.level] === type) para.list = { listId: prevList.id, level: prev.list.level };
  else para.list = { listId: newList(doc, type).id, level: 0 };
}

/** Paragraphs of a list in document order. */
export function listParagraphs(doc, listId) {
  return layout(doc).paras.filter((i) => i.para.list?.listId === listId).map((i) => i.para);
}

/** The bullet or number string of a list item ("•", "1.", "2."). */
export function listString(doc, para) {
  const list = doc.lists.get(para.list.listId);
  const level = para.list.level;
  if (!list) return "";
  if (list.levelTypes[level] !== "Number") return list.bullets[level];
  let n = list.startNumbers[level] - 1;
  for (const p of listParagraphs(doc, list.id)) {
    if (p.list.level < level) n = list.startNumbers[level] - 1;
    else if (p.list.level === level) n++;
    if (p === para) break;
  }
  return `${n}.`;
}

/** Index among siblings at the same level since the last item of a lower level. */
export function siblingIndex(doc, para) {
  let n = -1;
  for (const p of listParagraphs(doc, para.list.listId)) {
    if (p.list.level < para.list.level) n = -1;
    else if (p.list.level === para.list.level) n++;
    if (p === para) break;
  }
  return n;
}
