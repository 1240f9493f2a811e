// The add-on menu: labels and the top-level functions they call.
import type { MenuItem } from "../../platform/ui";

export const MENU_ITEMS: MenuItem[] = [
  { label: "Open sidebar", functionName: "showSidebar" },
  { label: "Enrich selection…", functionName: "menuEnrichSelection" },
  { label: "Refresh now", functionName: "menuRefreshNow" },
  { label: "Freeze formulas to values", functionName: "menuFreezeFormulas" },
  { label: "Settings", functionName: "menuSettings" },
  { label: "Help", functionName: "menuHelp" },
  { label: "Diagnostics", functionName: "menuDiagnostics" },
];
