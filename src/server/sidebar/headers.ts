// Column headers of every sheet the add-on writes: the Enrich tab's friendly names, the API name in a note.

import { ENUMERATED_ATTRIBUTES, fieldWords } from "../../core/organizations/field-names";
import type { OrgField } from "../../core/organizations/org-fields";
import { fieldLabel } from "../../core/sheet/cells";
import type { HeaderCell } from "../../core/sheet/values";
import { API_VALUE_NOTE } from "../../core/text/api-values";

/**
 * "headquarters_country" → "HQ country"; a nested "location.country" → "Location · Country". A column of
 * enumerated values (an organization attribute shown in words) says in its note how to read the API's
 * value back.
 */
export function apiHeader(apiName: string, inWords = false): HeaderCell {
  const label = fieldWords({ kind: "attribute", name: apiName });
  return { label, note: inWords ? `${apiName}\n${API_VALUE_NOTE}` : apiName };
}

/** A bulk field: an attribute as the Enrich tab names it, a metric as "Salesforce · People [since …]". */
export function fieldHeader(field: OrgField): HeaderCell {
  if (field.kind === "attribute") return apiHeader(field.name, ENUMERATED_ATTRIBUTES.has(field.name));
  return { label: fieldWords(field), note: fieldLabel(field) };
}
