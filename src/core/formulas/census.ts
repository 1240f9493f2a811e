// Reads a sheet's ORG_ATTR formulas as what they ask for: the organizations and the attributes, so the
// sidebar can say how many answers are cached and what a recalculation could cost, without running them.

import { attributeField, type OrgField } from "../organizations/org-fields";
import { columnNumber } from "../sheet/a1";
import { readCall } from "./siblings";

/** One ORG_ATTR cell: the attributes it asks for and the identifiers it reads. */
export interface OrgAttrUse {
  fields: OrgField[];
  identifiers: unknown[];
}

export interface Census {
  /** Every formula cell on the sheet. */
  formulaCells: number;
  /** The ORG_ATTR cells among them whose arguments could be read (a reference and literal attributes). */
  uses: OrgAttrUse[];
}

const REF =
  /^(?:(?:'((?:[^']|'')+)'|([A-Za-z0-9_.]+))!)?\$?([A-Za-z]{1,3})\$?(\d+)(?::\$?([A-Za-z]{1,3})\$?(\d+))?$/;

/**
 * `formulas` and `values` are the sheet's grid from A1; a reference into another sheet is read with
 * `readOther` (null when it cannot be read). Cells whose arguments are formulas themselves are left out.
 */
export function censusOf(
  formulas: readonly (readonly string[])[],
  values: readonly (readonly unknown[])[],
  readOther: (a1: string) => unknown[][] | null,
): Census {
  const uses: OrgAttrUse[] = [];
  let formulaCells = 0;
  for (const row of formulas) {
    for (const formula of row) {
      if (!formula) continue;
      formulaCells++;
      const call = readCall(formula);
      if (call?.name !== "ORG_ATTR" || call.args.length !== 2) continue;
      const names = /^"((?:[^"]|"")*)"$/.exec(call.args[1] as string)?.[1];
      const ref = REF.exec(call.args[0] as string);
      if (names === undefined || !ref) continue;
      let fields: OrgField[];
      try {
        fields = names
          .split(",")
          .map((n) => n.trim())
          .filter(Boolean)
          .map((n) => attributeField(n, "attributes"));
      } catch {
        continue;
      }
      const r1 = Number(ref[4]);
      // The pattern allows 1 to 3 letters, all within the sheet's 18,278 columns.
      const c1 = columnNumber(ref[3] as string) as number;
      const r2 = ref[6] ? Number(ref[6]) : r1;
      const c2 = ref[5] ? (columnNumber(ref[5]) as number) : c1;
      let grid: unknown[][] | null;
      if (ref[1] !== undefined || ref[2] !== undefined) grid = readOther(call.args[0] as string);
      else {
        grid = [];
        for (let r = Math.min(r1, r2); r <= Math.max(r1, r2); r++) {
          const cells: unknown[] = [];
          for (let c = Math.min(c1, c2); c <= Math.max(c1, c2); c++) cells.push(values[r - 1]?.[c - 1] ?? "");
          grid.push(cells);
        }
      }
      if (grid) uses.push({ fields, identifiers: grid.flat() });
    }
  }
  return { formulaCells, uses };
}
