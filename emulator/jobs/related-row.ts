// One related person as the jobs and teams endpoints return them.
import type { PersonAttribute } from "../../src/api/contract/people.ts";
import type { Dataset } from "../dataset/index.ts";
import { personLink } from "../dataset/links.ts";
import type { Person } from "../dataset/types.ts";
import { HttpError } from "../http-error.ts";
import { RELATED_ATTRIBUTES_ALL } from "../people/query.ts";
import { attributesOf } from "../people/render.ts";

const NOT_FOR_RELATED: readonly PersonAttribute[] = ["email", "phone", "person_score"];

/** The attribute names a related-people selection asks for; `where` names the field in errors. */
export function relatedAttributeNames(
  requested: readonly PersonAttribute[] | "all" | undefined,
  where: string,
): PersonAttribute[] {
  if (requested === "all") return [...RELATED_ATTRIBUTES_ALL];
  const names = [...new Set(requested ?? [])];
  const refused = names.filter((n) => NOT_FOR_RELATED.includes(n));
  if (refused.length > 0) {
    throw new HttpError(
      400,
      `${where} cannot carry ${refused.join(", ")}: related people come without contact details or person_score. Ask for them with POST /v9/people.`,
    );
  }
  return names;
}

export function relatedRow(
  person: Person,
  names: readonly PersonAttribute[],
  confidence: unknown,
  dataset: Dataset,
): Record<string, unknown> {
  const attributes = names.filter((n) => n !== "confidence");
  return {
    person_id: person.id,
    service_url: personLink(person.id),
    ...(names.includes("confidence") ? { confidence } : {}),
    ...(attributes.length > 0 ? { attributes: attributesOf(attributes, person, dataset) } : {}),
  };
}
