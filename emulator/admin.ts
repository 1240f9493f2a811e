// The admin API (outside v9; no auth, no rate limit): accounts, faults, the ledger, reset.
import * as z from "zod/mini";
import { createAccount } from "./accounts.ts";
import { findIndustry, INDUSTRIES } from "./dataset/catalog/industries.ts";
import { HttpError } from "./http-error.ts";
import { type EmulatorState, resetState } from "./state.ts";
import { adminSupport } from "./support/reports.ts";
import type { EmulatorRequest } from "./types.ts";
import { parseJsonBody, validate } from "./validation.ts";

const AccountBody = z.strictObject({
  api_key: z.string().check(z.minLength(1, "api_key must not be empty.")),
  credits: z.int().check(z.gte(0, "credits must be 0 or more.")),
  crm_seat: z.optional(z.boolean()),
  icp: z.optional(z.boolean()),
});

const OrganizationBody = z.strictObject({
  id: z.int(),
  employee_count: z.optional(z.int().check(z.gte(0, "employee_count must be 0 or more."))),
  industry: z.optional(z.string().check(z.minLength(1, "industry must not be empty."))),
});

const FaultBody = z.union([
  z.strictObject({
    people_job: z.literal("fail"),
    request_id: z.optional(z.string().check(z.minLength(1))),
  }),
  z
    .strictObject({
      path: z.optional(z.string().check(z.minLength(1, "path must not be empty; use * for every path."))),
      method: z.optional(z.enum(["GET", "POST", "PUT", "DELETE"])),
      count: z.optional(z.int().check(z.gte(1, "count must be at least 1."))),
      status: z.optional(z.int().check(z.gte(100), z.lte(599, "status must be an HTTP status (100–599)."))),
      detail: z.optional(z.string()),
      delay_ms: z.optional(z.int().check(z.gte(0, "delay_ms must be 0 or more."))),
      body: z.optional(z.enum(["malformed", "truncated", "empty"])),
      retry_after: z.optional(z.int().check(z.gte(0, "retry_after must be 0 or more seconds."))),
    })
    .check(
      z.refine((f) => f.status !== undefined || f.delay_ms !== undefined || f.body !== undefined, {
        message: 'A fault needs "status", "delay_ms" or "body" (or send {"people_job": "fail"}).',
      }),
    ),
]);

export interface AdminResult {
  status: number;
  body: unknown;
}

export function handleAdmin(request: EmulatorRequest, state: EmulatorState): AdminResult {
  const key = `${request.method.toUpperCase()} ${request.path}`;
  switch (key) {
    case "POST /__admin/accounts":
      return upsertAccount(parseJsonBody(request.body), state);
    case "POST /__admin/organizations":
      return changeOrganization(parseJsonBody(request.body), state);
    case "POST /__admin/faults":
      return addFault(parseJsonBody(request.body), state);
    case "GET /__admin/faults":
      return {
        status: 200,
        body: { faults: state.faults.list(), failing_people_jobs: state.faults.failingPeopleJobs },
      };
    case "DELETE /__admin/faults":
      state.faults.clear();
      return { status: 200, body: { cleared: true } };
    case "GET /__admin/ledger":
      return ledger(request, state);
    case "GET /__admin/support":
      return adminSupport(request, state);
    case "POST /__admin/reset":
      resetState(state);
      return { status: 200, body: { reset: true } };
    default:
      throw new HttpError(
        404,
        "Unknown admin route. Use POST /__admin/accounts, POST /__admin/organizations, POST|GET|DELETE /__admin/faults, GET /__admin/ledger?api_key=… or POST /__admin/reset.",
      );
  }
}

function upsertAccount(body: unknown, state: EmulatorState): AdminResult {
  const input = validate(AccountBody, body);
  const account = createAccount({
    apiKey: input.api_key,
    credits: input.credits,
    crmSeat: input.crm_seat ?? false,
    icp: input.icp ?? false,
  });
  state.accounts.set(account.apiKey, account);
  state.rateLimiter.forget(account.apiKey);
  return {
    status: 200,
    body: { api_key: account.apiKey, credits: account.credits, crm_seat: account.crmSeat, icp: account.icp },
  };
}

/**
 * What a refresh meets: an organization's headcount or industry changes as the real service's data does.
 * Lookups answer the new value at once; the filter indexes built at start keep the seeded one.
 */
function changeOrganization(body: unknown, state: EmulatorState): AdminResult {
  const input = validate(OrganizationBody, body);
  const org = state.dataset.lookup.byIdentifier(input.id);
  if (!org) throw new HttpError(404, `No organization has the id ${input.id}.`);
  if (input.industry !== undefined) {
    const industry = findIndustry(input.industry);
    if (!industry) throw new HttpError(400, `Unknown industry "${input.industry.slice(0, 100)}".`);
    org.industry = industry.index;
  }
  if (input.employee_count !== undefined) org.employeeCount = input.employee_count;
  return {
    status: 200,
    body: { id: org.id, employee_count: org.employeeCount, industry: INDUSTRIES[org.industry]!.name },
  };
}

function addFault(body: unknown, state: EmulatorState): AdminResult {
  const input = validate(FaultBody, body);
  if ("people_job" in input) {
    if (input.request_id === undefined) {
      state.faults.failingPeopleJobs++;
      return { status: 200, body: { people_job: "fail", applies_to: "next started job" } };
    }
    const job = state.peopleJobs.get(input.request_id);
    if (!job) throw new HttpError(404, `No people job has request_id ${input.request_id}.`);
    job.fails = true;
    return { status: 200, body: { people_job: "fail", request_id: input.request_id } };
  }
  const fault = state.faults.add({
    path: input.path ?? "*",
    count: input.count ?? 1,
    ...(input.method ? { method: input.method } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.detail !== undefined ? { detail: input.detail } : {}),
    ...(input.delay_ms !== undefined ? { delayMs: input.delay_ms } : {}),
    ...(input.body ? { body: input.body } : {}),
    ...(input.retry_after !== undefined ? { retryAfter: input.retry_after } : {}),
  });
  return { status: 200, body: fault };
}

function ledger(request: EmulatorRequest, state: EmulatorState): AdminResult {
  const apiKey = request.query["api_key"]?.[0];
  if (!apiKey) throw new HttpError(400, "Name the account: GET /__admin/ledger?api_key=<API_KEY>.");
  const account = state.accounts.get(apiKey);
  if (!account) throw new HttpError(404, `No account has the API key ${apiKey}.`);
  return {
    status: 200,
    body: { api_key: apiKey, credits_remaining: account.credits, entries: account.ledger },
  };
}
