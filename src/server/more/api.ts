// The More screen's server functions as the sidebar calls them (briefs, tech stack, support, freeze, the
// log shortcut, prices): plain JSON in and out, every failure one sentence.

import { sidebarCall } from "../sidebar/call";
import type { ImportedSheet } from "../sidebar/result-sheets";
import {
  type BriefEstimate,
  type BriefSummary,
  type BriefView,
  estimateBriefSelection,
  getBrief,
  listBriefs,
} from "./briefs";
import { type FreezePreview, type FreezeResult, freezeFormulas, previewFreeze } from "./freeze";
import { getSidebarPrices, openEnrichmentLog, type SidebarPrices } from "./shortcuts";
import {
  getSupportContext,
  type SupportContext,
  type SupportReply,
  sendDataQualityReport,
  sendSupportRequest,
} from "./support";
import { importTechStack } from "./tech-stack";

export type {
  BriefEstimate,
  BriefSummary,
  BriefView,
  FreezePreview,
  FreezeResult,
  SidebarPrices,
  SupportContext,
  SupportReply,
};

export const moreApi = {
  getSidebarPrices: (): SidebarPrices => sidebarCall(getSidebarPrices),
  estimateBriefSelection: (request: unknown): BriefEstimate =>
    sidebarCall(() => estimateBriefSelection(request)),
  listBriefs: (): BriefSummary[] => sidebarCall(listBriefs),
  getBrief: (request: unknown): BriefView => sidebarCall(() => getBrief(request)),
  importTechStack: (request: unknown): ImportedSheet => sidebarCall(() => importTechStack(request)),
  getSupportContext: (): SupportContext => sidebarCall(getSupportContext),
  sendDataQualityReport: (request: unknown): SupportReply =>
    sidebarCall(() => sendDataQualityReport(request)),
  sendSupportRequest: (request: unknown): SupportReply => sidebarCall(() => sendSupportRequest(request)),
  previewFreeze: (request: unknown): FreezePreview => sidebarCall(() => previewFreeze(request)),
  freezeFormulas: (request: unknown): FreezeResult => sidebarCall(() => freezeFormulas(request)),
  openEnrichmentLog: (): { sheetName: string } => sidebarCall(openEnrichmentLog),
};
