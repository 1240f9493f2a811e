// One playground spreadsheet: the add-on in the harness, driven as the Sheets window drives Apps Script.
import { parseA1 } from "../../harness/a1.ts";
import {
  type Clock,
  createHarness,
  type Harness,
  HarnessUsageError,
  type InProcessBackend,
  type MenuEntry,
  ScriptError,
  type SheetSeed,
} from "../../harness/index.ts";
import type {
  ActionResult,
  DialogAnswer,
  GridWindow,
  HtmlPanelView,
  MenuNode,
  PlaygroundState,
  ServiceView,
} from "../protocol.ts";
import type { AppsScriptProject } from "./apps-script-project.ts";
import { askedWithoutAnswer, runWithDialogs } from "./dialog-replay.ts";
import { createSpreadsheetEvaluator } from "./formula/spreadsheet-evaluator.ts";
import { RecalcPump } from "./recalc-pump.ts";
import type { Direction } from "./request-fields.ts";
import { SheetEdits } from "./sheet-edits.ts";
import { sheetSnapshot, textWidths } from "./sheet-snapshot.ts";

export interface SessionOptions {
  project: AppsScriptProject;
  clock: Clock;
  /** The in-process emulator, or null for real HTTP to `service.baseUrl`. */
  backend: InProcessBackend | null;
  service: ServiceView;
  /** The key formulas and the sidebar use until someone saves their own (a team key, as the script property). */
  apiKey: string;
  spreadsheetName: string;
  sheets: SheetSeed[];
  timeZone: string;
  /** The add-on's name, shown as its submenu under Extensions. */
  addonName: string;
  /** How long one request to the in-process emulator takes; sidebar calls wait it out in real time. */
  fetchLatencyMs?: number;
}

interface SpreadsheetView {
  name: string;
  sheets: Array<{ name: string; hidden: boolean }>;
  active: string;
  selection: string | null;
}

/** Thrown for a request that names something the spreadsheet does not have; the message says what instead. */
export class PlaygroundRequestError extends Error {
  override name = "PlaygroundRequestError";
}

const SHOWN_TOASTS = 5;
/** The part of a sheet the state holds when nobody says which. */
const DEFAULT_WINDOW: GridWindow = { top: 1, bottom: 1000, left: 1, right: 100 };

export class PlaygroundSession {
  #version = 1;
  #view: SpreadsheetView;
  readonly #listeners = new Set<(version: number) => void>();
  readonly #pump: RecalcPump;
  readonly #edits: SheetEdits;
  /** The column text widths measured at a version, per sheet: re-measured only after a change. */
  #widths = new Map<string, { version: number; widths: number[] }>();

  private constructor(
    private readonly gas: Harness,
    private readonly options: SessionOptions,
  ) {
    this.#view = this.#readView();
    this.#pump = new RecalcPump(gas, () => this.#changed());
    // An edit is answered at once; its formulas run afterwards, a few at a time.
    this.#edits = new SheetEdits(gas, () => {
      this.#changed();
      this.#pump.start();
    });
  }

  static async create(options: SessionOptions): Promise<PlaygroundSession> {
    let session: PlaygroundSession | null = null;
    const seeded = options.sheets.map((s) => s.name);
    const evaluator = createSpreadsheetEvaluator({
      functionNames: options.project.allFunctions,
      timeZone: options.timeZone,
      // Before the session exists only the seeded sheets can be named.
      sheetNames: (fresh) => (session ? session.#sheetNames(fresh) : seeded),
    });
    const gas = await createHarness({
      bundlePath: options.project.bundlePath,
      clock: options.clock,
      ...(options.backend ? { emulator: options.backend } : {}),
      ...(options.fetchLatencyMs !== undefined ? { latencyMs: options.fetchLatencyMs } : {}),
      scriptProperties: { API_BASE_URL: options.service.baseUrl, API_KEY: options.apiKey },
      spreadsheetName: options.spreadsheetName,
      sheets: options.sheets,
      timeZone: options.timeZone,
      evaluator,
    });
    gas.open();
    session = new PlaygroundSession(gas, options);
    return session;
  }

  get version(): number {
    return this.#version;
  }

  get harness(): Harness {
    return this.gas;
  }

  /** Calls `listener` with the new version after every change; returns a function that stops it. */
  onChange(listener: (version: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** True while formulas an edit affected are still running. */
  get calculating(): boolean {
    return this.#pump.running;
  }

  /** Everything the page shows, with the cells of `window` (rows and columns) of the sheet asked for. */
  state(sheetName?: string, window: GridWindow = DEFAULT_WINDOW): PlaygroundState {
    const view = this.#view;
    const name = sheetName ?? view.active;
    this.#requireSheet(name);
    const panels = this.gas.ui.shown;
    const sidebar = [...panels].reverse().find((p) => p.kind === "sidebar");
    const dialog = [...panels].reverse().find((p) => p.kind !== "sidebar");
    const toasts = this.gas.toasts;
    return {
      version: this.#version,
      calculating: this.#pump.running,
      spreadsheetName: view.name,
      sheets: view.sheets,
      activeSheet: view.active,
      selection: view.selection,
      sheet: sheetSnapshot(this.gas, name, window, this.#textWidths(name)),
      addonMenu: { title: this.options.addonName, items: menuNodes(this.gas.menuItems()) },
      sidebar: sidebar ? panel(sidebar) : null,
      dialog: dialog ? panel(dialog) : null,
      toasts: toasts.slice(-SHOWN_TOASTS).map((t, i) => ({
        id: Math.max(0, toasts.length - SHOWN_TOASTS) + i + 1,
        title: t.title,
        message: t.message,
      })),
      service: this.options.service,
      serverFunctions: this.options.project.addonFunctions,
    };
  }

  /** Types rows of text into the sheet from `a1`, as a person typing or pasting would. */
  setCells(sheetName: string, a1: string, values: string[][]): void {
    const sheet = this.#requireSheet(sheetName);
    const ref = parseA1(a1);
    if (!ref || ref.sheet !== null || ref.endRow !== ref.startRow || ref.endCol !== ref.startCol) {
      throw new PlaygroundRequestError(`"a1" must be one cell such as "B2"; got ${JSON.stringify(a1)}.`);
    }
    this.#edits.type(sheet, a1, values);
  }

  /** Fill down (Ctrl+D or the fill handle): the range's top row copied into every row below it. */
  fill(sheetName: string, a1: string): void {
    this.#edits.fill(this.#requireSheet(sheetName), a1);
  }

  /** Pastes the range `from`, copied in the grid (on `fromSheet`, by default the same sheet), at the cell `to`. */
  copy(sheetName: string, from: string, to: string, fromSheet: string = sheetName): void {
    this.#edits.copy(this.#requireSheet(sheetName), from, to, this.#requireSheet(fromSheet));
  }

  /** Takes back the latest edit made in the grid (typing, fill, paste, undo's own writes excluded). */
  undo(): ActionResult {
    const undone = this.#edits.undo();
    return { status: "done", value: undone };
  }

  /** Where Ctrl+arrow from `a1` lands. */
  edge(sheetName: string, a1: string, direction: Direction): string {
    return this.#edits.edge(this.#requireSheet(sheetName), a1, direction);
  }

  /** Ctrl+End's cell: the last row and column with data. */
  lastCell(sheetName: string): string {
    return this.#edits.lastCell(this.#requireSheet(sheetName));
  }

  /** A range as tab-separated display text, for the clipboard. */
  text(sheetName: string, a1: string): string {
    return this.#edits.text(this.#requireSheet(sheetName), a1);
  }

  /** Selects a range and its sheet, as clicking in the grid or on a tab does. */
  select(sheetName: string, a1: string): void {
    const sheet = this.#requireSheet(sheetName);
    const ref = parseA1(a1);
    if (!ref || ref.sheet !== null) {
      throw new PlaygroundRequestError(
        `"a1" must be a cell or range such as "B2" or "A2:C9"; got ${JSON.stringify(a1)}.`,
      );
    }
    this.gas.select(`${quoteSheet(sheet)}!${a1}`);
    // Not a change to what the page shows, and no script runs for it: the page already shows its selection.
    this.#view = { ...this.#view, active: sheet, selection: a1.replaceAll("$", "").toUpperCase() };
  }

  /** The "+" beside the tabs. */
  addSheet(): ActionResult {
    const name = this.gas.run("playgroundAddSheet") as string;
    this.#changed();
    return { status: "done", value: name };
  }

  /** Clicks an item of the add-on menu. */
  menu(label: string, answers: readonly DialogAnswer[]): ActionResult {
    if (!menuLabels(menuNodes(this.gas.menuItems())).includes(label)) {
      throw new PlaygroundRequestError(`The add-on menu has no item labelled ${JSON.stringify(label)}.`);
    }
    const outcome = runWithDialogs(this.gas, answers, () => this.gas.menu(label));
    this.#changed();
    if (outcome.kind === "dialog") return { status: "dialog", dialog: outcome.dialog };
    if (outcome.kind === "failed") return { status: "failed", error: messageOf(outcome.error) };
    return outcome.value.status === "failed"
      ? { status: "failed", error: outcome.value.error ?? "" }
      : { status: "done", value: null };
  }

  /** A google.script.run call: the value, or the failure message the failure handler receives. */
  run(name: string, args: unknown[], answers: readonly DialogAnswer[]): ActionResult {
    if (!this.options.project.addonFunctions.includes(name)) {
      // What the platform says for a name the project does not define.
      return { status: "failed", error: `Script function not found: ${name}` };
    }
    const outcome = runWithDialogs(this.gas, answers, () => this.gas.run(name, ...args));
    this.#changed();
    if (outcome.kind === "dialog") return { status: "dialog", dialog: outcome.dialog };
    if (outcome.kind === "failed") return { status: "failed", error: messageOf(outcome.error) };
    return { status: "done", value: outcome.value ?? null };
  }

  /**
   * A google.script.run call on its own thread, so another (Stop, a poll) can run while it does. An action
   * that asks the person something is run again the way dialogs are answered.
   */
  async runLive(name: string, args: unknown[], answers: readonly DialogAnswer[]): Promise<ActionResult> {
    if (answers.length > 0 || !this.options.project.addonFunctions.includes(name)) {
      return this.run(name, args, answers);
    }
    const executionsBefore = this.gas.executions.length;
    try {
      const value = await this.gas.runLive(name, ...args);
      return { status: "done", value: value ?? null };
    } catch (error) {
      if (error instanceof HarnessUsageError && askedWithoutAnswer(this.gas, executionsBefore)) {
        return this.run(name, args, answers);
      }
      return { status: "failed", error: messageOf(error) };
    } finally {
      this.#changed();
    }
  }

  /** Moves harness time up to the wall clock, firing the time-driven triggers that fall due. */
  tick(now: number = Date.now()): void {
    const executions = this.gas.executions.length;
    const behind = now - this.gas.clock.now();
    if (behind > 0) this.gas.clock.advance(behind);
    if (this.gas.executions.length !== executions) this.#changed();
  }

  #textWidths(sheet: string): number[] {
    const known = this.#widths.get(sheet);
    if (known?.version === this.#version) return known.widths;
    const widths = textWidths(this.gas, sheet);
    this.#widths.set(sheet, { version: this.#version, widths });
    return widths;
  }

  #changed(): void {
    this.#view = this.#readView();
    this.#version++;
    for (const listener of this.#listeners) listener(this.#version);
  }

  #readView(): SpreadsheetView {
    return this.gas.run("playgroundView") as SpreadsheetView;
  }

  #sheetNames(fresh: boolean): string[] {
    if (fresh) this.#view = this.#readView();
    return this.#view.sheets.map((s) => s.name);
  }

  #requireSheet(name: string): string {
    const found = this.#view.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (!found) {
      const names = this.#view.sheets.map((s) => JSON.stringify(s.name)).join(", ");
      throw new PlaygroundRequestError(`No sheet named ${JSON.stringify(name)}; the sheets are ${names}.`);
    }
    return found.name;
  }
}

function panel(shown: Harness["ui"]["shown"][number]): HtmlPanelView {
  return {
    id: shown.executionId,
    kind: shown.kind,
    title: shown.title,
    html: shown.html.content,
    width: shown.html.width,
    height: shown.html.height,
  };
}

function menuNodes(entries: MenuEntry[]): MenuNode[] {
  return entries.map((entry) =>
    "items" in entry
      ? { label: entry.label, items: menuNodes(entry.items) }
      : "separator" in entry
        ? { separator: true }
        : { label: entry.label },
  );
}

function menuLabels(items: MenuNode[]): string[] {
  return items.flatMap((item) =>
    "items" in item ? menuLabels(item.items) : "label" in item ? [item.label] : [],
  );
}

function quoteSheet(name: string): string {
  return `'${name.replaceAll("'", "''")}'`;
}

function messageOf(error: unknown): string {
  if (error instanceof ScriptError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
