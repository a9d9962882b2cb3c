// The server's reading of markdown (bridge/word/markdown_blocks.py, markdown-it-py), for round trips through both
// halves: readDocument's markdown → the server's blocks → insertMarkdown. Needs the project's .venv (the test
// script makes it before the node tests); without it the round trips are skipped.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const PYTHON = `${ROOT}.venv/bin/python`;
const CONVERT = "import json, sys\nfrom bridge.word.markdown_blocks import markdown_to_blocks\nprint(json.dumps(markdown_to_blocks(sys.stdin.read()).blocks))";

/** Why the round trips cannot run here, or undefined. */
export const NO_SERVER = existsSync(PYTHON) ? undefined : `no ${PYTHON}`;

/**
 * The canonical blocks the server makes of some markdown.
 * @param {string} markdown
 * @returns {object[]}
 */
export function serverBlocks(markdown) {
  const out = spawnSync(PYTHON, ["-c", CONVERT], { cwd: ROOT, input: markdown, encoding: "utf8" });
  if (out.status !== 0) throw new Error(`markdown_to_blocks failed: ${out.stderr}`);
  return JSON.parse(out.stdout);
}
