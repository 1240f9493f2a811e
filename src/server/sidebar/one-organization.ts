// The one organization an action is about (tech stack, an organization's signals): an id as it is, or a
// domain, URL, e-mail or name matched to its id first (the base price if found, free if not).
import type { EnrichmentClient } from "../../api/client";
import { quoteInput } from "../../api/words/quote-input";
import { RequestError } from "../../core/text/user-errors";
import { readId } from "./args";
import { readOrganizationCell } from "./cells";
import { matchOrganizations, type ReadableOrganization } from "./organization-match";

export const ORGANIZATION_SHAPE = '{organization: 1234 or "acme.com"}';

/** `organization` (an id, domain, URL, e-mail or name) or, as before, `organizationId`. */
export function readOneOrganization(request: Record<string, unknown>): ReadableOrganization {
  const given = request["organization"];
  if (given === undefined || given === null) {
    const id = readId(request["organizationId"], "an organization", "organizationId");
    return { kind: "org", input: { id }, key: `id:${id}` };
  }
  if (typeof given !== "string" && typeof given !== "number") {
    throw new RequestError(
      `Choose an organization: an id, a domain, a web address, an e-mail or a name (organization; got ${quoteInput(given)}).`,
    );
  }
  const cell = readOrganizationCell(given);
  if (cell.kind === "org") return cell.read;
  const why = cell.kind === "other" ? ` ${cell.reason}` : "";
  throw new RequestError(`${quoteInput(given)} does not name an organization.${why}`);
}

export function noMatchMessage(read: ReadableOrganization): string {
  const named = read.input.url ?? read.input.name ?? "";
  return `No organization matches ${quoteInput(named)}, so nothing else was asked. Not finding it cost nothing.`;
}

/** The organization's id, matching it first when it was not given by id; `creditsUsed` is what the match cost. */
export function resolveOneOrganization(
  client: EnrichmentClient,
  read: ReadableOrganization,
  purpose: string,
): { id: number; creditsUsed: number } {
  if (read.input.id !== undefined) return { id: read.input.id, creditsUsed: 0 };
  const match = matchOrganizations(
    client,
    [read],
    () => `Find the id of ${read.input.url ?? read.input.name} for ${purpose}`,
  );
  const id = match.idOf.get(read.key);
  if (id === undefined) throw new RequestError(noMatchMessage(read));
  return { id, creditsUsed: match.creditsUsed };
}
