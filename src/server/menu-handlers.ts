// What each add-on menu item does: open the sidebar on the screen its label promises.
import { showSidebarPage } from "../platform/html";
import { PRODUCT_NAME, renderStart, type Screen, SIDEBAR_FILE } from "./sidebar-contract";

/** Shown by "Refresh now" until scheduled refreshes exist, so the item never points at nothing. */
export const REFRESH_NOW_NOTICE =
  "Refresh now re-runs this spreadsheet's scheduled refreshes. This version cannot schedule refreshes yet, so there is nothing to refresh. Formulas fetch fresh values by themselves once their cache lifetime (Settings) has passed.";

/** Shown by "Freeze formulas to values" until the freeze action exists. */
export const FREEZE_FORMULAS_NOTICE =
  "Freezing formulas to values is not part of this version yet. To keep results without ever spending on them again, copy the cells, then use Edit ▸ Paste special ▸ Values only.";

export function openSidebar(screen: Screen, notice: string | null = null): void {
  showSidebarPage({ file: SIDEBAR_FILE, title: PRODUCT_NAME, append: renderStart({ screen, notice }) });
}

export const menuHandlers = {
  showSidebar: (): void => openSidebar("enrich"),
  menuEnrichSelection: (): void => openSidebar("enrich"),
  menuSettings: (): void => openSidebar("settings"),
  menuHelp: (): void => openSidebar("help"),
  menuRefreshNow: (): void => openSidebar("more", REFRESH_NOW_NOTICE),
  menuFreezeFormulas: (): void => openSidebar("more", FREEZE_FORMULAS_NOTICE),
};
