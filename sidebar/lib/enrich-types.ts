// The shapes the Enrich tab's server functions send, read off the bridge (and so off src/main.ts).
import type { ServerApi } from "../bridge";

type Result<K extends keyof ServerApi> = Awaited<ReturnType<ServerApi[K]>>;

export type EnrichCatalog = Result<"getEnrichCatalog">;
export type EnrichSelection = Result<"describeSelection">;
export type EnrichmentEstimate = Result<"estimateEnrichment">;
export type EnrichmentRun = Result<"getEnrichmentRun">;
export type JobStatus = Result<"getJobStatus">;
export type TechnologyMatches = Result<"findTechnologies">;
export type TechnologySuggestion = TechnologyMatches["technologies"][number];
export type CategoryMatch = Result<"lookupCategory">;
export type TitleEstimate = Result<"estimateTitleMapping">;
export type TitleMappingResult = Result<"mapJobTitles">;
export type RuleView = Result<"saveRefreshRule">;
