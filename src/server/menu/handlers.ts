// What each add-on menu item does: open the sidebar on the screen it promises, or freeze formulas in place.
import { showSidebarPage } from "../../platform/html";
import { listRefreshRules } from "../jobs/refresh";
import { freezeFromMenu } from "../more/freeze";
import { PRODUCT_NAME, renderStart, type Screen, SIDEBAR_FILE } from "../sidebar/contract";

/** What "Refresh now" says: refreshes spend credits, so each is started from the sidebar after its estimate. */
export function refreshNowNotice(rules: number): string {
  if (rules === 0) {
    return "This spreadsheet has no scheduled refreshes yet. Enrich a selection, then choose “Save as scheduled refresh…”. Formulas fetch fresh values by themselves once their cache lifetime (Settings) has passed.";
  }
  const count = rules === 1 ? "one scheduled refresh" : `${rules} scheduled refreshes`;
  return `This spreadsheet has ${count}. Choose Refresh now beside one under Scheduled refreshes: it shows what it may cost before it runs.`;
}

export function openSidebar(screen: Screen, notice: string | null = null, useSelection = false): void {
  const start = { screen, notice, ...(useSelection ? { useSelection: true } : {}) };
  showSidebarPage({ file: SIDEBAR_FILE, title: PRODUCT_NAME, append: renderStart(start) });
}

export const menuHandlers = {
  showSidebar: (): void => openSidebar("enrich"),
  // The selection the person made before choosing the item is what they want enriched: read it at once.
  menuEnrichSelection: (): void => openSidebar("enrich", null, true),
  menuSettings: (): void => openSidebar("settings"),
  menuHelp: (): void => openSidebar("help"),
  menuRefreshNow: (): void => openSidebar("more", refreshNowNotice(listRefreshRules().length)),
  menuFreezeFormulas: (): void => freezeFromMenu(),
};
