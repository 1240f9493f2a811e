// The thin node:http shell around the core: read, handle, wait out a fault's delay, write.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { API_VERSION } from "../src/api/contract/endpoints.ts";
import { handle } from "./core.ts";
import { createEmulatorState, type EmulatorOptions, type EmulatorState } from "./state.ts";
import type { EmulatorRequest } from "./types.ts";

export interface ServerOptions extends EmulatorOptions {
  /** Port to listen on (default 8787; 0 picks a free port). */
  port?: number;
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** Serve this state instead of creating one from the options. */
  state?: EmulatorState;
  /** How a fault's delay is waited out (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
}

export interface RunningEmulator {
  url: string;
  state: EmulatorState;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8787;

export async function startEmulatorServer(options: ServerOptions = {}): Promise<RunningEmulator> {
  const state = options.state ?? createEmulatorState(options);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const server = createServer((req, res) => {
    readRequest(req).then(
      async (request) => {
        const response = handle(request, state);
        if (response.delayMs) await sleep(response.delayMs);
        res.writeHead(response.status, {
          ...response.headers,
          "content-length": Buffer.byteLength(response.body),
        });
        res.end(response.body);
      },
      (error: unknown) => {
        res.writeHead(400, { "content-type": "application/json", api_version: API_VERSION });
        res.end(JSON.stringify({ detail: `Could not read the request: ${String(error)}` }));
      },
    );
  });
  server.keepAliveTimeout = 5000;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function readRequest(req: IncomingMessage): Promise<EmulatorRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? "/", "http://emulator.local");
  const query: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) query[key] = [...(query[key] ?? []), value];
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[key.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return {
    method: req.method ?? "GET",
    path: url.pathname,
    query,
    headers,
    body: Buffer.concat(chunks).toString("utf8"),
  };
}
