// The signal feed through the built bundle against the emulator: the estimate, 250 signals in three pages
// with the ledger matching, every filter sent, Refresh appending only new signals (by id, or by what
// identifies a signal without one), out of credits keeping what was written, and refusals up front.
import { describe, expect, it } from "vitest";
import type { EmulatorRequest, EmulatorResponse } from "../../emulator/index.ts";
import type { Harness } from "../../harness/index.ts";
import { SIGNAL_HEADER } from "../../src/server/signals/rows.ts";
import { addAccount, failure, jobsWorld, ledger, ledgerTotal, logRows, run } from "./bulk-world.ts";

interface FeedResult {
  sheetName: string | null;
  signals: number;
  pages: number;
  stopped: string | null;
  message: string;
  creditsUsed: number;
  credits: { remaining: number };
}

const signalRequests = (gas: Harness) =>
  gas.fetches.filter((f) => f.url.endsWith("/v9/signals")).map((f) => JSON.parse(String(f.body)));

describe("the signal feed", () => {
  it("estimates, then imports 250 signals in pages of 100, 100 and 50, charged exactly that", async () => {
    const { gas, emulator } = await jobsWorld();
    expect(run(gas, "estimateSignalFeed", { maxSignals: 250 })).toEqual({
      credits: 250,
      pages: 3,
      message: "Up to 250 credits · 3 pages of up to 100 signals",
    });
    expect(gas.fetches).toEqual([]);
    const result = run<FeedResult>(gas, "importSignalFeed", { maxSignals: 250 });
    expect(result).toMatchObject({
      sheetName: "Signals",
      signals: 250,
      pages: 3,
      stopped: null,
      creditsUsed: 250,
    });
    expect(result.message).toBe('250 signals written to "Signals".');
    expect(signalRequests(gas)).toEqual([
      { limit: 100, offset: 0 },
      { limit: 100, offset: 100 },
      { limit: 50, offset: 200 },
    ]);
    expect(ledger(emulator).map((e) => e.credits)).toEqual([100, 100, 50]);
    const rows = gas.sheet("Signals").values();
    expect(rows[0]).toEqual([...SIGNAL_HEADER]);
    expect(rows).toHaveLength(251);
    // Types and CRM statuses read in words; each header's note keeps the API's spelling.
    const column = (name: string) => rows.slice(1).map((row) => row[SIGNAL_HEADER.indexOf(name)]);
    expect(column("Type")).toContain("Technology recent hires");
    expect(column("Type").some((type) => String(type).includes("_"))).toBe(false);
    expect(column("Account status")).toContain("Not in CRM");
    const noteOf = (name: string) =>
      gas.sheet("Signals").cell(`${String.fromCharCode(65 + SIGNAL_HEADER.indexOf(name))}1`).note;
    expect(noteOf("Type").split("\n")[0]).toBe("type");
    expect(noteOf("Account status").split("\n")[0]).toBe("account_status");
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(250);
    expect(logRows(gas).map((row) => [row[1], row[2], row[3]])).toEqual([["Import signal feed", 250, 250]]);
    expect(run(gas, "listSignalFeeds")).toEqual([
      {
        sheetName: "Signals",
        maxSignals: 250,
        estimate: { credits: 250, pages: 3, message: "Up to 250 credits · 3 pages of up to 100 signals" },
      },
    ]);
  });

  it("sends every filter: organizations read from the selection, lists, technologies, functions, priorities, configs", async () => {
    const { gas, emulator } = await jobsWorld();
    const org = emulator.dataset.orgs[emulator.dataset.signals()[0]!.orgIndex]!;
    gas.sheet("Sheet1").set("A1", [["Organization id"], [org.id], ["not an id"]]);
    const result = run<FeedResult>(gas, "importSignalFeed", {
      maxSignals: 20,
      organizations: { sheetName: "Sheet1", range: "A1:A3" },
      listIds: [7002],
      technologies: ["Kubernetes"],
      jobFunctions: ["Engineer"],
      priorities: ["high", "medium"],
      configIds: [41, 43],
    });
    expect(signalRequests(gas)).toEqual([
      {
        filter: {
          organization_ids: [org.id],
          account_list_ids: [7002],
          technology_slugs: ["kubernetes"],
          job_functions: ["Engineer"],
          priorities: ["high", "medium"],
          signal_config_ids: [41, 43],
        },
        limit: 20,
        offset: 0,
      },
    ]);
    expect(result.signals).toBe(0);
    expect(result.sheetName).toBeNull();
    expect(result.message).toBe("No signals match these filters in the last 30 days.");
  });

  it("refreshes by appending only the signals the sheet lacks, reading few when nothing is new", async () => {
    const { gas, emulator } = await jobsWorld();
    run(gas, "importSignalFeed", { maxSignals: 120 });
    const newest = gas
      .sheet("Signals")
      .values("A2:A4")
      .map((row) => row[0]);
    // The three newest signals leave the sheet, as if the feed had them after the import.
    const kept = gas.sheet("Signals").values("A5:AK121");
    gas.sheet("Signals").set("A2", kept);
    gas.sheet("Signals").set(
      "A119",
      Array.from({ length: 3 }, () => SIGNAL_HEADER.map(() => "")),
    );
    const before = ledgerTotal(emulator);
    const refreshed = run<FeedResult>(gas, "refreshSignalFeed", { sheetName: "Signals" });
    // The newest signal first (new), then the next 10: 2 new and the first the sheet has.
    expect(refreshed).toMatchObject({ signals: 3, pages: 2, creditsUsed: 11 });
    expect(refreshed.message).toBe('3 new signals added to "Signals".');
    expect(ledgerTotal(emulator) - before).toBe(11);
    expect(
      gas
        .sheet("Signals")
        .values("A119:A121")
        .map((row) => row[0]),
    ).toEqual(newest);
    // Nothing new: the one signal that shows it is all the refresh buys (the bench's day charged 10 for 10
    // signals the sheet had), as the service has no "newer than" filter and charges every signal it returns.
    const again = run<FeedResult>(gas, "refreshSignalFeed", { sheetName: "Signals" });
    expect(again).toMatchObject({
      signals: 0,
      pages: 1,
      creditsUsed: 1,
      message: 'No new signals for "Signals".',
    });
    expect(ledgerTotal(emulator) - before).toBe(12);
  });

  it("refreshes by date, organization, title and type when the service sends no signal ids", async () => {
    const noIds = (request: EmulatorRequest, emulator: (r: EmulatorRequest) => EmulatorResponse) => {
      const response = emulator(request);
      if (!request.path.endsWith("/v9/signals") || response.status !== 200) return response;
      const body = JSON.parse(response.body);
      for (const signal of body.signals) delete signal.signal_id;
      return { ...response, body: JSON.stringify(body) };
    };
    const { gas } = await jobsWorld({ intercept: noIds });
    run(gas, "importSignalFeed", { maxSignals: 30 });
    expect(
      gas
        .sheet("Signals")
        .values("A2:A3")
        .map((row) => row[0]),
    ).toEqual(["", ""]);
    const refreshed = run<FeedResult>(gas, "refreshSignalFeed", { sheetName: "Signals" });
    expect(refreshed.signals).toBe(0);
    expect(gas.sheet("Signals").values()).toHaveLength(31);
  });

  it("keeps the pages written when the account runs out of credits, and says why it stopped", async () => {
    const { gas, emulator } = await jobsWorld({ apiKey: "small-key-0123456789" });
    addAccount(emulator, "small-key-0123456789", 150);
    const result = run<FeedResult>(gas, "importSignalFeed", { maxSignals: 250 });
    expect(result).toMatchObject({ signals: 100, pages: 1, creditsUsed: 100 });
    expect(result.stopped).toMatch(/^Out of credits/);
    expect(result.message).toMatch(
      /^100 signals written to "Signals"\. Stopped early, keeping what was written: Out of credits/,
    );
    expect(gas.sheet("Signals").values()).toHaveLength(101);
    expect(ledgerTotal(emulator, "small-key-0123456789")).toBe(100);
  });

  it("takes a column of domains, matched once at the base price; a refresh reuses the ids", async () => {
    const { gas, emulator } = await jobsWorld();
    const org = emulator.dataset.orgs[emulator.dataset.signals()[0]!.orgIndex]!;
    gas.sheet("Sheet1").set("A1", [["Domain"], [org.domain]]);
    const result = run<FeedResult>(gas, "importSignalFeed", {
      maxSignals: 20,
      organizations: { sheetName: "Sheet1", range: "A1:A2" },
    });
    const matches = () => ledger(emulator).filter((entry) => entry.path === "/v9/organizations");
    expect(matches().map((entry) => entry.credits)).toEqual([1]);
    expect(result.signals).toBeGreaterThan(0);
    // What the action says it spent is the match and the signals together, as the ledger has it.
    expect(result.creditsUsed).toBe(ledgerTotal(emulator));
    run(gas, "refreshSignalFeed", { sheetName: result.sheetName });
    expect(matches()).toHaveLength(1);
  });

  it("imports one organization's signals into its own sheet", async () => {
    const { gas, emulator } = await jobsWorld();
    const org = emulator.dataset.orgs[emulator.dataset.signals()[0]!.orgIndex]!;
    const result = run<FeedResult>(gas, "importOrganizationSignals", { organizationId: org.id });
    expect(result.signals).toBeGreaterThan(0);
    expect(result.sheetName).toBe(`Signals - ${org.name}`);
    expect(result.creditsUsed).toBe(result.signals);
    expect(gas.sheet(result.sheetName!).values()).toHaveLength(result.signals + 1);
  });

  it("names an organization with no signals as the person typed it, never by an id they did not type", async () => {
    const { gas, emulator } = await jobsWorld();
    const withSignals = new Set(emulator.dataset.signals().map((s) => s.orgIndex));
    const org = emulator.dataset.orgs.find((_o, i) => !withSignals.has(i))!;
    const typed = org.domain.toUpperCase();
    const result = run<FeedResult>(gas, "importOrganizationSignals", { organization: typed });
    expect(result.signals).toBe(0);
    expect(result.sheetName).toBeNull();
    expect(result.message).toBe(`${org.domain} has no signals in the last 30 days.`);
    expect(result.message).not.toContain(String(org.id));
    const last = logRows(gas).at(-1)!;
    expect([last[1], last[5]]).toEqual([`Organization signals for ${org.domain}`, result.message]);
  });

  it.each([
    [
      "estimateSignalFeed",
      [{ maxSignals: 0 }],
      "How many signals? Give a whole number from 1 to 10,100 (maxSignals); got 0.",
    ],
    [
      "importSignalFeed",
      [[]],
      "Send {maxSignals, organizations?, listIds?, technologies?, jobFunctions?, priorities?, configIds?}.",
    ],
    [
      "importSignalFeed",
      [{ maxSignals: 5, configIds: ["x"] }],
      'Choose a signal config (configIds must be a positive whole number; got "x").',
    ],
    [
      "importSignalFeed",
      [{ maxSignals: 5, jobFunctions: [3] }],
      'jobFunctions must hold names such as "Data Engineer"; got 3.',
    ],
    [
      "importSignalFeed",
      [{ maxSignals: 5, organizations: { sheetName: "Sheet1", range: "C1:C2" } }],
      "Sheet1!C1:C2 holds no organizations (ids, domains, e-mails or names). Select a column of them, or filter by a list instead.",
    ],
    ["refreshSignalFeed", [{}], "Choose the feed sheet to refresh (sheetName)."],
    [
      "refreshSignalFeed",
      [{ sheetName: "Sheet1" }],
      '"Sheet1" was not imported from the signal feed in this spreadsheet. Import the feed first, then refresh that sheet.',
    ],
    [
      "importOrganizationSignals",
      [{ organizationId: -3 }],
      "Choose an organization (organizationId must be a positive whole number; got -3).",
    ],
    [
      "importOrganizationSignals",
      [{ organizationId: 5, technologies: "kubernetes" }],
      'technologies must be a list of technology slugs such as "kubernetes".',
    ],
  ])("%s refuses %j with the sentence the sidebar shows, sending nothing", async (name, args, message) => {
    const { gas } = await jobsWorld();
    gas.sheet("Sheet1").set("A1", [["Name"], ["Acme"]]);
    expect(failure(gas, name, ...args)).toBe(message);
    expect(gas.fetches).toEqual([]);
  });

  it("refuses a filter of more organizations than the service takes", async () => {
    const { gas } = await jobsWorld();
    gas.sheet("Sheet1").set(
      "A1",
      Array.from({ length: 1001 }, (_v, i) => [100_000 + i]),
    );
    expect(
      failure(gas, "importSignalFeed", {
        maxSignals: 5,
        organizations: { sheetName: "Sheet1", range: "A1:A1001" },
      }),
    ).toBe("Filter by at most 1,000 organizations; the selection has 1,001.");
  });
});
