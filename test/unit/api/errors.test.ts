// Each error class is chosen by status in one factory and carries a message a spreadsheet user can act on.
import { describe, expect, it } from "vitest";
import { EnrichmentClient } from "../../../src/api/client.ts";
import {
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  DeadlineError,
  errorFromResponse,
  InsufficientCreditsError,
  missingApiKey,
  missingBaseUrl,
  NotFoundError,
  RateLimitError,
  readDetail,
  ServerError,
  UnexpectedResponseError,
  ValidationError,
} from "../../../src/api/errors.ts";
import { FakeClock, FakeTransport, json } from "../../support/fake-transport.ts";

const fastapi422 = {
  detail: [
    { loc: ["body", "select", "attributes", 0], msg: "Input should be 'id', 'slug' or 'name'", type: "enum" },
    { loc: ["body", "limit"], msg: "Input should be less than or equal to 200", type: "less_than_equal" },
  ],
};

describe("errorFromResponse", () => {
  it.each([
    [
      400,
      { detail: "Send either organizations or filter." },
      BadRequestError,
      "The enrichment service rejected the request. The service said: Send either organizations or filter.",
    ],
    [
      401,
      { detail: "Invalid API key" },
      AuthenticationError,
      "The enrichment service rejected the API key (HTTP 401). Check the key in Extensions ▸ Enrichment for Sheets ▸ Settings (your own key), or the script property API_KEY (a team key).",
    ],
    [
      402,
      { detail: "Insufficient credits" },
      InsufficientCreditsError,
      "Out of credits: the account has too few credits left for this request, and nothing was charged for it. Top up the account, then try again.",
    ],
    [
      404,
      { detail: "List 9 not found" },
      NotFoundError,
      "The enrichment service found nothing there (HTTP 404). The service said: List 9 not found.",
    ],
    [
      422,
      fastapi422,
      ValidationError,
      "The enrichment service could not accept the request. The service said: select.attributes.0: Input should be 'id', 'slug' or 'name'; limit: Input should be less than or equal to 200.",
    ],
    [
      429,
      { detail: "Too many requests" },
      RateLimitError,
      "The enrichment service is limiting requests (more than 10 a second for this account). Wait a few seconds and try again.",
    ],
    [
      500,
      { detail: "boom" },
      ServerError,
      "The enrichment service is unavailable right now (HTTP 500). Try again in a few minutes.",
    ],
    [
      503,
      "<html>Service Unavailable</html>",
      ServerError,
      "The enrichment service is unavailable right now (HTTP 503). Try again in a few minutes.",
    ],
    [
      418,
      { detail: "teapot" },
      UnexpectedResponseError,
      "The enrichment service answered with an unexpected status (HTTP 418). The service said: teapot.",
    ],
  ])("maps %i to its class and message", (status, body, cls, message) => {
    const response = typeof body === "string" ? { status, headers: {}, body } : json(status, body);
    const error = errorFromResponse(response);
    expect(error).toBeInstanceOf(cls);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it("says which errors can succeed later unchanged", () => {
    expect(errorFromResponse(json(429, {})).retryable).toBe(true);
    expect(errorFromResponse(json(502, {})).retryable).toBe(true);
    expect(errorFromResponse(json(401, {})).retryable).toBe(false);
    expect(errorFromResponse(json(402, {})).retryable).toBe(false);
  });

  it("reads detail from sentences, FastAPI lists and nothing at all", () => {
    expect(readDetail('{"detail":"x"}')).toBe("x");
    expect(readDetail(JSON.stringify(fastapi422))).toContain("limit: Input should be");
    expect(readDetail("not json")).toBeNull();
    expect(readDetail("[1,2]")).toBeNull();
  });
});

describe("configuration errors", () => {
  it("says where to set the base URL and the key", () => {
    expect(missingBaseUrl().message).toBe(
      "The service address is not set. In the Apps Script editor open Project Settings ▸ Script properties and add API_BASE_URL (for example https://api.example.com, without /v9).",
    );
    expect(missingApiKey().message).toBe(
      "No API key is set. Add one in Extensions ▸ Enrichment for Sheets ▸ Settings (your own key), or the script property API_KEY (a team key).",
    );
  });
});

describe("client error paths", () => {
  function client(transport: FakeTransport, clock = new FakeClock(), deadlineMs = 25_000) {
    return new EnrichmentClient({
      baseUrl: "https://api.example.test",
      apiKey: "k",
      transport,
      clock,
      deadline: clock.now() + deadlineMs,
      random: () => 0.5,
    });
  }

  it("turns a thrown transport failure into a ConnectionError after two retries", () => {
    const transport = new FakeTransport().answer(
      new Error("Address unavailable"),
      new Error("Address unavailable"),
      new Error("Address unavailable"),
    );
    const error = (() => {
      try {
        client(transport).contactLists();
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toBe(
      "Could not reach the enrichment service at https://api.example.test (Address unavailable). Check the script property API_BASE_URL and try again.",
    );
    expect(transport.requests).toHaveLength(3);
  });

  it("retries 429 with growing jittered waits until it succeeds", () => {
    const clock = new FakeClock();
    const ok = json(200, { id: "x", credits_used: 0, credits_remaining: 1, contact_lists: [] });
    const transport = new FakeTransport().answer(json(429, {}), json(429, {}), json(429, {}), ok);
    client(transport, clock).contactLists();
    expect(transport.requests).toHaveLength(4);
    // random() = 0.5 → half of 500, 1000, 2000 ms.
    expect(clock.sleeps).toEqual([250, 500, 1000]);
  });

  it("retries 5xx at most twice", () => {
    const transport = new FakeTransport().answer(json(500, {}), json(502, {}), json(503, {}), json(200, {}));
    expect(() => client(transport).contactLists()).toThrow(ServerError);
    expect(transport.requests).toHaveLength(3);
    expect(transport.remaining).toBe(1);
  });

  it("never retries 400, 401, 402 or 422", () => {
    for (const status of [400, 401, 402, 422]) {
      const transport = new FakeTransport().answer(json(status, { detail: "no" }), json(200, {}));
      expect(() => client(transport).contactLists()).toThrow();
      expect(transport.requests).toHaveLength(1);
    }
  });

  it("stops with a DeadlineError instead of waiting past the deadline", () => {
    const clock = new FakeClock();
    const transport = new FakeTransport();
    for (let i = 0; i < 50; i++) transport.answer(json(429, {}));
    const start = clock.now();
    let error: unknown;
    try {
      client(transport, clock, 5_000).contactLists();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DeadlineError);
    expect((error as Error).message).toMatch(
      /^The enrichment service did not answer in time, so this stopped before the spreadsheet's time limit\. Try again in a minute\. The last answer was: The enrichment service is limiting requests/,
    );
    expect(clock.now() - start).toBeLessThan(5_000);
  });
});
