// The synchronous core: auth → rate limit → faults → route → handler, errors answered as JSON.
import { API_VERSION } from "../src/api/contract/endpoints.ts";
import type { Account } from "./accounts.ts";
import { handleAdmin } from "./admin.ts";
import { corruptBody, type Fault } from "./faults.ts";
import { HandlerContext } from "./handler.ts";
import { HttpError } from "./http-error.ts";
import { matchRoute } from "./router.ts";
import type { EmulatorState } from "./state.ts";
import type { EmulatorRequest, EmulatorResponse } from "./types.ts";

export function handle(request: EmulatorRequest, state: EmulatorState): EmulatorResponse {
  const response = dispatch(request, state);
  response.headers["api_version"] = API_VERSION;
  return response;
}

function dispatch(request: EmulatorRequest, state: EmulatorState): EmulatorResponse {
  try {
    if (request.path.startsWith("/__admin/")) return json(handleAdmin(request, state));
    const account = authenticate(request, state);
    if (!state.rateLimiter.take(account.apiKey, state.now())) {
      const rate = state.options.rateLimit ? state.options.rateLimit.perSecond : 0;
      throw new HttpError(
        429,
        `Rate limit exceeded: at most ${rate} requests per second per API key. Wait and retry.`,
      );
    }
    const fault = state.faults.take(request.method, request.path);
    if (fault?.status !== undefined) {
      return applyFault(
        errorResponse(new HttpError(fault.status, fault.detail ?? faultDetail(fault.status))),
        fault,
      );
    }
    const response = route(request, state, account);
    return fault ? applyFault(response, fault) : response;
  } catch (error) {
    return errorResponse(error);
  }
}

function authenticate(request: EmulatorRequest, state: EmulatorState): Account {
  const header = request.headers["authorization"];
  if (!header) throw new HttpError(401, "Missing API key: send the header Authorization: Bearer <API_KEY>.");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match)
    throw new HttpError(401, "Malformed Authorization header: send Authorization: Bearer <API_KEY>.");
  const account = state.accounts.get(match[1]!);
  if (!account)
    throw new HttpError(401, "Invalid API key: no account has this key. Check the key you send as Bearer.");
  return account;
}

function route(request: EmulatorRequest, state: EmulatorState, account: Account): EmulatorResponse {
  const version = /^\/(v\d+)\//.exec(request.path)?.[1];
  if (version && version !== API_VERSION) {
    throw new HttpError(
      400,
      `Invalid API version ${version}: this service answers ${API_VERSION} (paths start with /${API_VERSION}/).`,
    );
  }
  const match = matchRoute(request.method, request.path);
  if (match.kind === "none") throw new HttpError(404, "Not Found");
  if (match.kind === "wrong-method") {
    throw new HttpError(405, "Method Not Allowed", { allow: match.allowed.join(", ") });
  }
  // A request that fails after charging gives its credits back: the debit is all or nothing.
  const credits = account.credits;
  const ledgerLength = account.ledger.length;
  try {
    const result = match.route.handler(new HandlerContext(state, request, account, match.params));
    return json({ status: result.status ?? 200, body: result.body, headers: result.headers ?? {} });
  } catch (error) {
    account.credits = credits;
    account.ledger.length = ledgerLength;
    throw error;
  }
}

function json(result: { status: number; body: unknown; headers?: Record<string, string> }): EmulatorResponse {
  return {
    status: result.status,
    headers: { "content-type": "application/json", ...result.headers },
    body: JSON.stringify(result.body),
  };
}

function errorResponse(error: unknown): EmulatorResponse {
  if (error instanceof HttpError) {
    return json({ status: error.status, body: { detail: error.detail }, headers: error.headers });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return json({ status: 500, body: { detail: `Internal server error: ${reason}` } });
}

function faultDetail(status: number): string {
  switch (status) {
    case 429:
      return "Rate limit exceeded. Wait and retry.";
    case 500:
      return "Internal server error.";
    case 502:
      return "Bad gateway.";
    case 503:
      return "Service unavailable. Retry later.";
    case 504:
      return "Gateway timeout.";
    default:
      return `Injected fault: status ${status}.`;
  }
}

function applyFault(response: EmulatorResponse, fault: Fault): EmulatorResponse {
  const body = fault.body ? corruptBody(response.body, fault.body) : response.body;
  const headers =
    fault.retryAfter === undefined
      ? response.headers
      : { ...response.headers, "retry-after": String(fault.retryAfter) };
  return { ...response, headers, body, ...(fault.delayMs ? { delayMs: fault.delayMs } : {}) };
}
