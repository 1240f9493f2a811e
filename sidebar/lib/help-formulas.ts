// The formula examples Help shows: one list, which an e2e test runs against the emulator so none can break.
export const HELP_FORMULAS: readonly [string, string][] = [
  ['=ORG_ATTR(A2:A500, "employee_count,industry")', "organization attributes, one column each"],
  ['=ORG_ATTR(A2:A500, "employee_count", 7)', "the same, fetched again when older than 7 days"],
  ["=TECH_COUNT(A2:A500, B1:E1)", "job posts mentioning each technology"],
  ['=ORG_METRIC(A2:A500, "job_function", "Data Scientist")', "any entity metric"],
  ["=JOB_FUNCTION(A2:A200), =JOB_LEVEL(A2:A200)", "function and level of job titles"],
  ['=TECH_SLUG("K8s")', "the canonical technology slug"],
];
