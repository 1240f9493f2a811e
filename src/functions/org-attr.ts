// ORG_ATTR: organization attributes for a cell or range of identifiers.
import { parseNames } from "../core/formulas/grid";
import { attributeField } from "../core/organizations/org-fields";
import type { FormulaEnv } from "./formula-env";
import { maxAgeArgument, withMaxAge } from "./max-age";
import { type Cell, organizationFormula } from "./org-formula";

export function orgAttr(
  env: FormulaEnv,
  organizations: unknown,
  attributes: unknown,
  maxAgeDays?: unknown,
): Cell | Cell[][] {
  const fields = parseNames(attributes, "attributes").map((name) => attributeField(name, "attributes"));
  return organizationFormula(withMaxAge(env, maxAgeArgument(maxAgeDays)), organizations, fields);
}
