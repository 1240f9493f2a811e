// POST /v9/signals/priority and …/{item_id}/relevance through the real client: latest first, filters, feedback set and cleared, credits per the ledger.
import { beforeEach, describe, expect, it } from "vitest";
import { isoDate } from "../../emulator/dates.ts";
import { createEmulatorState, type EmulatorState } from "../../emulator/index.ts";
import { call, manualClock } from "../../emulator/testing.ts";
import type { EnrichmentClient } from "../../src/api/client.ts";
import { apiError } from "../support/api-error.ts";
import { chargedSince, createAccount, emulatorClient, ledger } from "../support/emulator-client.ts";

let state: EmulatorState;
let client: EnrichmentClient;
beforeEach(() => {
  state = createEmulatorState({ orgs: 800, rateLimit: false, now: manualClock().now });
  client = emulatorClient(state);
});

const items = () => state.dataset.prioritySignals();

describe("priority signals search", () => {
  it("returns the latest 20 items by default, 1 credit each", () => {
    const response = client.prioritySignals();
    expect(response.priority_signals).toHaveLength(20);
    const dates = response.priority_signals.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe(isoDate(Math.max(...items().map((i) => i.day))));
    for (const item of response.priority_signals) {
      expect(item.is_relevant).toBeNull();
      expect(item.signal_ids!.length).toBeGreaterThanOrEqual(2);
      expect(item.url).toMatch(/^https:\/\//);
    }
    expect(response.credits_used).toBe(20);
    expect(ledger(state).at(-1)).toMatchObject({ path: "/v9/signals/priority", credits: 20 });
  });

  it("pages up to 100 at a time, charging what it returns", () => {
    const from = ledger(state).length;
    const first = client.prioritySignals({ limit: 100 });
    const second = client.prioritySignals({ limit: 100, offset: 100 });
    expect(first.priority_signals).toHaveLength(100);
    expect(second.priority_signals).toHaveLength(100);
    const seen = new Set([...first.priority_signals, ...second.priority_signals].map((p) => p.id));
    expect(seen.size).toBe(200);
    expect(chargedSince(state, from)).toBe(200);
  });

  it("finds the items derived from a signal, an organization, a person or a job post", () => {
    const item = items().find((i) => i.personIds.length > 0 && i.jobPostIds.length > 0)!;
    const orgId = state.dataset.orgs[item.orgIndex]!.id;
    const found = (filter: Record<string, number[]>) =>
      client.prioritySignals({ filter, limit: 100 }).priority_signals.map((p) => p.id);
    expect(found({ signal_ids: [item.signalIds[0]!] })).toEqual([item.id]);
    expect(found({ organization_ids: [orgId] })).toEqual([item.id]);
    expect(found({ person_ids: [item.personIds[0]!] })).toContain(item.id);
    expect(found({ job_post_ids: [item.jobPostIds[0]!] })).toContain(item.id);
    expect(found({ organization_ids: [orgId], signal_ids: [999] })).toEqual([]);
  });

  it("is free when nothing matches", () => {
    expect(client.prioritySignals({ filter: { organization_ids: [1] } })).toMatchObject({
      priority_signals: [],
      credits_used: 0,
    });
    expect(ledger(state)).toEqual([]);
  });
});

describe("relevance feedback", () => {
  it("records relevant and not relevant, and clears with null or an empty body, all free", () => {
    const [a, b] = [items()[0]!, items()[1]!];
    const isRelevant = (id: number) =>
      client
        .prioritySignals({ filter: { signal_ids: [items().find((i) => i.id === id)!.signalIds[0]!] } })
        .priority_signals.find((p) => p.id === id)!.is_relevant;
    const from = ledger(state).length;
    expect(client.setRelevance(a.id, true)).toEqual({ id: a.id, is_relevant: true });
    expect(client.setRelevance(b.id, false)).toEqual({ id: b.id, is_relevant: false });
    expect(chargedSince(state, from)).toBe(0);
    expect(isRelevant(a.id)).toBe(true);
    expect(isRelevant(b.id)).toBe(false);

    const relevant = client.prioritySignals({ filter: { is_relevant: true }, limit: 100 }).priority_signals;
    expect(relevant.map((p) => p.id)).toEqual([a.id]);
    const notRelevant = client.prioritySignals({
      filter: { is_relevant: false },
      limit: 100,
    }).priority_signals;
    expect(notRelevant.map((p) => p.id)).toEqual([b.id]);

    expect(client.setRelevance(a.id, null)).toEqual({ id: a.id, is_relevant: null });
    expect(isRelevant(a.id)).toBeNull();
    const cleared = call(state, "POST", `/v9/signals/priority/${b.id}/relevance`, { body: {} });
    expect(cleared.body).toEqual({ id: b.id, is_relevant: null });
    expect(isRelevant(b.id)).toBeNull();
    const empty = call(state, "POST", `/v9/signals/priority/${b.id}/relevance`, { rawBody: "" });
    expect(empty.body).toEqual({ id: b.id, is_relevant: null });
  });

  it("keeps each account's feedback to itself", () => {
    const item = items()[0]!;
    client.setRelevance(item.id, true);
    createAccount(state, "other-key", 1000);
    const other = emulatorClient(state, "other-key");
    const seen = other.prioritySignals({ filter: { signal_ids: [item.signalIds[0]!] } }).priority_signals;
    expect(seen.find((p) => p.id === item.id)!.is_relevant).toBeNull();
  });

  it("answers an unknown item with 404 and a sentence saying where ids come from", () => {
    const error = apiError(() => client.setRelevance(42, true));
    expect(error.status).toBe(404);
    expect(error.detail).toBe("No priority signal has id 42. Find ids with POST /v9/signals/priority.");
  });
});

describe("bad input", () => {
  it.each(
    (
      [
        ["/v9/signals/priority", { limit: 0 }, ["body", "limit"], "limit must be at least 1."],
        ["/v9/signals/priority", { limit: 101 }, ["body", "limit"], "limit must be at most 100."],
        ["/v9/signals/priority", { offset: -1 }, ["body", "offset"], "offset must be 0 or more."],
        ["/v9/signals/priority", { offset: 10_001 }, ["body", "offset"], "offset must be at most 10000."],
        [
          "/v9/signals/priority",
          { filter: { job_post_ids: "7" } },
          ["body", "filter", "job_post_ids"],
          "Input should be a valid list",
        ],
        [
          "/v9/signals/priority",
          { filter: { is_relevant: "yes" } },
          ["body", "filter", "is_relevant"],
          "Input should be a valid boolean",
        ],
        [
          "/v9/signals/priority",
          { filter: { technology_slugs: ["x"] } },
          ["body", "filter", "technology_slugs"],
          'Extra inputs are not permitted: "technology_slugs" is not a field here.',
        ],
        [
          "/v9/signals/priority/9001/relevance",
          { is_relevant: "yes" },
          ["body", "is_relevant"],
          "Input should be a valid boolean",
        ],
        [
          "/v9/signals/priority/9001/relevance",
          { relevant: true },
          ["body", "relevant"],
          'Extra inputs are not permitted: "relevant" is not a field here.',
        ],
        [
          "/v9/signals/priority/abc/relevance",
          { is_relevant: true },
          ["path", "item_id"],
          "Input should be a valid integer, unable to parse string as an integer",
        ],
        [
          "/v9/signals/priority/1.5/relevance",
          { is_relevant: true },
          ["path", "item_id"],
          "Input should be a valid integer, unable to parse string as an integer",
        ],
      ] as [string, unknown, unknown, unknown][]
    ).map(([path, body, loc, msg]) => ({ path, body, loc, msg })),
  )("answers POST $path with 422: $msg", ({ path, body, loc, msg }) => {
    const response = call(state, "POST", path, { body });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc, msg });
  });
});
