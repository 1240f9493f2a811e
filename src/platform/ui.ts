// Adapter over SpreadsheetApp.getUi(): menus, sidebars, alerts.

export interface MenuItem {
  label: string;
  functionName: string;
}

/** Builds the add-on menu. Safe in AuthMode.NONE: it only touches the UI service. */
export function addAddonMenu(items: MenuItem[]): void {
  const menu = SpreadsheetApp.getUi().createAddonMenu();
  for (const item of items) menu.addItem(item.label, item.functionName);
  menu.addToUi();
}
