// Adding a column to an organization list: which cells go as ids, which as slugs and which are matched to
// ids first (domains, URLs, e-mails, names), the requests that carry them, and the status each row gets
// back ("Added", "Not found", or why it was not sent).
import { type AddOrganizationsRequest, type AddOrganizationsResponse, LIMITS } from "../../api/contract";
import { type ListCell, readListCell } from "../sidebar/cells";
import { type ReadableOrganization, toMatch } from "../sidebar/organization-match";

export const ADDED = "Added";
export const NOT_FOUND_ID = "Not found: no organization has this id";
export const NOT_FOUND_SLUG = "Not found: no organization has this slug";
export const NOT_FOUND_MATCH = "Not found: no organization matches this domain or name";

export interface ListAddPlan {
  cells: ListCell[];
  /** Each id and slug once, in the order the rows name them. */
  ids: number[];
  slugs: string[];
  /** Domains, URLs, e-mails and names, each once: matched to ids (paid) before anything is added. */
  toMatch: ReadableOrganization[];
  /** The ids the match found, by read key; empty until the match has run. */
  matched: Map<string, number>;
}

export function planListAdd(values: readonly unknown[]): ListAddPlan {
  const cells = values.map(readListCell);
  const ids = new Set<number>();
  const slugs = new Set<string>();
  for (const cell of cells) {
    if (cell.kind === "id") ids.add(cell.id);
    else if (cell.kind === "slug") slugs.add(cell.slug);
  }
  const reads = cells.flatMap((cell) => (cell.kind === "match" ? [cell.read] : []));
  return { cells, ids: [...ids], slugs: [...slugs], toMatch: toMatch(reads), matched: new Map() };
}

/** The ids to send: those given, then those the match found, each once. */
function idsToSend(plan: ListAddPlan): number[] {
  return [...new Set([...plan.ids, ...plan.matched.values()])];
}

/** The service publishes no maximum for additions; requests keep to its list-mode size all the same. */
export function addRequests(plan: ListAddPlan, size: number = LIMITS.listMax): AddOrganizationsRequest[] {
  const items: ({ id: number } | { slug: string })[] = [
    ...idsToSend(plan).map((id) => ({ id })),
    ...plan.slugs.map((slug) => ({ slug })),
  ];
  const requests: AddOrganizationsRequest[] = [];
  for (let start = 0; start < items.length; start += size) {
    const chunk = items.slice(start, start + size);
    const ids = chunk.flatMap((item) => ("id" in item ? [item.id] : []));
    const slugs = chunk.flatMap((item) => ("slug" in item ? [item.slug] : []));
    requests.push({
      ...(ids.length ? { organization_ids: ids } : {}),
      ...(slugs.length ? { organization_slugs: slugs } : {}),
    });
  }
  return requests;
}

export interface RowStatuses {
  /** One per row: "" for a blank cell. */
  statuses: string[];
  added: number;
  notFound: number;
  skipped: number;
}

/** What each row became, from the answers of every request of the plan. */
export function listAddStatuses(
  plan: ListAddPlan,
  answers: readonly Pick<AddOrganizationsResponse, "failed_ids" | "failed_slugs">[],
): RowStatuses {
  const failedIds = new Set(answers.flatMap((a) => a.failed_ids));
  const failedSlugs = new Set(answers.flatMap((a) => a.failed_slugs));
  const result: RowStatuses = { statuses: [], added: 0, notFound: 0, skipped: 0 };
  for (const cell of plan.cells) {
    let status = "";
    if (cell.kind === "id") status = failedIds.has(cell.id) ? NOT_FOUND_ID : ADDED;
    else if (cell.kind === "slug") status = failedSlugs.has(cell.slug) ? NOT_FOUND_SLUG : ADDED;
    else if (cell.kind === "match") {
      const id = plan.matched.get(cell.read.key);
      status = id === undefined ? NOT_FOUND_MATCH : failedIds.has(id) ? NOT_FOUND_ID : ADDED;
    } else if (cell.kind === "other") status = cell.reason;
    if (status === ADDED) result.added++;
    else if (status === NOT_FOUND_ID || status === NOT_FOUND_SLUG || status === NOT_FOUND_MATCH)
      result.notFound++;
    else if (status !== "") result.skipped++;
    result.statuses.push(status);
  }
  return result;
}
