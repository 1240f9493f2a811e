// Worker thread behind real-HTTP mode: sends a batch of requests in parallel with undici.
import { runAsWorker } from "synckit";
import { Agent, request } from "undici";

// Plain JavaScript on purpose: Node 20 worker threads cannot load .ts files through tsx.

const direct = new Agent();

runAsWorker(async (requests, timeoutMs) =>
  Promise.all(
    requests.map(async (r) => {
      const started = performance.now();
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const response = await request(r.url, {
          method: r.method,
          headers: r.headers,
          body: r.body ?? undefined,
          // Redirects come back as they are: the UrlFetchApp fake follows them (harness/fakes/fetch-redirects.ts).
          dispatcher: direct,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          signal,
        });
        const body = new Uint8Array(await response.body.arrayBuffer());
        return {
          ok: true,
          status: response.statusCode,
          headers: response.headers,
          body,
          ms: performance.now() - started,
        };
      } catch (error) {
        const code = signal.aborted
          ? "TIMEOUT"
          : (error?.code ?? error?.cause?.code ?? error?.name ?? "ERROR");
        return {
          ok: false,
          code: String(code),
          message: String(error?.message ?? error),
          ms: performance.now() - started,
        };
      }
    }),
  ),
);
