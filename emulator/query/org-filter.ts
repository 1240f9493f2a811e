// Evaluates a resolved query over every organization at once with the precomputed bit sets.
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { OrgIndex } from "../dataset/org-index.ts";
import { Bitset } from "./bitset.ts";
import type { Condition, Range } from "./resolve.ts";

// Activity conditions (technology, function, project, hiring) include subsidiaries; country is the
// headquarters; employee_count, industry and tag are the organization's own firmographics.
export function filterOrganizations(condition: Condition, index: OrgIndex, today: number): Bitset {
  switch (condition.kind) {
    case "all":
      return Bitset.full(index.size);
    case "and":
      return condition.children.map((c) => filterOrganizations(c, index, today)).reduce((a, b) => a.and(b));
    case "or":
      return condition.children.map((c) => filterOrganizations(c, index, today)).reduce((a, b) => a.or(b));
    case "leaf": {
      const sets = condition.terms.map((term) => termSet(condition.field, term, index, today));
      const combined = condition.every ? sets.reduce((a, b) => a.and(b)) : sets.reduce((a, b) => a.or(b));
      return condition.negate ? combined.not() : combined;
    }
  }
}

function termSet(field: string, term: number | string | Range, index: OrgIndex, today: number): Bitset {
  const empty = () => new Bitset(index.size);
  switch (field) {
    case "technology":
      return index.byTech[term as number]!;
    case "technology_category":
      return TECH_CATALOG.categories[term as number]!.technologyIndexes.map((t) => index.byTech[t]!).reduce(
        (a, b) => a.or(b),
      );
    case "job_function":
      return index.byJobFunction[term as number]!;
    case "project":
      return index.byProject[term as number]!;
    case "country":
      return index.byCountry[term as number]!;
    case "industry":
      return index.byIndustry[term as number]!;
    case "tag":
      return index.byTag.get(term as string) ?? empty();
    case "organization": {
      const set = empty();
      set.set(term as number);
      return set;
    }
    case "employee_count": {
      const { min, max } = term as Range;
      const set = empty();
      for (let i = 0; i < index.size; i++) {
        const count = index.employeeCount[i]!;
        if (count >= min && count <= max) set.set(i);
      }
      return set;
    }
    case "hiring_period": {
      const cutoff = today - (term as number);
      const set = empty();
      for (let i = 0; i < index.size; i++) if (index.lastPostDay[i]! > cutoff) set.set(i);
      return set;
    }
    default:
      throw new Error(`Field ${field} cannot filter organizations.`);
  }
}
