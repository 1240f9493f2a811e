// Column headers of every sheet the add-on writes: the Enrich tab's friendly names, the API name in a note.
import { fieldLabel } from "../../core/bulk/cells";
import type { HeaderCell } from "../../core/bulk/sheet-values";
import { attributeLabel, METRIC_LABELS } from "../../core/organizations/field-names";
import type { OrgField } from "../../core/organizations/org-fields";

/** "headquarters_country" → "HQ country"; a nested "location.country" → "Location · Country". */
export function apiHeader(apiName: string): HeaderCell {
  return { label: apiName.split(".").map(attributeLabel).join(" · "), note: apiName };
}

/** A bulk field: an attribute as the Enrich tab names it, a metric as "Salesforce · People [since …]". */
export function fieldHeader(field: OrgField): HeaderCell {
  if (field.kind === "attribute") return apiHeader(field.name);
  const since = field.since ? ` since ${field.since}` : "";
  return { label: `${field.term} · ${METRIC_LABELS[field.metric]}${since}`, note: fieldLabel(field) };
}
