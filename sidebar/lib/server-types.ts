// The shapes the server sends, read off the bridge (and so off src/main.ts): no copy to drift.
import type { ServerApi } from "../bridge";

type Result<K extends keyof ServerApi> = Awaited<ReturnType<ServerApi[K]>>;

export type SettingsView = Result<"getSettings">;
export type KeyView = Result<"saveApiKey">;
export type CreditsView = Result<"refreshCredits">;
export type ServiceStatus = Result<"checkService">;
export type FormulaSettings = Result<"saveFormulaSettings">;
export type FormulaSheetStatus = Result<"formulaSheetStatus">;
export type StorageView = Result<"getStorage">;
