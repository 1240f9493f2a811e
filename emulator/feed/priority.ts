// Priority signals as an account sees them: the digest items with the account's relevance feedback.
import type { PrioritySignalsRequest } from "../../src/api/contract/signals.ts";
import { type Account, accountData } from "../accounts.ts";
import type { Dataset } from "../dataset/index.ts";
import { WEB_APP_URL } from "../dataset/links.ts";
import type { PrioritySignalRecord } from "../dataset/priority-signals.ts";
import { isoDate } from "../dates.ts";

/** Item id → the account's feedback; an item without an entry has none (null). */
export function relevanceFeedback(account: Account): Map<number, boolean> {
  return accountData(account, "priority-signal-relevance", () => new Map<number, boolean>());
}

export function prioritySignalJson(item: PrioritySignalRecord, dataset: Dataset, account: Account) {
  return {
    id: item.id,
    url: `${WEB_APP_URL}/signals/priority/${item.id}`,
    headline: item.headline,
    content: item.content,
    date: isoDate(item.day),
    signal_ids: item.signalIds,
    organization_ids: [dataset.orgs[item.orgIndex]!.id],
    person_ids: item.personIds,
    job_post_ids: item.jobPostIds,
    is_relevant: relevanceFeedback(account).get(item.id) ?? null,
  };
}

type Filter = NonNullable<PrioritySignalsRequest["filter"]>;

const anyOf = (wanted: readonly number[] | null | undefined, have: readonly number[]) =>
  !wanted?.length || have.some((id) => wanted.includes(id));

export function searchPrioritySignals(
  filter: Filter,
  account: Account,
  dataset: Dataset,
): PrioritySignalRecord[] {
  const feedback = relevanceFeedback(account);
  return dataset
    .prioritySignals()
    .filter(
      (item) =>
        anyOf(filter.signal_ids, item.signalIds) &&
        anyOf(filter.organization_ids, [dataset.orgs[item.orgIndex]!.id]) &&
        anyOf(filter.person_ids, item.personIds) &&
        anyOf(filter.job_post_ids, item.jobPostIds) &&
        (filter.is_relevant == null || feedback.get(item.id) === filter.is_relevant),
    )
    .sort((a, b) => b.day - a.day || b.id - a.id);
}
