// UrlFetchApp: the in-process backend for its base URL, real HTTP for any other, every request recorded.
import type { EmulatorRequest, EmulatorResponse } from "../../emulator/types.ts";
import { argTypes } from "../arg-types.ts";
import { GAS } from "../errors.ts";
import type { Execution } from "../execution.ts";
import { sendSync, type WireRequest, type WireResult } from "../http/sync-http.ts";
import { isPlainObject } from "../realm.ts";
import type { FetchQuota } from "./fetch-quota.ts";
import { MAX_REDIRECTS, redirectTarget } from "./fetch-redirects.ts";
import { type PreparedRequest, prepareRequest } from "./fetch-request.ts";
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

export interface UrlFetchDeps {
  backend: InProcessBackend | null;
  latencyMs: number;
  httpTimeoutMs: number;
  /** An in-process answer slower than this is lost: the backend served it, the fetch throws Timeout. */
  fetchDeadlineMs: number;
  log: FetchRecord[];
  quota: FetchQuota;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export function createUrlFetchApp(exec: Execution, deps: UrlFetchDeps) {
  const prepare = (target: unknown, options: unknown) => prepareRequest(exec, target, options);

  const inProcess = (p: PreparedRequest) => !!deps.backend && p.text.startsWith(deps.backend.baseUrl);

  const record = (
    p: PreparedRequest,
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

  const handleInProcess = (p: PreparedRequest): { answer: Answer; ms: number } => {
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

  /** Sends prepared requests in parallel, following redirects where asked; the clock moves by the slowest. */
  const sendAll = (batch: PreparedRequest[]): Answer[] => {
    if (!deps.quota.take(exec.init.user, exec.cursor, batch.length)) exec.fail(GAS.urlFetchDaily);
    const answers = sendRound(batch);
    let current = batch;
    for (let hop = 0; hop < MAX_REDIRECTS; hop++) {
      const next = current.map((p, i) => {
        const answer = answers[i]!;
        return typeof answer === "string" ? null : redirectTarget(p, answer);
      });
      const follow = next.flatMap((p, i) => (p ? [{ p, i }] : []));
      if (follow.length === 0) break;
      const followed = sendRound(follow.map((f) => f.p));
      follow.forEach((f, k) => {
        answers[f.i] = followed[k]!;
      });
      current = current.map((p, i) => next[i] ?? p);
    }
    return finish(batch, answers);
  };

  /** One round: each request sent once, none followed; the clock moves by the slowest. */
  const sendRound = (batch: PreparedRequest[]): Array<Answer | string> => {
    const start = exec.cursor;
    const answers: Array<Answer | string> = new Array(batch.length);
    let slowest = 0;
    const wire: Array<{ index: number; request: WireRequest }> = [];
    batch.forEach((p, index) => {
      if (inProcess(p)) {
        const { answer, ms } = handleInProcess(p);
        if (ms > deps.fetchDeadlineMs) {
          answers[index] = GAS.fetchTimeout(p.text);
          slowest = Math.max(slowest, deps.fetchDeadlineMs);
          record(p, start, deps.fetchDeadlineMs, null, answers[index]);
          return;
        }
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
            // The fake follows redirects itself (fetch-redirects.ts), so that both paths forward the same way.
            followRedirects: false,
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
    return answers;
  };

  const finish = (batch: PreparedRequest[], answers: Array<Answer | string>): Answer[] =>
    answers.map((answer, index) => {
      if (typeof answer === "string") return exec.fail(answer);
      const p = batch[index]!;
      if (answer.status >= 400 && !p.mute) {
        exec.fail(
          GAS.requestFailed(`${p.url.protocol}//${p.url.host}`, answer.status, answer.body.toString("utf8")),
        );
      }
      return answer;
    });

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
