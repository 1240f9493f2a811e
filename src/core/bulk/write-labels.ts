// The labels above a run's new columns and the Status header, held to go out with the first wave's block.
import { cellText, fieldLabel } from "../sheet/cells";
import type { Checkpoint } from "./checkpoint";
import type { HeldWrites } from "./held-writes";
import { planWrites } from "./output";
import type { WavePlanner } from "./plan-wave";
import { type AreaReader, sliceArea } from "./read-area";
import type { BulkRunEnv } from "./run-env";
import { type BulkState, chunkBounds } from "./state";
import type { StatusColumn } from "./status-column";

export interface LabelParts {
  state: BulkState;
  env: Pick<BulkRunEnv, "header">;
  planner: WavePlanner;
  reader: AreaReader;
  writes: HeldWrites;
  statuses: StatusColumn;
  checkpoint: Checkpoint;
}

export function writeLabels({ state, env, planner, reader, writes, statuses, checkpoint }: LabelParts): void {
  const row = state.labelsRow;
  if (row === null) {
    // Values into existing columns: their headers are the sheet's, but the Status column gets its own.
    if (state.headerRow !== null && state.rowsDone === 0) statuses.writeHeader(state.headerRow);
    return;
  }
  // The labels' cells and the Status header's, in one read when they sit side by side, with the rows of
  // the first wave below them when those follow at once (what readAhead would read next).
  const chunks = planner.pendingChunks().slice(0, planner.waveSize());
  const last = chunks[chunks.length - 1];
  const below =
    last !== undefined && chunks[0] === 0 && state.inFlight.length === 0 && row === state.firstDataRow - 1
      ? chunkBounds(state, last).end
      : 0;
  const read = reader.emptyPastContent(1 + below) ?? reader.readCells(row, 1 + below);
  if (below > 0) reader.keepAhead(0, below, sliceArea(read, 1, 1 + below));
  const { block: existing, status } = sliceArea(read, 0, 1);
  const cells = state.request.fields.map(
    (field) => env.header?.(field) ?? { label: fieldLabel(field), note: fieldLabel(field) },
  );
  const ops = planWrites([cells.map((cell) => cellText(cell.label))], existing, "fill-empty");
  writes.write(row, ops);
  // Each header the run wrote gets the API name in its note; a header someone typed keeps theirs.
  for (const op of ops) {
    const notes = [op.values[0]?.map((_, c) => cells[op.columnOffset + c]?.note ?? "") ?? []];
    writes.note({ row, column: state.outputColumn + op.columnOffset, values: notes });
  }
  statuses.writeHeader(row, status);
  // Written with the first wave's block below them (see HeldWrites.labelsQueued).
  writes.labelsQueued = true;
  checkpoint.unsaved = true;
}
