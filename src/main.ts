// The only file that declares Apps Script globals: each export becomes a top-level function in dist/Code.js.
import { addAddonMenu } from "./platform/ui";
import { MENU_ITEMS } from "./server/menu";

/**
 * Builds the add-on menu. Runs in AuthMode.NONE when the add-on is only installed, so it
 * touches nothing but the UI service.
 */
export function onOpen(_e?: GoogleAppsScript.Events.SheetsOnOpen): void {
  addAddonMenu(MENU_ITEMS);
}

/** Runs once on install (AuthMode.FULL); shows the menu at once. */
export function onInstall(e?: GoogleAppsScript.Events.AddonOnInstall): void {
  onOpen(e as GoogleAppsScript.Events.SheetsOnOpen | undefined);
}
