// Worker thread behind real-HTTP mode: sends a batch of requests in parallel with undici.
import { runAsWorker } from "synckit";
import { Agent, interceptors, request } from "undici";

// Plain JavaScript on purpose: Node 20 worker threads cannot load .ts files through tsx.

const following = new Agent().compose(interceptors.redirect({ maxRedirections: 10 }));
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
          dispatcher: r.followRedirects ? following : direct,
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
