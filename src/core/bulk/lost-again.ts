// Rows a new run would send again whose last paid answer was lost: the price names them before the click.
import { plural } from "../../api/words/format";
import type { OrganizationRead } from "../organizations/identifiers";
import { type BulkState, chunkBounds } from "./state";

/**
 * The organizations in `state`'s lost chunks (requests the service may have charged whose answer never
 * came), as its rows hold them now: `reads` are the run's input cells from its first data row on.
 */
export function lostKeys(state: BulkState, reads: readonly OrganizationRead[]): Set<string> {
  const keys = new Set<string>();
  for (const index of state.lost ?? []) {
    const { start, end } = chunkBounds(state, index);
    for (let offset = start; offset < end; offset++) {
      const read = reads[offset];
      if (read?.kind === "org") keys.add(read.key);
    }
  }
  return keys;
}

/** How many of a new run's rows (`reads`) hold an organization whose last answer was lost. */
export function rowsAgain(reads: readonly OrganizationRead[], lost: ReadonlySet<string>): number {
  return reads.filter((read) => read.kind === "org" && lost.has(read.key)).length;
}

/**
 * Said after the price: a paid request whose outcome is unknown is sent again only when the person says
 * yes knowing it (Re-run lost rows says the same of the earlier run's rows).
 */
export function againWords(rows: number): string {
  return `${plural(rows, "row")} whose last answer was lost may be charged again`;
}
