// Runs the formulas an edit left waiting a few at a time between requests, announcing results as they land.
import type { Harness } from "../../harness/index.ts";

/** Formulas per settle() call: a round's custom functions start together within one call. */
const CHUNK = 50;
/** Time the pump works before it lets requests in (the page's scrolling, another edit). */
const SLICE_MS = 25;
/** How often a new version is announced while formulas are still running. */
const ANNOUNCE_MS = 150;

export class RecalcPump {
  #running = false;
  #announced = 0;

  constructor(
    private readonly gas: Harness,
    private readonly changed: () => void,
  ) {}

  /** True while formulas wait to run. */
  get running(): boolean {
    return this.#running;
  }

  /** Starts working through what waits, unless already doing so. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#announced = performance.now();
    setImmediate(() => this.#work());
  }

  #work(): void {
    const start = performance.now();
    let done = false;
    try {
      while (!done && performance.now() - start < SLICE_MS) done = this.gas.settle(CHUNK);
    } catch (error) {
      // The harness refused (a bug in the playground or the harness): say so once and stop pumping.
      console.error(`Recalculation stopped: ${error instanceof Error ? error.message : String(error)}`);
      done = true;
    }
    if (done) this.#running = false;
    const now = performance.now();
    if (done || now - this.#announced >= ANNOUNCE_MS) {
      this.#announced = now;
      this.changed();
    }
    if (!done) setImmediate(() => this.#work());
  }
}
