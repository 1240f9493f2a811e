// Scheduled faults: which requests they hit, how many times, and what they do to a body.
import { describe, expect, it } from "vitest";
import { corruptBody, FaultQueue } from "../../../emulator/faults.ts";

describe("FaultQueue", () => {
  it("hits the next requests whose path matches the pattern, count times, then stops", () => {
    const queue = new FaultQueue();
    queue.add({ path: "/v9/organizations*", count: 2, status: 503 });
    expect(queue.take("POST", "/v9/people")).toBeUndefined();
    expect(queue.take("POST", "/v9/organizations")?.status).toBe(503);
    expect(queue.take("GET", "/v9/organizations/12/techs")?.status).toBe(503);
    expect(queue.take("POST", "/v9/organizations")).toBeUndefined();
    expect(queue.list()).toHaveLength(0);
  });

  it("matches the method when one is given and treats other pattern characters literally", () => {
    const queue = new FaultQueue();
    queue.add({ path: "/v9/organizations/*/techs", method: "GET", count: 1, delayMs: 10 });
    expect(queue.take("POST", "/v9/organizations/1/techs")).toBeUndefined();
    expect(queue.take("GET", "/v9/organizations/1/signals")).toBeUndefined();
    expect(queue.take("GET", "/v9/organizations/1/techs")?.delayMs).toBe(10);
    queue.add({ path: "/v9/a.b", count: 1, status: 500 });
    expect(queue.take("GET", "/v9/aXb")).toBeUndefined();
  });

  it("applies faults in the order they were scheduled", () => {
    const queue = new FaultQueue();
    queue.add({ path: "*", count: 1, status: 500 });
    queue.add({ path: "*", count: 1, status: 502 });
    expect(queue.take("GET", "/x")?.status).toBe(500);
    expect(queue.take("GET", "/x")?.status).toBe(502);
  });

  it("clears pending faults and failing people jobs", () => {
    const queue = new FaultQueue();
    queue.add({ path: "*", count: 5, status: 500 });
    queue.failingPeopleJobs = 2;
    queue.clear();
    expect(queue.take("GET", "/x")).toBeUndefined();
    expect(queue.failingPeopleJobs).toBe(0);
  });
});

describe("corruptBody", () => {
  const body = JSON.stringify({ id: "x", credits_used: 3, organizations: [] });

  it("truncates to half, so the JSON no longer parses", () => {
    const cut = corruptBody(body, "truncated");
    expect(body.startsWith(cut)).toBe(true);
    expect(cut.length).toBe(Math.floor(body.length / 2));
    expect(() => JSON.parse(cut)).toThrow();
  });

  it("replaces the body with a proxy error page or nothing", () => {
    expect(corruptBody(body, "malformed")).toContain("502 Bad Gateway");
    expect(() => JSON.parse(corruptBody(body, "malformed"))).toThrow();
    expect(corruptBody(body, "empty")).toBe("");
  });
});
