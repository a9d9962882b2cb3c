import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, paragraphs, selectText, setup } from "./helpers.js";

const TEXT = "Invoice 2024 for ACME.\nThe invoices of 2024 are due; invoice numbers follow.\nreinvoice Invoiced";

for (const profile of PROFILES) {
  test(`search finds hits with ids, text and context (${profile})`, async () => {
    const { run } = setup(profile, { text: TEXT });
    const data = ok(await run("search", { query: "invoice" }));
    assert.equal(data.results.length, 5);
    assert.equal(data.truncated, undefined);
    assert.deepEqual(data.results.map((r) => r.text), ["Invoice", "invoice", "invoice", "invoice", "Invoice"]);
    for (const hit of data.results) assert.match(hit.rangeId, /^rng_/);
    assert.equal(new Set(data.results.map((r) => r.rangeId)).size, 5);
    assert.equal(data.results[0].context, "Invoice 2024 for ACME.");
    assert.match(data.results[1].context, /The invoices of 2024/);
    if (profile === "desktop") {
      assert.equal(data.results[0].start, 0);
      assert.equal(data.results[0].end, 7);
    } else {
      assert.equal("start" in data.results[0], false);
    }
  });

  test(`search tracks the first trackResults hits (default 100); the rest come back without rangeId (${profile})`, async () => {
    const { sim, engine, run } = setup(profile, { text: Array.from({ length: 30 }, () => "x x x x x").join("\n") });
    const many = await run("search", { query: "x", maxResults: 150 });
    const data = ok(many);
    assert.equal(data.results.length, 150);
    assert.equal(data.results.filter((r) => r.rangeId).length, 100);
    assert.ok(data.results.slice(100).every((r) => !("rangeId" in r) && r.text === "x" && r.context === "x x x x x"));
    const info = many.result.diagnostics.find((d) => d.field === "args.trackResults");
    assert.equal(info.level, "info");
    assert.match(info.msg, /^50 of 150 hits have no rangeId/);
    assert.equal(engine.registry.size(), 100);
    const few = ok(await run("search", { query: "x", maxResults: 10, trackResults: 3 }));
    assert.deepEqual(few.results.map((r) => Boolean(r.rangeId)), [true, true, true, false, false, false, false, false, false, false]);
    const anchors = sim.liveAnchors;
    const none = await run("search", { query: "x", maxResults: 5, trackResults: 0 });
    assert.ok(ok(none).results.every((r) => !("rangeId" in r)));
    assert.equal(engine.registry.size(), 103);
    assert.equal(sim.liveAnchors, anchors, "hits without ids keep no range alive in Word");
    const all = ok(await run("search", { query: "x", maxResults: 150, trackResults: 150 }));
    assert.ok(all.results.every((r) => r.rangeId));
    fails(await run("search", { query: "x", trackResults: -1 }), "E_INVALID_ARG", "args.trackResults");
  });

  test(`search honours matchCase, matchWholeWord, matchPrefix, matchSuffix (${profile})`, async () => {
    const { run } = setup(profile, { text: TEXT });
    const texts = async (args) => ok(await run("search", { query: "invoice", ...args })).results.map((r) => r.text);
    assert.deepEqual(await texts({ matchCase: true }), ["invoice", "invoice", "invoice"]);
    assert.deepEqual(await texts({ matchWholeWord: true }), ["Invoice", "invoice"]);
    assert.equal((await texts({ matchPrefix: true })).length, 4); // not "reinvoice"
    assert.equal((await texts({ matchSuffix: true })).length, 3); // Invoice, invoice (numbers), reinvoice
  });

  test(`search maxResults truncates; no hits is an empty list (${profile})`, async () => {
    const { run } = setup(profile, { text: TEXT });
    const two = ok(await run("search", { query: "invoice", maxResults: 2 }));
    assert.equal(two.results.length, 2);
    assert.equal(two.truncated, true);
    const exact = ok(await run("search", { query: "2024", maxResults: 2 }));
    assert.equal(exact.results.length, 2);
    assert.equal(exact.truncated, undefined);
    assert.deepEqual(ok(await run("search", { query: "nowhere" })), { results: [] });
  });

  test(`search in the selection and in a range (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: TEXT });
    await selectText(sim, "The invoices of 2024 are due");
    const inSelection = ok(await run("search", { query: "2024", scope: "selection" }));
    assert.equal(inSelection.results.length, 1);
    const line = ok(await run("search", { query: "reinvoice Invoiced" })).results[0];
    const inRange = ok(await run("search", { query: "invoice", scope: `rangeId:${line.rangeId}` }));
    assert.deepEqual(inRange.results.map((r) => r.text), ["invoice", "Invoice"]);
  });

  test(`search useRegex translates to wildcards (${profile})`, async () => {
    const { run } = setup(profile, { text: "Call 555 1234 or 555 9876 today; code A7." });
    const phones = ok(await run("search", { query: "\\d{3} \\d{4}", useRegex: true }));
    assert.deepEqual(phones.results.map((r) => r.text), ["555 1234", "555 9876"]);
    const words = ok(await run("search", { query: "t.day", useRegex: true }));
    assert.deepEqual(words.results.map((r) => r.text), ["today"]);
    const caseless = ok(await run("search", { query: "CALL", useRegex: true }));
    assert.deepEqual(caseless.results.map((r) => r.text), ["Call"]);
    const cased = ok(await run("search", { query: "CALL", useRegex: true, matchCase: true }));
    assert.deepEqual(cased.results, []);
    const whole = ok(await run("search", { query: "[a-z]+", useRegex: true, matchWholeWord: true, matchCase: true }));
    assert.deepEqual(whole.results.map((r) => r.text), ["or", "today", "code"]);
    const edge = ok(await run("search", { query: "\\b[A-Z]\\d\\b", useRegex: true, matchCase: true }));
    assert.deepEqual(edge.results.map((r) => r.text), ["A7"]);
  });

  test(`search useRegex with literal special characters: written [x], a caret as ^^ (${profile})`, async () => {
    const { run } = setup(profile, { text: "Mail ann@example.org or bob@test.io; x^2 <b> a>b" });
    const mails = ok(await run("search", { query: "\\w+@\\w+", useRegex: true }));
    assert.deepEqual(mails.results.map((r) => r.text), ["ann@example", "bob@test"]);
    const caret = ok(await run("search", { query: "x\\^\\d", useRegex: true }));
    assert.deepEqual(caret.results.map((r) => r.text), ["x^2"]);
    const tag = ok(await run("search", { query: "<b\\>", useRegex: true, matchCase: true }));
    assert.deepEqual(tag.results.map((r) => r.text), ["<b>"]);
    // An escaped '>' is a literal: with matchSuffix the pattern still gets its own word end.
    const suffix = ok(await run("search", { query: "a\\>", useRegex: true, matchCase: true, matchSuffix: true }));
    assert.deepEqual(suffix.results, []);
    const plain = ok(await run("search", { query: "a\\>b", useRegex: true, matchCase: true, matchWholeWord: true }));
    assert.deepEqual(plain.results.map((r) => r.text), ["a>b"]);
  });

  test(`search useRegex: a greedy run is searched lazily, with a warning on args.query (${profile})`, async () => {
    const { run } = setup(profile, { text: "a1b2b end" });
    const outcome = await run("search", { query: "a.*b", useRegex: true });
    assert.deepEqual(ok(outcome).results.map((r) => r.text), ["a1b"]);
    const [warning] = outcome.result.diagnostics;
    assert.equal(warning.level, "warn");
    assert.equal(warning.field, "args.query");
    assert.match(warning.msg, /Word's '\*' matches as few characters as possible/);
    const exact = await run("search", { query: "a\\d", useRegex: true });
    assert.deepEqual(exact.result.diagnostics, []);
    const replaced = await run("replace", { target: "searchQuery", query: "e.+", useRegex: true, replaceWith: "E" });
    assert.deepEqual(ok(replaced), { replaced: 1 });
    assert.match(replaced.result.diagnostics[0].msg, /only the 1 required character/);
  });

  test(`search for text with a hyphen, plain and regex (${profile})`, async () => {
    const { run } = setup(profile, { text: "Call 555-1234 on 2024-01-05" });
    assert.deepEqual(ok(await run("search", { query: "555-1234" })).results.map((r) => r.text), ["555-1234"]);
    const dates = ok(await run("search", { query: "\\d{4}-\\d{2}-\\d{2}", useRegex: true }));
    assert.deepEqual(dates.results.map((r) => r.text), ["2024-01-05"]);
  });

  test(`search failures (${profile})`, async () => {
    const { run } = setup(profile, { text: TEXT });
    fails(await run("search", { query: "a|b", useRegex: true }), "E_UNSUPPORTED", "args.query");
    fails(await run("search", { query: "colou?r", useRegex: true }), "E_UNSUPPORTED", "args.query");
    fails(await run("search", { query: "" }), "E_INVALID_ARG", "args.query");
    fails(await run("search", { query: "x".repeat(256) }), "E_INVALID_ARG", "args.query");
    fails(await run("search", { query: "x", scope: "rangeId:rng_nope_9" }), "E_NOT_FOUND", "args.scope");
    fails(await run("search", { query: "x", maxResults: 0 }), "E_INVALID_ARG", "args.maxResults");
  });

  test(`search for a literal caret and wildcard characters in plain mode (${profile})`, async () => {
    const { run } = setup(profile, { text: "x^2 and a*b? yes" });
    assert.deepEqual(ok(await run("search", { query: "x^2" })).results.map((r) => r.text), ["x^2"]);
    assert.deepEqual(ok(await run("search", { query: "a*b?" })).results.map((r) => r.text), ["a*b?"]);
  });

  test(`replace searchQuery all and first (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "2024 report: 2024 numbers, 20245 ids" });
    assert.deepEqual(ok(await run("replace", { target: "searchQuery", query: "2024", replaceWith: "2025", matchWholeWord: true })), { replaced: 2 });
    assert.deepEqual(paragraphs(sim), ["2025 report: 2025 numbers, 20245 ids"]);
    assert.deepEqual(ok(await run("replace", { target: "searchQuery", query: "2025", replaceWith: "X", mode: "replaceFirst" })), { replaced: 1 });
    assert.deepEqual(paragraphs(sim), ["X report: 2025 numbers, 20245 ids"]);
    assert.deepEqual(ok(await run("replace", { target: "searchQuery", query: "absent", replaceWith: "Y" })), { replaced: 0 });
  });

  test(`replace searchQuery with regex, options and scope (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Cat cat\ncat CAT" });
    await selectText(sim, "cat CAT");
    assert.deepEqual(ok(await run("replace", { target: "searchQuery", query: "cat", replaceWith: "dog", scope: "selection", matchCase: true })), { replaced: 1 });
    assert.deepEqual(paragraphs(sim), ["Cat cat", "dog CAT"]);
    assert.deepEqual(ok(await run("replace", { target: "searchQuery", query: "c.t", useRegex: true, replaceWith: "cow" })), { replaced: 3 });
    assert.deepEqual(paragraphs(sim), ["cow cow", "dog cow"]);
  });

  test(`replace whole targets: document, selection, rangeId (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Hello world" });
    await selectText(sim, "world");
    assert.deepEqual(ok(await run("replace", { target: "selection", replaceWith: "there" })), { replaced: 1 });
    assert.deepEqual(paragraphs(sim), ["Hello there"]);
    const hit = ok(await run("search", { query: "Hello" })).results[0];
    assert.deepEqual(ok(await run("replace", { target: `rangeId:${hit.rangeId}`, replaceWith: "Hi" })), { replaced: 1 });
    assert.deepEqual(paragraphs(sim), ["Hi there"]);
    assert.deepEqual(ok(await run("replace", { target: "document", replaceWith: "Fresh" })), { replaced: 1 });
    assert.deepEqual(paragraphs(sim), ["Fresh"]);
  });

  test(`replace reports progress for many hits (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: Array.from({ length: 60 }, () => "ab").join(" ") });
    const reports = [];
    assert.deepEqual(ok(await run("replace", { target: "searchQuery", query: "ab", replaceWith: "c" }, { onProgress: (r) => reports.push(r) })), { replaced: 60 });
    assert.equal(reports.length, 1);
    assert.equal(reports[0].total, 60);
    assert.equal(paragraphs(sim)[0], Array.from({ length: 60 }, () => "c").join(" "));
  });

  test(`replace failures (${profile})`, async () => {
    const { run } = setup(profile, { text: "x" });
    fails(await run("replace", { target: "searchQuery", replaceWith: "y" }), "E_INVALID_ARG", "args.query");
    fails(await run("replace", { target: "searchQuery", query: "x" }), "E_INVALID_ARG", "args.replaceWith");
    fails(await run("replace", { target: "rangeId:rng_gone_1", replaceWith: "y" }), "E_NOT_FOUND", "args.target");
    fails(await run("replace", { target: "everything", replaceWith: "y" }), "E_INVALID_ARG", "args.target");
    fails(await run("replace", { target: "searchQuery", query: "(x)", useRegex: true, replaceWith: "y" }), "E_UNSUPPORTED", "args.query");
  });
  // Word's limit is on the search string it receives, where each "^" is doubled: the message used to quote only
  // Word's "maximum is 255 characters" for a query of 200.
  test(`a plain query too long once its carets are doubled: E_INVALID_ARG with both lengths, nothing replaced (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "a^b" });
    const searched = fails(await run("search", { query: "^".repeat(200) }), "E_INVALID_ARG", "args.query");
    assert.match(searched.diagnostics[0].msg, /args\.query is 200 characters, but Word receives it as 400 \(each "\^" doubled/);
    const replaced = fails(await run("replace", { target: "searchQuery", query: "^".repeat(130), replaceWith: "x" }), "E_INVALID_ARG", "args.query");
    assert.match(replaced.diagnostics[0].msg, /130 characters, but Word receives it as 260/);
    assert.deepEqual(paragraphs(sim), ["a^b"]);
    assert.equal(ok(await run("search", { query: "^".repeat(127) })).results.length, 0);
    assert.equal(ok(await run("search", { query: "a^" })).results.length, 1);
  });
}
