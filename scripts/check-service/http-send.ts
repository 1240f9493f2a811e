// Sends check-service's requests over real HTTP (Node's fetch), following no redirect and giving up after 30 s.
import type { Send } from "./run-checks.ts";

const TIMEOUT_MS = 30_000;

export const httpSend: Send = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    // A redirect could carry the key to another host; the service has no reason to send one.
    redirect: "manual",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { status: response.status, headers, text: await response.text() };
};
