// Formula requests whose execution died with them out (Sheets' 30 seconds ran out while UrlFetch waited):
// found by age among the intents, so the Enrichment log gets their possibly-charged row once.
import { attributeLabel } from "../organizations/field-names";
import { decodeIntent, FORMULA_INTENT_PREFIX, LOOKUP_INTENT_PREFIX, loggedIntent } from "./formula-intents";

export interface DeadRequest {
  /** The intent's key, and its value marked as logged (what to write back). */
  key: string;
  marked: string;
  /** What the log row says was asked: "ORG_ATTR (Industry)", "job title lookups". */
  what: string;
  /** The most it can have cost. */
  most: number;
}

/** The words a lookup intent's field key ("lookup:title") stands for. */
const LOOKUP_WORDS: Record<string, string> = {
  "lookup:title": "job title",
  "lookup:tech": "technology",
  "lookup:category": "category",
};

/** "ORG_ATTR (Industry, salesforce people_count)" from field keys "a:industry", "m:tech:salesforce:people_count:". */
function orgWhat(fieldKeys: readonly string[]): string {
  const labels = fieldKeys.map((key) => {
    const [kind, ...rest] = key.split(":");
    return kind === "a" ? attributeLabel(rest.join(":")) : `${rest[1]} ${rest[2]}`;
  });
  return `ORG_ATTR (${labels.join(", ")})`;
}

/**
 * The intents in `all` whose sending execution surely ended (its `endsBy`, else `aliveMs` after it was
 * sent), not yet on the log, that say what they can cost: each a possibly-charged row to write. An intent
 * of an earlier version says no price and is left as it was (Settings still counts it as unanswered).
 */
export function deadRequests(all: Record<string, string>, now: number, aliveMs: number): DeadRequest[] {
  const dead: DeadRequest[] = [];
  for (const [key, value] of Object.entries(all)) {
    const lookup = key.startsWith(LOOKUP_INTENT_PREFIX);
    if (!lookup && !key.startsWith(FORMULA_INTENT_PREFIX)) continue;
    const intent = decodeIntent(value);
    if (!intent || intent.logged || intent.most === 0) continue;
    if (now < (intent.endsBy || intent.sentAt + aliveMs)) continue;
    const what = lookup
      ? `${LOOKUP_WORDS[intent.fieldKeys[0] ?? ""] ?? "text"} lookups`
      : orgWhat(intent.fieldKeys);
    dead.push({ key, marked: loggedIntent(value)!, what, most: intent.most });
  }
  return dead.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
