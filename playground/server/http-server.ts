// The playground's node:http server: the page and its assets, the JSON API, and change events (SSE).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answerApi } from "./api-routes.ts";
import type { PageAssets } from "./page-assets.ts";
import { MAX_BODY_BYTES, REQUEST_MESSAGES } from "./request-fields.ts";
import type { PlaygroundSession } from "./session.ts";

const KEEP_ALIVE_MS = 15_000;

export interface PlaygroundServer {
  url: string;
  close(): Promise<void>;
}

export async function listen(
  session: PlaygroundSession,
  assets: PageAssets,
  port: number,
  host: string,
): Promise<PlaygroundServer> {
  const streams = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    handle(session, assets, streams, req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: `The playground failed: ${String(error)}` });
      else res.end();
    });
  });
  const stopEvents = session.onChange((version) => {
    for (const stream of streams) stream.write(`data: ${JSON.stringify({ version })}\n\n`);
  });
  const keepAlive = setInterval(() => {
    for (const stream of streams) stream.write(": keep-alive\n\n");
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      closeServer(server, streams, () => {
        stopEvents();
        clearInterval(keepAlive);
      }),
  };
}

async function handle(
  session: PlaygroundSession,
  assets: PageAssets,
  streams: Set<ServerResponse>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const method = req.method ?? "GET";
  const url = new URL(req.url ?? "/", "http://playground.local");
  const asset = assets.files[url.pathname];
  if (asset) {
    if (method !== "GET")
      send(res, 405, { error: `${method} is not supported on ${url.pathname}; use GET.` });
    else {
      res.writeHead(200, { "content-type": asset.type, "cache-control": "no-store" });
      res.end(asset.body);
    }
    return;
  }
  if (url.pathname === "/api/events" && method === "GET") {
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      connection: "keep-alive",
    });
    res.write(`retry: 1000\ndata: ${JSON.stringify({ version: session.version })}\n\n`);
    streams.add(res);
    req.on("close", () => streams.delete(res));
    return;
  }
  if (!url.pathname.startsWith("/api/")) {
    send(res, 404, { error: `Nothing here: ${url.pathname}. The playground is at /.` });
    return;
  }
  const body = await readBody(req);
  if (body === null) {
    send(res, 413, { error: REQUEST_MESSAGES.tooLarge });
    return;
  }
  const answer = await answerApi(session, method, url, body);
  send(res, answer.status, answer.body);
}

/** The body as text, or null once it grows past the limit. */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(text);
}

function closeServer(server: Server, streams: Set<ServerResponse>, stop: () => void): Promise<void> {
  stop();
  for (const stream of streams) stream.end();
  streams.clear();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
