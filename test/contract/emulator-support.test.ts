// Support requests and data-quality reports through the real client: free, acknowledged, and kept per account for the admin view.
import { beforeEach, describe, expect, it } from "vitest";
import { createEmulatorState, DEMO_API_KEY, type EmulatorState } from "../../emulator/index.ts";
import { call, manualClock } from "../../emulator/testing.ts";
import type { EnrichmentClient } from "../../src/api/client.ts";
import { createAccount, emulatorClient, ledger } from "../support/emulator-client.ts";

const NOW = Date.UTC(2026, 5, 15, 12);
let state: EmulatorState;
let client: EnrichmentClient;
beforeEach(() => {
  state = createEmulatorState({ orgs: 200, rateLimit: false, now: manualClock(NOW).now });
  client = emulatorClient(state);
});

const reports = (apiKey = DEMO_API_KEY) =>
  call(state, "GET", "/__admin/support", { query: { api_key: [apiKey] }, apiKey: null });

describe("support", () => {
  it("acknowledges a support request for free and keeps it for the account", () => {
    expect(
      client.support({ message: "The sidebar shows no credits.", url: "https://docs.google.com/x" }),
    ).toEqual({
      message: "Thanks, your support request was received. We will reply to your account e-mail.",
    });
    expect(ledger(state)).toEqual([]);
    expect(reports().body).toEqual({
      api_key: DEMO_API_KEY,
      reports: [
        {
          kind: "support",
          at: "2026-06-15T12:00:00.000Z",
          message: "The sidebar shows no credits.",
          url: "https://docs.google.com/x",
          page_title: null,
        },
      ],
    });
  });

  it("sends a data-quality report to the data team with its page title", () => {
    expect(
      client.dataQuality({ message: "Headcount is 10x too high.", url: "https://app/x", page_title: "Acme" }),
    ).toEqual({
      message:
        "Thanks, your data quality report was sent to the data team. We will reply to your account e-mail.",
    });
    client.support({ message: "Second." });
    expect(
      reports().body.reports.map((r: { kind: string; page_title: string | null }) => [r.kind, r.page_title]),
    ).toEqual([
      ["data_quality", "Acme"],
      ["support", null],
    ]);
  });

  it("keeps each account's reports apart", () => {
    createAccount(state, "other-key", 0);
    emulatorClient(state, "other-key").support({ message: "From a zero balance." });
    expect(reports("other-key").body.reports).toHaveLength(1);
    expect(reports().body.reports).toEqual([]);
  });

  it("answers the admin view without a key with 400 and with an unknown key with 404", () => {
    const missing = call(state, "GET", "/__admin/support", { apiKey: null });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("Name the account: GET /__admin/support?api_key=<API_KEY>.");
    const unknown = reports("nobody");
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("No account has the API key nobody.");
  });
});

describe("bad input", () => {
  it.each(
    (
      [
        ["/v9/support", {}, ["body", "message"], "Field required"],
        ["/v9/support", { message: "" }, ["body", "message"], "message must not be empty."],
        ["/v9/support", { message: 7 }, ["body", "message"], "Input should be a valid string"],
        [
          "/v9/support",
          { message: "a".repeat(5001) },
          ["body", "message"],
          "message must be at most 5000 characters.",
        ],
        [
          "/v9/support",
          { message: "a", url: "u".repeat(2049) },
          ["body", "url"],
          "url must be at most 2048 characters.",
        ],
        [
          "/v9/support",
          { message: "a", page_title: "t" },
          ["body", "page_title"],
          'Extra inputs are not permitted: "page_title" is not a field here.',
        ],
        ["/v9/support/data-quality", { url: "x" }, ["body", "message"], "Field required"],
        [
          "/v9/support/data-quality",
          { message: "a", page_title: "t".repeat(501) },
          ["body", "page_title"],
          "page_title must be at most 500 characters.",
        ],
        [
          "/v9/support/data-quality",
          "text",
          ["body"],
          "Input should be a valid dictionary or object to extract fields from",
        ],
      ] as [string, unknown, unknown, unknown][]
    ).map(([path, body, loc, msg]) => ({ path, body, loc, msg })),
  )("answers POST $path with 422: $msg", ({ path, body, loc, msg }) => {
    const response = call(state, "POST", path, { body });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc, msg });
    expect(reports().body.reports).toEqual([]);
  });

  it("takes a message of exactly 5000 characters", () => {
    expect(call(state, "POST", "/v9/support", { body: { message: "a".repeat(5000) } }).status).toBe(200);
  });
});
