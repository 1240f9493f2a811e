// The cells a bought answer gives a row: one source for the runner's writes and the checks against them.

import type { CachedEntity } from "../caches/result-cache";
import { attributeValueWords } from "../organizations/field-names";
import { cellValue, fieldKey, type OrgField } from "../organizations/org-fields";
import type { CellValue, SheetPort } from "../sheet/port";
import { sheetValue } from "../sheet/values";

/** A matched answer's value per field, as the cell keeps it; an organization not found: every cell "". */
export function entityCells(
  fields: readonly OrgField[],
  entity: CachedEntity,
  sheet: Pick<SheetPort, "day">,
): CellValue[] {
  if (!entity.matched) return fields.map(() => "");
  return fields.map((field) => {
    const value = cellValue(entity.values[fieldKey(field)]);
    const shown = field.kind === "attribute" ? attributeValueWords(field.name, value) : value;
    return sheetValue(sheet, shown);
  });
}
