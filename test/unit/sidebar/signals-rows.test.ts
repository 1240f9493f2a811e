// Signals as rows and the feed's request: suggested contacts flattened, the key that finds a signal
// already in a sheet (with or without its id), pages within the service's limits, and each refusal.
import { describe, expect, it } from "vitest";
import type { Signal } from "../../../src/api/contract/index.ts";
import {
  feedFilter,
  feedPages,
  MAX_FEED_SIGNALS,
  maxSignalsMessage,
  readFeedRequest,
  refreshPages,
} from "../../../src/server/signals/request.ts";
import {
  CONTACT_COLUMNS,
  rowKey,
  SIGNAL_HEADER,
  signalKey,
  signalRow,
} from "../../../src/server/signals/rows.ts";

const SIGNAL: Signal = {
  signal_id: 5001,
  title: "Acme mentioned Kubernetes",
  display_type: "Kubernetes mentioned",
  date: "2026-11-20T10:30:00Z",
  type: "technology_any_mentions",
  organization_id: 100003,
  organization_name: "Acme",
  job_post_id: 7000,
  matched_technologies: [
    { name: "Kubernetes", slug: "kubernetes" },
    { name: "Go", slug: "go" },
  ],
  suggested_contacts: {
    people: [
      { person_id: 1, name: "Ann", title: "CTO", linkedin_url: "https://www.linkedin.com/in/ann", score: 9 },
      { person_id: 2, name: "Bo", title: "VP", linkedin_url: null, score: 7.5 },
    ],
    service_url: "https://app.example/contacts",
  },
};

const at = (row: unknown[], header: string) => row[SIGNAL_HEADER.indexOf(header)];

describe("signalRow", () => {
  it("writes one row per signal with its suggested contacts flattened into columns", () => {
    const row = signalRow(SIGNAL);
    expect(row).toHaveLength(SIGNAL_HEADER.length);
    expect(at(row, "Signal id")).toBe(5001);
    expect(at(row, "Date")).toEqual(new Date("2026-11-20T10:30:00Z"));
    expect(at(row, "Technologies")).toBe("Kubernetes, Go");
    expect(at(row, "Contact 1")).toBe("Ann");
    expect(at(row, "Contact 1 score")).toBe(9);
    expect(at(row, "Contact 2 title")).toBe("VP");
    expect(at(row, "Contact 2 LinkedIn")).toBe("");
    expect(at(row, `Contact ${CONTACT_COLUMNS}`)).toBe("");
    expect(at(row, "All suggested contacts")).toBe("https://app.example/contacts");
    expect(at(row, "Person id")).toBe("");
  });

  it("writes text that Sheets would read as a formula as plain text", () => {
    expect(at(signalRow({ ...SIGNAL, title: "=HYPERLINK(1)" }), "Title")).toBe("'=HYPERLINK(1)");
  });
});

describe("signalKey and rowKey", () => {
  it("match by signal id", () => {
    const row = signalRow(SIGNAL);
    expect(signalKey(SIGNAL)).toBe("id:5001");
    expect(rowKey(row, SIGNAL_HEADER)).toBe("id:5001");
  });

  it("match by date, organization, title, type, person and job post when the service sends no id", () => {
    const anonymous = { ...SIGNAL, signal_id: undefined };
    const row = signalRow(anonymous);
    expect(rowKey(row, SIGNAL_HEADER)).toBe(signalKey(anonymous));
    expect(signalKey({ ...anonymous, title: "Other" })).not.toBe(signalKey(anonymous));
  });

  it("read by header, so moved columns still count, and skip rows that are not signals", () => {
    const header = [...SIGNAL_HEADER].reverse();
    expect(rowKey([...signalRow(SIGNAL)].reverse(), header)).toBe("id:5001");
    expect(
      rowKey(
        SIGNAL_HEADER.map(() => ""),
        SIGNAL_HEADER,
      ),
    ).toBeNull();
  });
});

describe("feed pages", () => {
  it("ask for up to 100 signals a page, the last page for what is left", () => {
    expect(feedPages(250)).toEqual([
      { offset: 0, limit: 100 },
      { offset: 100, limit: 100 },
      { offset: 200, limit: 50 },
    ]);
  });

  it("reach the deepest offset the service allows and no further", () => {
    const pages = feedPages(MAX_FEED_SIGNALS);
    expect(pages.at(-1)).toEqual({ offset: 10_000, limit: 100 });
    expect(pages).toHaveLength(101);
  });

  it("grow from 1 to 100 signals when refreshing, so a refresh with nothing new buys one signal", () => {
    expect(refreshPages(300)).toEqual([
      { offset: 0, limit: 1 },
      { offset: 1, limit: 10 },
      { offset: 11, limit: 20 },
      { offset: 31, limit: 40 },
      { offset: 71, limit: 80 },
      { offset: 151, limit: 100 },
      { offset: 251, limit: 49 },
    ]);
    expect(refreshPages(5)).toEqual([
      { offset: 0, limit: 1 },
      { offset: 1, limit: 4 },
    ]);
    expect(refreshPages(1)).toEqual([{ offset: 0, limit: 1 }]);
  });
});

describe("readFeedRequest", () => {
  it("reads every filter, trimmed and without repeats", () => {
    const request = readFeedRequest({
      maxSignals: 250,
      organizations: { sheetName: "Sheet1", range: "A2:A9" },
      listIds: [7002, "7002"],
      technologies: [" Kubernetes ", "snowflake"],
      jobFunctions: ["Data Engineer"],
      priorities: ["HIGH", "low"],
      configIds: [43],
    });
    expect(request).toEqual({
      maxSignals: 250,
      organizations: { sheetName: "Sheet1", column: 1, firstRow: 2, lastRow: 9 },
      listIds: [7002],
      technologies: ["kubernetes", "snowflake"],
      jobFunctions: ["Data Engineer"],
      priorities: ["high", "low"],
      configIds: [43],
    });
    expect(feedFilter(request, [100003])).toEqual({
      organization_ids: [100003],
      account_list_ids: [7002],
      technology_slugs: ["kubernetes", "snowflake"],
      job_functions: ["Data Engineer"],
      priorities: ["high", "low"],
      signal_config_ids: [43],
    });
    expect(feedFilter(readFeedRequest({ maxSignals: 1 }), [])).toEqual({});
  });

  it.each([
    [
      null,
      "Send {maxSignals, organizations?, listIds?, technologies?, jobFunctions?, priorities?, configIds?}.",
    ],
    [{}, maxSignalsMessage(undefined)],
    [{ maxSignals: 0 }, "How many signals? Give a whole number from 1 to 10,100 (maxSignals); got 0."],
    [
      { maxSignals: 10_101 },
      "How many signals? Give a whole number from 1 to 10,100 (maxSignals); got 10101.",
    ],
    [{ maxSignals: "5" }, 'How many signals? Give a whole number from 1 to 10,100 (maxSignals); got "5".'],
    [{ maxSignals: 5, priorities: ["urgent"] }, 'Unknown priority "urgent". Use one of: high, medium, low.'],
    [{ maxSignals: 5, listIds: "7002" }, 'listIds must be a list; got "7002".'],
    [{ maxSignals: 5, listIds: [-1] }, "Choose a list (listIds must be a positive whole number; got -1)."],
    [{ maxSignals: 5, technologies: [""] }, 'technologies must hold names such as "kubernetes"; got "".'],
    [
      { maxSignals: 5, organizations: { sheetName: "Sheet1", range: "A1:B9" } },
      '"A1:B9" is not one column of cells. Select a single column, for example A2:A50 (organizations.range).',
    ],
  ])("refuses %j with the sentence the sidebar shows", (input, message) => {
    expect(() => readFeedRequest(input)).toThrow(message);
  });
});
