// Sends one v9 call: builds the HTTP request, throttles, retries per policy, and parses the answer
// against the contract. Every endpoint method of the client goes through here.
import type * as z from "zod/mini";
import { describeIssues, type Endpoint, fillPath } from "./contract";
import {
  ApiError,
  BadRequestError,
  connectionError,
  deadlineExceeded,
  errorFromResponse,
  unexpectedResponse,
} from "./errors";
import { mostCreditsFor, paidCeiling } from "./pricing";
import type { Clock } from "./retry/clock";
import { isDeadlineExceeded } from "./retry/deadline";
import { type FailureKind, type RetryOptions, runWithRetry } from "./retry/retry";
import type { HttpRequest, HttpResponse, Transport } from "./transport";

export interface CreditsInfo {
  endpoint: string;
  creditsUsed: number;
  creditsRemaining: number;
}

export type RetryTuning = Pick<
  RetryOptions,
  "baseDelayMs" | "factor" | "maxDelayMs" | "maxServerRetries" | "maxConnectionRetries" | "onRetry"
>;

export interface ClientOptions {
  /** Service address without `/v9`, e.g. `https://api.example.com`. */
  baseUrl: string;
  apiKey: string;
  transport: Transport;
  clock: Clock;
  /**
   * Absolute time (ms on `clock`) after which no request starts and no retry waits. Default: five
   * minutes after the client is made, inside Apps Script's six-minute execution limit.
   */
  deadline?: number;
  /** Called before every send with the number of requests about to go out; it waits as needed. Default: none. */
  beforeSend?: (count: number) => void;
  /** Told the credits of every paid response. Default: none. */
  onCredits?: (info: CreditsInfo) => void;
  /** Most requests in one fetchAll; more go out in further waves. Default: 10, the service's per-second limit. */
  maxParallel?: number;
  /** Jitter source. Default: Math.random. */
  random?: () => number;
  /** Retry tuning; defaults are those of src/api/retry/retry.ts. */
  retry?: RetryTuning;
  /**
   * Told before a paid call goes out (what it is, the most it can cost or null when the answer decides) and
   * once its outcome is known; one whose outcome is unknown stays open, its id on the error. Default: none.
   */
  intents?: IntentHooks;
}

export interface IntentHooks {
  /** The recorded intent's id; "" when nothing could be recorded (then nothing is settled either). */
  open(what: string, mostCredits: number | null): string;
  settle(id: string): void;
}

/** One call: an endpoint, its path parameters, query and body. */
export interface Call {
  name: string;
  endpoint: Endpoint;
  pathParams?: Record<string, number>;
  query?: Record<string, string | string[] | boolean | undefined>;
  body?: unknown;
}

export type Outcome<T> = { ok: true; value: T; response: HttpResponse } | { ok: false; error: ApiError };

const DEFAULT_BUDGET_MS = 5 * 60 * 1000;
const DEFAULT_MAX_PARALLEL = 10;

function queryString(query: Call["query"]): string {
  if (!query) return "";
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [String(value)];
    for (const v of values) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(v)}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

function classify(error: unknown): FailureKind {
  if (!(error instanceof ApiError)) return "fatal";
  if (error.kind === "rate_limited") return "rate-limited";
  if (error.kind === "server") return "server";
  // An unreadable success, or a fetch that timed out once sent, is not retried: the service may have
  // served and charged it, and a retry would pay again by surprise.
  if (error.outcomeUnknown) return "fatal";
  if (error.kind === "connection") return "connection";
  // An unreadable error answer is a server fault, retried like one.
  if (error.kind === "unexpected_response") return "server";
  return "fatal";
}

export class RequestRunner {
  private readonly options: ClientOptions;
  readonly deadline: number;
  /** Credits remaining as of the latest paid response, or null before any. */
  lastCreditsRemaining: number | null = null;
  /** While a fetchAll's answers are read: the balance they leave, told to onCredits once (see sendAll). */
  private held: { info: CreditsInfo } | null = null;

  constructor(options: ClientOptions) {
    this.options = options;
    this.deadline = options.deadline ?? options.clock.now() + DEFAULT_BUDGET_MS;
  }

  /** Validates the body against the contract first, so a bad request costs no round trip. */
  build(call: Call): HttpRequest {
    const { endpoint } = call;
    if (endpoint.request && call.body !== undefined) {
      const checked = endpoint.request.safeParse(call.body, { reportInput: true });
      if (!checked.success) {
        throw new BadRequestError(
          `This request is not valid: ${describeIssues(checked.error.issues)}`,
          0,
          null,
        );
      }
    }
    const base = this.options.baseUrl.replace(/\/+$/, "");
    const url = `${base}${fillPath(endpoint.path, call.pathParams ?? {})}${queryString(call.query)}`;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: "application/json",
    };
    if (call.body !== undefined) headers["content-type"] = "application/json";
    return {
      method: endpoint.method,
      url,
      headers,
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
    };
  }

  /** Parses a response: an ApiError for error statuses, the schema's value for success. */
  parse<T>(
    call: Call,
    response: HttpResponse,
    schema: z.ZodMiniType<T> = call.endpoint.response as z.ZodMiniType<T>,
  ): T {
    if (response.status < 200 || response.status >= 300) throw errorFromResponse(response);
    return this.decode(call, response, schema);
  }

  /** Reads a body of any status against a schema (for the brief's 202 and 422, which are answers, not errors). */
  decode<T>(call: Call, response: HttpResponse, schema: z.ZodMiniType<T>): T {
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      throw unexpectedResponse(response.status, "the body is not JSON");
    }
    const parsed = schema.safeParse(json, { reportInput: true });
    if (!parsed.success) throw unexpectedResponse(response.status, describeIssues(parsed.error.issues));
    this.noteCredits(call.name, parsed.data);
    return parsed.data;
  }

  private noteCredits(endpoint: string, value: unknown): void {
    if (!value || typeof value !== "object") return;
    const { credits_used, credits_remaining } = value as {
      credits_used?: unknown;
      credits_remaining?: unknown;
    };
    if (typeof credits_used !== "number" || typeof credits_remaining !== "number") return;
    const info = { endpoint, creditsUsed: credits_used, creditsRemaining: credits_remaining };
    if (this.held) {
      // Answers of one fetchAll come back together: the lowest balance is the one after all of them.
      const before = this.held.info;
      this.held.info = {
        ...info,
        creditsUsed: before.creditsUsed + credits_used,
        creditsRemaining: Math.min(before.creditsRemaining, credits_remaining),
      };
      this.lastCreditsRemaining = this.held.info.creditsRemaining;
      return;
    }
    this.lastCreditsRemaining = credits_remaining;
    this.options.onCredits?.(info);
  }

  /** Sends in waves of at most `maxParallel`, each announced to `beforeSend` (the shared throttle). */
  private transportSend(requests: HttpRequest[]): HttpResponse[] {
    const responses: HttpResponse[] = [];
    const wave = this.options.maxParallel ?? DEFAULT_MAX_PARALLEL;
    for (let start = 0; start < requests.length; start += wave) {
      const batch = requests.slice(start, start + wave);
      this.options.beforeSend?.(batch.length);
      try {
        responses.push(
          ...(batch.length === 1
            ? [this.options.transport.send(batch[0]!)]
            : this.options.transport.sendAll(batch)),
        );
      } catch (cause) {
        throw connectionError(this.options.baseUrl, cause);
      }
    }
    return responses;
  }

  private retryOptions(): RetryOptions {
    return {
      clock: this.options.clock,
      deadline: this.deadline,
      classify,
      ...(this.options.random ? { random: this.options.random } : {}),
      ...this.options.retry,
    };
  }

  /** Runs `fn` under the retry policy, turning an exhausted time budget into a DeadlineError. */
  private withRetry<T>(fn: () => T): T {
    try {
      return runWithRetry(fn, this.retryOptions());
    } catch (error) {
      if (isDeadlineExceeded(error)) {
        const last = error.cause instanceof ApiError ? error.cause : null;
        throw deadlineExceeded(last);
      }
      throw error;
    }
  }

  /** Sends one call with retries; returns the raw response for the caller to parse (2xx and other statuses). */
  sendRaw(call: Call, accept: (response: HttpResponse) => boolean = () => false): HttpResponse {
    const request = this.build(call);
    return this.pricingLoss(call, () =>
      this.withRetry(() => {
        const response = this.transportSend([request])[0]!;
        if (accept(response)) return response;
        if (response.status < 200 || response.status >= 300) throw errorFromResponse(response);
        return response;
      }),
    );
  }

  /** Sends one call with retries and parses it; a paid one is recorded durably before it goes out. */
  send<T>(call: Call): T {
    const request = this.build(call);
    const intent = this.openIntent(call);
    let value: T;
    try {
      value = this.pricingLoss(call, () =>
        this.withRetry(() => this.parse<T>(call, this.transportSend([request])[0]!)),
      );
    } catch (error) {
      if (intent && error instanceof ApiError && error.outcomeUnknown) error.intentId = intent;
      else if (intent) this.settleAfter(intent);
      throw error;
    }
    // The answer is in hand (and paid for): its bookkeeping can no longer make it an error.
    if (intent) this.settleAfter(intent);
    return value;
  }

  /**
   * Settles an intent once its outcome is known. The hooks defer a settlement they cannot make now; one
   * that still throws leaves the intent open, to be logged later as possibly charged (never short of the
   * ledger), and never takes the caller's answer or error away.
   */
  private settleAfter(intent: string): void {
    try {
      this.options.intents!.settle(intent);
    } catch {
      // Left open on purpose: see above.
    }
  }

  private openIntent(call: Call): string | null {
    const { intents } = this.options;
    if (!intents) return null;
    const ceiling = paidCeiling(call.name, call.body);
    return ceiling === "free" ? null : intents.open(call.name, ceiling);
  }

  /** An answer lost after the request went out carries the most it can have cost, for the log. */
  private pricingLoss<T>(call: Call, fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof ApiError && error.outcomeUnknown) {
        error.callName = call.name;
        error.possibleCredits = mostCreditsFor(call.name, call.body);
      }
      throw error;
    }
  }

  /**
   * Sends several calls in parallel (fetchAll). Each call's outcome is kept on its own: a paid chunk
   * that succeeded is returned even when another failed, so nothing paid for is thrown away. Failed
   * calls that may succeed later are re-sent together after a backoff, within the deadline.
   */
  sendAll<T>(calls: Call[]): Outcome<T>[] {
    const requests = calls.map((call) => this.build(call));
    const outcomes: (Outcome<T> | undefined)[] = new Array(calls.length);
    let pending = calls.map((_c, i) => i);
    try {
      this.withRetry(() => {
        const responses = this.transportSend(pending.map((i) => requests[i]!));
        const failedRetryable: number[] = [];
        let firstRetryable: ApiError | null = null;
        // One onCredits for the whole fetchAll (each is a cache write), not one per answer.
        this.held = { info: { endpoint: "", creditsUsed: 0, creditsRemaining: Number.POSITIVE_INFINITY } };
        try {
          this.readAnswers(calls, responses, pending, outcomes, (index, apiError) => {
            if (classify(apiError) !== "fatal") {
              failedRetryable.push(index);
              firstRetryable ??= apiError;
            }
          });
        } finally {
          const held = this.held.info;
          this.held = null;
          if (held.endpoint !== "") this.options.onCredits?.(held);
        }
        pending = failedRetryable;
        if (firstRetryable) throw firstRetryable;
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // Calls still pending when retries or time ran out report the final error.
      for (const index of pending) outcomes[index] = { ok: false, error };
    }
    return outcomes as Outcome<T>[];
  }

  private readAnswers<T>(
    calls: Call[],
    responses: HttpResponse[],
    pending: number[],
    outcomes: (Outcome<T> | undefined)[],
    onError: (index: number, error: ApiError) => void,
  ): void {
    responses.forEach((response, k) => {
      const index = pending[k]!;
      try {
        outcomes[index] = { ok: true, value: this.parse<T>(calls[index]!, response), response };
      } catch (error) {
        const apiError = error as ApiError;
        outcomes[index] = { ok: false, error: apiError };
        onError(index, apiError);
      }
    });
  }
}
