// ContentControl.insertParagraph / insertTable (WordApi 1.1 / 1.3): "into, or next to, a content control".
// Before/After put the block next to the control, outside it (before its first block, after its last: a table it
// starts or ends with, never that table's cell); Start/End put it inside, at its first or last block.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, rejectsWith } from "./helpers.js";

/**
 * A document of `blocks` with a content control tagged "c" from the start of block `from` to the end of block `to`
 * (body blocks, tables included).
 * @param {string} profile
 * @param {object[]} blocks
 * @param {number} from
 * @param {number} to
 */
async function withControl(profile, blocks, from, to) {
  const sim = createSimulator({ profile, latencyMs: 0 });
  sim.load(blocks);
  await sim.Word.run(async (context) => {
    const items = context.document.body.getRange("Whole").paragraphs;
    items.load("items/tableNestingLevel");
    await context.sync();
    // Paragraph-level picks: the body's blocks, each a paragraph or its table's paragraphs.
    const body = items.items.filter((p) => p.tableNestingLevel === 0);
    const tables = context.document.body.tables;
    tables.load("items");
    await context.sync();
    const blockRange = (/** @type {number} */ i) => {
      const block = /** @type {{ type: string }} */ (blocks[i]);
      const before = blocks.slice(0, i);
      if (block.type === "table") return tables.items[before.filter((b) => /** @type {{ type: string }} */ (b).type === "table").length].getRange("Whole");
      return body[before.filter((b) => /** @type {{ type: string }} */ (b).type !== "table").length].getRange("Content");
    };
    blockRange(from).expandTo(blockRange(to)).insertContentControl().tag = "c";
    await context.sync();
  });
  /** @param {(control: Word.ContentControl) => void} edit */
  const edit = (edit) => sim.Word.run(async (context) => {
    edit(context.document.contentControls.getByTag("c").getFirst());
    await context.sync();
  });
  const shown = () => sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "table" ? `[${b.values.map((/** @type {string[]} */ r) => r.join("|")).join("/")}]` : b.text));
  const controlText = () => sim.snapshot().contentControls[0].text;
  return { sim, edit, shown, controlText };
}

/** @param {string} text */
const P = (text) => ({ type: "paragraph", text });

for (const profile of ["web", "desktop"]) {
  test(`[${profile}] paragraphs and tables Before/After a control over paragraphs go next to it, Start/End into it`, async () => {
    const { edit, shown, controlText } = await withControl(profile, [P("Intro"), P("A1"), P("A2"), P("Outro")], 1, 2);
    assert.equal(controlText(), "A1\rA2");
    await edit((control) => {
      control.insertParagraph("Above", "Before");
      control.insertParagraph("Below", "After");
    });
    assert.deepEqual(shown(), ["Intro", "Above", "A1", "A2", "Below", "Outro"]);
    assert.equal(controlText(), "A1\rA2");
    await edit((control) => {
      control.insertTable(1, 1, "Before", [["t1"]]);
      control.insertTable(1, 1, "After", [["t2"]]);
    });
    assert.deepEqual(shown(), ["Intro", "Above", "[t1]", "A1", "A2", "[t2]", "Below", "Outro"]);
    assert.equal(controlText(), "A1\rA2");
    await edit((control) => {
      control.insertParagraph("First", "Start");
      control.insertParagraph("Last", "End");
    });
    assert.equal(controlText(), "First\rA1\rA2\rLast");
  });

  test(`[${profile}] next to a control that starts or ends with a table is next to that table, not in its cells`, async () => {
    const { edit, shown, controlText } = await withControl(profile, [P("Intro"), { type: "table", values: [["a", "b"]] }, P("Lead"), { type: "table", values: [["c"]] }, P("Outro")], 1, 3);
    const before = controlText();
    await edit((control) => {
      control.insertParagraph("Above", "Before");
      control.insertTable(1, 1, "After", [["t"]]);
    });
    // Word keeps a paragraph between two tables: the new one does not join the control's last table.
    assert.deepEqual(shown(), ["Intro", "Above", "[a|b]", "Lead", "[c]", "", "[t]", "Outro"]);
    assert.equal(controlText(), before);
  });

  test(`[${profile}] a paragraph Before/After a control inside a paragraph goes before/after that paragraph`, async () => {
    const sim = createSimulator({ profile, latencyMs: 0 });
    sim.setText("Total: 100 EUR\nNext");
    await sim.Word.run(async (context) => {
      const control = context.document.body.search("100").getFirst().insertContentControl();
      control.insertParagraph("Above", "Before");
      control.insertParagraph("Below", "After");
      await context.sync();
    });
    assert.equal(sim.text(), "Above\nTotal: 100 EUR\nBelow\nNext");
    assert.equal(sim.snapshot().contentControls[0].text, "100");
  });

  test(`[${profile}] ContentControl.insertParagraph / insertTable refuse Replace and bad sizes`, async () => {
    const { edit } = await withControl(profile, [P("Intro"), P("A1")], 1, 1);
    await rejectsWith(edit((control) => control.insertParagraph("x", /** @type {any} */ ("Replace"))), "InvalidArgument");
    await rejectsWith(edit((control) => control.insertTable(1, 1, /** @type {any} */ ("Replace"))), "InvalidArgument");
    await rejectsWith(edit((control) => control.insertTable(0, 1, "After")), "InvalidArgument");
  });
}

for (const profile of ["web", "desktop"]) {
  test(`[${profile}] text at the start of the paragraph after a control that ends with a table stays outside it`, async () => {
    const { sim, controlText } = await withControl(profile, [P("Lead"), { type: "table", values: [["a"]] }, P("Outro")], 0, 1);
    const before = controlText();
    await sim.Word.run(async (context) => {
      context.document.body.paragraphs.getLast().insertText("Next: ", "Start");
      await context.sync();
    });
    assert.equal(controlText(), before);
    assert.equal(sim.text(), "Lead\nNext: Outro");
  });
}
