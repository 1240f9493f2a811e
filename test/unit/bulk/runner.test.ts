// The bulk runner's checkpoints: chunks bought and written once across executions, stops and faults.
import { describe, expect, it } from "vitest";
import type { OrganizationsRequest, OrganizationsResponse } from "../../../src/api/contract/index.ts";
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  DeadlineError,
  InsufficientCreditsError,
  ServerError,
} from "../../../src/api/errors.ts";
import type { Outcome } from "../../../src/api/request.ts";
import { bulkMessage } from "../../../src/core/bulk/messages.ts";
import { readInputColumn } from "../../../src/core/bulk/plan.ts";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { BulkRunner, MAX_CHUNK_ATTEMPTS } from "../../../src/core/bulk/runner.ts";
import { type BulkState, createBulkState } from "../../../src/core/bulk/state.ts";
import { STATUS_IDENTIFIER_INVALID } from "../../../src/core/changes/change-sheet.ts";
import { FakeClock, FakeSheet } from "../jobs/fakes.ts";
import { MapJournal } from "./map-journal.ts";

const FIELDS = [
  { kind: "attribute", name: "name" },
  { kind: "attribute", name: "employee_count" },
];
const UNIT = 2; // base + employee_count

/** The service: matches every domain not starting with "nomatch", charges per matched organization. */
class FakeService {
  balance = 1_000_000;
  requests = 0;
  bought: string[] = [];
  /** Errors to answer instead, one per body, in order. */
  faults: ApiError[] = [];

  fetch = (bodies: OrganizationsRequest[]): Outcome<OrganizationsResponse>[] =>
    bodies.map((body) => {
      this.requests++;
      const fault = this.faults.shift();
      if (fault) return { ok: false, error: fault };
      const inputs = body.organizations ?? [];
      const matched = inputs.filter((i) => !String(i.url).startsWith("nomatch"));
      const cost = matched.length * UNIT;
      if (cost > this.balance) {
        return { ok: false, error: new InsufficientCreditsError("Out of credits.", 402, null) };
      }
      this.balance -= cost;
      this.bought.push(...matched.map((i) => String(i.url)));
      const value: OrganizationsResponse = {
        id: "r",
        credits_used: cost,
        credits_remaining: this.balance,
        total: inputs.length,
        matched_count: matched.length,
        organizations: inputs.map((input, i) =>
          String(input.url).startsWith("nomatch")
            ? { input, attributes: {}, entities: [] }
            : {
                input,
                attributes: { id: i + 1, name: `Org ${input.url}`, employee_count: 100 + i },
                entities: [],
              },
        ),
      };
      return { ok: true, value, response: { status: 200, headers: {}, body: "" } };
    });
}

interface World {
  clock: FakeClock;
  sheet: FakeSheet;
  service: FakeService;
  journal: MapJournal;
  /** The persisted checkpoint, as another execution would read it. */
  saved: BulkState;
  saves: number;
  /** Requests per wave, in order. */
  waves: number[];
  stopAfterSaves: number | null;
  crashAfterSaves: number | null;
  /** The hidden copy of what the add-on wrote, when the scenario has one. */
  copy?: FakeSheet;
}

function world(column: unknown[], request: Record<string, unknown> = {}): World {
  const sheet = FakeSheet.withColumn("Leads", ["Domain", ...column]);
  const bulk = validateEnrichmentRequest({
    sheetName: "Leads",
    inputRange: "A1:A",
    fields: FIELDS,
    ...request,
  });
  const values = sheet.columnValues(1, 1, sheet.lastRow());
  const input = readInputColumn(values, 1, bulk.header, true);
  const state = createBulkState(bulk, input, { lastColumn: sheet.lastColumn() });
  return {
    clock: new FakeClock(),
    sheet,
    service: new FakeService(),
    journal: new MapJournal(),
    saved: structuredClone(state),
    saves: 0,
    waves: [],
    stopAfterSaves: null,
    crashAfterSaves: null,
  };
}

/**
 * One execution: a runner over the last saved checkpoint. Its first wave is as wide as the others, so
 * these scenarios keep several chunks in one wave; the narrow first wave has its own test.
 */
function execute(w: World, budgetMs = 270_000, waveRequests = 10, firstWaveRequests = waveRequests) {
  const state = structuredClone(w.saved);
  const runner = new BulkRunner(state, {
    clock: w.clock,
    deadline: w.clock.now() + budgetMs,
    sheet: w.sheet,
    ...(w.copy ? { copy: w.copy } : {}),
    fetch: (bodies) => {
      w.clock.advance(2_000);
      w.waves.push(bodies.length);
      return w.service.fetch(bodies);
    },
    record: w.journal,
    waveRequests,
    firstWaveRequests,
    save: (s) => {
      w.saves++;
      if (w.crashAfterSaves !== null && w.saves > w.crashAfterSaves)
        throw new Error("Exceeded maximum execution time");
      w.saved = structuredClone(s);
      return { stopRequested: w.stopAfterSaves !== null && w.saves >= w.stopAfterSaves };
    },
  });
  const outcome = runner.run();
  return { outcome, state: w.saved, message: bulkMessage(w.saved, outcome) };
}

const domains = (n: number, from = 0) => Array.from({ length: n }, (_v, i) => `org${from + i}.com`);

function expectEveryRowWrittenOnce(w: World, rows: number, fromRow = 2, column = 2) {
  for (let row = fromRow; row < fromRow + rows; row++) expect(w.sheet.coverage(row, column)).toBe(1);
}

describe("BulkRunner", () => {
  it("enriches every row into new columns with one setValues per wave and labels above them", () => {
    const w = world(domains(2500));
    const { outcome, state, message } = execute(w);
    expect(outcome).toBe("done");
    expect(w.sheet.value(1, 2)).toBe("name");
    expect(w.sheet.value(1, 3)).toBe("employee_count");
    expect(w.sheet.value(2, 2)).toBe("Org org0.com");
    expect(w.sheet.value(2501, 3)).toBe(100 + 499);
    // The labels and the wave's three chunks below them, values and the Status column beside them: one
    // setValues (the labels wait past the wave's intent checkpoint for the block under them).
    expect(w.sheet.writes).toEqual([{ row: 1, column: 2, rows: 2501, columns: 3 }]);
    expect(w.sheet.value(1, 4)).toBe("Status");
    expect(w.sheet.value(2, 4)).toBe("Found");
    expect(w.service.requests).toBe(3);
    expect(state.creditsSpent).toBe(2500 * UNIT);
    expect(state).toMatchObject({ rowsDone: 2500, matched: 2500, unmatched: 0, inFlight: [] });
    expect(message).toBe("Done: 2,500 rows, 2,500 organizations matched and 0 not found, for 5,000 credits.");
    expectEveryRowWrittenOnce(w, 2500);
  });

  it("buys a repeated organization once and writes its values to every row that names it", () => {
    const w = world([
      ...domains(1000),
      "ORG5.com",
      "https://www.org999.com/about",
      "nomatch.com",
      "nomatch.com",
    ]);
    const { state } = execute(w);
    expect(w.service.bought).toHaveLength(1000);
    expect(w.sheet.value(1002, 2)).toBe("Org org5.com");
    expect(w.sheet.value(1003, 3)).toBe(w.sheet.value(1001, 3));
    expect(w.sheet.value(1004, 2)).toBe("");
    expect(state).toMatchObject({ matched: 1000, unmatched: 1, creditsSpent: 2000 });
  });

  it("pauses at the time budget and continues in the next execution without buying or writing twice", () => {
    const w = world(domains(5000));
    // Waves of one request, each taking 2 s, and a budget with room for two waves before its reserve.
    const first = execute(w, 22_500, 1);
    expect(first.outcome).toBe("paused");
    expect(first.message).toBe(
      "Paused at the time limit after 2,000 of 5,000 rows; it continues in the next run.",
    );
    let outcome = first.outcome;
    let executions = 1;
    while (outcome === "paused") {
      outcome = execute(w, 22_500, 1).outcome;
      executions++;
    }
    expect(outcome).toBe("done");
    expect(executions).toBeGreaterThan(1);
    expect(new Set(w.service.bought).size).toBe(5000);
    expect(w.service.bought).toHaveLength(5000);
    expectEveryRowWrittenOnce(w, 5000);
  });

  it("does not start a wave that, as long as the longest so far, would end past the deadline", () => {
    const w = world(domains(5000));
    const slow = (bodies: OrganizationsRequest[]) => {
      w.clock.advance(50_000);
      return w.service.fetch(bodies);
    };
    const state = structuredClone(w.saved);
    const outcome = new BulkRunner(state, {
      clock: w.clock,
      deadline: w.clock.now() + 150_000,
      sheet: w.sheet,
      fetch: slow,
      record: w.journal,
      waveRequests: 1,
      save: () => ({ stopRequested: false }),
    }).run();
    expect(outcome).toBe("paused");
    expect(state.rowsDone).toBe(2000);
  });

  it("sends one request in a run's first wave, then waves at the rate limit", () => {
    const w = world(domains(5000));
    // The first wave's intent, then the second's (which checkpoints the first): Stop arrives while the first
    // request is out, and is seen before the second is sent.
    w.stopAfterSaves = 2;
    const stopped = execute(w, 270_000, 10, 1);
    expect(stopped.outcome).toBe("stopped");
    expect(w.service.requests).toBe(1);
    expect(w.service.bought).toHaveLength(1000);
    w.stopAfterSaves = null;
    execute(w, 270_000, 10, 1);
    expect(w.service.requests).toBe(5);
    expect(w.service.bought).toHaveLength(5000);
  });

  it("asks once whether a later wave's rows are empty, instead of reading their values and formulas", () => {
    const w = world(domains(3000));
    expect(execute(w, 270_000, 1, 1).outcome).toBe("done");
    expect(w.waves).toEqual([1, 1, 1]);
    // The first wave's rows are known empty from the sheet's last column; the two after it are asked.
    expect([w.sheet.blankChecks, w.sheet.formulaReads]).toEqual([2, 0]);
    expectEveryRowWrittenOnce(w, 3000);
  });

  it("reads a wave's rows when they are not empty, keeps what was typed there, and reads from then on", () => {
    const w = world(domains(3000));
    // Typed after the run was planned, in the second wave's rows.
    w.sheet.set(1500, 2, "typed");
    expect(execute(w, 270_000, 1, 1).outcome).toBe("done");
    // Asked for the labels with the first wave's rows, and for the second wave's: not empty, so read; the
    // third is read without asking.
    expect([w.sheet.blankChecks, w.sheet.formulaReads]).toEqual([2, 2]);
    expect(w.sheet.value(1500, 2)).toBe("typed");
    expect(w.sheet.value(1500, 3)).toBe(100 + 498);
    expect(w.service.bought).toHaveLength(3000);
  });

  it("goes one request at a time after a wave with a failure, until a wave comes back whole", () => {
    const w = world(domains(15_000));
    // The third request (the second of the first full wave) fails; the others are answered.
    w.service.faults = [
      undefined as never,
      undefined as never,
      new ServerError("The enrichment service is unavailable right now (HTTP 500).", 500, null),
    ];
    const done = execute(w, 270_000, 10, 1);
    expect(done.outcome).toBe("done");
    expect(w.waves).toEqual([1, 10, 1, 4]);
  });

  it("stops between chunks when asked and resumes where it stopped", () => {
    const w = world(domains(3000));
    w.stopAfterSaves = 2; // the first wave's intent, then the second's, which carries the first chunk
    const stopped = execute(w, 270_000, 1);
    expect(stopped.outcome).toBe("stopped");
    expect(stopped.message).toBe("Stopped after 1,000 of 3,000 rows. Press Resume to continue.");
    expect(w.service.bought).toHaveLength(1000);
    w.stopAfterSaves = null;
    expect(execute(w).outcome).toBe("done");
    expect(w.service.bought).toHaveLength(3000);
  });

  it("finishes rather than stops when the stop comes after the last chunk was paid for", () => {
    const w = world(domains(3000));
    w.stopAfterSaves = 2; // the one wave's intent, then the run's last checkpoint
    expect(execute(w).outcome).toBe("done");
    expectEveryRowWrittenOnce(w, 3000);
  });

  it("stops before sending when a stop was asked before the wave", () => {
    const w = world(domains(10));
    w.stopAfterSaves = 1;
    expect(execute(w).outcome).toBe("stopped");
    expect(w.service.requests).toBe(0);
    expect(w.saved.inFlight).toEqual([]);
  });

  it("stops cleanly on 402 and, after a top-up, pays only for the rows not yet done", () => {
    const w = world(domains(4000));
    w.service.balance = 2 * 1000 * UNIT + 500;
    const { outcome, state, message } = execute(w);
    expect(outcome).toBe("out_of_credits");
    expect(message).toBe(
      "Out of credits after 2,000 of 4,000 rows; nothing written was charged twice. Top up, then press Resume.",
    );
    expect(state.creditsSpent).toBe(4000);
    w.service.balance = 1_000_000;
    expect(execute(w).outcome).toBe("done");
    expect(w.service.bought).toHaveLength(4000);
    expect(new Set(w.service.bought).size).toBe(4000);
    expectEveryRowWrittenOnce(w, 4000);
  });

  it("requests an organization once per wave: a repeat in a later chunk of the wave waits for its answer", () => {
    // Chunks: 0–999, 1,000–1,999, then 2,000–3,999 (1,000 new) and 4,000 repeats of the first two chunks.
    const list = domains(3000);
    const w = world([...list, ...list.slice(0, 2000)]);
    const { outcome, state } = execute(w);
    expect(outcome).toBe("done");
    expect(w.waves).toEqual([3]);
    expect(w.service.bought).toHaveLength(3000);
    expect(state.creditsSpent).toBe(3000 * UNIT);
    expect(w.sheet.value(3002, 2)).toBe("Org org0.com");
    expect(w.sheet.value(5001, 2)).toBe("Org org1999.com");
    expectEveryRowWrittenOnce(w, 5000);
  });

  it("leaves a chunk of repeats pending while the chunk buying them failed, then writes it once", () => {
    const list = domains(2000);
    const w = world([...list, ...list.slice(0, 1000)]);
    // The first chunk's request fails (it is tried again); the second chunk's repeats wait for it.
    w.service.faults = [
      new ServerError("The enrichment service is unavailable right now (HTTP 500).", 500, null),
    ];
    const { outcome } = execute(w);
    expect(outcome).toBe("done");
    expect(w.service.bought).toHaveLength(2000);
    expect(new Set(w.service.bought).size).toBe(2000);
    expect(w.sheet.value(2002, 2)).toBe("Org org0.com");
    expectEveryRowWrittenOnce(w, 3000);
  });

  it("does not buy again the repeats of a chunk whose answer was lost: they wait for the user's re-run", () => {
    const list = domains(2000);
    const w = world([...list, ...list.slice(0, 1000)]);
    w.service.faults = [new ConnectionError("The service did not answer.", 0, "timeout after 60 s")];
    const { outcome, state, message } = execute(w);
    expect(outcome).toBe("done");
    expect(state.lost).toEqual([0, 1]);
    // Only the first chunk's request may have been charged; the second chunk's own request was paid.
    expect(state.possiblyCharged).toBe(1000 * UNIT);
    expect(w.service.bought).toEqual(list.slice(1000));
    expect(state.errors).toEqual([]);
    expect(state.lostNotes?.[1]).toBe(
      "Rows 1,002–3,001: they repeat organizations whose answer was lost, so those were not bought again.",
    );
    expect(message).toContain("press Re-run lost rows to buy them (up to 2,000 credits)");
    // The user's re-run: each organization bought once, the second chunk's own ones from the journal.
    w.saved.lost = [];
    expect(execute(w).outcome).toBe("done");
    expect(w.service.bought).toHaveLength(2000);
    expect(new Set(w.service.bought).size).toBe(2000);
    expect(w.sheet.value(2002, 2)).toBe("Org org0.com");
  });

  it("writes paid answers the journal refused, then stops before buying more", () => {
    const w = world(domains(3000));
    w.journal.refuse = "This action would increase the number of cells in the workbook above the limit.";
    const { outcome, state } = execute(w, 270_000, 10, 1);
    expect(outcome).toBe("failed");
    // The first wave (one request) was paid and is written; nothing more was bought.
    expect(w.service.bought).toHaveLength(1000);
    expect(state.creditsSpent).toBe(1000 * UNIT);
    expectEveryRowWrittenOnce(w, 1000);
    expect(state.failure).toBe(
      "The run's record of what it bought could not be written (This action would increase the number of cells in the workbook above the limit.); what was bought is written to the sheet. Free room in the spreadsheet (delete unused sheets), then press Resume.",
    );
    w.journal.refuse = null;
    w.saved.failure = null;
    expect(execute(w).outcome).toBe("done");
    expect(new Set(w.service.bought).size).toBe(3000);
    expect(w.service.bought).toHaveLength(3000);
  });

  it("writes a paid chunk even when an earlier chunk of the same wave failed", () => {
    const w = world(domains(2000));
    w.service.faults = [
      new ServerError("The enrichment service is unavailable right now (HTTP 500).", 500, null),
    ];
    const { outcome, state } = execute(w);
    expect(outcome).toBe("done");
    expect(state.attempts).toEqual({});
    expect(w.service.bought).toHaveLength(2000);
    expectEveryRowWrittenOnce(w, 2000);
  });

  it("gives up on a chunk that keeps failing, names its rows, and can be resumed", () => {
    const w = world(domains(10));
    const error = () =>
      new ServerError("The enrichment service is unavailable right now (HTTP 500).", 500, null);
    w.service.faults = Array.from({ length: MAX_CHUNK_ATTEMPTS }, error);
    const { outcome, message } = execute(w);
    expect(outcome).toBe("failed");
    expect(message).toBe(
      "Rows 2–11 could not be enriched after 3 tries: The enrichment service is unavailable right now (HTTP 500). 0 of 10 rows were done; press Resume to try the rest.",
    );
  });

  it("fails at once on an error that retrying cannot fix", () => {
    const w = world(domains(10));
    w.service.faults = [
      new AuthenticationError("The enrichment service rejected the API key (HTTP 401).", 401, null),
    ];
    const { outcome, state } = execute(w);
    expect(outcome).toBe("failed");
    expect(state.failure).toBe(
      "Rows 2–11 could not be enriched: The enrichment service rejected the API key (HTTP 401).",
    );
  });

  it("pauses when the client runs out of time, without counting it as a failed try", () => {
    const w = world(domains(10));
    w.service.faults = [new DeadlineError("The enrichment service did not answer in time.", 0, null)];
    const { outcome, state } = execute(w);
    expect(outcome).toBe("paused");
    expect(state.attempts).toEqual({});
    expect(execute(w).outcome).toBe("done");
  });

  it("after a crash between a paid answer and its checkpoint, resumes without buying or writing again", () => {
    const w = world(domains(1500));
    w.crashAfterSaves = 1; // the wave's intent saved; the crash hits its checkpoint
    expect(() => execute(w)).toThrow("Exceeded maximum execution time");
    expect(w.saved.inFlight).toEqual([0, 1]);
    w.crashAfterSaves = null;
    expect(execute(w).outcome).toBe("done");
    expect(w.service.bought).toHaveLength(1500);
    expectEveryRowWrittenOnce(w, 1500);
  });

  it("counts a wave journaled before a crash into the credits spent on resume, once, however many resumes", () => {
    const w = world(domains(1500));
    w.crashAfterSaves = 1; // the wave's answers and cost are journaled; the crash hits its checkpoint
    expect(() => execute(w)).toThrow("Exceeded maximum execution time");
    expect(w.saved.creditsSpent).toBe(0);
    expect(w.journal.waves).toEqual([1500 * UNIT]);
    // The first resume dies at its own first checkpoint: nothing of its count is kept.
    w.crashAfterSaves = w.saves;
    expect(() => execute(w)).toThrow("Exceeded maximum execution time");
    expect(w.saved.creditsSpent).toBe(0);
    w.crashAfterSaves = null;
    expect(execute(w).outcome).toBe("done");
    expect(w.saved).toMatchObject({ creditsSpent: 1500 * UNIT, journalWaves: 1 });
    // Another execution over the finished run counts nothing again.
    execute(w);
    expect(w.saved.creditsSpent).toBe(1500 * UNIT);
    expect(w.service.bought).toHaveLength(1500);
  });

  it("re-checks the sheet on resume: rows already written are not bought again even when the journal lost them", () => {
    const w = world(domains(1200));
    w.crashAfterSaves = 1; // the wave is written, then the execution dies at its checkpoint
    expect(() => execute(w)).toThrow();
    expect(w.saved.inFlight).toEqual([0, 1]);
    w.crashAfterSaves = null;
    w.journal.entries.clear();
    const { outcome, message } = execute(w);
    expect(outcome).toBe("done");
    expect(w.service.bought).toHaveLength(1200);
    expect(message).toMatch(/^Done: 1,200 rows/);
    expectEveryRowWrittenOnce(w, 1200);
  });

  it("a wave paid for but neither written nor journaled is lost, never bought again", () => {
    const w = world(domains(1200));
    // The execution dies at the wave's one write (the labels with the rows below them).
    const write = w.sheet.writeValues.bind(w.sheet);
    w.sheet.writeValues = (row, column, values) => {
      if (row + values.length - 1 > 1) throw new Error("Exceeded maximum execution time");
      write(row, column, values);
    };
    expect(() => execute(w)).toThrow("Exceeded maximum execution time");
    expect(w.saved.inFlight).toEqual([0, 1]);
    w.sheet.writeValues = write;
    w.journal.entries.clear();
    const { outcome, message } = execute(w);
    expect(outcome).toBe("done");
    // Its outcome is unknown, so it is reported and its credits logged as possibly charged.
    expect(w.service.bought).toHaveLength(1200);
    expect(message).toContain("The answer for 1,200 rows was lost after the request went out");
    expect(w.sheet.coverage(2, 2)).toBe(0);
    // The labels the first execution never wrote were still owed in its checkpoint: the resume wrote them.
    expect(w.sheet.value(1, 2)).toBe("name");
  });

  it("in empty-only mode keeps typed values and buys nothing for rows already filled", () => {
    const w = world(domains(4), { output: { mode: "empty-only", targetColumn: "C" } });
    w.sheet.set(2, 3, "typed");
    w.sheet.set(2, 4, 7);
    w.sheet.set(3, 3, "=1+1");
    const { outcome } = execute(w);
    expect(outcome).toBe("done");
    expect(w.service.bought).toEqual(["org1.com", "org2.com", "org3.com"]);
    expect(w.sheet.value(2, 3)).toBe("typed");
    expect(w.sheet.formula(3, 3)).toBe("=1+1");
    expect(w.sheet.value(3, 4)).toBe(100);
    expect(w.sheet.value(4, 3)).toBe("Org org2.com");
    expect(w.sheet.value(1, 3)).toBe("");
  });

  it("in overwrite mode replaces what the columns held", () => {
    const w = world(domains(2), { output: { mode: "overwrite", targetColumn: "C", consent: true } });
    w.sheet.set(2, 3, "old");
    execute(w);
    expect(w.sheet.value(2, 3)).toBe("Org org0.com");
    // "Status" above the column beside them, then one setValues for the values and their statuses.
    expect(w.sheet.writes.map((x) => [x.column, x.columns])).toEqual([
      [5, 1],
      [3, 3],
    ]);
    expect(w.sheet.value(1, 5)).toBe("Status");
  });

  it("reports unreadable identifiers by row and leaves their cells alone", () => {
    const w = world(["org0.com", "#N/A", "", true, "org1.com", "nomatch.com"]);
    const { state } = execute(w);
    expect(state.errors).toEqual([
      "Row 3: The cell holds the error #N/A.",
      "Row 5: TRUE/FALSE is not an organization.",
    ]);
    expect(state).toMatchObject({ invalid: 2, errorCount: 2, matched: 2, unmatched: 1 });
    expect(w.sheet.value(3, 2)).toBe("");
    expect(w.sheet.value(7, 2)).toBe("");
    // Each row's reason goes into the Status column, never among the values.
    expect(w.sheet.columnValues(4, 1, 7)).toEqual([
      "Status",
      "Found",
      "Can't read: The cell holds the error #N/A.",
      "",
      "Can't read: TRUE/FALSE is not an organization.",
      "Found",
      "Not found",
    ]);
    expect(state.rowsDone).toBe(6);
  });

  it("keeps the mark of a row whose identifier was made invalid after it was enriched", () => {
    const w = world(["org0.com", "n/a", "n/a"]);
    // An earlier run wrote rows 3 and 4 (the copy says so); a refresh marked row 3, whose values stay.
    w.copy = new FakeSheet("copy");
    for (const on of [w.sheet, w.copy]) {
      on.set(3, 2, "Old");
      on.set(3, 4, STATUS_IDENTIFIER_INVALID);
      on.set(4, 4, "Found");
    }
    const { state } = execute(w);
    expect(w.sheet.columnValues(4, 1, 4)).toEqual([
      "Status",
      "Found",
      STATUS_IDENTIFIER_INVALID,
      "Can't read: A placeholder such as n/a is not an organization.",
    ]);
    expect(w.sheet.value(3, 2)).toBe("Old");
    expect(state.invalid).toBe(2);
  });

  it("finishes at once when the column has no rows", () => {
    const w = world([]);
    expect(execute(w).outcome).toBe("done");
    expect(w.service.requests).toBe(0);
  });

  it("treats an error that is not from the service as a failure of the chunk", () => {
    const w = world(domains(3));
    w.service.faults = [
      new (class extends ApiError {
        readonly kind = "validation";
      })("The enrichment service could not accept the request.", 422, null),
    ];
    expect(execute(w).outcome).toBe("failed");
  });
});
