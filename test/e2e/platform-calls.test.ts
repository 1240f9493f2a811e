// Service calls pinned by count, never by time (issue 31): what a bulk run pays per chunk and per wave, what
// a cached formula cell pays, and what a sidebar poll pays while nothing changed.
import { describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import type { ExecutionRecord } from "../../harness/index.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { type AddonWorld, addonWorld, BASE_URL } from "../support/addon-world.ts";
import { logFacts } from "./log-rows.ts";

const FIELDS = [
  { kind: "attribute", name: "name" },
  { kind: "attribute", name: "employee_count" },
  { kind: "attribute", name: "industry" },
];
const PROPERTIES = { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY, DEPLOYMENT: "addon" };

function sum(records: readonly ExecutionRecord[]): Record<string, number> {
  const calls: Record<string, number> = {};
  for (const r of records)
    for (const [name, n] of Object.entries(r.calls)) calls[name] = (calls[name] ?? 0) + n;
  return calls;
}

/** Calls `b` made beyond `a`, by name (none listed where they made the same). */
function extra(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const more: Record<string, number> = {};
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const d = (b[name] ?? 0) - (a[name] ?? 0);
    if (d !== 0) more[name] = d;
  }
  return more;
}

/** A bulk run of `rows` distinct organizations from start to done, and every execution it took. */
async function bulkRun(rows: number): Promise<{ w: AddonWorld; records: ExecutionRecord[]; jobId: string }> {
  const w = await addonWorld({ emulator: { orgs: rows }, scriptProperties: PROPERTIES });
  const domains = w.state.dataset.orgs.slice(0, rows).map((o) => o.domain);
  w.gas.sheet().set("A1", [["Domain"], ...domains.map((d) => [d])]);
  const from = w.gas.executions.length;
  const job = w.gas.run("startEnrichment", {
    sheetName: "Sheet1",
    inputRange: "A:A",
    fields: FIELDS,
  }) as JobStatus;
  let status: JobStatus | undefined;
  for (let polls = 0; polls < 20 && status?.state !== "done"; polls++)
    status = (w.gas.run("pollJobs") as JobStatus[]).find((s) => s.jobId === job.jobId);
  expect(status?.state).toBe("done");
  return { w, records: w.gas.executions.slice(from), jobId: job.jobId };
}

describe("a bulk run's service calls", () => {
  // 3,000 rows go in two waves (one request, then two); 6,000 in two as well (one, then five); 13,000 in
  // three (one, ten, two). So the runs differ by chunks within a wave, or by exactly one wave.
  it("a chunk more in a wave costs no Sheets, store, cache or lock call: only reading its answer", async () => {
    const small = sum((await bulkRun(3_000)).records);
    const large = sum((await bulkRun(6_000)).records);
    expect(extra(small, large)).toEqual({
      "HTTPResponse.getHeaders": 3,
      "HTTPResponse.getResponseCode": 3,
      "HTTPResponse.getContentText": 3,
    });
  }, 120_000);

  it("a wave more costs one read of its rows, one write of its block (the copy is written once per execution), one checkpoint", async () => {
    const two = sum((await bulkRun(3_000)).records);
    const three = sum((await bulkRun(13_000)).records);
    const more = extra(two, three);
    const costly = Object.fromEntries(
      Object.entries(more).filter(([name]) => /^(Range|Properties|Cache|Lock|UrlFetchApp)\./.test(name)),
    );
    expect(costly).toEqual({
      // Whether the rows are empty, one isBlank (their values and formulas were read: one call more until
      // a block is not empty, issue 31); the input once more, to see whether rows moved while the
      // requests were out. The checkpoint (the wave's intent, which carries the last wave's end) no longer
      // reads the job store: the store's version stamp in the cache says nobody else wrote it.
      "Range.isBlank": 1,
      "Range.getValues": 1,
      // The block (values and Status together), and the checkpoint. The hidden copy is written once per
      // execution, every wave's blocks merged: no write of its own per wave. The wave's answers go to the
      // spreadsheet's purchase record in one Sheet.appendRow (atomic: two runs buying at once never write
      // the same row), no longer a setValues into a journal of the run's own.
      "Range.setValues": 1 + 1,
      // The checkpoint under the document and user locks; the throttle and the daily fetch count booked
      // under one holding of the user lock; the money record, which the wave's answers fold into under the
      // user lock (issue 29: one record every paid answer updates, so a read and a lock per wave, not per chunk).
      "Lock.waitLock": 2 + 1 + 1,
      "Lock.releaseLock": 2 + 1 + 1,
      // The throttle's state, the money record, and the job store's version stamp: at the checkpoint, and
      // again just before the wave is sent, so a Stop recorded meanwhile sends nothing (issue 38).
      "Cache.get": 1 + 1 + 1 + 1,
      // The throttle's reservation, the money record with the wave's answers in it, the job store's new
      // version stamp (put before the checkpoint is written), and the note that the by-key shelf has a wave
      // to file, put before the wave goes into the purchase record (noted-put.ts: a poll killed while writing
      // the sheet must not leave the wave unfiled, so a formula would buy it again).
      "Cache.put": 4,
      "Properties.getProperty": 1,
      "Properties.setProperty": 1,
      "UrlFetchApp.fetchAll": 1,
    });
    // Ten more answers read, and nothing else grows per chunk.
    expect(more["HTTPResponse.getContentText"]).toBe(10);
  }, 180_000);

  it("the poll that runs a job writes the job store for each wave's checkpoint, its end and its logged note: the claim rides on the first checkpoint", async () => {
    // 3,000 rows: two waves (one request, then two), all in the first poll.
    const { w, records } = await bulkRun(3_000);
    const poll = records.find(
      (r) => r.functionName === "pollJobs" && (r.calls["UrlFetchApp.fetchAll"] ?? 0) > 0,
    );
    const jobStoreWrites = w.gas.setValuesCalls.filter(
      (call) => call.executionId === poll?.id && call.sheet === "Enrichment jobs",
    );
    // The first wave's intent (which leases the job to this execution), the second's, the release (which
    // notes its log row on the job), and the note's clearing once the row is in the log.
    expect(jobStoreWrites.length).toBe(2 + 1 + 1);
  }, 120_000);

  it("a run into new columns reads none of their cells: one getLastColumn, then one isBlank a wave, say they are empty", async () => {
    // 3,000 rows: two waves (one request, then two), all in the first poll.
    const { records } = await bulkRun(3_000);
    const poll = records.find(
      (r) => r.functionName === "pollJobs" && (r.calls["UrlFetchApp.fetchAll"] ?? 0) > 0,
    );
    // The first wave's and the labels' cells are known empty from where the sheet's content ends; the
    // second wave's rows are asked whether they are empty before it goes (a person may have typed there).
    expect(poll?.calls["Sheet.getLastColumn"]).toBe(1);
    expect(poll?.calls["Range.isBlank"]).toBe(1);
    expect(poll?.calls["Range.getFormulas"]).toBeUndefined();
  }, 120_000);

  it("the poll that runs a job gets each service object once, and asks only the run's sheet its size", async () => {
    // 3,000 rows: two waves (one request, then two), all in the first poll.
    const { records } = await bulkRun(3_000);
    const poll = records.find(
      (r) => r.functionName === "pollJobs" && (r.calls["UrlFetchApp.fetchAll"] ?? 0) > 0,
    );
    const gets = Object.fromEntries(
      Object.entries(poll?.calls ?? {}).filter(([name]) =>
        /^(LockService|CacheService|PropertiesService)\.|^SpreadsheetApp\.getActiveSpreadsheet$|^Sheet\.(getMaxRows|getMaxColumns|insertRowsAfter)$/.test(
          name,
        ),
      ),
    );
    expect(gets).toEqual({
      // Each got once for the execution (they were got again at every use: issue 31).
      "SpreadsheetApp.getActiveSpreadsheet": 1,
      "LockService.getDocumentLock": 1,
      "LockService.getUserLock": 1,
      "PropertiesService.getDocumentProperties": 1,
      "PropertiesService.getScriptProperties": 1,
      "PropertiesService.getUserProperties": 1,
      "CacheService.getDocumentCache": 1,
      "CacheService.getUserCache": 1,
      "CacheService.getScriptCache": 1,
      // Only the run's sheet is asked its size: the hidden copy, the journal and the Enrichment log are
      // made by this execution, 1,000 by 26 as Sheets makes a sheet. The copy's rows are asked once more
      // to grow it from its real end.
      "Sheet.getMaxRows": 2,
      "Sheet.getMaxColumns": 1,
      // The copy grows to the run's rows once; the journal, a few rows a wave, never grows.
      "Sheet.insertRowsAfter": 1,
    });
  }, 120_000);

  it("starting a run reads the script properties once for its client, not once per setting", async () => {
    const { records } = await bulkRun(1_500);
    const start = records.find((r) => r.functionName === "startEnrichment");
    const properties = Object.fromEntries(
      Object.entries(start?.calls ?? {}).filter(([name]) => name.startsWith("Properties.")),
    );
    expect(properties).toEqual({
      // The document store's check for jobs an earlier version kept there, and the client's address, team
      // key and daily fetch limit in one read (issue 31: they were three getProperty calls).
      "Properties.getProperties": 2,
      // The user's own key, the owner's id, the trigger's record, and the formula settings (on a cache
      // miss): their cache lifetime is the run's freshness window, inside which it uses what any run of the
      // spreadsheet bought instead of buying it again.
      "Properties.getProperty": 4,
      "Properties.setProperty": 2,
    });
  }, 120_000);

  it("a sidebar poll while nothing changed reads the job store once and writes nothing", async () => {
    const { w } = await bulkRun(1_500);
    const from = w.gas.executions.length;
    w.gas.run("pollJobs");
    w.gas.run("pollJobs");
    const [poll] = w.gas.executions.slice(from + 1);
    const costly = Object.fromEntries(
      Object.entries(poll?.calls ?? {}).filter(([name]) =>
        /^(Range|Properties|Cache|Lock|Sheet\.getDataRange)\b/.test(name),
      ),
    );
    // The job store is a hidden sheet, read whole in one getValues; the owner's id and the once-per-6-hours
    // check for jobs an earlier version left in document properties come from the cache.
    expect(costly).toEqual({ "Sheet.getDataRange": 1, "Range.getValues": 1, "Cache.get": 2 });
  }, 120_000);
});

describe("a filled-down column's service calls", () => {
  it("a cell whose answer is cached costs one cache read, and no store or lock call", async () => {
    const w = await addonWorld({ scriptProperties: PROPERTIES });
    const domains = w.state.dataset.orgs.slice(0, 20).map((o) => o.domain);
    w.gas.sheet().set(
      "A2",
      domains.map((d) => [d]),
    );
    w.gas.fill("B2:B21", '=ORG_ATTR(A2,"industry")');
    const answers = domains.map((_, i) => w.gas.cell(`B${i + 2}`).value);
    expect(answers.every((value) => typeof value === "string" && value !== "")).toBe(true);
    w.gas.clock.advance("1h");
    const from = w.gas.executions.length;
    w.gas.reopen();
    const cells = w.gas.executions.slice(from).filter((e) => e.kind === "customFunction");
    expect(cells).toHaveLength(20);
    for (const cell of cells)
      expect(cell.calls).toEqual({ "CacheService.getDocumentCache": 1, "Cache.getAll": 1 });
    expect(domains.map((_, i) => w.gas.cell(`B${i + 2}`).value)).toEqual(answers);
  }, 120_000);

  it("a lookup cell whose answer is cached costs one cache read too: no store call, no intent read", async () => {
    const w = await addonWorld({ scriptProperties: PROPERTIES });
    const titles = ["Senior Data Engineer", "VP of Sales", "Head of Marketing", "Account Executive"];
    w.gas.sheet().set(
      "A2",
      titles.map((t) => [t]),
    );
    w.gas.fill("B2:B5", "=JOB_FUNCTION(A2)");
    const answers = titles.map((_, i) => w.gas.cell(`B${i + 2}`).value);
    expect(answers.every((value) => typeof value === "string" && value !== "")).toBe(true);
    w.gas.clock.advance("1h");
    const from = w.gas.executions.length;
    w.gas.reopen();
    const cells = w.gas.executions.slice(from).filter((e) => e.kind === "customFunction");
    expect(cells).toHaveLength(4);
    for (const cell of cells)
      expect(cell.calls).toEqual({ "CacheService.getDocumentCache": 1, "Cache.getAll": 1 });
    expect(titles.map((_, i) => w.gas.cell(`B${i + 2}`).value)).toEqual(answers);
  });

  it("cells that miss while a sibling buys the column watch the cache: none holds the lock but the buyer", async () => {
    const w = await addonWorld({ scriptProperties: PROPERTIES });
    const domains = w.state.dataset.orgs.slice(0, 40).map((o) => o.domain);
    w.gas.sheet().set(
      "A2",
      domains.map((d) => [d]),
    );
    const from = w.gas.executions.length;
    w.gas.fill("B2:B41", '=ORG_ATTR(A2,"industry")');
    const cells = w.gas.executions.slice(from).filter((e) => e.kind === "customFunction");
    expect(cells).toHaveLength(40);
    expect(domains.every((_, i) => w.gas.cell(`B${i + 2}`).value !== "")).toBe(true);
    // One cell reads the column and buys it; the others that missed tried the lock once, found it taken,
    // and read their answer from the cache instead of queueing to hold the lock one after another.
    const buyers = cells.filter(
      (c) => (c.calls["UrlFetchApp.fetchAll"] ?? 0) + (c.calls["UrlFetchApp.fetch"] ?? 0) > 0,
    );
    expect(buyers).toHaveLength(1);
    for (const cell of cells.filter((c) => !buyers.includes(c))) {
      expect(cell.calls["Lock.releaseLock"]).toBeUndefined();
      expect(cell.calls["Lock.waitLock"] ?? 0).toBeLessThanOrEqual(1);
    }
  }, 120_000);

  it("a cell that buys reads its sheet once: its siblings and the other ORG_ATTR formulas from one read", async () => {
    const w = await addonWorld({ scriptProperties: PROPERTIES });
    // Two columns asking other attributes, filled before the organizations are pasted under them: the cell
    // that buys takes the other column's attribute with its own (the census), each organization once.
    w.gas.fill("B2:B41", '=ORG_ATTR(A2,"industry")');
    w.gas.fill("C2:C41", '=ORG_ATTR(A2,"employee_count")');
    expect(w.charged()).toBe(0);
    const from = w.gas.executions.length;
    w.gas.sheet().set(
      "A2",
      w.state.dataset.orgs.slice(0, 40).map((o) => [o.domain]),
    );
    // 1 base + industry + employee_count for each of the 40 organizations, once.
    expect(w.charged()).toBe(120);
    const cells = w.gas.executions.slice(from).filter((e) => e.kind === "customFunction");
    const buyers = cells.filter((c) => (c.calls["UrlFetchApp.fetch"] ?? 0) > 0);
    expect(buyers.length).toBeGreaterThan(0);
    for (const buyer of buyers) {
      const sheets = Object.fromEntries(
        Object.entries(buyer.calls).filter(([name]) =>
          /^(Range\.|Sheet\.|SpreadsheetApp\.getActiveRange$)/.test(name),
        ),
      );
      expect(sheets).toEqual({
        // The running cell, and whether it is one cell (a range's formula buys only its own range).
        "SpreadsheetApp.getActiveRange": 1,
        "Range.getNumRows": 1,
        "Range.getNumColumns": 1,
        "Range.getRow": 1,
        "Range.getColumn": 1,
        "Range.getSheet": 1,
        // The sheet from A1 to its last row and column, once: the cell's own formula, its siblings' formulas
        // and identifiers, and the census all come from these two reads (they were two reads each, and the
        // cell's formula a read of its own).
        "Sheet.getLastRow": 1,
        "Sheet.getLastColumn": 1,
        "Sheet.getRange": 1,
        "Range.getFormulas": 1,
        "Range.getValues": 1,
      });
    }
    // The cells that did not buy read no range. A cell neither cache answers now looks for the purchase
    // record's by-key shelf first (issue 38: the record answers what the caches lost), two calls that are
    // real and new; there is no shelf yet, so nothing more. A cell the near cache answers calls none.
    const recordLookup = { "SpreadsheetApp.getActiveSpreadsheet": 1, "Spreadsheet.getSheetByName": 1 };
    for (const cell of cells.filter((c) => !buyers.includes(c))) {
      const sheetCalls = Object.fromEntries(
        Object.entries(cell.calls).filter(([name]) =>
          /^(Range|Sheet|SpreadsheetApp|Spreadsheet)\./.test(name),
        ),
      );
      expect([{}, recordLookup]).toContainEqual(sheetCalls);
    }
    expect(w.gas.cell("B41").value).not.toBe("");
    expect(w.gas.cell("C41").value).not.toBe("");
  }, 120_000);
});

/** A bulk run of the first `rows` sample organizations in Sheet1 to done; the calls of the poll that ended it. */
function runToDone(w: AddonWorld, rows: number, field: string): Record<string, number> {
  const domains = w.state.dataset.orgs.slice(0, rows).map((o) => o.domain);
  w.gas.sheet("Sheet1").set("A1", [["Domain"], ...domains.map((d) => [d])]);
  const job = w.gas.run("startEnrichment", {
    sheetName: "Sheet1",
    inputRange: "A:A",
    fields: [{ kind: "attribute", name: field }],
  }) as JobStatus;
  for (let polls = 0; polls < 20; polls++) {
    const from = w.gas.executions.length;
    const status = (w.gas.run("pollJobs") as JobStatus[]).find((s) => s.jobId === job.jobId);
    if (status?.state === "done") return w.gas.executions[from]?.calls ?? {};
  }
  throw new Error("The run did not finish in 20 polls.");
}

/** The named calls of an execution, 0 where it made none. */
function named(calls: Record<string, number>, names: readonly string[]): Record<string, number> {
  return Object.fromEntries(names.map((name) => [name, calls[name] ?? 0]));
}

const TIME_FORMAT = "yyyy-mm-dd hh:mm";

describe("an append to the Enrichment log", () => {
  it("formats the Time column once, over the sheet's rows: a later append writes no format, one cache read instead", async () => {
    const w = await addonWorld({ emulator: { orgs: 1_500 }, scriptProperties: PROPERTIES });
    const first = runToDone(w, 1_500, "name");
    // The log is made with its header and first row, and its Time column formatted down to row 1,000.
    expect(named(first, ["Range.setNumberFormat"])).toEqual({ "Range.setNumberFormat": 1 });
    const log = w.gas.sheet("Enrichment log");
    expect(log.maxRows).toBe(1_000);
    expect([log.cell("A2").format, log.cell("A1000").format, log.cell("B2").format]).toEqual([
      TIME_FORMAT,
      TIME_FORMAT,
      "",
    ]);
    const second = runToDone(w, 1_500, "industry");
    // No setNumberFormat: the script cache says the Time column is formatted through row 1,000. The poll's
    // cache reads: the owner's id, the job store's stamp (each of the two checkpoints, the look for a
    // recorded Stop just before each wave is sent, and the release; no look for a next job once the store
    // shows none due), the throttle and the money record per wave, and the log's format note.
    expect(named(second, ["Range.setNumberFormat", "Cache.get", "Sheet.getLastRow"])).toEqual({
      "Range.setNumberFormat": 0,
      "Cache.get": 12,
      "Sheet.getLastRow": 1,
    });
    expect(log.values("A2:A3").map(([time]) => time instanceof Date)).toEqual([true, true]);
    expect([log.cell("A3").format, log.cell("A3").display]).toEqual([TIME_FORMAT, "2026-11-21 09:00"]);
  }, 120_000);

  it("a log grown past its sheet's rows gets room and its Time column formatted again; a cache that forgot formats as before", async () => {
    const old = Array.from({ length: 999 }, (_, i) => [`earlier ${i + 2}`, "", "", "", "", ""]);
    const w = await addonWorld({
      emulator: { orgs: 1_500 },
      scriptProperties: PROPERTIES,
      harness: {
        sheets: [
          { name: "Sheet1" },
          {
            name: "Enrichment log",
            values: [["Time", "Action", "Rows", "Credits used", "Credits remaining", "Result"], ...old],
          },
        ],
      },
    });
    const log = w.gas.sheet("Enrichment log");
    expect(log.maxRows).toBe(1_000);
    // Row 1,001 is past the sheet's end: it grows by 1,000 rows of room, and rows 2 to 2,001 are formatted.
    expect(named(runToDone(w, 1_500, "name"), ["Range.setNumberFormat"])).toEqual({
      "Range.setNumberFormat": 1,
    });
    expect(log.maxRows).toBe(2_001);
    expect([log.cell("A1001").format, log.cell("A2001").format]).toEqual([TIME_FORMAT, TIME_FORMAT]);
    expect(named(runToDone(w, 1_500, "industry"), ["Range.setNumberFormat"])).toEqual({
      "Range.setNumberFormat": 0,
    });
    // The cache forgets (evicted): the next append formats the column again rather than trust nothing.
    const script = w.gas.caches.script;
    for (const key of Object.keys(script.snapshot(w.gas.clock.now())))
      if (key.startsWith("sheet-formats:")) script.remove(key);
    expect(named(runToDone(w, 1_500, "employee_count"), ["Range.setNumberFormat"])).toEqual({
      "Range.setNumberFormat": 1,
    });
    expect(log.values("A1001:A1003").map(([time]) => time instanceof Date)).toEqual([true, true, true]);
    expect(log.cell("A1003").format).toBe(TIME_FORMAT);
  }, 120_000);

  it("the step that ends a run takes the jobs lock once for the job's release and its log row", async () => {
    const w = await addonWorld({ emulator: { orgs: 1_500 }, scriptProperties: PROPERTIES });
    runToDone(w, 1_500, "name");
    const ending = runToDone(w, 1_500, "industry");
    // Two waves (one request each): the intent checkpoint under the document and user locks, the throttle
    // and the money record under the user lock, each wave; the release and its log row under both locks at
    // once (taken twice in a row before: 14 each). No look for a next job under the locks once the store,
    // as this execution read and wrote it, shows none due (12 each before).
    expect(named(ending, ["Lock.waitLock", "Lock.releaseLock"])).toEqual({
      "Lock.waitLock": 2 * 4 + 2,
      "Lock.releaseLock": 2 * 4 + 2,
    });
    expect(logFacts(w.gas).map((fact) => fact.kind)).toEqual(["charged", "charged"]);
  }, 120_000);
});
