// The support requests and data-quality reports each account has sent, and their admin view.
import { type Account, accountData } from "../accounts.ts";
import { HttpError } from "../http-error.ts";
import type { EmulatorState } from "../state.ts";
import type { EmulatorRequest } from "../types.ts";

export interface SupportReport {
  kind: "support" | "data_quality";
  /** When it arrived, ISO 8601. */
  at: string;
  message: string;
  url: string | null;
  page_title: string | null;
}

export function supportReports(account: Account): SupportReport[] {
  return accountData(account, "support-reports", () => [] as SupportReport[]);
}

/** GET /__admin/support?api_key=…: every report the account has sent, oldest first. */
export function adminSupport(
  request: EmulatorRequest,
  state: EmulatorState,
): { status: number; body: unknown } {
  const apiKey = request.query["api_key"]?.[0];
  if (!apiKey) throw new HttpError(400, "Name the account: GET /__admin/support?api_key=<API_KEY>.");
  const account = state.accounts.get(apiKey);
  if (!account) throw new HttpError(404, `No account has the API key ${apiKey}.`);
  return { status: 200, body: { api_key: apiKey, reports: supportReports(account) } };
}
