// The prices and limits the Lists, Signals and More screens word their estimates with, read once from the
// server (free) so the figures come from the contract, not from a copy in the sidebar.
import { useEffect } from "preact/hooks";
import { server } from "../bridge";
import { pricesStore } from "./more-stores";
import type { SidebarPrices } from "./more-types";
import { useStore } from "./session-store";

let loading: Promise<void> | null = null;

/** The prices, or null until the first answer (a failure leaves null and is tried again on next use). */
export function usePrices(): SidebarPrices | null {
  const [prices] = useStore(pricesStore);
  useEffect(() => {
    if (pricesStore.get() || loading) return;
    loading = server
      .getSidebarPrices()
      .then((value) => pricesStore.set(value))
      .catch(() => undefined)
      .finally(() => {
        loading = null;
      });
  }, []);
  return prices;
}
