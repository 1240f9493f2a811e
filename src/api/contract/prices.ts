// Credit prices (spec §8.5). The emulator charges with these and the pricing module estimates with them.

export const PRICES = {
  /** Organizations: per matched (list) or returned (filter) organization. */
  organizationBase: 1,
  organizationPaidAttribute: 1,
  /** Per requested metric per entity; exploded categories multiply by the category's technologies. */
  organizationEntityMetric: 1,
  /** People: per returned person. */
  personBase: 1,
  personPaidAttribute: 1,
  personRelated: 1,
  /** Contact reveal, charged on the first reveal only. */
  personEmailReveal: 10,
  personPhoneReveal: 80,
  /** Jobs: per matched job; extracted entities are paid attributes like the others. */
  jobBase: 1,
  jobPaidAttribute: 1,
  jobRelatedPerson: 1,
  /** Teams: per matched team. */
  teamBase: 1,
  teamPaidAttribute: 1,
  teamRelatedPerson: 1,
  teamJobPost: 1,
  /** Lookups (technologies, categories, projects, job titles): 1 per this many matched items, rounded up. */
  lookupMatchedPerCredit: 100,
  /** Technologies find: 1 when anything is found. */
  technologiesFind: 1,
  /** Reads of saved lists: per list, organization or person returned. */
  listItem: 1,
  /** Signals and priority signals: per item returned. */
  signal: 1,
  prioritySignal: 1,
  /** Intelligence brief: per completed brief; 202 and 422 are free. */
  brief: 50,
  /** Organization tech stack: per call (spec §8.5 wins over the notes' "per tech"). */
  techStack: 1,
} as const;
