// Adapter: the document's properties read whole (getProperties), with the last read kept for the execution,
// so the durable answer level and the formulas' request intents share one read instead of one each.
import type { IntentProperties } from "../core/spending/formula-intents";
import { documentProperties, scriptProperties } from "./service-objects";

export type DocumentSnapshot = IntentProperties;

/**
 * Null outside a spreadsheet. One per formula environment: the one made inside the document lock reads
 * afresh, so what it holds back is never older than the lock. Its own writes keep the copy true; another
 * execution's writes since the last read are not in it (see FormulaIntents.held for why that is enough).
 */
export function documentSnapshot(): DocumentSnapshot | null {
  const properties = documentProperties();
  return properties ? propertiesSnapshot(properties) : null;
}

/** The script's properties the same way: where formulas keep their records outside a spreadsheet. */
export function scriptSnapshot(): DocumentSnapshot {
  return propertiesSnapshot(scriptProperties());
}

function propertiesSnapshot(properties: GoogleAppsScript.Properties.Properties): DocumentSnapshot {
  let last: Record<string, string> | null = null;
  return {
    read() {
      last = properties.getProperties();
      return last;
    },
    recent: () => last,
    write(values) {
      properties.setProperties(values);
      if (last) Object.assign(last, values);
    },
    remove(keys) {
      for (const key of keys) {
        properties.deleteProperty(key);
        if (last) delete last[key];
      }
    },
  };
}
