// POST /v9/signals and /v9/signals/configs through the real client: the 30-day window, filters, paging, lists in signals, credits per the ledger.
import { beforeEach, describe, expect, it } from "vitest";
import { findJobFunction, JOB_FUNCTIONS } from "../../emulator/dataset/catalog/job-functions.ts";
import { TECH_CATALOG } from "../../emulator/dataset/catalog/technologies.ts";
import type { SignalRecord } from "../../emulator/dataset/signals.ts";
import { DAY_MS } from "../../emulator/dates.ts";
import { createEmulatorState, type EmulatorState } from "../../emulator/index.ts";
import { call, manualClock } from "../../emulator/testing.ts";
import type { EnrichmentClient } from "../../src/api/client.ts";
import type { Signal } from "../../src/api/contract/signals.ts";
import { apiError } from "../support/api-error.ts";
import { chargedSince, createAccount, emulatorClient, ledger } from "../support/emulator-client.ts";

const NOW = Date.UTC(2026, 5, 15, 12);
const WINDOW_START = NOW - 30 * DAY_MS;
let state: EmulatorState;
let client: EnrichmentClient;
beforeEach(() => {
  state = createEmulatorState({ orgs: 800, rateLimit: false, now: manualClock(NOW).now });
  client = emulatorClient(state);
});

const recent = () => state.dataset.signals().filter((s) => s.at >= WINDOW_START);
const ids = (signals: Signal[]) => signals.map((s) => s.signal_id);
/** An organization with the most signals in the window. */
const busiest = () => {
  const counts = new Map<number, number>();
  for (const s of recent()) counts.set(s.orgIndex, (counts.get(s.orgIndex) ?? 0) + 1);
  const [index] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
  return state.dataset.orgs[index]!;
};

describe("signals search", () => {
  it("pages 250 signals in three requests for exactly 250 credits, newest first and without repeats", () => {
    const from = ledger(state).length;
    const pages = [
      client.signals({ limit: 100 }),
      client.signals({ limit: 100, offset: 100 }),
      client.signals({ limit: 50, offset: 200 }),
    ];
    expect(pages.map((p) => p.signals.length)).toEqual([100, 100, 50]);
    expect(pages.map((p) => p.credits_used)).toEqual([100, 100, 50]);
    expect(chargedSince(state, from)).toBe(250);
    const all = pages.flatMap((p) => p.signals);
    expect(new Set(ids(all)).size).toBe(250);
    const dates = all.map((s) => Date.parse(s.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(Math.min(...dates)).toBeGreaterThanOrEqual(WINDOW_START);
  });

  it("returns 100 signals when no limit is sent", () => {
    const response = client.signals();
    expect(response.signals).toHaveLength(100);
    expect(response.credits_used).toBe(100);
  });

  it("leaves out signals older than 30 days unless they are asked for by id", () => {
    const old = state.dataset.signals().find((s) => s.at < WINDOW_START)!;
    const org = state.dataset.orgs[old.orgIndex]!;
    const byOrganization = client.signals({ filter: { organization_ids: [org.id] }, limit: 100 });
    expect(ids(byOrganization.signals)).not.toContain(old.id);
    const byId = client.signals({ filter: { signal_ids: [old.id] } });
    expect(ids(byId.signals)).toEqual([old.id]);
    expect(byId.credits_used).toBe(1);
  });

  it("combines values of one field with OR and fields with AND", () => {
    const first = busiest();
    const second = state.dataset.orgs.find(
      (o) => o.index !== first.index && recent().some((s) => s.orgIndex === o.index),
    )!;
    const either = client.signals({ filter: { organization_ids: [first.id, second.id] }, limit: 100 });
    const expected = recent().filter((s) => s.orgIndex === first.index || s.orgIndex === second.index);
    expect(ids(either.signals).sort()).toEqual(expected.map((s) => s.id).sort());
    expect(either.credits_used).toBe(expected.length);

    const priority = either.signals[0]!.priority!;
    const both = client.signals({
      filter: { organization_ids: [first.id, second.id], priorities: [priority as "high"] },
      limit: 100,
    });
    expect(both.signals.length).toBeGreaterThan(0);
    expect(both.signals.length).toBeLessThanOrEqual(either.signals.length);
    for (const s of both.signals) {
      expect([first.id, second.id]).toContain(s.organization_id);
      expect(s.priority).toBe(priority);
    }
  });

  it("filters by technology, job function (a parent matches its children), person and configuration", () => {
    const withTech = recent().find((s) => s.techs.length > 0)!;
    const slug = TECH_CATALOG.technologies[withTech.techs[0]!]!.slug;
    const byTech = client.signals({ filter: { technology_slugs: [slug] }, limit: 100 });
    expect(byTech.signals.length).toBeGreaterThan(0);
    for (const s of byTech.signals) expect(s.matched_technologies!.map((t) => t.slug)).toContain(slug);

    const engineer = findJobFunction("Engineer")!;
    const byFunction = client.signals({ filter: { job_functions: ["Engineer"] }, limit: 100 });
    expect(byFunction.signals.length).toBeGreaterThan(0);
    for (const s of byFunction.signals) {
      const jf = findJobFunction(s.job_function!)!;
      expect(JOB_FUNCTIONS[jf.index]!.ancestry).toContain(engineer.index);
    }
    expect(byFunction.signals.some((s) => s.job_function !== "Engineer")).toBe(true);

    const withPerson = recent().find((s) => s.person)!;
    const byPerson = client.signals({ filter: { person_ids: [withPerson.person!.id] } });
    expect(ids(byPerson.signals)).toContain(withPerson.id);
    for (const s of byPerson.signals) expect(s.person_id).toBe(withPerson.person!.id);

    const byConfig = client.signals({ filter: { signal_config_ids: [44] }, limit: 100 });
    for (const s of byConfig.signals) expect(s.signal_config_id).toBe(44);
  });

  it("keeps to the organizations of saved lists named in account_list_ids", () => {
    const members = new Set(
      state.dataset.orgLists.find((l) => l.id === 7002)!.orgIndexes.map((i) => state.dataset.orgs[i]!.id),
    );
    const response = client.signals({ filter: { account_list_ids: [7002] }, limit: 100 });
    expect(response.signals.length).toBeGreaterThan(0);
    for (const s of response.signals) expect(members.has(s.organization_id!)).toBe(true);
  });

  it("leaves organizations only on lists excluded from signals out of the feed until their list is included", () => {
    const lists = state.dataset.orgLists;
    const elsewhere = new Set(lists.filter((l) => l.id !== 7005 && !l.deleted).flatMap((l) => l.orgIndexes));
    const only = lists.find((l) => l.id === 7005)!.orgIndexes.filter((i) => !elsewhere.has(i));
    const signal = recent().find((s) => only.includes(s.orgIndex) && s.person)!;
    const feed = () => ids(client.signals({ filter: { person_ids: [signal.person!.id] } }).signals);
    expect(feed()).not.toContain(signal.id);
    const org = state.dataset.orgs[signal.orgIndex]!;
    expect(ids(client.signals({ filter: { organization_ids: [org.id] } }).signals)).toContain(signal.id);
    client.setOrganizationListSignals(7005, true);
    expect(feed()).toContain(signal.id);
    client.setOrganizationListSignals(7005, false);
    expect(feed()).not.toContain(signal.id);
  });

  it("reports account_status only to accounts with a CRM seat, who alone see group lists", () => {
    expect(client.signals({ limit: 5 }).signals.every((s) => s.account_status !== undefined)).toBe(true);
    createAccount(state, "no-crm-key", 1000);
    const plain = emulatorClient(state, "no-crm-key");
    expect(plain.signals({ limit: 5 }).signals.every((s) => s.account_status === undefined)).toBe(true);
    const error = apiError(() => plain.signals({ filter: { account_list_ids: [7101] } }));
    expect(error.status).toBe(400);
    expect(error.detail).toBe(
      "filter.account_list_ids: no organization list has id 7101 for this API key; see GET /v9/organization-lists.",
    );
  });

  it("is free when nothing matches, past the last page included", () => {
    expect(client.signals({ filter: { organization_ids: [1] } })).toMatchObject({
      signals: [],
      credits_used: 0,
    });
    expect(client.signals({ offset: 10_000 })).toMatchObject({ signals: [], credits_used: 0 });
    expect(ledger(state)).toEqual([]);
  });
});

describe("signal configs", () => {
  it("lists every live configuration by sort order, free and without an envelope", () => {
    const response = client.signalConfigs();
    expect(response.signal_configs.map((c) => c.id)).toEqual([41, 42, 43, 44, 45, 46]);
    expect(response.signal_configs.map((c) => c.scope)).toEqual([
      "user",
      "user",
      "enterprise",
      "enterprise",
      "domain",
      "domain",
    ]);
    for (const config of response.signal_configs) expect(config.service_url).toMatch(/^https:\/\//);
    expect(response.credits_used).toBeUndefined();
    expect(ledger(state)).toEqual([]);
  });

  it("counts each configuration's signals of the last 7 days", () => {
    const config = client.signalConfigs({ filter: { signal_config_ids: [41] } }).signal_configs[0]!;
    const expected = state.dataset
      .signals()
      .filter((s: SignalRecord) => s.configId === 41 && s.at >= NOW - 7 * DAY_MS).length;
    expect(config.signal_count_7d).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  });

  it("filters by type and priority, and shows the deleted configuration only by id, without its settings link", () => {
    const byType = client.signalConfigs({ filter: { types: ["technology_any_mentions"] } });
    expect(byType.signal_configs.map((c) => c.id)).toEqual([41]);
    const byPriority = client.signalConfigs({ filter: { priorities: ["high"] } });
    expect(byPriority.signal_configs.map((c) => c.id)).toEqual([42, 43, 45]);
    const byId = client.signalConfigs({ filter: { signal_config_ids: [47, 41, 999] } });
    expect(byId.signal_configs.map((c) => c.id)).toEqual([41, 47]);
    const deleted = byId.signal_configs[1]!;
    expect(deleted.service_url).toBeUndefined();
    expect(deleted).toMatchObject({ name: "Hadoop mentions (retired)", signal_count_7d: 0 });
  });
});

describe("bad input", () => {
  it.each(
    (
      [
        ["/v9/signals", { limit: 0 }, ["body", "limit"], "limit must be at least 1."],
        ["/v9/signals", { limit: 101 }, ["body", "limit"], "limit must be at most 100."],
        ["/v9/signals", { offset: 10_001 }, ["body", "offset"], "offset must be at most 10000."],
        [
          "/v9/signals",
          { offset: 1.5 },
          ["body", "offset"],
          "Input should be a valid integer, got a number with a fractional part",
        ],
        [
          "/v9/signals",
          { filter: { priorities: ["urgent"] } },
          ["body", "filter", "priorities", 0],
          'Unknown priority "urgent". Use one of: high, medium, low.',
        ],
        [
          "/v9/signals",
          { filter: { organization_ids: ["a"] } },
          ["body", "filter", "organization_ids", 0],
          "Input should be a valid integer",
        ],
        [
          "/v9/signals",
          { filter: { technology_slugs: ["react", "no-such-tech"] } },
          ["body", "filter", "technology_slugs", 1],
          'Unknown technology slug "no-such-tech". Look slugs up with POST /v9/technologies/find or /v9/technologies/lookup.',
        ],
        [
          "/v9/signals",
          { filter: { job_functions: ["Astronaut"] } },
          ["body", "filter", "job_functions", 0],
          "Unknown job function \"Astronaut\". Use a job function name such as 'Engineer' or 'Account Executive'.",
        ],
        [
          "/v9/signals",
          { filter: { colour: 1 } },
          ["body", "filter", "colour"],
          'Extra inputs are not permitted: "colour" is not a field here.',
        ],
        ["/v9/signals", [], ["body"], "Input should be a valid dictionary or object to extract fields from"],
        [
          "/v9/signals/configs",
          { filter: { types: "x" } },
          ["body", "filter", "types"],
          "Input should be a valid list",
        ],
        [
          "/v9/signals/configs",
          { filter: { signal_config_ids: [1.5] } },
          ["body", "filter", "signal_config_ids", 0],
          "Input should be a valid integer, got a number with a fractional part",
        ],
        [
          "/v9/signals/configs",
          { limit: 5 },
          ["body", "limit"],
          'Extra inputs are not permitted: "limit" is not a field here.',
        ],
      ] as [string, unknown, unknown, unknown][]
    ).map(([path, body, loc, msg]) => ({ path, body, loc, msg })),
  )("answers POST $path with 422: $msg", ({ path, body, loc, msg }) => {
    const response = call(state, "POST", path, { body });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc, msg });
  });

  it("answers an unknown saved list with a 400 and charges nothing", () => {
    const response = call(state, "POST", "/v9/signals", {
      body: { filter: { account_list_ids: [7002, 1] } },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(
      "filter.account_list_ids: no organization list has id 1 for this API key; see GET /v9/organization-lists.",
    );
    expect(ledger(state)).toEqual([]);
  });
});
