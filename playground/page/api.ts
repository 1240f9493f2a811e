// The page's calls to the playground server; POSTs keep their order, except server calls, which run alongside.
import type { ActionResponse, PlaygroundState } from "../protocol";

/** The server refused a request; the message is its sentence. */
export class ApiError extends Error {
  override name = "ApiError";
}

let queue: Promise<unknown> = Promise.resolve();
let pending = 0;
const busyListeners = new Set<(busy: boolean) => void>();

export function onBusyChange(listener: (busy: boolean) => void): void {
  busyListeners.add(listener);
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const data = (await response.json()) as T | { error: string };
  if (!response.ok) throw new ApiError((data as { error: string }).error);
  return data as T;
}

export function fetchState(): Promise<PlaygroundState> {
  return request<PlaygroundState>("GET", "/api/state");
}

/**
 * Sends an action after every action sent before it has been answered. One sent `alongside` (a
 * google.script.run call, which Apps Script runs beside the others) holds up nothing sent after it.
 */
export function post(path: string, body: unknown, alongside = false): Promise<ActionResponse> {
  const setBusy = (delta: number) => {
    const wasBusy = pending > 0;
    pending += delta;
    if (wasBusy !== pending > 0) for (const listener of busyListeners) listener(pending > 0);
  };
  setBusy(1);
  const sent = queue.then(() => request<ActionResponse>("POST", path, body));
  if (!alongside) queue = sent.catch(() => undefined);
  return sent.finally(() => setBusy(-1));
}
