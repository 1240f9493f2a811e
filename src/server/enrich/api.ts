// The Enrich tab's server functions as the sidebar calls them (the bulk run itself goes through the jobs
// API): plain JSON in and out, every failure one readable sentence.
import { sidebarCall } from "../sidebar/call";
import { type EnrichCatalog, enrichCatalog } from "./catalog";
import { type CategoryMatch, findTechnologies, lookupCategory, type TechnologyMatches } from "./lookups";
import { type EnrichmentRun, getEnrichmentRun, latestEnrichmentRun, showEnrichmentResult } from "./run";
import { describeSelection, type EnrichSelection } from "./selection";
import { estimateTitleMapping, type TitleEstimate } from "./titles-plan";
import { mapJobTitles, type TitleMappingResult } from "./titles-run";

export type {
  CategoryMatch,
  EnrichCatalog,
  EnrichmentRun,
  EnrichSelection,
  TechnologyMatches,
  TitleEstimate,
  TitleMappingResult,
};

export const enrichApi = {
  getEnrichCatalog: (): EnrichCatalog => sidebarCall(enrichCatalog),
  describeSelection: (kind?: unknown): EnrichSelection => sidebarCall(() => describeSelection(kind)),
  findTechnologies: (query: unknown): TechnologyMatches => sidebarCall(() => findTechnologies(query)),
  lookupCategory: (name: unknown): CategoryMatch => sidebarCall(() => lookupCategory(name)),
  getEnrichmentRun: (jobId: unknown): EnrichmentRun => sidebarCall(() => getEnrichmentRun(jobId)),
  showEnrichmentResult: (jobId: unknown): string => sidebarCall(() => showEnrichmentResult(jobId)),
  latestEnrichmentRun: (): EnrichmentRun | null => sidebarCall(latestEnrichmentRun),
  estimateTitleMapping: (request: unknown): TitleEstimate => sidebarCall(() => estimateTitleMapping(request)),
  mapJobTitles: (request: unknown): TitleMappingResult => sidebarCall(() => mapJobTitles(request)),
};
