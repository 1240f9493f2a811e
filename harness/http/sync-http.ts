// Real HTTP from synchronous code: block on a synckit worker, with a timeout on every request.
import { fileURLToPath } from "node:url";
import { createSyncFn } from "synckit";

export interface WireRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
  followRedirects: boolean;
}

export type WireResult =
  | { ok: true; status: number; headers: Record<string, string | string[]>; body: Uint8Array; ms: number }
  | { ok: false; code: string; message: string; ms: number };

export const MAX_HTTP_TIMEOUT_MS = 120_000;

const WORKER = fileURLToPath(new URL("./http-worker.mjs", import.meta.url));
let send: ((requests: WireRequest[], timeoutMs: number) => WireResult[]) | null = null;

export function sendSync(requests: WireRequest[], timeoutMs: number): WireResult[] {
  // synckit keeps one worker per path and fixes its wait limit when it starts it: the longest allowed
  // request time plus a margin, so a lost worker can never hang the caller.
  send ??= createSyncFn(WORKER, { timeout: MAX_HTTP_TIMEOUT_MS + 10_000 });
  return send(requests, Math.min(timeoutMs, MAX_HTTP_TIMEOUT_MS));
}
