// Which new or edited rows a refresh fills from values already on the sheet: what was bought is never bought again.

import type { OrganizationRead } from "../organizations/identifiers";
import { fnv1a32 } from "../text/hash";
import { rowPrint } from "./row-prints";

function parts(print: string): { id: string; whole: string } {
  const [id = "", whole = ""] = print.split(".");
  return { id, whole };
}

function hasValue(cells: readonly unknown[]): boolean {
  return cells.some((cell) => cell !== "" && cell !== null && cell !== undefined);
}

/**
 * For rows (`offsets`) whose organization is not the one beside their values, the cells that organization
 * showed at the rule's last run, found where its row prints say it was: a row j whose print names the same
 * identifier, whose cells now (`outputs`, or the hidden `copy` when the person moved or typed over them)
 * hash with it to exactly the print's "identifier and values". So the cells are the very ones that sat
 * beside that organization when the run left them, wherever they are now (an identifier typed again,
 * or the identifier column sorted on its own). Failing that, an organization the prints name (the last
 * run had it, its values parted from it since) is filled from its bought answer (`bought`: its cells, null
 * when the record has no complete answer or it matched nothing). Organizations that matched nothing and
 * those found nowhere are left to be bought. All cells are taken from the rows as read, before any write.
 */
export function knownRows(input: {
  reads: readonly OrganizationRead[];
  previous: string;
  outputs: readonly (readonly unknown[])[];
  copy: readonly (readonly unknown[])[] | null;
  offsets: readonly number[];
  bought?: (read: OrganizationRead & { kind: "org" }) => readonly unknown[] | null;
}): Map<number, unknown[]> {
  const before = (input.previous === "" ? [] : input.previous.split(",")).map(parts);
  const byId = new Map<string, number[]>();
  before.forEach((print, j) => {
    const rows = byId.get(print.id) ?? [];
    rows.push(j);
    byId.set(print.id, rows);
  });
  const found = new Map<string, unknown[] | null>();
  const fills = new Map<number, unknown[]>();
  for (const offset of input.offsets) {
    const read = input.reads[offset];
    if (read?.kind !== "org") continue;
    if (!found.has(read.key)) {
      const had = byId.has(fnv1a32(read.key).toString(36));
      const answer = () => (had ? input.bought?.(read) : null) ?? null;
      found.set(read.key, lookUp(read, byId, before, input) ?? copyOf(answer()));
    }
    const cells = found.get(read.key);
    if (cells) fills.set(offset, [...cells]);
  }
  return fills;
}

function copyOf(cells: readonly unknown[] | null): unknown[] | null {
  return cells ? [...cells] : null;
}

function lookUp(
  read: OrganizationRead & { kind: "org" },
  byId: ReadonlyMap<string, number[]>,
  before: readonly { id: string; whole: string }[],
  input: { outputs: readonly (readonly unknown[])[]; copy: readonly (readonly unknown[])[] | null },
): unknown[] | null {
  for (const j of byId.get(fnv1a32(read.key).toString(36)) ?? []) {
    const whole = before[j]?.whole;
    for (const cells of [input.outputs[j], input.copy?.[j]]) {
      if (!cells || !hasValue(cells)) continue;
      if (parts(rowPrint(read, cells)).whole === whole) return [...cells];
    }
  }
  return null;
}
