// The requests check-service sends and how each answer is judged against the client's v9 contract: four
// that cost nothing by the price list, and one paid request priced by the same estimator the sidebar uses.
import type * as z from "zod/mini";
import {
  API_VERSION,
  describeIssues,
  ENDPOINTS,
  ERROR_BODY,
  type OrganizationsRequest,
  type OrganizationsResponse,
} from "../../src/api/contract/index.ts";
import { estimateOrganizations, organizationUnitCost } from "../../src/api/pricing.ts";

export interface Answer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  text: string;
}

export interface Verdict {
  agrees: boolean;
  detail: string;
  /** What the answer says was charged, when it says. */
  creditsUsed?: number;
  /** The balance the answer reports. */
  balance?: number;
  /** The service refused the key (the paid check is then not tried). */
  keyRejected?: boolean;
}

export interface ServiceCheck {
  name: string;
  method: "POST";
  path: string;
  withKey: boolean;
  body: unknown;
  /** As the table shows it. */
  cost: string;
  judge(answer: Answer): Verdict;
}

/** RFC 2606 reserves `.invalid`: no organization can have this domain, so the lookup matches nothing. */
export const UNMATCHABLE_DOMAIN = "check-service.invalid";

export const PAID_REQUEST: OrganizationsRequest = {
  filter: { query: "technology EQ 'kubernetes'" },
  select: { attributes: ["name", "url"] },
  limit: 1,
};
export const PAID_DESCRIPTION =
  "one organization using Kubernetes, with its name and domain (free attributes)";

function clip(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function parse(answer: Answer): { ok: true; json: unknown } | { ok: false } {
  try {
    return { ok: true, json: JSON.parse(answer.text) };
  } catch {
    return { ok: false };
  }
}

/** The parts of a verdict every answer shares: the version header, the status, a JSON body of the schema. */
function judgeShape<S extends z.ZodMiniType>(
  answer: Answer,
  status: number,
  schema: S,
): { verdict: Verdict } | { value: z.infer<S> } {
  const version = answer.headers["api_version"];
  if (version !== undefined && version !== API_VERSION) {
    return {
      verdict: { agrees: false, detail: `api_version header is ${clip(version, 20)}, not ${API_VERSION}` },
    };
  }
  const body = parse(answer);
  if (answer.status !== status) {
    const detail = body.ok ? ERROR_BODY.safeParse(body.json) : null;
    const said = detail?.success
      ? typeof detail.data.detail === "string"
        ? detail.data.detail
        : JSON.stringify(detail.data.detail)
      : answer.text;
    return {
      verdict: {
        agrees: false,
        detail: `HTTP ${answer.status}, expected ${status}: ${clip(said) || "(empty body)"}`,
        ...(answer.status === 401 ? { keyRejected: true } : {}),
      },
    };
  }
  if (!body.ok)
    return {
      verdict: { agrees: false, detail: `HTTP ${status} but the body is not JSON: ${clip(answer.text, 40)}` },
    };
  const checked = schema.safeParse(body.json);
  if (!checked.success) {
    return {
      verdict: {
        agrees: false,
        detail: `HTTP ${status}, body off contract: ${describeIssues(checked.error.issues)}`,
      },
    };
  }
  return { value: checked.data };
}

function errorDetail(detail: string | z.infer<typeof ERROR_BODY>["detail"]): string {
  if (typeof detail === "string") return `detail "${clip(detail, 60)}"`;
  const first = detail[0];
  return `${detail.length} validation issue${detail.length === 1 ? "" : "s"}${first ? ` (${first.loc.join(".")}: ${clip(first.msg, 40)})` : ""}`;
}

function balanceOf(body: { credits_used?: number | undefined; credits_remaining?: number | undefined }) {
  return {
    ...(body.credits_used !== undefined ? { creditsUsed: body.credits_used } : {}),
    ...(body.credits_remaining !== undefined ? { balance: body.credits_remaining } : {}),
  };
}

/** The free checks, in the order they run. */
export const FREE_CHECKS: readonly ServiceCheck[] = [
  {
    name: "No key is refused",
    method: "POST",
    path: ENDPOINTS.signalConfigs.path,
    withKey: false,
    body: {},
    cost: "free",
    judge(answer) {
      const shape = judgeShape(answer, 401, ERROR_BODY);
      if ("verdict" in shape) return { ...shape.verdict, keyRejected: false };
      return { agrees: true, detail: `401, ${errorDetail(shape.value.detail)}` };
    },
  },
  {
    name: "Signal configurations",
    method: "POST",
    path: ENDPOINTS.signalConfigs.path,
    withKey: true,
    body: {},
    cost: "free",
    judge(answer) {
      const shape = judgeShape(answer, 200, ENDPOINTS.signalConfigs.response);
      if ("verdict" in shape) {
        if (shape.verdict.keyRejected)
          return { ...shape.verdict, detail: `${shape.verdict.detail} (the key in API_KEY was refused)` };
        return shape.verdict;
      }
      const count = shape.value.signal_configs.length;
      return {
        agrees: true,
        detail: `200, ${count} configuration${count === 1 ? "" : "s"}`,
        ...balanceOf(shape.value),
      };
    },
  },
  {
    name: "A bad body is refused",
    method: "POST",
    path: ENDPOINTS.organizations.path,
    withKey: true,
    body: { organizations: UNMATCHABLE_DOMAIN, select: {} },
    cost: "free (refused)",
    judge(answer) {
      const shape = judgeShape(answer, 422, ERROR_BODY);
      if ("verdict" in shape) return shape.verdict;
      return { agrees: true, detail: `422, ${errorDetail(shape.value.detail)}` };
    },
  },
  {
    name: "Unmatched organization",
    method: "POST",
    path: ENDPOINTS.organizations.path,
    withKey: true,
    body: { organizations: [{ url: UNMATCHABLE_DOMAIN }], select: { attributes: ["name"] } },
    cost: "free (unmatched)",
    judge(answer) {
      const shape = judgeShape(answer, 200, ENDPOINTS.organizations.response);
      if ("verdict" in shape) return shape.verdict;
      const body = shape.value as OrganizationsResponse;
      const credits = balanceOf(body);
      const row = body.organizations[0];
      if (body.credits_used !== 0) {
        return {
          agrees: false,
          detail: `charged ${body.credits_used} credits for an unmatched input (the price list says free)`,
          ...credits,
        };
      }
      if (
        body.organizations.length !== 1 ||
        !row ||
        Object.keys(row.attributes ?? {}).length > 0 ||
        (body.matched_count ?? 0) !== 0
      ) {
        return {
          agrees: false,
          detail: `an input that cannot match came back matched: ${clip(answer.text, 60)}`,
          ...credits,
        };
      }
      return {
        agrees: true,
        detail: `200, no match, 0 credits, balance ${body.credits_remaining.toLocaleString("en-US")}`,
        ...credits,
      };
    },
  },
];

/** Credits the paid check may cost at most, from the price list. */
export const PAID_PRICE = estimateOrganizations(PAID_REQUEST).credits;

export const PAID_CHECK: ServiceCheck = {
  name: "One organization by filter",
  method: "POST",
  path: ENDPOINTS.organizations.path,
  withKey: true,
  body: PAID_REQUEST,
  cost: `paid: up to ${PAID_PRICE} credit${PAID_PRICE === 1 ? "" : "s"}`,
  judge(answer) {
    const shape = judgeShape(answer, 200, ENDPOINTS.organizations.response);
    if ("verdict" in shape) return shape.verdict;
    const body = shape.value as OrganizationsResponse;
    const credits = balanceOf(body);
    const returned = body.organizations.length;
    const price = returned * organizationUnitCost(PAID_REQUEST.select).credits;
    if (returned > (PAID_REQUEST.limit ?? 0)) {
      return {
        agrees: false,
        detail: `${returned} organizations for limit ${PAID_REQUEST.limit}`,
        ...credits,
      };
    }
    if (body.credits_used !== price) {
      return {
        agrees: false,
        detail: `charged ${body.credits_used} credits; the price list says ${price} for ${returned}`,
        ...credits,
      };
    }
    const name = body.organizations[0]?.attributes?.["name"];
    return {
      agrees: true,
      detail: `200, ${returned} organization${typeof name === "string" ? ` (${clip(name, 30)})` : ""}, charged ${body.credits_used} as priced`,
      ...credits,
    };
  },
};
