// The JSON API's routes: each reads its request, acts on the session and answers with JSON.
import { HarnessUsageError } from "../../harness/index.ts";
import type { ActionResponse, ActionResult } from "../protocol.ts";
import {
  BadRequest,
  parseBody,
  readCopy,
  readEdge,
  readFill,
  readMenu,
  readRun,
  readSelect,
  readSetCells,
  readSheet,
  readText,
  readWindow,
} from "./request-fields.ts";
import { PlaygroundRequestError, type PlaygroundSession } from "./session.ts";

export interface ApiAnswer {
  status: number;
  body: unknown;
}

type Route = (
  session: PlaygroundSession,
  body: string,
  query: URLSearchParams,
) => ApiAnswer | Promise<ApiAnswer>;

const action = (session: PlaygroundSession, result: ActionResult): ApiAnswer => ({
  status: 200,
  body: { version: session.version, result } satisfies ActionResponse,
});

export const ROUTES: Record<string, Partial<Record<"GET" | "POST", Route>>> = {
  "/api/state": {
    GET: (session, _body, query) => ({
      status: 200,
      body: session.state(query.get("sheet") ?? undefined, readWindow(query)),
    }),
  },
  "/api/fill": {
    POST: (session, body) => {
      const request = readFill(parseBody(body));
      session.fill(request.sheet, request.a1);
      return action(session, { status: "done", value: null });
    },
  },
  "/api/copy": {
    POST: (session, body) => {
      const request = readCopy(parseBody(body));
      session.copy(request.sheet, request.from, request.to, request.fromSheet);
      return action(session, { status: "done", value: null });
    },
  },
  "/api/undo": {
    POST: (session, body) => {
      parseBody(body);
      return action(session, session.undo());
    },
  },
  "/api/edge": {
    GET: (session, _body, query) => {
      const request = readEdge(query);
      return { status: 200, body: { a1: session.edge(request.sheet, request.a1, request.direction) } };
    },
  },
  "/api/last-cell": {
    GET: (session, _body, query) => ({
      status: 200,
      body: { a1: session.lastCell(readSheet(query)) },
    }),
  },
  "/api/text": {
    GET: (session, _body, query) => {
      const request = readText(query);
      return { status: 200, body: { text: session.text(request.sheet, request.a1) } };
    },
  },
  "/api/cells": {
    POST: (session, body) => {
      const request = readSetCells(parseBody(body));
      session.setCells(request.sheet, request.a1, request.values);
      return action(session, { status: "done", value: null });
    },
  },
  "/api/select": {
    POST: (session, body) => {
      const request = readSelect(parseBody(body));
      session.select(request.sheet, request.a1);
      return action(session, { status: "done", value: null });
    },
  },
  "/api/sheets": {
    POST: (session, body) => {
      parseBody(body);
      return action(session, session.addSheet());
    },
  },
  "/api/menu": {
    POST: (session, body) => {
      const request = readMenu(parseBody(body));
      return action(session, session.menu(request.label, request.answers));
    },
  },
  "/api/run": {
    // A google.script.run call runs alongside the ones already running, as Apps Script runs them.
    POST: async (session, body) => {
      const request = readRun(parseBody(body));
      return action(session, await session.runLive(request.name, request.args, request.answers));
    },
  },
};

/** Answers one API request; every refusal is a status and a sentence, never a stack trace. */
export async function answerApi(
  session: PlaygroundSession,
  method: string,
  url: URL,
  body: string,
): Promise<ApiAnswer> {
  const route = ROUTES[url.pathname];
  if (!route) return refuse(404, `No such endpoint: ${method} ${url.pathname}.`);
  const handler = route[method as "GET" | "POST"];
  if (!handler) {
    const allowed = Object.keys(route).join(" or ");
    return refuse(405, `${method} is not supported on ${url.pathname}; use ${allowed}.`);
  }
  try {
    return await handler(session, body, url.searchParams);
  } catch (error) {
    if (error instanceof BadRequest) return refuse(error.status, error.message);
    // Something the spreadsheet cannot do as asked (an unknown sheet, a value too long for a cell).
    if (error instanceof PlaygroundRequestError || error instanceof HarnessUsageError) {
      return refuse(400, error.message);
    }
    return refuse(500, `The playground failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function refuse(status: number, error: string): ApiAnswer {
  return { status, body: { error } };
}
