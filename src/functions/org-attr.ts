// ORG_ATTR: organization attributes for a cell or range of identifiers.
import { parseNames } from "../core/grid";
import { attributeField } from "../core/org-fields";
import type { FormulaEnv } from "./formula-env";
import { type Cell, organizationFormula } from "./org-formula";

export function orgAttr(env: FormulaEnv, organizations: unknown, attributes: unknown): Cell | Cell[][] {
  const fields = parseNames(attributes, "attributes").map((name) => attributeField(name, "attributes"));
  return organizationFormula(env, organizations, fields);
}
