// The real v9 client wired to the emulator core in-process, and readers of the emulator's admin views.

import { DEMO_API_KEY, type EmulatorState, handle } from "../../emulator/index.ts";
import { call } from "../../emulator/testing.ts";
import { EnrichmentClient } from "../../src/api/client.ts";
import type { HttpRequest, HttpResponse, Transport } from "../../src/api/transport.ts";

export const EMULATOR_BASE_URL = "http://emulator.test";

export class EmulatorTransport implements Transport {
  readonly requests: HttpRequest[] = [];

  constructor(private readonly state: EmulatorState) {}

  send(request: HttpRequest): HttpResponse {
    this.requests.push(request);
    const url = new URL(request.url);
    const query: Record<string, string[]> = {};
    for (const [key, value] of url.searchParams) {
      query[key] ??= [];
      query[key].push(value);
    }
    const response = handle(
      {
        method: request.method,
        path: url.pathname,
        query,
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v])),
        body: request.body ?? "",
      },
      this.state,
    );
    return { status: response.status, headers: response.headers, body: response.body };
  }

  sendAll(requests: HttpRequest[]): HttpResponse[] {
    return requests.map((r) => this.send(r));
  }
}

/** A client of the emulator for `apiKey` (the demo key by default) that never retries or waits. */
export function emulatorClient(state: EmulatorState, apiKey = DEMO_API_KEY): EnrichmentClient {
  return new EnrichmentClient({
    baseUrl: EMULATOR_BASE_URL,
    apiKey,
    transport: new EmulatorTransport(state),
    clock: { now: state.now, sleep: () => {} },
    retry: { maxServerRetries: 0, maxConnectionRetries: 0 },
  });
}

export interface LedgerLine {
  id: string;
  method: string;
  path: string;
  credits: number;
  balance_after: number;
}

/** The account's charges as GET /__admin/ledger reports them. */
export function ledger(state: EmulatorState, apiKey = DEMO_API_KEY): LedgerLine[] {
  const response = call(state, "GET", "/__admin/ledger", { query: { api_key: [apiKey] }, apiKey: null });
  if (response.status !== 200) throw new Error(`ledger: ${response.text}`);
  return response.body.entries;
}

/** Credits charged since the ledger had `from` entries. */
export function chargedSince(state: EmulatorState, from: number, apiKey = DEMO_API_KEY): number {
  return ledger(state, apiKey)
    .slice(from)
    .reduce((sum, entry) => sum + entry.credits, 0);
}

/** Creates (or resets) an account through the admin API. */
export function createAccount(
  state: EmulatorState,
  apiKey: string,
  credits: number,
  options: { crm_seat?: boolean; icp?: boolean } = {},
): void {
  const response = call(state, "POST", "/__admin/accounts", {
    body: { api_key: apiKey, credits, ...options },
    apiKey: null,
  });
  if (response.status !== 200) throw new Error(`accounts: ${response.text}`);
}
