// What the commands share: the known-bug switches, service faults, and the sidebar's polling until a job rests.
import type fc from "fast-check";
import type { Real } from "./check.ts";
import type { Model } from "./model.ts";
import { addFault, FIRST_ROW, KNOWN, LAST_ROW, NOT_ORG, NOT_ORG_TEXT, tryRun, type World } from "./world.ts";

export type Cmd = fc.Command<Model, Real>;

/** Switches on commands that trigger bugs known today (see README): their sequences fail until fixed. */
export const KNOWN_BUGS = [
  "rerun",
  "formula-lost",
  "two-rules",
  "copy",
  "sort-refresh",
  "sort-in-flight",
  "addon-sheet-edit",
  "enrich-after-lost",
  "addon-sheet-delete",
  "rename-target",
  "fault-after-charge",
  "edit-before-rule",
] as const;
export type KnownBug = (typeof KNOWN_BUGS)[number];

/**
 * Switches whose bug is fixed: their commands are on in every run (fixed seeds and `npm run model`), and
 * their shrunk sequences in regressions/ are plain tests. Move a switch here when its fix lands.
 */
export const FIXED: readonly KnownBug[] = [
  "rerun",
  "copy",
  "two-rules",
  "rename-target",
  "enrich-after-lost",
  "addon-sheet-delete",
  "formula-lost",
  "fault-after-charge",
  "addon-sheet-edit",
  "sort-in-flight",
  "edit-before-rule",
  "sort-refresh",
];
// "sort-refresh" is fixed: its fifth sequence (campaign `--bugs sort-refresh --seed 505 --runs 30
// --max-commands 35 --weights Enrich=3,SaveRule=5,RefreshNow=8,SortSheet=3,SortIdentifiers=3,Advance=2,
// RenameTarget=2,Resume=2`, replayPath "BAABCNE:VB") is regressions/two-sheets-sort-refresh.test.ts.

export const FINAL = ["done", "stopped", "failed", "out_of_credits"];
export const RUN_REQUEST = {
  sheetName: "Sheet1",
  inputRange: `A${FIRST_ROW}:A${LAST_ROW}`,
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

/** The Enrich tab's request for the target sheet, under whatever name it has now. */
export const runRequest = (r: Real) => ({ ...RUN_REQUEST, sheetName: r.target });

export type Fault =
  | "none"
  | "429"
  | "500"
  | "502"
  | "503 Retry-After"
  | "504"
  | "504 Retry-After"
  | "truncated"
  | "not JSON"
  | "delay";
export const FAULTS: Record<Exclude<Fault, "none">, Record<string, unknown>> = {
  "429": { status: 429, count: 1 },
  "500": { status: 500, count: 1 },
  // A gateway in trouble: answered before the service ran, so nothing is charged.
  "502": { status: 502, count: 1 },
  "503 Retry-After": { status: 503, retry_after: 20, count: 1 },
  "504": { status: 504, count: 1 },
  "504 Retry-After": { status: 504, retry_after: 90, count: 1 },
  truncated: { body: "truncated", count: 1 },
  // A 200 whose body is a proxy's HTML page, not JSON: the service ran and charged, the answer is lost.
  "not JSON": { body: "malformed", count: 1 },
  // Held past UrlFetch's deadline (world.ts): the service charged it, the answer never arrives.
  delay: { delay_ms: 90_000, count: 1 },
};
export const LOSES = (fault: Fault) => fault === "truncated" || fault === "delay" || fault === "not JSON";

export function armFault(world: World, fault: Fault): void {
  if (fault !== "none") addFault(world, { path: "/v9/organizations", ...FAULTS[fault] });
}

export interface Status {
  jobId: string;
  state: string;
  lostRows: number;
  canResume: boolean;
  creditsSpent: number;
}

/** Polls as the open sidebar does, 5 minutes apart, until the job rests; a killed poll is retried. */
export function settle(model: Model, world: World, jobId: string): Status {
  let status: Status | undefined;
  for (let polls = 0; polls < 12; polls++) {
    if (polls > 0) world.gas.clock.advance("5m");
    const answer = tryRun(world, "pollJobs");
    if ("error" in answer) continue;
    status = (answer.ok as Status[]).find((s) => s.jobId === jobId);
    if (status && FINAL.includes(status.state)) break;
  }
  model.now = world.gas.clock.now();
  if (!status || !FINAL.includes(status.state)) throw new Error(`job ${jobId} never came to rest`);
  return status;
}

/** How a sequence names an identifier: org<i> is the emulator's i-th organization's domain. */
export const label = (id: number) =>
  id === NOT_ORG ? NOT_ORG_TEXT : id < 0 ? "blank" : id >= KNOWN ? "unknown.example" : `org${id}`;
