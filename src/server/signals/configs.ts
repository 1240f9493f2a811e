// The signal configs the account's feed is built from, read-only (free): shown on the Configs tab and
// offered as a filter of the feed.
import type { SignalConfig } from "../../api/contract";
import { makeClient } from "../runtime";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";

export interface SignalConfigView {
  id: number;
  name: string;
  type: string | null;
  priority: string | null;
  scope: string | null;
  days: number | null;
  signalCount7d: number | null;
  link: string | null;
}

function view(config: SignalConfig): SignalConfigView {
  return {
    id: config.id,
    name: config.name,
    type: config.type ?? null,
    priority: config.priority ?? null,
    scope: config.scope ?? null,
    days: config.days ?? null,
    signalCount7d: config.signal_count_7d ?? null,
    link: config.service_url ?? null,
  };
}

export function getSignalConfigs(): SignalConfigView[] {
  const response = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS }).signalConfigs({});
  return response.signal_configs.map(view);
}
