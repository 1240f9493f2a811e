// Intelligence brief transitions through the core: pending (202, free), completed (200, 50), thin (422).
import { beforeEach, describe, expect, it } from "vitest";
import type { Organization } from "../../emulator/dataset/types.ts";
import { createEmulatorState, DEMO_API_KEY, type EmulatorState } from "../../emulator/index.ts";
import { hasEnoughDataForBrief } from "../../emulator/organizations/brief.ts";
import { call, type ManualClock, manualClock } from "../../emulator/testing.ts";
import { IntelligenceBrief, IntelligenceBriefPending } from "../../src/api/contract/organization-details.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { realSchemaErrors } from "../support/real-openapi.ts";

let state: EmulatorState;
let clock: ManualClock;
let rich: Organization;
beforeEach(() => {
  clock = manualClock();
  state = createEmulatorState({ orgs: 600, rateLimit: false, now: clock.now });
  rich = state.dataset.orgs.find((o) => o.jobsCount > 20 && o.peopleCount > 20)!;
});

const brief = (org: Organization, apiKey?: string) =>
  call(state, "GET", `/v9/organizations/${org.id}/intelligence-brief`, apiKey ? { apiKey } : {});
const ledger = () => state.accounts.get(DEMO_API_KEY)!.ledger;

describe("intelligence brief", () => {
  it("answers the first request with 202, Retry-After and the pending form, free", () => {
    const response = brief(rich);
    expect(response.status).toBe(202);
    expect(response.headers["retry-after"]).toBe("2");
    expect(response.body).toEqual({
      status: "pending",
      organization_id: rich.id,
      organization_slug: rich.slug,
      message:
        "The intelligence brief is being generated. Retry the same URL after the `Retry-After` time. No credits are consumed for this response.",
    });
    expect(IntelligenceBriefPending.safeParse(response.body).success).toBe(true);
    expect(realSchemaErrors("IntelligenceBriefPendingResponse", response.body)).toEqual([]);
    expect(ledger()).toEqual([]);
  });

  it("stays pending until Retry-After has passed, counting the remaining seconds down", () => {
    brief(rich);
    clock.advance(1500);
    const early = brief(rich);
    expect(early.status).toBe(202);
    expect(early.headers["retry-after"]).toBe("1");
    expect(ledger()).toEqual([]);
  });

  it("returns the completed Markdown brief after Retry-After and charges 50 credits", () => {
    brief(rich);
    clock.advance(2000);
    const response = brief(rich);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      credits_used: PRICES.brief,
      credits_remaining: 1_000_000 - PRICES.brief,
      organization_id: rich.id,
      organization_slug: rich.slug,
      title: `${rich.name} intelligence brief`,
      service_url: `${rich.serviceUrl}/overview?intelligence_brief=1`,
    });
    for (const heading of [
      "## What's the Angle",
      "## Who To Contact First",
      "## Technology Footprint",
      "## Recent Signals",
    ]) {
      expect(response.body.body).toContain(heading);
    }
    expect(IntelligenceBrief.safeParse(response.body).success).toBe(true);
    expect(realSchemaErrors("IntelligenceBriefResponse", response.body)).toEqual([]);
    expect(ledger()).toEqual([expect.objectContaining({ id: response.body.id, credits: PRICES.brief })]);
  });

  it("charges again for every completed brief it returns", () => {
    brief(rich);
    clock.advance(2000);
    brief(rich);
    const again = brief(rich);
    expect(again.status).toBe(200);
    expect(again.body.credits_remaining).toBe(1_000_000 - 2 * PRICES.brief);
  });

  it("uses the configured Retry-After", () => {
    const slow = createEmulatorState({
      orgs: 600,
      rateLimit: false,
      now: clock.now,
      briefRetryAfterSeconds: 20,
    });
    const response = call(slow, "GET", `/v9/organizations/${rich.id}/intelligence-brief`);
    expect(response.headers["retry-after"]).toBe("20");
    clock.advance(19_999);
    expect(call(slow, "GET", `/v9/organizations/${rich.id}/intelligence-brief`).status).toBe(202);
    clock.advance(1);
    expect(call(slow, "GET", `/v9/organizations/${rich.id}/intelligence-brief`).status).toBe(200);
  });

  it("answers 422 with a sentence, free, for an organization with too little data", () => {
    const thin = state.dataset.orgs.find((o) => !hasEnoughDataForBrief(state.dataset, o))!;
    for (let i = 0; i < 2; i++) {
      const response = brief(thin);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: `Unfortunately, we don't have enough information for ${thin.name} to generate an intelligence brief.`,
      });
      clock.advance(5000);
    }
    expect(ledger()).toEqual([]);
  });

  it("answers 402 when the balance cannot pay for the completed brief, which stays ready", () => {
    call(state, "POST", "/__admin/accounts", { body: { api_key: "poor", credits: 49 } });
    brief(rich, "poor");
    clock.advance(2000);
    expect(brief(rich, "poor").status).toBe(402);
    call(state, "POST", "/__admin/accounts", { body: { api_key: "poor", credits: 50 } });
    expect(brief(rich, "poor").status).toBe(200);
  });

  it("answers 404 for an unknown organization and 422 for a non-integer id", () => {
    expect(call(state, "GET", "/v9/organizations/1/intelligence-brief")).toMatchObject({
      status: 404,
      body: { detail: "No organization has id 1. Find ids with POST /v9/organizations." },
    });
    expect(call(state, "GET", "/v9/organizations/acme/intelligence-brief")).toMatchObject({
      status: 422,
      body: {
        detail: [
          {
            loc: ["path", "organization_id"],
            msg: "Input should be a valid integer, unable to parse string as an integer",
            type: "int_parsing",
            input: "acme",
          },
        ],
      },
    });
  });
});
