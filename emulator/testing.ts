// Helpers for driving the core in-process: JSON calls with the demo key and a manual clock.
import { DEMO_API_KEY } from "./accounts.ts";
import { handle } from "./core.ts";
import type { EmulatorState } from "./state.ts";

export interface JsonResponse {
  status: number;
  headers: Record<string, string>;
  /** The parsed body (undefined when it is not JSON). */
  // biome-ignore lint/suspicious/noExplicitAny: responses are read loosely by tests; schemas check their shape.
  body: any;
  text: string;
  delayMs?: number;
}

export interface CallOptions {
  /** Serialized as JSON; use `rawBody` for text that is not JSON. */
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string[]>;
  /** Defaults to the demo key; null sends no Authorization header. */
  apiKey?: string | null;
  headers?: Record<string, string>;
}

export function call(
  state: EmulatorState,
  method: string,
  path: string,
  options: CallOptions = {},
): JsonResponse {
  const apiKey = options.apiKey === undefined ? DEMO_API_KEY : options.apiKey;
  const response = handle(
    {
      method,
      path,
      query: options.query ?? {},
      headers: {
        "content-type": "application/json",
        ...(apiKey === null ? {} : { authorization: `Bearer ${apiKey}` }),
        ...options.headers,
      },
      body: options.rawBody ?? (options.body === undefined ? "" : JSON.stringify(options.body)),
    },
    state,
  );
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  return {
    status: response.status,
    headers: response.headers,
    body,
    text: response.body,
    ...(response.delayMs !== undefined ? { delayMs: response.delayMs } : {}),
  };
}

export interface ManualClock {
  now: () => number;
  advance(ms: number): void;
}

/** A clock that starts at `start` and moves only through `advance`. */
export function manualClock(start = Date.UTC(2026, 5, 15, 12)): ManualClock {
  let time = start;
  return {
    now: () => time,
    advance: (ms) => {
      time += ms;
    },
  };
}
