// The Enrich tab's server functions (enrichment runs, selection, lookups, job-title mapping).
export * from "./api";
