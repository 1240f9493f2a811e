// One error hierarchy for the v9 client, built by one factory, with messages a spreadsheet user can act on.
import type { HttpResponse } from "./transport";

/** Where a user fixes the key; shown in 401 and missing-key messages. */
export const KEY_SETTINGS_HINT =
  "Extensions ▸ Enrichment for Sheets ▸ Settings (your own key), or the script property API_KEY (a team key)";

export type ApiErrorKind =
  | "bad_request"
  | "authentication"
  | "insufficient_credits"
  | "not_found"
  | "validation"
  | "rate_limited"
  | "server"
  | "connection"
  | "unexpected_response"
  | "configuration"
  | "deadline";

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** What the service said, when it said anything readable. */
  readonly detail: string | null;
  /** For an answer lost after its request went out: the most that request can have cost (0 when unknown). */
  possibleCredits = 0;
  /** The durable intent left open for a paid request whose outcome is unknown, for the log to settle. */
  intentId: string | null = null;
  /** The client call it answered (`signals`, `contactList`), set for an answer lost after it went out. */
  callName: string | null = null;

  constructor(message: string, status: number, detail: string | null) {
    super(message);
    this.status = status;
    this.detail = detail;
  }

  /**
   * Whether the request may have been served, and so charged, though no answer could be read: a success
   * whose body is unreadable, or a fetch that timed out after the request went out. Such a request is
   * never sent again without the user saying so.
   */
  get outcomeUnknown(): boolean {
    if (this.kind === "unexpected_response") return this.status >= 200 && this.status < 300;
    return this.kind === "connection" && /^timeout\b/i.test(this.detail ?? "");
  }

  /** Whether repeating the same request later can succeed without the user changing anything. */
  get retryable(): boolean {
    if (this.outcomeUnknown) return false;
    return this.kind === "rate_limited" || this.kind === "server" || this.kind === "connection";
  }
}

export class BadRequestError extends ApiError {
  readonly kind = "bad_request";
  override name = "BadRequestError";
}
export class AuthenticationError extends ApiError {
  readonly kind = "authentication";
  override name = "AuthenticationError";
}
export class InsufficientCreditsError extends ApiError {
  readonly kind = "insufficient_credits";
  override name = "InsufficientCreditsError";
}
export class NotFoundError extends ApiError {
  readonly kind = "not_found";
  override name = "NotFoundError";
}
export class ValidationError extends ApiError {
  readonly kind = "validation";
  override name = "ValidationError";
}
export class RateLimitError extends ApiError {
  readonly kind = "rate_limited";
  override name = "RateLimitError";
}
export class ServerError extends ApiError {
  readonly kind = "server";
  override name = "ServerError";
}
export class ConnectionError extends ApiError {
  readonly kind = "connection";
  override name = "ConnectionError";
}
export class UnexpectedResponseError extends ApiError {
  readonly kind = "unexpected_response";
  override name = "UnexpectedResponseError";
}
export class DeadlineError extends ApiError {
  readonly kind = "deadline";
  override name = "DeadlineError";
}
/** Not from the service: the add-on is not set up (no base URL, no key). */
export class ConfigurationError extends ApiError {
  readonly kind = "configuration";
  override name = "ConfigurationError";
}
/** No key to send: neither the user's own nor a team key (formulas word it for the owner's key they use). */
export class MissingKeyError extends ConfigurationError {
  override name = "MissingKeyError";
}

/** Reads `detail` from `{"detail": "…"}` or a FastAPI list `{"detail": [{loc, msg}]}`. */
export function readDetail(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const detail = (parsed as { detail?: unknown }).detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    const parts = detail.map((item) => {
      if (!item || typeof item !== "object") return String(item);
      const { loc, msg } = item as { loc?: unknown; msg?: unknown };
      const where = Array.isArray(loc) ? loc.filter((p) => p !== "body").join(".") : "";
      return where ? `${where}: ${String(msg)}` : String(msg);
    });
    return parts.join("; ");
  }
  return null;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The one factory: picks the class by status and writes the message a user sees. */
export function errorFromResponse(response: HttpResponse): ApiError {
  const { status } = response;
  const detail = readDetail(response.body);
  const said = detail ? ` The service said: ${sentence(detail)}` : "";
  if (status >= 300 && status < 400) return redirected(status, response.headers.location);
  if (status === 400)
    return new BadRequestError(`The enrichment service rejected the request.${said}`, status, detail);
  if (status === 401 || status === 403) {
    return new AuthenticationError(
      `The enrichment service rejected the API key (HTTP ${status}). Check the key in ${KEY_SETTINGS_HINT}.`,
      status,
      detail,
    );
  }
  if (status === 402) {
    return new InsufficientCreditsError(
      "Out of credits: the account has too few credits left for this request, and nothing was charged for it. Top up the account, then try again.",
      status,
      detail,
    );
  }
  if (status === 404)
    return new NotFoundError(`The enrichment service found nothing there (HTTP 404).${said}`, status, detail);
  if (status === 422) {
    return new ValidationError(`The enrichment service could not accept the request.${said}`, status, detail);
  }
  if (status === 429) {
    return new RateLimitError(
      "The enrichment service is limiting requests (more than 10 a second for this account). Wait a few seconds and try again.",
      status,
      detail,
    );
  }
  if (status >= 500) {
    return new ServerError(
      `The enrichment service is unavailable right now (HTTP ${status}). Try again in a few minutes.`,
      status,
      detail,
    );
  }
  return new UnexpectedResponseError(
    `The enrichment service answered with an unexpected status (HTTP ${status}).${said}`,
    status,
    detail,
  );
}

/**
 * The transport follows no redirect, so the key never reaches another host; a redirect means the configured
 * address is not the service's own (an old address, http instead of https, a proxy).
 */
function redirected(status: number, location: string | undefined): ConfigurationError {
  const where = location ? ` to ${location.length > 200 ? `${location.slice(0, 200)}…` : location}` : "";
  return new ConfigurationError(
    `The enrichment service redirected this request (HTTP ${status})${where}. The add-on does not follow redirects, so your key goes nowhere but the configured address: check the script property API_BASE_URL.`,
    status,
    null,
  );
}

export function connectionError(baseUrl: string, cause: unknown): ConnectionError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const error = new ConnectionError(
    `Could not reach the enrichment service at ${baseUrl} (${reason}). Check the script property API_BASE_URL and try again.`,
    0,
    reason,
  );
  (error as { cause?: unknown }).cause = cause;
  return error;
}

export function unexpectedResponse(status: number, reason: string): UnexpectedResponseError {
  const charged =
    status >= 200 && status < 300
      ? " The service may have charged for this answer, so it was not sent again automatically."
      : "";
  return new UnexpectedResponseError(
    `The enrichment service sent a response this add-on could not read (${reason}).${charged} Try again; if it keeps happening, report it from the sidebar's support form.`,
    status,
    reason,
  );
}

export function missingBaseUrl(): ConfigurationError {
  return new ConfigurationError(
    "The service address is not set. In the Apps Script editor open Project Settings ▸ Script properties and add API_BASE_URL (for example https://api.example.com, without /v9).",
    0,
    null,
  );
}

export function missingApiKey(): MissingKeyError {
  return new MissingKeyError(`No API key is set. Add one in ${KEY_SETTINGS_HINT}.`, 0, null);
}

/** The retry policy ran out of its time budget (a custom function has 30 seconds in all). */
export function deadlineExceeded(last: ApiError | null): DeadlineError {
  const why = last ? ` The last answer was: ${last.message}` : "";
  return new DeadlineError(
    `The enrichment service did not answer in time, so this stopped before the spreadsheet's time limit. Try again in a minute.${why}`,
    last?.status ?? 0,
    last?.detail ?? null,
  );
}
