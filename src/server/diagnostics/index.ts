// Diagnostics: the menu item and its one-off clock trigger.
export { DIAGNOSTICS_HANDLER, openDiagnostics, recordTriggerFindings } from "./run";
