// The Settings screen's server functions as the sidebar calls them: each failure becomes one sentence.
import type { FormulaSettings } from "../../core/settings";
import type { UnansweredRequests } from "../../core/spending/formula-intents";
import { sidebarCall } from "../sidebar/call";
import { currentCredits } from "../sidebar/credits";
import type { CreditsView } from "../sidebar/credits-record";
import { getAskUnder, saveAskUnder } from "./ask-first";
import { type FormulaSheetStatus, formulaSheetStatus, selectErrorCells } from "./formula-status";
import type { KeptAnswers } from "./kept-answers";
import { clearApiKey, type KeyView, saveApiKey } from "./key";
import { checkService, refreshCredits, type ServiceStatus } from "./service";
import { getStorage, type StorageView } from "./storage";
import {
  clearFormulaCache,
  forgetUnansweredRequests,
  getSettings,
  type SettingsView,
  saveFormulaSettings,
} from "./view";

export type {
  CreditsView,
  FormulaSheetStatus,
  KeptAnswers,
  KeyView,
  ServiceStatus,
  SettingsView,
  StorageView,
  UnansweredRequests,
};

export const settingsApi = {
  getSettings: (): SettingsView => sidebarCall(getSettings),
  saveApiKey: (key: unknown): KeyView => sidebarCall(() => saveApiKey(key)),
  clearApiKey: (): KeyView | null => sidebarCall(clearApiKey),
  checkService: (): ServiceStatus => sidebarCall(checkService),
  refreshCredits: (): CreditsView => sidebarCall(refreshCredits),
  getCredits: (): CreditsView | null => sidebarCall(currentCredits),
  saveFormulaSettings: (settings: unknown): FormulaSettings =>
    sidebarCall(() => saveFormulaSettings(settings)),
  clearFormulaCache: (): KeptAnswers => sidebarCall(clearFormulaCache),
  forgetUnansweredRequests: (): UnansweredRequests => sidebarCall(forgetUnansweredRequests),
  getStorage: (): StorageView => sidebarCall(getStorage),
  formulaSheetStatus: (): FormulaSheetStatus => sidebarCall(formulaSheetStatus),
  selectErrorCells: (sheetName: unknown, ranges: unknown): boolean =>
    sidebarCall(() => selectErrorCells(sheetName, ranges)),
  getAskUnder: (): number => sidebarCall(getAskUnder),
  saveAskUnder: (credits: unknown): number => sidebarCall(() => saveAskUnder(credits)),
};
