// The prices and limits the Lists, Signals and More screens word their estimates with, read once from the
// server (free) so the figures come from the contract, not from a copy in the sidebar.
import { useEffect } from "preact/hooks";
import { failureMessage, server } from "../bridge";
import { pricesStore } from "./more-stores";
import type { SidebarPrices } from "./more-types";
import { createStore, useStore } from "./session-store";

/** Why the prices could not be read, until a later screen reads them; shown where an estimate would be. */
const pricesErrorStore = createStore<string | null>(null);
let loading: Promise<void> | null = null;

/** The prices, or null until the first answer; a failure is kept for usePricesError and tried again later. */
export function usePrices(): SidebarPrices | null {
  const [prices] = useStore(pricesStore);
  useEffect(() => {
    if (pricesStore.get() || loading) return;
    loading = server
      .getSidebarPrices()
      .then((value) => {
        pricesErrorStore.set(null);
        pricesStore.set(value);
      })
      .catch((error: unknown) => pricesErrorStore.set(failureMessage(error)))
      .finally(() => {
        loading = null;
      });
  }, []);
  return prices;
}

/** The line an estimate shows while there are no prices: waiting for them, or why they did not come. */
export function usePricesWaitLine(): string {
  const [error] = useStore(pricesErrorStore);
  return error ? `Prices could not be read: ${error}` : "Reading prices…";
}
