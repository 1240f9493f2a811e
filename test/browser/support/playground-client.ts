// Talks to a running playground's JSON API the way the page does, for tests.
import { parseA1 } from "../../../harness/a1.ts";
import type { ActionResponse, PlaygroundState } from "../../../playground/protocol.ts";

export interface Answer<T> {
  status: number;
  body: T;
}

export function playgroundClient(url: string) {
  const send = async <T>(method: string, path: string, body?: unknown, raw?: string): Promise<Answer<T>> => {
    const response = await fetch(`${url}${path}`, {
      method,
      ...(raw !== undefined ? { body: raw } : body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  return {
    send,
    /** The state once the formulas edits left running have finished (the server answers edits at once). */
    async state(sheet?: string, window = ""): Promise<PlaygroundState> {
      const query = [sheet ? `sheet=${encodeURIComponent(sheet)}` : "", window].filter(Boolean).join("&");
      for (;;) {
        const answer = await send<PlaygroundState>("GET", `/api/state${query ? `?${query}` : ""}`);
        if (answer.status !== 200)
          throw new Error(`GET /api/state answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        if (!answer.body.calculating) return answer.body;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async post(path: string, body: unknown): Promise<ActionResponse> {
      const answer = await send<ActionResponse>("POST", path, body);
      if (answer.status !== 200)
        throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body;
    },
  };
}

/** The display text of a cell in a state's sheet ("" when empty). */
export function shown(state: PlaygroundState, a1: string): string {
  const ref = parseA1(a1);
  if (!ref) throw new Error(`not a cell: ${a1}`);
  return state.sheet.cells.find((c) => c.row === ref.startRow && c.col === ref.startCol)?.display ?? "";
}
