// The only file that declares Apps Script globals: each export becomes a top-level function in dist/Code.js.
import type { FormulaChoice, FormulaSettings } from "./core/settings";
import { addAddonMenu } from "./platform/ui";
import { openDiagnostics, recordTriggerFindings } from "./server/diagnostics";
import { flushOnOpen, fromMenu, fromSidebar, fromTrigger } from "./server/entry";
import { formulas } from "./server/formulas";
import { MENU_ITEMS, menuHandlers } from "./server/menu";
import {
  type CreditsView,
  type FormulaSheetStatus,
  type KeptAnswers,
  type KeyView,
  type ServiceStatus,
  type SettingsView,
  type StorageView,
  settingsApi,
  type UnansweredRequests,
} from "./server/settings";

/** What a custom function returns: Sheets shows a Date as a date. */
type FormulaResult = string | number | boolean | Date | (string | number | boolean | Date)[][];

/**
 * Builds the add-on menu. Runs in AuthMode.NONE when the add-on is only installed, so it
 * touches nothing but the UI service then; enabled in the file (LIMITED), it files formulas' purchases.
 */
export function onOpen(e?: GoogleAppsScript.Events.SheetsOnOpen): void {
  fromTrigger(e, () => {
    addAddonMenu(MENU_ITEMS);
    flushOnOpen(e);
  });
}

/** Runs once on install (AuthMode.FULL); shows the menu at once. */
export function onInstall(e?: GoogleAppsScript.Events.AddonOnInstall): void {
  fromTrigger(e, () => onOpen(e as GoogleAppsScript.Events.SheetsOnOpen | undefined));
}

// Sidebar: settings — the menu items that open the sidebar, and the Settings screen's server functions.

/** Menu: Open sidebar. */
export function showSidebar(): void {
  fromMenu(() => menuHandlers.showSidebar());
}

/** Menu: Enrich selection (the sidebar on its Enrich tab). */
export function menuEnrichSelection(): void {
  fromMenu(() => menuHandlers.menuEnrichSelection());
}

/** Menu: Refresh now. */
export function menuRefreshNow(): void {
  fromMenu(() => menuHandlers.menuRefreshNow());
}

/** Menu: Freeze formulas to values. */
export function menuFreezeFormulas(): void {
  fromMenu(() => menuHandlers.menuFreezeFormulas());
}

/** Menu: Settings. */
export function menuSettings(): void {
  fromMenu(() => menuHandlers.menuSettings());
}

/** Menu: Diagnostics: the platform facts the add-on relies on, as seen in this spreadsheet (docs/deploy.md). */
export function menuDiagnostics(): void {
  fromMenu(() => openDiagnostics());
}

/** One-off time-driven trigger scheduled by Diagnostics: records what a clock trigger gets here. */
export function diagnosticsTrigger(e?: GoogleAppsScript.Events.TimeDriven): void {
  fromTrigger(e, () => recordTriggerFindings(e as { authMode?: unknown; triggerUid?: unknown } | undefined));
}

/** Menu: Help. */
export function menuHelp(): void {
  fromMenu(() => menuHandlers.menuHelp());
}

/** Sidebar: the configuration as Settings shows it; the key only masked. */
export function getSettings(): SettingsView {
  return fromSidebar(() => settingsApi.getSettings());
}

/** Sidebar: checks the key with a free call, then stores it in the user's properties; returns it masked. */
export function saveApiKey(key: string): KeyView {
  return fromSidebar(() => settingsApi.saveApiKey(key));
}

/** Sidebar: removes the user's own key; returns the team key (masked) if one takes over. */
export function clearApiKey(): KeyView | null {
  return fromSidebar(() => settingsApi.clearApiKey());
}

/** Sidebar: whether the service answers with the configured address and key. */
export function checkService(): ServiceStatus {
  return fromSidebar(() => settingsApi.checkService());
}

/** Sidebar: the credit balance, read with a call that costs nothing. */
export function refreshCredits(): CreditsView {
  return fromSidebar(() => settingsApi.refreshCredits());
}

/** Sidebar: the formula spend guard and cache lifetime of this spreadsheet. */
export function saveFormulaSettings(settings: FormulaChoice): FormulaSettings {
  return fromSidebar(() => settingsApi.saveFormulaSettings(settings));
}

/** Sidebar: the balance as last seen by any paid call, and what was spent today (free: nothing is sent). */
export function getCredits(): CreditsView | null {
  return fromSidebar(() => settingsApi.getCredits());
}

/** Sidebar: forgets every cached formula result of this spreadsheet; says what was kept. */
export function clearFormulaCache(): KeptAnswers {
  return fromSidebar(() => settingsApi.clearFormulaCache());
}

/**
 * Sidebar: forgets the formula requests sent without an answer coming back, so what they held back is asked
 * again (and paid) on the next recalculation; kept answers stay. Says what was forgotten.
 */
export function forgetUnansweredRequests(): UnansweredRequests {
  return fromSidebar(() => settingsApi.forgetUnansweredRequests());
}

/** Sidebar: what each store holds against its limit (Settings > Storage). */
export function getStorage(): StorageView {
  return fromSidebar(() => settingsApi.getStorage());
}

/** Paid sidebar actions under this many credits run without asking first (0: every one asks). */
export function getAskUnder(): number {
  return fromSidebar(() => settingsApi.getAskUnder());
}

export function saveAskUnder(credits: unknown): number {
  return fromSidebar(() => settingsApi.saveAskUnder(credits));
}

/** Sidebar: how many answers of the sheet's formulas are cached, and what a recalculation could cost. */
export function formulaSheetStatus(): FormulaSheetStatus {
  return fromSidebar(() => settingsApi.formulaSheetStatus());
}

/** Sidebar: selects the cells of one kind of error Check this sheet listed. */
export function selectErrorCells(sheetName: unknown, ranges: unknown): boolean {
  return fromSidebar(() => settingsApi.selectErrorCells(sheetName, ranges));
}

// End of "Sidebar: settings".

/**
 * Organization attributes (industry, headcount, funding and more) for domains, e-mails, names or ids.
 * One row per input row, one column per attribute; blank or unmatched inputs stay blank.
 *
 * @param {A2:A500} organizations Domains (acme.com), URLs, e-mails, names or organization ids, e.g. A2:A500.
 * @param {"employee_count,industry"} attributes One attribute, a comma-separated list, or a one-row range of names or of the add-on's headers, e.g. "employee_count,industry" or "Employee count, HQ country". Common: industry, employee_count, headquarters_country, funding_total_raised, funding_last_round_type, jobs_count, tags. Help in the sidebar lists them all.
 * @param {7} max_age_days Optional: fetch again any result older than this many days (0.01 to 90), e.g. 7. Left out: the cache lifetime set in Settings.
 * @return The attribute values, one column per attribute.
 * @customfunction
 */
export function ORG_ATTR(organizations: unknown, attributes: unknown, max_age_days?: unknown): FormulaResult {
  return formulas.ORG_ATTR(organizations, attributes, max_age_days);
}

/**
 * A per-technology figure for each organization, by default the number of job posts that mention it.
 *
 * @param {A2:A500} organizations Domains, URLs, e-mails, names or organization ids, e.g. A2:A500.
 * @param {B1:E1} technologies A technology name or slug, or a one-row range of them, e.g. B1:E1 or "kubernetes".
 * @param {"job_post_count"} metric Optional: job_post_count (default), job_post_used_count, team_count, people_count, job_post_count_growth_1y, or a no_rollup variant.
 * @param {"2025-01-01"} since Optional: count only activity since this date, e.g. "2025-01-01" or a date cell.
 * @return One column per technology.
 * @customfunction
 */
export function TECH_COUNT(
  organizations: unknown,
  technologies: unknown,
  metric?: unknown,
  since?: unknown,
): FormulaResult {
  return formulas.TECH_COUNT(organizations, technologies, metric, since);
}

/**
 * Any entity metric for each organization: technologies, job functions, advanced queries or technology categories.
 *
 * @param {A2:A500} organizations Domains, URLs, e-mails, names or organization ids, e.g. A2:A500.
 * @param {"job_function"} type technology, job_function, advanced_query or technology_category.
 * @param {"Data Scientist"} terms A term or a one-row range of terms, e.g. "Data Scientist" or "technology EQ 'react'".
 * @param {"people_count"} metric Optional metric, default job_post_count, e.g. "people_count" or "people_concentration".
 * @param {"2025-01-01"} since Optional: count only activity since this date.
 * @return One column per term.
 * @customfunction
 */
export function ORG_METRIC(
  organizations: unknown,
  type: unknown,
  terms: unknown,
  metric?: unknown,
  since?: unknown,
): FormulaResult {
  return formulas.ORG_METRIC(organizations, type, terms, metric, since);
}

/**
 * The job function of a job title, e.g. "Senior Data Engineer" gives "Engineering".
 *
 * @param {A2:A200} titles A job title or a range of them, e.g. A2:A200.
 * @return The job function name; blank when the title is not recognised.
 * @customfunction
 */
export function JOB_FUNCTION(titles: unknown): FormulaResult {
  return formulas.JOB_FUNCTION(titles);
}

/**
 * The seniority level of a job title, e.g. "VP of Sales" gives "VP".
 *
 * @param {A2:A200} titles A job title or a range of them, e.g. A2:A200.
 * @return The job level name; blank when the title is not recognised.
 * @customfunction
 */
export function JOB_LEVEL(titles: unknown): FormulaResult {
  return formulas.JOB_LEVEL(titles);
}

/**
 * The canonical slug of a technology name or alias, e.g. "K8s" gives "kubernetes".
 *
 * @param {B1:E1} names A technology name or a range of them, e.g. "Amazon Redshift" or B1:E1.
 * @return The slug; blank when the technology is not known.
 * @customfunction
 */
export function TECH_SLUG(names: unknown): FormulaResult {
  return formulas.TECH_SLUG(names);
}

// ── Bulk enrichment and background jobs (issue 6) ─────────────────────────────────────────────────────
// Sidebar calls take and return plain JSON; dispatchJobs is the one time-driven trigger handler.
import {
  type BriefsRequestResult,
  type EnrichmentEstimate,
  type Estimate,
  type JobStatus,
  jobsApi,
  type RefreshEstimate,
  type RefreshNowEstimate,
  type RuleView,
} from "./server/jobs";

/** Sidebar: the most a bulk enrichment can cost, before anything is spent. */
export function estimateEnrichment(request: unknown): EnrichmentEstimate {
  return fromSidebar(() => jobsApi.estimateEnrichment(request));
}

/** Sidebar: queues a bulk enrichment; follow it with pollJobs. */
export function startEnrichment(request: unknown): JobStatus {
  return fromSidebar(() => jobsApi.startEnrichment(request));
}

/** Sidebar: one job's status. */
export function getJobStatus(jobId: unknown): JobStatus {
  return fromSidebar(() => jobsApi.getJobStatus(jobId));
}

/** Sidebar: every job of this spreadsheet, newest first. */
export function listJobs(): JobStatus[] {
  return fromSidebar(() => jobsApi.listJobs());
}

/** Sidebar: stops a job after the chunk it is on. */
export function stopJob(jobId: unknown): JobStatus {
  return fromSidebar(() => jobsApi.stopJob(jobId));
}

/** Sidebar: resumes a stopped, out-of-credits or failed job where it stopped. */
export function resumeJob(jobId: unknown): JobStatus {
  return fromSidebar(() => jobsApi.resumeJob(jobId));
}

/** Sidebar: opens the sheet a people search or briefs run wrote, once the sidebar sees it finish. */
export function showJobSheet(jobId: unknown): { sheetName: string | null } {
  return fromSidebar(() => jobsApi.showJobSheet(jobId));
}

/** Sidebar: buys again the rows of a run whose paid answer was lost, after the user saw their price. */
export function rerunLostRows(jobId: unknown): JobStatus {
  return fromSidebar(() => jobsApi.rerunLostRows(jobId));
}

/** Sidebar: the most a people search can cost. */
export function estimatePeopleSearch(request: unknown): Estimate {
  return fromSidebar(() => jobsApi.estimatePeopleSearch(request));
}

/** Sidebar: starts a people search whose people are written to a new sheet when it succeeds. */
export function startPeopleSearch(request: unknown): JobStatus {
  return fromSidebar(() => jobsApi.startPeopleSearch(request));
}

/** Sidebar: intelligence briefs for organization ids ({organizationIds, match?}: domains or names matched first), appended to the "Briefs" sheet as they complete. */
export function requestBriefs(request: unknown): BriefsRequestResult {
  return fromSidebar(() => jobsApi.requestBriefs(request));
}

/** Sidebar: saves a bulk enrichment as a scheduled refresh. */
export function saveRefreshRule(rule: unknown): RuleView {
  return fromSidebar(() => jobsApi.saveRefreshRule(rule));
}

/** Sidebar: the scheduled refreshes of this spreadsheet. */
export function listRefreshRules(): RuleView[] {
  return fromSidebar(() => jobsApi.listRefreshRules());
}

/** Sidebar: deletes a scheduled refresh; returns the ones left. */
export function deleteRefreshRule(ruleId: unknown): RuleView[] {
  return fromSidebar(() => jobsApi.deleteRefreshRule(ruleId));
}

/** Sidebar: the most running a scheduled refresh now can cost, before Refresh now is pressed. */
export function estimateRefreshNow(ruleId: unknown): RefreshNowEstimate {
  return fromSidebar(() => jobsApi.estimateRefreshNow(ruleId));
}

/** Sidebar: runs a scheduled refresh now ({ruleId, upTo}: refused when it costs more than upTo now). */
export function refreshNow(input: unknown): JobStatus {
  return fromSidebar(() => jobsApi.refreshNow(input));
}

/** Sidebar: a scheduled refresh's price per run and per day, every row or new rows only ({ruleId}, or before saving {jobId | request, frequency}). */
export function estimateRefreshRule(input: unknown): RefreshEstimate {
  return fromSidebar(() => jobsApi.estimateRefreshRule(input));
}

/** Sidebar: changes a scheduled refresh's options ({ruleId, newRowsOnly?, thresholds?}). */
export function updateRefreshRule(input: unknown): RuleView {
  return fromSidebar(() => jobsApi.updateRefreshRule(input));
}

/** Sidebar, every few seconds while open: drives due jobs (the add-on's triggers are hourly) and returns their statuses. */
export function pollJobs(): JobStatus[] {
  return fromSidebar(() => jobsApi.pollJobs());
}

/** Time-driven trigger: runs due jobs and refresh rules, then keeps the trigger matching the work left. */
export function dispatchJobs(e?: GoogleAppsScript.Events.TimeDriven): void {
  fromTrigger(e, () => jobsApi.dispatchJobs());
}

// Sidebar: the Refreshes section — each rule's last run and what moved, its threshold, its changed cells
// selected, and a schedule's price per run and per day before it is saved.
import {
  type ChangedCellsSelection,
  type RefreshRunView,
  refreshesApi,
  type SchedulePrice,
} from "./server/refreshes";

/** Sidebar: each scheduled refresh's last run (rows checked, cells changed, credits), notable changes first. Free. */
export function refreshRuns(): RefreshRunView[] {
  return fromSidebar(() => refreshesApi.refreshRuns());
}

/** Sidebar: sets the change ({ruleId, percent}) past which a count is notable for one refresh. Free. */
export function saveRefreshThreshold(input: unknown): RefreshRunView {
  return fromSidebar(() => refreshesApi.saveRefreshThreshold(input));
}

/** Sidebar: selects the cells a refresh's last run changed, on its sheet. Free. */
export function selectChangedCells(ruleId: unknown): ChangedCellsSelection {
  return fromSidebar(() => refreshesApi.selectChangedCells(ruleId));
}

/** Sidebar: what scheduling a finished run ({jobId, frequency}) costs per run and per day. Free. */
export function estimateRefreshSchedule(input: unknown): SchedulePrice {
  return fromSidebar(() => refreshesApi.estimateRefreshSchedule(input));
}

// Sidebar: enrich and find — the Enrich tab (selection, catalog, lookups, the run's summary, job-title
// mapping) and the Find tab (filter searches into new sheets, people searches in the background).
import {
  type CategoryMatch,
  type EnrichCatalog,
  type EnrichmentRun,
  type EnrichSelection,
  enrichApi,
  type TechnologyMatches,
  type TitleEstimate,
  type TitleMappingResult,
} from "./server/enrich";
import {
  type FindCatalog,
  type FindEstimate,
  type FindOutcome,
  findApi,
  type PeopleSearchView,
  type SelectedIdentifiers,
} from "./server/find";

/** Sidebar: what the Enrich tab offers (attributes grouped and priced, metrics, output modes). Free. */
export function getEnrichCatalog(): EnrichCatalog {
  return fromSidebar(() => enrichApi.getEnrichCatalog());
}

/** Sidebar: the selected column, described: its range and how many rows, unique and blank cells. Free. */
export function describeSelection(kind?: unknown): EnrichSelection {
  return fromSidebar(() => enrichApi.describeSelection(kind));
}

/** Sidebar: technology autocomplete; 1 credit when anything is found, cached per query for 6 hours. */
export function findTechnologies(query: unknown): TechnologyMatches {
  return fromSidebar(() => enrichApi.findTechnologies(query));
}

/** Sidebar: a technology category and its technologies; 1 credit when matched, cached for 6 hours. */
export function lookupCategory(name: unknown): CategoryMatch {
  return fromSidebar(() => enrichApi.lookupCategory(name));
}

/** Sidebar: brings the columns a bulk run wrote into view (its sheet, the block selected). */
export function showEnrichmentResult(jobId: unknown): string {
  return fromSidebar(() => enrichApi.showEnrichmentResult(jobId));
}

/** Sidebar: a bulk run's status with its summary (matched, not found, unreadable, where it wrote). */
export function getEnrichmentRun(jobId: unknown): EnrichmentRun {
  return fromSidebar(() => enrichApi.getEnrichmentRun(jobId));
}

/** Sidebar: the newest bulk run of this spreadsheet, for a reopened sidebar; null when there is none. */
export function latestEnrichmentRun(): EnrichmentRun | null {
  return fromSidebar(() => enrichApi.latestEnrichmentRun());
}

/** Sidebar: the most mapping a column of job titles can cost, and where the columns go. Free. */
export function estimateTitleMapping(request: unknown): TitleEstimate {
  return fromSidebar(() => enrichApi.estimateTitleMapping(request));
}

/** Sidebar: writes job function and job level columns for a column of titles (1 credit per 100 matched). */
export function mapJobTitles(request: unknown): TitleMappingResult {
  return fromSidebar(() => enrichApi.mapJobTitles(request));
}

/** Sidebar: what the Find tab offers per kind of search. Free. */
export function getFindCatalog(): FindCatalog {
  return fromSidebar(() => findApi.getFindCatalog());
}

/** Sidebar: the most a search can cost, before anything is spent. */
export function estimateFind(request: unknown): FindEstimate {
  return fromSidebar(() => findApi.estimateFind(request));
}

/** Sidebar: runs a search into a new sheet, or starts a people search that finishes in the background. */
export function runFind(request: unknown): FindOutcome {
  return fromSidebar(() => findApi.runFind(request));
}

/** Sidebar: the organizations or people of the selected column, each once, to search in or look up. Free. */
export function selectedIdentifiers(kind?: unknown): SelectedIdentifiers {
  return fromSidebar(() => findApi.selectedIdentifiers(kind));
}

/** Sidebar: the latest people searches of this spreadsheet, newest first. */
export function listPeopleSearches(): PeopleSearchView[] {
  return fromSidebar(() => findApi.listPeopleSearches());
}

// End of "Sidebar: enrich and find".

// Sidebar: lists, signals and more — the Lists tab (organization and contact lists both ways), the Signals
// tab (feed, priority digest with relevance, configs) and the More tab (briefs, tech stack, support,
// freeze formulas to values, the enrichment log, prices).
import {
  type AddReport,
  type ContactListsView,
  type ContactsAdded,
  type CreatedContactList,
  type CreatedList,
  type DeletedState,
  type ImportedSheet,
  listsApi,
  type OrganizationListsView,
  type RenamedList,
  type SelectionView,
  type SignalsState,
} from "./server/lists";
import {
  type BriefEstimate,
  type BriefSummary,
  type BriefView,
  type FreezePreview,
  type FreezeResult,
  moreApi,
  type SidebarPrices,
  type SupportContext,
  type SupportReply,
} from "./server/more";
import {
  type FeedEstimate,
  type FeedResult,
  type FeedSheet,
  type PriorityDigest,
  type PriorityImport,
  type RelevanceSet,
  type RelevanceSync,
  type SignalConfigView,
  signalsApi,
} from "./server/signals";

/** Sidebar: the selected column as Lists, Signals and More use it: its range and how many rows and ids. Free. */
export function getSelectedColumn(): SelectionView {
  return fromSidebar(() => listsApi.getSelectedColumn());
}

/** Sidebar: the account's organization lists ({includeDeleted}); 1 credit per list. */
export function getOrganizationLists(options: unknown): OrganizationListsView {
  return fromSidebar(() => listsApi.getOrganizationLists(options));
}

/** Sidebar: a list's organizations into a new sheet ({listId}); 1 credit per organization. */
export function importOrganizationList(request: unknown): ImportedSheet {
  return fromSidebar(() => listsApi.importOrganizationList(request));
}

/** Sidebar: a new organization list ({name, selection?}) from a column of ids or slugs (free), domains or names (matched first, paid). */
export function createOrganizationList(request: unknown): CreatedList {
  return fromSidebar(() => listsApi.createOrganizationList(request));
}

/** Sidebar: adds a column to a list ({listId, selection}): ids and slugs free, domains and names matched first (paid); each row's result beside it. */
export function addSelectionToOrganizationList(request: unknown): AddReport {
  return fromSidebar(() => listsApi.addSelectionToOrganizationList(request));
}

/** Sidebar: renames an organization list ({listId, name}). Free. */
export function renameOrganizationList(request: unknown): RenamedList {
  return fromSidebar(() => listsApi.renameOrganizationList(request));
}

/** Sidebar: deletes or restores an organization list ({listId, deleted}). Free. */
export function setOrganizationListDeleted(request: unknown): DeletedState {
  return fromSidebar(() => listsApi.setOrganizationListDeleted(request));
}

/** Sidebar: whether a list feeds the signal feed ({listId, includeInSignals}). Free. */
export function setOrganizationListSignals(request: unknown): SignalsState {
  return fromSidebar(() => listsApi.setOrganizationListSignals(request));
}

/** Sidebar: the account's contact lists; 1 credit per list. */
export function getContactLists(): ContactListsView {
  return fromSidebar(() => listsApi.getContactLists());
}

/** Sidebar: a contact list's people into a new sheet ({listId}); 1 credit per person. */
export function importContactList(request: unknown): ImportedSheet {
  return fromSidebar(() => listsApi.importContactList(request));
}

/** Sidebar: a new contact list ({name}). Free. */
export function createContactList(request: unknown): CreatedContactList {
  return fromSidebar(() => listsApi.createContactList(request));
}

/** Sidebar: adds a column of person ids to a contact list ({listId, selection}). Free. */
export function addSelectionToContactList(request: unknown): ContactsAdded {
  return fromSidebar(() => listsApi.addSelectionToContactList(request));
}

/** Sidebar: the signal configs behind the account's feed (read-only). Free. */
export function getSignalConfigs(): SignalConfigView[] {
  return fromSidebar(() => signalsApi.getSignalConfigs());
}

/** Sidebar: the most a signal-feed import can cost, and its pages. Free. */
export function estimateSignalFeed(request: unknown): FeedEstimate {
  return fromSidebar(() => signalsApi.estimateSignalFeed(request));
}

/** Sidebar: the signal feed into a new sheet, page by page; 1 credit per signal. */
export function importSignalFeed(request: unknown): FeedResult {
  return fromSidebar(() => signalsApi.importSignalFeed(request));
}

/** Sidebar: the feed sheets of this spreadsheet that Refresh can update. Free. */
export function listSignalFeeds(): FeedSheet[] {
  return fromSidebar(() => signalsApi.listSignalFeeds());
}

/** Sidebar: appends only the signals a feed sheet does not have yet ({sheetName}); 1 credit per signal read. */
export function refreshSignalFeed(request: unknown): FeedResult {
  return fromSidebar(() => signalsApi.refreshSignalFeed(request));
}

/** Sidebar: one organization's signals into a new sheet ({organization}: an id, or a domain or name matched first); 1 credit per signal. */
export function importOrganizationSignals(request: unknown): FeedResult {
  return fromSidebar(() => signalsApi.importOrganizationSignals(request));
}

/** Sidebar: the latest priority digest into a new sheet ({limit}); 1 credit per item. */
export function importPrioritySignals(request: unknown): PriorityImport {
  return fromSidebar(() => signalsApi.importPrioritySignals(request));
}

/** Sidebar: the priority digest as its sheet has it now; null before any import. Free. */
export function getPriorityDigest(): PriorityDigest | null {
  return fromSidebar(() => signalsApi.getPriorityDigest());
}

/** Sidebar: relevant, not relevant or cleared for one item ({itemId, relevant}); the sheet follows. Free. */
export function setPriorityRelevance(request: unknown): RelevanceSet {
  return fromSidebar(() => signalsApi.setPriorityRelevance(request));
}

/** Sidebar: sends the digest sheet's "Relevant?" column where it changed. Free. */
export function syncPriorityRelevance(): RelevanceSync {
  return fromSidebar(() => signalsApi.syncPriorityRelevance());
}

/** Sidebar: the prices and limits the Lists, Signals and More screens word their estimates with. Free. */
export function getSidebarPrices(): SidebarPrices {
  return fromSidebar(() => moreApi.getSidebarPrices());
}

/** Sidebar: the organizations of a selected column a brief can be asked for, and the most it costs. Free. */
export function estimateBriefSelection(request: unknown): BriefEstimate {
  return fromSidebar(() => moreApi.estimateBriefSelection(request));
}

/** Sidebar: the briefs in the "Briefs" sheet, newest first. Free. */
export function listBriefs(): BriefSummary[] {
  return fromSidebar(() => moreApi.listBriefs());
}

/** Sidebar: one brief from the "Briefs" sheet ({row}), for the dialog that shows it. Free. */
export function getBrief(request: unknown): BriefView {
  return fromSidebar(() => moreApi.getBrief(request));
}

/** Sidebar: an organization's technology stack into a new sheet ({organization}: an id, or a domain or name matched first); 1 credit. */
export function importTechStack(request: unknown): ImportedSheet {
  return fromSidebar(() => moreApi.importTechStack(request));
}

/** Sidebar: the selected row, for a data-quality report (its organization or person id). Free. */
export function getSupportContext(): SupportContext {
  return fromSidebar(() => moreApi.getSupportContext());
}

/** Sidebar: a data-quality report to the data team ({message, url?, pageTitle?}). Free. */
export function sendDataQualityReport(request: unknown): SupportReply {
  return fromSidebar(() => moreApi.sendDataQualityReport(request));
}

/** Sidebar: a general support request ({message, url?}). Free. */
export function sendSupportRequest(request: unknown): SupportReply {
  return fromSidebar(() => moreApi.sendSupportRequest(request));
}

/** Sidebar: how many of the add-on's formulas a freeze would turn into values ({scope}). Free. */
export function previewFreeze(request: unknown): FreezePreview {
  return fromSidebar(() => moreApi.previewFreeze(request));
}

/** Sidebar: the add-on's formulas in the selection or sheet become their values ({scope}). Free. */
export function freezeFormulas(request: unknown): FreezeResult {
  return fromSidebar(() => moreApi.freezeFormulas(request));
}

/** Sidebar: shows the "Enrichment log" sheet. Free. */
export function openEnrichmentLog(): { sheetName: string } {
  return fromSidebar(() => moreApi.openEnrichmentLog());
}

// End of "Sidebar: lists, signals and more".
