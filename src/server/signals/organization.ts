// One organization's signals into a new sheet, 1 credit per signal returned: searched through the signal
// feed with the organization's id and a limit, so the price shown before the click is a bound the request
// enforces (the organization endpoint returns every signal it has, with no limit to send).

import { LIMITS } from "../../api/contract";
import { plural } from "../../api/words/format";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import { makeClient } from "../runtime";
import { readRequest } from "../sidebar/args";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { readOneOrganization, resolveOneOrganization } from "../sidebar/one-organization";
import { afterPaidMatch } from "../sidebar/organization-match";
import { settlePaid } from "../sidebar/paid-log";
import { namedSheetBase } from "../sidebar/result-sheets";
import type { FeedResult } from "./feed";
import { appendSignals, newSignalSheet } from "./paging";

/** The most signals (and so credits, at 1 each) one organization's import buys: the feed's page limit. */
export const ORGANIZATION_SIGNALS_MAX = LIMITS.signalsLimitMax;

export function importOrganizationSignals(input: unknown): FeedResult {
  const request = readRequest(input, '{organization: 1234 or "acme.com", technologies?}');
  const organization = readOneOrganization(request);
  const technologies = request["technologies"];
  if (technologies !== undefined && technologies !== null) {
    if (!Array.isArray(technologies) || technologies.some((t) => typeof t !== "string" || t.trim() === "")) {
      throw new RequestError('technologies must be a list of technology slugs such as "kubernetes".');
    }
  }
  const slugs = ((technologies as string[] | null | undefined) ?? []).map((t) => t.trim().toLowerCase());
  const client = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS });
  // The technologies are read before the match, so a bad list costs nothing.
  const matched = resolveOneOrganization(client, organization, "its signals");
  const organizationId = matched.id;
  const response = afterPaidMatch(matched.creditsUsed, () =>
    client.signals({
      filter: { organization_ids: [organizationId], ...(slugs.length ? { technology_slugs: slugs } : {}) },
      limit: ORGANIZATION_SIGNALS_MAX,
    }),
  );
  const workbook = activeWorkbook();
  const signals = response.signals;
  // Named as the person typed it (a domain, a name) when no signal names it: never an id they did not type.
  const typed = organization.input.url ?? organization.input.name ?? `Organization ${organizationId}`;
  const name = signals.find((s) => s.organization_name)?.organization_name ?? typed;
  let sheetName: string | null = null;
  if (signals.length > 0) {
    const sheet = newSignalSheet(workbook, namedSheetBase("Signals", name));
    appendSignals(sheet, signals);
    sheetName = sheet.name;
  }
  const message = sheetName
    ? `${plural(signals.length, "signal")} of ${name} written to "${sheetName}".`
    : `${typed} has no signals in the last ${LIMITS.signalsWindowDays} days${slugs.length ? " for those technologies" : ""}.`;
  const spent = settlePaid(workbook, {
    action: `Organization signals for ${name}`,
    rows: signals.length,
    creditsUsed: response.credits_used,
    creditsRemaining: response.credits_remaining,
    result: message,
  });
  return {
    sheetName,
    signals: signals.length,
    pages: 1,
    stopped: null,
    message,
    ...spent,
    creditsUsed: matched.creditsUsed + spent.creditsUsed,
  };
}
