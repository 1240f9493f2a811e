// Parallel organizations requests: every outcome stands alone, and only failed calls are re-sent.
import { describe, expect, it } from "vitest";
import { EnrichmentClient } from "../../../src/api/client.ts";
import { InsufficientCreditsError } from "../../../src/api/errors.ts";
import { FakeClock, FakeTransport, json } from "../../support/fake-transport.ts";

const select = { attributes: ["name" as const] };
const body = (url: string) => ({ organizations: [{ url }], select });
const ok = (name: string) =>
  json(200, {
    id: "x",
    credits_used: 1,
    credits_remaining: 9,
    total: 1,
    matched_count: 1,
    organizations: [{ input: { url: name }, attributes: { name }, entities: [] }],
  });

function make(transport: FakeTransport) {
  const clock = new FakeClock();
  return new EnrichmentClient({
    baseUrl: "https://api.example.test",
    apiKey: "k",
    transport,
    clock,
    deadline: clock.now() + 25_000,
    random: () => 0,
  });
}

describe("organizationsMany", () => {
  it("sends the calls together and returns each result in order", () => {
    const transport = new FakeTransport().answer(ok("a"), ok("b"), ok("c"));
    const outcomes = make(transport).organizationsMany([body("a"), body("b"), body("c")]);
    expect(transport.batches).toEqual([3]);
    expect(outcomes.map((o) => o.ok && o.value.organizations[0]!.attributes!.name)).toEqual(["a", "b", "c"]);
  });

  it("re-sends only the calls that were rate limited, keeping the paid ones", () => {
    const transport = new FakeTransport().answer(ok("a"), json(429, {}), ok("c"), ok("b"));
    const outcomes = make(transport).organizationsMany([body("a"), body("b"), body("c")]);
    // One fetchAll of three, then the single retry goes out on its own.
    expect(transport.batches).toEqual([3]);
    expect(transport.requests).toHaveLength(4);
    expect(JSON.parse(transport.requests[3]!.body!).organizations[0].url).toBe("b");
    expect(outcomes.every((o) => o.ok)).toBe(true);
  });

  it("keeps successful chunks when another chunk runs out of credits", () => {
    const transport = new FakeTransport().answer(ok("a"), json(402, { detail: "Insufficient credits" }));
    const outcomes = make(transport).organizationsMany([body("a"), body("b")]);
    expect(outcomes[0]!.ok).toBe(true);
    expect(outcomes[1]!.ok).toBe(false);
    if (!outcomes[1]!.ok) expect(outcomes[1]!.error).toBeInstanceOf(InsufficientCreditsError);
    expect(transport.requests).toHaveLength(2);
  });
});
