// The TypeScript MCP SDK's client (the one Claude Desktop and most Node clients are built on) driving
// `word-bridge stdio`: lists the tools, calls editTask with a progress callback, then listDocuments, and prints
// what it got as one JSON line. The SDK validates each result against the tool's output schema (ajv), so a
// result shape it does not accept fails here as it would in the client.
// Usage: node ts_stdio_client.mjs ADDIN_DIR PYTHON ARG...   (ARG...: the command line after PYTHON)
import { createRequire } from "node:module";
import { join } from "node:path";

const [addinDir, python, ...args] = process.argv.slice(2);
const require = createRequire(join(addinDir, "package.json"));
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");

const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== "WORD_BRIDGE_TOKEN"));
const transport = new StdioClientTransport({ command: python, args, env, stderr: "inherit" });
const client = new Client({ name: "ts-stdio-client", version: "1.0.0" });
await client.connect(transport);
const tools = await client.listTools();
const progress = [];
const edit = await client.callTool(
  { name: "editTask", arguments: { content: "x", meta: JSON.parse(process.env.EDIT_META ?? "{}") } },
  undefined,
  { onprogress: (p) => progress.push(p) },
);
const listed = await client.callTool({ name: "listDocuments", arguments: {} });
await client.close();
console.log(JSON.stringify({
  tools: tools.tools.map((tool) => tool.name),
  edit, listed, progress,
}));
