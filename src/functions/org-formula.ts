// The shared shape of the organization formulas: read the identifiers of a cell or range, fetch the
// fields, and answer one row per input row (blank in, blank out; unmatched, blank).
import { ArgumentError, flattenGrid, shapeLike, toGrid } from "../core/grid";
import { readOrganization } from "../core/identifiers";
import { cellValue, fieldKey, type OrgField } from "../core/org-fields";
import type { FormulaEnv } from "./formula-env";
import { fetchOrgFields, type OrgRequestItem } from "./org-fetch";

export type Cell = string | number | boolean;

export function organizationFormula(
  env: FormulaEnv,
  organizations: unknown,
  fields: readonly OrgField[],
): Cell | Cell[][] {
  const grid = toGrid(organizations, "organizations");
  const reads = flattenGrid(grid).map(readOrganization);
  const only = reads[0];
  if (grid.scalar && only?.kind === "invalid") throw new ArgumentError(only.reason);
  const items: OrgRequestItem[] = [];
  const seen = new Set<string>();
  for (const read of reads) {
    if (read.kind !== "org" || seen.has(read.key)) continue;
    seen.add(read.key);
    items.push({ key: read.key, input: read.input });
  }
  const { entities } = items.length ? fetchOrgFields(env, items, fields) : { entities: new Map() };
  const blanks = (): Cell[] => fields.map(() => "");
  const perCell = reads.map((read): Cell[] => {
    if (read.kind === "blank") return blanks();
    // An invalid cell in a range says why in its first column; nothing was sent for it.
    if (read.kind === "invalid") return [read.reason, ...blanks().slice(1)];
    const entity = entities.get(read.key);
    if (!entity?.matched) return blanks();
    return fields.map((field) => cellValue(entity.values[fieldKey(field)]));
  });
  return shapeLike(grid, perCell);
}
