// The per-rule setting for what counts as notable: saved on the rule, checked first.

import { readThresholdPercent } from "../../core/changes/notable";
import { RequestError } from "../../core/text/user-errors";
import { readRuleId, unknownRule, updateRefreshRule } from "../jobs/refresh";
import { jobServices } from "../jobs/services";
import { isRecord } from "../sidebar/args";
import { type RefreshRunView, runView } from "./runs";

/** {ruleId, percent}: a count moving by at least `percent` is notable for this rule. Free; changes no cell. */
export function saveRefreshThreshold(input: unknown): RefreshRunView {
  if (!isRecord(input)) throw new RequestError("Give the refresh and its threshold: {ruleId, percent}.");
  const id = readRuleId(input["ruleId"]);
  const thresholds = readThresholdPercent(input["percent"]);
  // The rule's one writer: only its owner may change it, as for every other setting of a rule.
  updateRefreshRule({ ruleId: id, thresholds });
  const services = jobServices();
  const rule = services.rules.get(id);
  if (!rule) throw unknownRule(id);
  return runView(rule, services.workbook);
}
