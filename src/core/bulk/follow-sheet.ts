// A run or a rule follows its sheet by id (getSheetId), so a person's rename does not lose it.

import { copySheetName } from "../addon-sheets/registry";
import type { WorkbookPort } from "../sheet/port";
import type { BulkRequest } from "./request";

/**
 * Points `request` at its sheet as it is now. The id is kept the first time the sheet is found by name;
 * once the person renamed the sheet, the request takes its new name, and the hidden copy of what the
 * add-on wrote there is renamed with it (a refresh reads it to tell its cells from the person's). Answers
 * whether the request changed, so the caller saves it. A deleted sheet leaves the request as it was: the run
 * then says the sheet is gone.
 */
export function followSheet(workbook: WorkbookPort, request: BulkRequest): boolean {
  if (request.sheetId === undefined) {
    const id = workbook.sheetId(request.sheetName);
    if (id === null) return false;
    request.sheetId = id;
    return true;
  }
  const sheet = workbook.sheetById(request.sheetId);
  if (!sheet || sheet.name === request.sheetName) return false;
  const copy = copySheetName(request.sheetName);
  const renamed = copySheetName(sheet.name);
  if (workbook.sheet(copy) && !workbook.sheet(renamed)) workbook.renameSheet(copy, renamed);
  request.sheetName = sheet.name;
  return true;
}
