// A bulk step failed mid-way by the platform: what it journaled counted once, an unanswered intent possibly charged once.
import { describe, expect, it } from "vitest";
import type { OrganizationsRequest, OrganizationsResponse } from "../../../src/api/contract/index.ts";
import type { Outcome } from "../../../src/api/request.ts";
import { keepFailedStepMoney } from "../../../src/core/bulk/failed-step.ts";
import { readInputColumn } from "../../../src/core/bulk/plan.ts";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { BulkRunner } from "../../../src/core/bulk/runner.ts";
import { createBulkState } from "../../../src/core/bulk/state.ts";
import { FakeClock, FakeSheet } from "../jobs/fakes.ts";
import { MapJournal } from "./map-journal.ts";

const UNIT = 2; // name (base) + employee_count
const KILLED = "Exceeded maximum execution time";
const FAULT = "Service Spreadsheets failed while accessing document with id abc.";

/** The service: every organization matched, UNIT credits each. */
function answer(body: OrganizationsRequest): Outcome<OrganizationsResponse> {
  const inputs = body.organizations ?? [];
  const value: OrganizationsResponse = {
    id: "r",
    credits_used: inputs.length * UNIT,
    credits_remaining: 1_000,
    total: inputs.length,
    matched_count: inputs.length,
    organizations: inputs.map((input, i) => ({
      input,
      attributes: { id: i + 1, name: `Org ${input.url}`, employee_count: 10 },
      entities: [],
    })),
  };
  return { ok: true, value, response: { status: 200, headers: {}, body: "" } };
}

function world(rows: number) {
  const domains = Array.from({ length: rows }, (_v, i) => `org${i}.com`);
  const sheet = FakeSheet.withColumn("Leads", ["Domain", ...domains]);
  const request = validateEnrichmentRequest({
    sheetName: "Leads",
    inputRange: "A1:A",
    fields: [
      { kind: "attribute", name: "name" },
      { kind: "attribute", name: "employee_count" },
    ],
  });
  const input = readInputColumn(sheet.columnValues(1, 1, sheet.lastRow()), 1, request.header, true);
  const saved = createBulkState(request, input, { lastColumn: sheet.lastColumn() });
  return { sheet, journal: new MapJournal(), clock: new FakeClock(), saved, sent: 0 };
}

type World = ReturnType<typeof world>;

/**
 * One execution over the checkpoint; `fault` throws from the fetch or from the sheet's row writes. A throw
 * fails the step as the dispatcher does: the checkpoint takes keepFailedStepMoney of the state in memory.
 */
function execute(w: World, fault: "none" | "fetch" | "write" | "killed" = "none"): boolean {
  const state = structuredClone(w.saved);
  const sheet = Object.create(w.sheet) as FakeSheet;
  if (fault === "write") {
    sheet.writeValues = (row, column, values) => {
      if (row + values.length - 1 > 1) throw new Error(FAULT);
      w.sheet.writeValues(row, column, values);
    };
  }
  const runner = new BulkRunner(state, {
    clock: w.clock,
    deadline: w.clock.now() + 270_000,
    sheet,
    fetch: (bodies) => {
      if (fault === "fetch") throw new Error(FAULT);
      w.sent += bodies.length;
      // Killed by the time limit after the service charged, the answer unread: nothing else runs.
      if (fault === "killed") throw new Error(KILLED);
      return bodies.map(answer);
    },
    record: w.journal,
    save: (s) => {
      w.saved = structuredClone(s);
      return { stopRequested: false };
    },
  });
  try {
    runner.run();
    return true;
  } catch (error) {
    if ((error as Error).message === KILLED) return false;
    expect((error as Error).message).toBe(FAULT);
    keepFailedStepMoney(w.saved, state);
    return false;
  }
}

describe("a bulk step the platform fails mid-way", () => {
  it("records with the intent the most its requests can cost", () => {
    const w = world(3);
    expect(execute(w, "fetch")).toBe(false);
    expect(w.saved).toMatchObject({ inFlight: [0], inFlightCredits: 3 * UNIT, creditsSpent: 0 });
  });

  it("counts a journaled wave as charged at the failure, and the resume counts nothing more", () => {
    const w = world(3);
    expect(execute(w, "write")).toBe(false);
    expect(w.saved).toMatchObject({ creditsSpent: 3 * UNIT, creditsRemaining: 1_000, journalWaves: 1 });
    expect(w.saved.possiblyCharged).toBe(0);
    expect(w.saved.heldPossibly).toBeUndefined();
    expect(execute(w)).toBe(true);
    expect(w.saved).toMatchObject({
      creditsSpent: 3 * UNIT,
      journalWaves: 1,
      rowsDone: 3,
      possiblyCharged: 0,
    });
    expect(w.sent).toBe(1);
  });

  it("holds an unanswered intent as possibly charged, once, which the resume settles as lost", () => {
    const w = world(3);
    expect(execute(w, "fetch")).toBe(false);
    expect(w.saved).toMatchObject({ possiblyCharged: 3 * UNIT, heldPossibly: 3 * UNIT, creditsSpent: 0 });
    // A second failure before the resume settles it (one that hits before any wave) adds nothing.
    keepFailedStepMoney(w.saved, structuredClone(w.saved));
    expect(w.saved).toMatchObject({ possiblyCharged: 3 * UNIT, heldPossibly: 3 * UNIT });
    expect(execute(w)).toBe(true);
    expect(w.saved).toMatchObject({ possiblyCharged: 3 * UNIT, lost: [0], creditsSpent: 0, inFlight: [] });
    expect(w.saved.heldPossibly).toBeUndefined();
    expect(w.sent).toBe(0);
  });

  it("keeps an unanswered intent possibly charged when moved rows stop the resume before it settles", () => {
    const w = world(3);
    expect(execute(w, "fetch")).toBe(false);
    w.sheet.set(2, 1, "other.com");
    expect(execute(w)).toBe(true);
    expect(w.saved.failure).toMatch(/^The rows of "Leads" moved since this run started/);
    expect(w.saved).toMatchObject({ possiblyCharged: 3 * UNIT, inFlight: [], lost: [0] });
    expect(w.saved.heldPossibly).toBeUndefined();
  });
});

describe("an execution killed while its request was out, then the rows sorted", () => {
  const sortDown = (w: World) => {
    const rows = [2, 3, 4].map((row) => w.sheet.value(row, 1));
    rows.reverse().forEach((domain, i) => {
      w.sheet.set(2 + i, 1, domain);
    });
  };

  it("logs the unanswered request as possibly charged when the next execution stops on the moved rows", () => {
    const w = world(3);
    expect(execute(w, "killed")).toBe(false);
    expect(w.saved).toMatchObject({ inFlight: [0], inFlightCredits: 3 * UNIT, possiblyCharged: 0 });
    sortDown(w);
    expect(execute(w)).toBe(true);
    expect(w.saved.failure).toMatch(/^The rows of "Leads" moved since this run started/);
    expect(w.saved).toMatchObject({ possiblyCharged: 3 * UNIT, creditsSpent: 0, inFlight: [], lost: [0] });
    expect(w.saved.lostNotes).toEqual({
      0: "Rows 2–4 as planned: the rows moved while their request was out, so its answer was not used; up to 6 credits may have been charged, so they were not bought again.",
    });
    expect(w.saved.heldPossibly).toBeUndefined();
    expect(w.sent).toBe(1);
  });

  it("counts a wave the record journaled as charged, not possibly, when the moved rows stop the run", () => {
    const w = world(3);
    const write = w.sheet.writeValues.bind(w.sheet);
    w.sheet.writeValues = (row, column, values) => {
      if (row + values.length - 1 > 1) throw new Error(KILLED);
      write(row, column, values);
    };
    expect(execute(w)).toBe(false);
    w.sheet.writeValues = write;
    expect(w.journal.waves).toEqual([3 * UNIT]);
    expect(w.saved).toMatchObject({ inFlight: [0], creditsSpent: 0, possiblyCharged: 0 });
    sortDown(w);
    expect(execute(w)).toBe(true);
    expect(w.saved).toMatchObject({
      creditsSpent: 3 * UNIT,
      journalWaves: 1,
      possiblyCharged: 0,
      inFlight: [],
    });
    expect(w.saved.lost ?? []).toEqual([]);
    expect(w.saved.lostNotes ?? {}).toEqual({});
    expect(w.saved.failure).toMatch(/^The rows of "Leads" moved since this run started/);
  });

  it("adds the most of a wave with no cost recorded (a checkpoint from before inFlightCredits) as nothing", () => {
    const w = world(3);
    expect(execute(w, "killed")).toBe(false);
    delete w.saved.inFlightCredits;
    w.saved.possiblyCharged = 4;
    w.saved.lostNotes = { 7: "Rows 9–10: an earlier loss." };
    sortDown(w);
    expect(execute(w)).toBe(true);
    expect(w.saved).toMatchObject({ possiblyCharged: 4, inFlight: [], lost: [0] });
    // Notes of chunks lost before stay beside the new one.
    expect(Object.keys(w.saved.lostNotes ?? {})).toEqual(["0", "7"]);
    expect(w.saved.lostNotes?.[7]).toBe("Rows 9–10: an earlier loss.");
  });

  it("tells an unjournaled wave from waves the record already counted", () => {
    const w = world(3);
    // An earlier wave of the run, journaled and counted at its checkpoint.
    w.journal.put([{ entityKey: "elsewhere.com", matched: false }], 4);
    w.saved.journalWaves = 1;
    w.saved.creditsSpent = 4;
    expect(execute(w, "killed")).toBe(false);
    sortDown(w);
    expect(execute(w)).toBe(true);
    expect(w.saved).toMatchObject({ creditsSpent: 4, journalWaves: 1, possiblyCharged: 3 * UNIT, lost: [0] });
  });
});

describe("keepFailedStepMoney", () => {
  const base = () => world(3).saved;

  it("leaves a checkpoint with nothing in flight as it is", () => {
    const saved = { ...base(), inFlightCredits: 6, possiblyCharged: 2 };
    keepFailedStepMoney(saved, { ...saved, creditsSpent: 9 });
    expect(saved).toMatchObject({ possiblyCharged: 2, creditsSpent: 0 });
    expect(saved.heldPossibly).toBeUndefined();
  });

  it("holds nothing when the intent recorded no cost (a checkpoint from before inFlightCredits)", () => {
    const saved = { ...base(), inFlight: [0], possiblyCharged: 2 };
    keepFailedStepMoney(saved, structuredClone(saved));
    expect(saved.possiblyCharged).toBe(2);
    expect(saved.heldPossibly).toBeUndefined();
    const zero = { ...base(), inFlight: [0], inFlightCredits: 0 };
    keepFailedStepMoney(zero, structuredClone(zero));
    expect(zero.heldPossibly).toBeUndefined();
  });

  it("adds the held credits to those lost chunks already count", () => {
    const saved = { ...base(), inFlight: [1], inFlightCredits: 6, possiblyCharged: 4 };
    keepFailedStepMoney(saved, structuredClone(saved));
    expect(saved).toMatchObject({ possiblyCharged: 10, heldPossibly: 6 });
  });

  it("takes from memory only the money of waves journaled since the checkpoint", () => {
    const saved = { ...base(), inFlight: [1], inFlightCredits: 6, journalWaves: 2, creditsSpent: 8 };
    keepFailedStepMoney(saved, { ...saved, journalWaves: 2, creditsSpent: 14, creditsRemaining: 5 });
    // Not journaled (the record refused it): possibly charged, as the resume will find it lost.
    expect(saved).toMatchObject({ creditsSpent: 8, creditsRemaining: null, possiblyCharged: 6 });
  });
});
