// The run's checkpoints, each after the writes it vouches for, and the stop a checkpoint may bring back.
import type { HeldWrites } from "./held-writes";
import type { BulkRunEnv } from "./run-env";
import type { BulkState } from "./state";

export class Checkpoint {
  /** Changes made since the last checkpoint, left for the next one (see defer). */
  unsaved = false;
  /** A stop was asked for: answered by a checkpoint, honoured before the next wave. */
  stopRequested = false;

  constructor(
    private readonly state: BulkState,
    private readonly env: Pick<BulkRunEnv, "save">,
    private readonly writes: HeldWrites,
  ) {}

  /**
   * Every checkpoint comes after the writes it vouches for: a chunk marked done is in the sheet. A wave's
   * intent vouches for no write: queued labels (still in labelsRow) wait for the wave's block.
   */
  save(intent = false): void {
    if (!(intent && this.writes.labelsQueued)) this.writes.flush();
    this.unsaved = false;
    if (this.env.save(this.state).stopRequested) this.stopRequested = true;
  }

  /** Writes what is held now and leaves the checkpoint to the next save (see the runner's endWave). */
  defer(): void {
    this.writes.flush();
    this.unsaved = true;
  }
}
