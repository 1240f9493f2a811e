// UrlFetchApp: the in-process backend for its base URL, real HTTP for any other, every request recorded.
import type { EmulatorRequest, EmulatorResponse } from "../../emulator/types.ts";
import { argTypes } from "../arg-types.ts";
import { GAS } from "../errors.ts";
import type { Execution } from "../execution.ts";
import { sendSync, type WireRequest, type WireResult } from "../http/sync-http.ts";
import { isPlainObject } from "../realm.ts";
import { blobBytes, fromBytes } from "./blob.ts";
import { createHttpResponse } from "./http-response.ts";

/** The emulator core (or any synchronous stand-in) answering for URLs that start with baseUrl. */
export interface InProcessBackend {
  baseUrl: string;
  handle(request: EmulatorRequest): EmulatorResponse;
}

export interface FetchRecord {
  executionId: number;
  method: string;
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** When the request left, on the harness clock. */
  start: number;
  /** Harness time the request took (simulated latency + fault delay in-process, measured wall time over HTTP). */
  durationMs: number;
  status: number | null;
  error: string | null;
  via: "in-process" | "http";
}

export const URL_MAX_CHARS = 2048;
export const USER_AGENT = "Mozilla/5.0 (compatible; Google-Apps-Script)";
const METHODS = new Set(["GET", "DELETE", "PATCH", "POST", "PUT"]);
const DAY_MS = 86_400_000;

/** The per-user daily UrlFetch allowance: the window opens at a user's first call and lasts 24 h. */
export class FetchQuota {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(readonly perDay: number) {}

  take(user: string, now: number, count: number): boolean {
    let window = this.#windows.get(user);
    if (!window || now - window.start >= DAY_MS) {
      window = { start: now, count: 0 };
      this.#windows.set(user, window);
    }
    if (window.count + count > this.perDay) return false;
    window.count += count;
    return true;
  }
}

export interface UrlFetchDeps {
  backend: InProcessBackend | null;
  latencyMs: number;
  httpTimeoutMs: number;
  log: FetchRecord[];
  quota: FetchQuota;
}

interface Prepared {
  url: URL;
  text: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
  mute: boolean;
  followRedirects: boolean;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export function createUrlFetchApp(exec: Execution, deps: UrlFetchDeps) {
  const prepare = (target: unknown, options: unknown): Prepared => {
    if (typeof target !== "string")
      exec.fail(GAS.signature(argTypes([target, options]), "UrlFetchApp.fetch"));
    const text = target as string;
    if (text.length > URL_MAX_CHARS) exec.fail(GAS.urlTooLong);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return exec.fail(GAS.invalidArgument(text));
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") exec.fail(GAS.invalidArgument(text));
    const opts = (isPlainObject(options) ? options : {}) as Record<string, unknown>;
    const method = String(opts.method ?? "get").toUpperCase();
    if (!METHODS.has(method)) exec.fail(GAS.invalidArgument("method"));
    const headers: Record<string, string> = { "user-agent": USER_AGENT };
    if (isPlainObject(opts.headers)) {
      for (const [name, value] of Object.entries(opts.headers)) headers[name.toLowerCase()] = String(value);
    }
    let body: Buffer | null = null;
    const payload = opts.payload;
    if (payload !== undefined && payload !== null) {
      const bytes = blobBytes(payload);
      if (bytes) body = bytes;
      else if (Array.isArray(payload)) body = fromBytes(payload);
      else if (isPlainObject(payload)) {
        // Apps Script form-encodes an object payload.
        body = Buffer.from(
          Object.entries(payload)
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
            .join("&"),
        );
      } else body = Buffer.from(String(payload), "utf8");
      headers["content-type"] = String(
        opts.contentType ?? headers["content-type"] ?? "application/x-www-form-urlencoded",
      );
    } else if (opts.contentType !== undefined) {
      headers["content-type"] = String(opts.contentType);
    }
    return {
      url,
      text,
      method,
      headers,
      body,
      mute: opts.muteHttpExceptions === true,
      followRedirects: opts.followRedirects !== false,
    };
  };

  const inProcess = (p: Prepared) => !!deps.backend && p.text.startsWith(deps.backend.baseUrl);

  const record = (
    p: Prepared,
    start: number,
    durationMs: number,
    status: number | null,
    error: string | null,
  ) => {
    deps.log.push({
      executionId: exec.id,
      method: p.method,
      url: p.text,
      headers: { ...p.headers },
      body: p.body ? p.body.toString("utf8") : "",
      start,
      durationMs,
      status,
      error,
      via: inProcess(p) ? "in-process" : "http",
    });
  };

  const handleInProcess = (p: Prepared): { answer: Answer; ms: number } => {
    const query: Record<string, string[]> = {};
    for (const [key, value] of p.url.searchParams) {
      query[key] ??= [];
      query[key].push(value);
    }
    let response: EmulatorResponse;
    try {
      response = deps.backend!.handle({
        method: p.method,
        path: p.url.pathname,
        query,
        headers: { ...p.headers },
        body: p.body ? p.body.toString("utf8") : "",
      });
    } catch (error) {
      return exec.usage(
        `The in-process backend threw while handling ${p.method} ${p.text}: ${String(error)}`,
      );
    }
    return {
      answer: {
        status: response.status,
        headers: response.headers,
        body: Buffer.from(response.body, "utf8"),
      },
      ms: deps.latencyMs + (response.delayMs ?? 0),
    };
  };

  const wireError = (result: Extract<WireResult, { ok: false }>, url: string): string => {
    if (/TIMEOUT|TimeoutError|AbortError/i.test(result.code)) return GAS.fetchTimeout(url);
    if (result.code === "ENOTFOUND" || result.code === "EAI_AGAIN") return GAS.dnsError(url);
    return GAS.addressUnavailable(url);
  };

  /** Sends prepared requests in parallel; the execution's clock moves by the slowest one. */
  const sendAll = (batch: Prepared[]): Answer[] => {
    if (!deps.quota.take(exec.init.user, exec.cursor, batch.length)) exec.fail(GAS.urlFetchDaily);
    const start = exec.cursor;
    const answers: Array<Answer | string> = new Array(batch.length);
    let slowest = 0;
    const wire: Array<{ index: number; request: WireRequest }> = [];
    batch.forEach((p, index) => {
      if (inProcess(p)) {
        const { answer, ms } = handleInProcess(p);
        answers[index] = answer;
        slowest = Math.max(slowest, ms);
        record(p, start, ms, answer.status, null);
      } else {
        wire.push({
          index,
          request: {
            url: p.text,
            method: p.method,
            headers: p.headers,
            body: p.body,
            followRedirects: p.followRedirects,
          },
        });
      }
    });
    if (wire.length > 0) {
      const results = sendSync(
        wire.map((w) => w.request),
        deps.httpTimeoutMs,
      );
      results.forEach((result, i) => {
        const { index } = wire[i]!;
        const p = batch[index]!;
        const ms = Math.ceil(result.ms);
        slowest = Math.max(slowest, ms);
        if (result.ok) {
          answers[index] = { status: result.status, headers: result.headers, body: Buffer.from(result.body) };
          record(p, start, ms, result.status, null);
        } else {
          answers[index] = wireError(result, p.text);
          record(p, start, ms, null, answers[index]);
        }
      });
    }
    exec.spend(slowest);
    return answers.map((answer, index) => {
      if (typeof answer === "string") return exec.fail(answer);
      const p = batch[index]!;
      if (answer.status >= 400 && !p.mute) {
        exec.fail(
          GAS.requestFailed(`${p.url.protocol}//${p.url.host}`, answer.status, answer.body.toString("utf8")),
        );
      }
      return answer;
    });
  };

  const respond = (answer: Answer) => createHttpResponse(exec, answer.status, answer.headers, answer.body);

  return {
    fetch(url: unknown, params?: unknown) {
      exec.call("UrlFetchApp.fetch");
      return respond(sendAll([prepare(url, params)])[0]!);
    },
    fetchAll(requests: unknown) {
      exec.call("UrlFetchApp.fetchAll");
      if (!Array.isArray(requests)) exec.fail(GAS.signature(argTypes([requests]), "UrlFetchApp.fetchAll"));
      const batch = (requests as unknown[]).map((r) => {
        if (typeof r === "string") return prepare(r, {});
        if (!isPlainObject(r)) return exec.fail(GAS.invalidArgument("requests"));
        return prepare(r.url, r);
      });
      return exec.realm.list(sendAll(batch).map(respond));
    },
    getRequest(url: unknown, params?: unknown) {
      exec.call("UrlFetchApp.getRequest");
      const p = prepare(url, params);
      return exec.realm.of({
        url: p.text,
        method: p.method.toLowerCase(),
        headers: p.headers,
        payload: p.body ? p.body.toString("utf8") : "",
        contentType: p.headers["content-type"] ?? null,
        muteHttpExceptions: p.mute,
        followRedirects: p.followRedirects,
      });
    },
  };
}
