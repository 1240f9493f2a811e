// Jobs and refresh rules saved before they moved to the hidden sheet (in document properties, which a
// documentless trigger cannot read) are moved there once, so nothing a person started is lost.
import { ChunkedStore } from "../../core/jobs/chunked-store";
import { JOB_PREFIX, type JobQueue } from "../../core/jobs/queue";
import { RULE_PREFIX } from "../../core/jobs/refresh-rules";
import { documentCache } from "../../platform/cache";
import { propertyStore } from "../../platform/properties";

const CHECKED = "jobs-moved-from-properties";
/** Looked at again at most every 6 hours per document (a cache entry), so polls read no property. */
const CHECKED_SECONDS = 21_600;

/**
 * Moves them into `store` (the hidden sheet's), under the queue's lock. Answers the document's properties
 * as read for the check (null when the cache said it was done), so the rules' copies share the read.
 */
export function moveFromProperties(queue: JobQueue, store: ChunkedStore): Record<string, string> | null {
  const document = propertyStore("document");
  if (!document) return null;
  const cache = documentCache();
  if (cache.get(CHECKED) !== null) return null;
  const read = document.all();
  const keys = Object.keys(read);
  if (keys.some((key) => key.startsWith(JOB_PREFIX) || key.startsWith(RULE_PREFIX))) {
    const old = new ChunkedStore({ store: document });
    queue.locked(() => {
      for (const prefix of [JOB_PREFIX, RULE_PREFIX]) {
        for (const { key, value } of old.readAll(prefix)) {
          if (store.read(key) === null) store.write(key, value);
          old.remove(key);
        }
        old.sweep(prefix);
      }
    });
  }
  cache.put(CHECKED, "1", CHECKED_SECONDS);
  return read;
}
