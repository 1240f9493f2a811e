// The admin API: accounts, faults, the ledger and reset, with clear answers to bad input.
import { describe, expect, it } from "vitest";
import { createEmulatorState, DEMO_API_KEY } from "../../../emulator/index.ts";
import { call, manualClock } from "../../../emulator/testing.ts";

function fresh() {
  return createEmulatorState({ orgs: 300, rateLimit: false, now: manualClock().now });
}

describe("POST /__admin/accounts", () => {
  it("creates an account that can call the API with its balance", () => {
    const state = fresh();
    const created = call(state, "POST", "/__admin/accounts", {
      body: { api_key: "acme", credits: 42, crm_seat: true },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ api_key: "acme", credits: 42, crm_seat: true, icp: false });
    const techs = call(state, "GET", `/v9/organizations/${state.dataset.orgs[0]!.id}/techs`, {
      apiKey: "acme",
    });
    expect(techs.body.credits_remaining).toBe(41);
  });

  it("resets an existing account: new balance, empty ledger", () => {
    const state = fresh();
    call(state, "POST", "/__admin/accounts", { body: { api_key: "acme", credits: 10 } });
    call(state, "GET", `/v9/organizations/${state.dataset.orgs[0]!.id}/techs`, { apiKey: "acme" });
    call(state, "POST", "/__admin/accounts", { body: { api_key: "acme", credits: 7 } });
    expect(call(state, "GET", "/__admin/ledger", { query: { api_key: ["acme"] } }).body).toEqual({
      api_key: "acme",
      credits_remaining: 7,
      entries: [],
    });
  });

  it("rejects bad bodies with FastAPI-style issues", () => {
    const state = fresh();
    const response = call(state, "POST", "/__admin/accounts", {
      body: { api_key: "", credits: -1, extra: 1 },
    });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      { loc: ["body", "api_key"], msg: "api_key must not be empty.", type: "string_too_short", input: "" },
      { loc: ["body", "credits"], msg: "credits must be 0 or more.", type: "greater_than_equal", input: -1 },
      {
        loc: ["body", "extra"],
        msg: 'Extra inputs are not permitted: "extra" is not a field here.',
        type: "extra_forbidden",
      },
    ]);
    expect(call(state, "POST", "/__admin/accounts", { rawBody: "nope" }).status).toBe(422);
  });
});

describe("POST /__admin/faults", () => {
  it("schedules a status for the next matching requests without charging them", () => {
    const state = fresh();
    const path = `/v9/organizations/${state.dataset.orgs[0]!.id}/techs`;
    const fault = call(state, "POST", "/__admin/faults", {
      body: { path: "/v9/organizations/*", status: 503, count: 2 },
    });
    expect(fault.body).toMatchObject({
      id: 1,
      path: "/v9/organizations/*",
      status: 503,
      count: 2,
      remaining: 2,
    });
    expect(call(state, "GET", "/__admin/faults").body.faults).toHaveLength(1);
    expect(call(state, "GET", path).status).toBe(503);
    expect(call(state, "GET", path).body).toEqual({ detail: "Service unavailable. Retry later." });
    expect(call(state, "GET", path).status).toBe(200);
    expect(state.accounts.get(DEMO_API_KEY)!.ledger).toHaveLength(1);
  });

  it("requires a status, a delay or a body, or a people job to fail", () => {
    const state = fresh();
    const response = call(state, "POST", "/__admin/faults", { body: { path: "*" } });
    expect(response.status).toBe(422);
    expect(response.body.detail[0].msg).toBe(
      'A fault needs "status", "delay_ms" or "body" (or send {"people_job": "fail"}).',
    );
    expect(call(state, "POST", "/__admin/faults", { body: { people_job: "fail" } }).body).toEqual({
      people_job: "fail",
      applies_to: "next started job",
    });
    expect(
      call(state, "POST", "/__admin/faults", { body: { people_job: "fail", request_id: "nope" } }),
    ).toMatchObject({
      status: 404,
      body: { detail: "No people job has request_id nope." },
    });
  });

  it("clears every pending fault", () => {
    const state = fresh();
    call(state, "POST", "/__admin/faults", { body: { status: 500, count: 9 } });
    expect(call(state, "DELETE", "/__admin/faults").body).toEqual({ cleared: true });
    expect(call(state, "GET", "/__admin/faults").body).toEqual({ faults: [], failing_people_jobs: 0 });
  });
});

describe("GET /__admin/ledger and POST /__admin/reset", () => {
  it("asks for the api_key and reports unknown accounts", () => {
    const state = fresh();
    expect(call(state, "GET", "/__admin/ledger")).toMatchObject({
      status: 400,
      body: { detail: "Name the account: GET /__admin/ledger?api_key=<API_KEY>." },
    });
    expect(call(state, "GET", "/__admin/ledger", { query: { api_key: ["ghost"] } })).toMatchObject({
      status: 404,
      body: { detail: "No account has the API key ghost." },
    });
  });

  it("restores the seeded state: demo account only, full balance, same ids again", () => {
    const state = fresh();
    const path = `/v9/organizations/${state.dataset.orgs[0]!.id}/techs`;
    const first = call(state, "GET", path).body.id;
    call(state, "POST", "/__admin/accounts", { body: { api_key: "acme", credits: 5 } });
    call(state, "POST", "/__admin/faults", { body: { status: 500 } });
    expect(call(state, "POST", "/__admin/reset").body).toEqual({ reset: true });
    expect([...state.accounts.keys()]).toEqual([DEMO_API_KEY]);
    const again = call(state, "GET", path);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first);
    expect(again.body.credits_remaining).toBe(999_999);
  });

  it("answers unknown admin routes with the list of routes", () => {
    expect(call(fresh(), "GET", "/__admin/nothing")).toMatchObject({
      status: 404,
      body: {
        detail:
          "Unknown admin route. Use POST /__admin/accounts, POST /__admin/organizations, POST|GET|DELETE /__admin/faults, GET /__admin/ledger?api_key=… or POST /__admin/reset.",
      },
    });
  });
});

describe("POST /__admin/organizations", () => {
  it("changes an organization's headcount and industry as the service then answers them", () => {
    const state = fresh();
    const org = state.dataset.orgs[3]!;
    const changed = call(state, "POST", "/__admin/organizations", {
      body: { id: org.id, employee_count: 4321, industry: "Information" },
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { id: org.id, employee_count: 4321, industry: "Information" },
    });
    const answer = call(state, "POST", "/v9/organizations", {
      body: { organizations: [{ id: org.id }], select: { attributes: ["employee_count", "industry"] } },
    });
    expect(answer.body.organizations[0].attributes).toMatchObject({
      employee_count: 4321,
      industry: "Information",
    });
  });

  it("answers an unknown organization or industry plainly", () => {
    const state = fresh();
    expect(call(state, "POST", "/__admin/organizations", { body: { id: 1, employee_count: 5 } }).status).toBe(
      404,
    );
    const id = state.dataset.orgs[0]!.id;
    expect(
      call(state, "POST", "/__admin/organizations", { body: { id, industry: "Moon mining" } }),
    ).toMatchObject({
      status: 400,
      body: { detail: 'Unknown industry "Moon mining".' },
    });
  });
});
