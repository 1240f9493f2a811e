// The page's calls to the playground server; POSTs keep their order, except server calls, which run alongside.
import type { ActionResponse, GridWindow, PlaygroundState } from "../protocol";

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

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    method,
    ...(signal ? { signal } : {}),
    headers: body === undefined ? {} : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const data = (await response.json()) as T | { error: string };
  if (!response.ok) throw new ApiError((data as { error: string }).error);
  return data as T;
}

/** The state, with the cells of `window` of the active sheet; `signal` may abort the request. */
export function fetchState(window: GridWindow, signal?: AbortSignal): Promise<PlaygroundState> {
  const query = `rows=${window.top}-${window.bottom}&cols=${window.left}-${window.right}`;
  return request<PlaygroundState>("GET", `/api/state?${query}`, undefined, signal);
}

/** A GET answered as data (Ctrl+arrow's landing cell). */
export function get<T>(path: string): Promise<T> {
  return request<T>("GET", path);
}

/**
 * A GET answered before returning, for the copy event, which must fill the clipboard before it returns
 * (only when the range copied is larger than the cells the page holds).
 */
export function getNow<T>(path: string): T {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", path, false);
  xhr.send();
  const data = JSON.parse(xhr.responseText) as T | { error: string };
  if (xhr.status !== 200) throw new ApiError((data as { error: string }).error);
  return data as T;
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
