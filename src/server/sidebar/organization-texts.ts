// A list of organizations a screen sends to be matched to ids (domains, web addresses, e-mails, names), read
// back into what the organizations endpoint is asked for; an entry that names no organization is refused.

import { formatCount } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { RequestError } from "../../core/text/user-errors";
import { readOrganizationCell } from "./cells";
import type { ReadableOrganization } from "./organization-match";

/** The list in `field` (missing: none), each organization once; ids are refused here, they go as ids. */
export function readOrganizationsToMatch(value: unknown, field: string, max: number): ReadableOrganization[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw new RequestError(`${field} must be a list of domains or names; got ${quoteInput(value)}.`);
  }
  if (value.length > max) {
    throw new RequestError(
      `Name at most ${formatCount(max)} organizations (${field}); got ${formatCount(value.length)}.`,
    );
  }
  const reads = new Map<string, ReadableOrganization>();
  for (const item of value) {
    const cell = typeof item === "string" ? readOrganizationCell(item) : null;
    if (cell?.kind !== "org" || cell.read.input.id !== undefined) {
      throw new RequestError(
        `${field} takes domains, web addresses, e-mails and names; got ${quoteInput(item)}.`,
      );
    }
    reads.set(cell.read.key, cell.read);
  }
  return [...reads.values()];
}
