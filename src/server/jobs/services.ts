// The job machinery of one execution in one spreadsheet: queue, rules, clock, time budget and deployment.

import type { Clock } from "../../api/retry/clock";
import { JOBS_SHEET, PRINTS_SHEET } from "../../core/addon-sheets/registry";
import { ChunkedStore } from "../../core/jobs/chunked-store";
import { newId } from "../../core/jobs/ids";
import type { Home } from "../../core/jobs/job";
import { JobQueue } from "../../core/jobs/queue";
import { RuleStore } from "../../core/jobs/refresh-rules";
import type { Deployment } from "../../core/jobs/trigger-plan";
import type { WorkbookPort } from "../../core/sheet/port";
import { scriptCache, userCache } from "../../platform/cache";
import { appsScriptClock } from "../../platform/clock";
import { currentDeployment } from "../../platform/deployment";
import { jobsMutex } from "../../platform/lock";
import { propertyStore } from "../../platform/properties";
import { SHEET_PART_BYTES, sheetStore, type VersionStamp } from "../../platform/sheet-store";
import { activeSpreadsheet, type Spreadsheet, workbookOf } from "../../platform/spreadsheet";
import { moveFromProperties } from "./move-from-properties";
import { bringRulesBack, type JobsSheetLoss } from "./rules-copy";
import { bringRunsBack } from "./runs-back";

/** Work stops well before Apps Script's 6-minute limit: the rest is left for writes and checkpoints. */
export const JOB_BUDGET_MS = 270_000;
/** The one trigger handler for every kind of job (a top-level function of src/main.ts). */
export const DISPATCH_HANDLER = "dispatchJobs";
/**
 * Diagnostics' one-off trigger (src/server/diagnostics). An add-on may hold one time trigger per user and
 * document, so a waiting Diagnostics trigger gives its slot to background work.
 */
export const DIAGNOSTICS_HANDLER = "diagnosticsTrigger";
/*
 * The spreadsheet's jobs and refresh rules live in the hidden sheet JOBS_SHEET: a clock trigger of a
 * published add-on has no document properties, but it can open the spreadsheet by id and read this sheet.
 * Each refresh rule's row prints (~14 bytes a row) live apart, in PRINTS_SHEET: the jobs sheet is read
 * whole on every poll and keeps to 500 KB; the prints are read only when a refresh starts or ends.
 */
/** Room for the prints of 20 rules of 15,000 rows each. */
const PRINTS_STORE_BYTES = 5_000_000;

export const NO_DOCUMENT_MESSAGE =
  "Background jobs need a spreadsheet: open the add-on from the Google Sheets file you want to enrich.";

export interface JobServices {
  clock: Clock;
  /** When this execution's work must be over (its start plus the budget). */
  deadline: number;
  store: ChunkedStore;
  queue: JobQueue;
  rules: RuleStore;
  /** Refresh rules' row prints (see PRINTS_SHEET), opened when first asked for. */
  readonly prints: ChunkedStore;
  /** Read when first asked for (a poll that finds nothing to do reads no script property). */
  readonly deployment: Deployment;
  /** The spreadsheet the jobs belong to, and its id (the trigger's index of work is kept by id). */
  workbook: WorkbookPort;
  spreadsheetId: string;
  /** This spreadsheet as the home of the jobs and rules started here (its name read when first asked for). */
  home(): Home;
  /** True where the execution runs in the spreadsheet (an add-on may create triggers only there). */
  inDocument: boolean;
  /** What a person did to the jobs sheet, as this execution found it (null: nothing, or not in the document). */
  jobsLoss: JobsSheetLoss | null;
  newId(): string;
  /**
   * Who this execution runs for: an id kept in the user's own properties (no e-mail scope needed), so
   * jobs run only in their starter's executions, with their key.
   */
  ownerId(): string;
}

const OWNER_PROPERTY = "JOBS_OWNER_ID";
/** The owner id is read on every poll: the user cache keeps it off the daily properties quota. */
const OWNER_CACHE_SECONDS = 21_600;

function userOwnerId(clock: Clock): string {
  const cache = userCache();
  const cached = cache.get(OWNER_PROPERTY);
  if (cached) return cached;
  const user = propertyStore("user");
  if (!user) throw new Error(NO_DOCUMENT_MESSAGE);
  let id = user.get(OWNER_PROPERTY);
  if (!id) {
    id = newId(clock.now());
    user.put(OWNER_PROPERTY, id);
  }
  cache.put(OWNER_PROPERTY, id, OWNER_CACHE_SECONDS);
  return id;
}

/** Apps Script's longest cache lifetime, 6 hours: every write of the store starts it again. */
const STAMP_CACHE_SECONDS = 21_600;

/**
 * The job store's version stamp (see sheetStore), per spreadsheet, in the script cache: the one cache a
 * published add-on's trigger (no document) and every person's sidebar in the file all reach.
 */
function jobsStamp(spreadsheetId: string): VersionStamp {
  const key = `jobs-stamp:${spreadsheetId}`;
  let cache: ReturnType<typeof scriptCache> | null = null;
  const shared = () => (cache ??= scriptCache());
  return {
    get: () => shared().get(key),
    put: (value) => shared().put(key, value, STAMP_CACHE_SECONDS),
  };
}

/**
 * The jobs of `book` (default: the spreadsheet this execution runs in). A trigger serving several
 * spreadsheets passes each one it opened by id, and one deadline for them all.
 */
export function jobServices(book: Spreadsheet | null = activeSpreadsheet(), deadline?: number): JobServices {
  if (!book) throw new Error(NO_DOCUMENT_MESSAGE);
  const clock = appsScriptClock;
  const sheet = sheetStore(book, JOBS_SHEET, jobsStamp(book.getId()), { copy: true });
  const store = new ChunkedStore({
    store: sheet,
    partBytes: SHEET_PART_BYTES,
    // Kept to what properties held before: the whole store is read on every poll.
    limitWords: "the add-on keeps for background work per spreadsheet",
  });
  let deployment: Deployment | null = null;
  let prints: ChunkedStore | null = null;
  let owner: string | null = null;
  let home: Home | null = null;
  const homeHere = (): Home => {
    home ??= { id: book.getId(), name: book.getName() };
    return home;
  };
  const services: JobServices = {
    clock,
    deadline: deadline ?? clock.now() + JOB_BUDGET_MS,
    store,
    queue: new JobQueue({ store, mutex: jobsMutex(), clock, home: homeHere }),
    rules: new RuleStore(store, homeHere),
    get prints() {
      prints ??= new ChunkedStore({
        store: sheetStore(book, PRINTS_SHEET),
        partBytes: SHEET_PART_BYTES,
        storeBytes: PRINTS_STORE_BYTES,
        limitWords: "the add-on keeps for new-row detection per spreadsheet",
      });
      return prints;
    },
    get deployment() {
      deployment ??= currentDeployment();
      return deployment;
    },
    workbook: workbookOf(book),
    spreadsheetId: book.getId(),
    home: homeHere,
    inDocument: activeSpreadsheet() !== null,
    jobsLoss: null,
    newId: () => newId(clock.now()),
    ownerId: () => {
      owner ??= userOwnerId(clock);
      return owner;
    },
  };
  if (services.inDocument) {
    const read = moveFromProperties(services.queue, services.store);
    // A sheet deleted, or a record's row a person typed over or cleared: what it held is brought back.
    const loss = !sheet.found() ? "deleted" : sheet.damaged() ? "edited" : null;
    services.jobsLoss = loss;
    bringRulesBack(services, loss, read);
    if (loss !== null) bringRunsBack(services, loss);
    if (loss === "edited") services.queue.locked(() => sheet.tidy());
  }
  return services;
}
