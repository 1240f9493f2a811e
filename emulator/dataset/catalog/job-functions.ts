// Job functions (a two-level hierarchy: a parent matches its children in queries) and job levels.

export type JobFamily =
  | "engineering"
  | "data"
  | "product"
  | "design"
  | "it"
  | "security"
  | "sales"
  | "marketing"
  | "support"
  | "finance"
  | "people"
  | "operations"
  | "legal"
  | "healthcare"
  | "manufacturing";

export interface JobFunction {
  index: number;
  id: number;
  slug: string;
  name: string;
  /** Slug of the parent function; parents themselves are never assigned to records. */
  parent?: string;
  family: JobFamily;
  /** Individual-contributor title, e.g. "Data Engineer". */
  title: string;
  /** The area a manager of this function leads, e.g. "Data Engineering". */
  area: string;
  /** Indexes of this function and every descendant (a parent matches its children). */
  matches: readonly number[];
  /** Indexes of this function and its parent (what a record with this function also counts as). */
  ancestry: readonly number[];
}

type Row = [
  slug: string,
  name: string,
  parent: string | null,
  family: JobFamily,
  title: string,
  area: string,
];

const ROWS: readonly Row[] = [
  ["engineer", "Engineer", null, "engineering", "Engineer", "Engineering"],
  [
    "software-engineer",
    "Software Engineer",
    "engineer",
    "engineering",
    "Software Engineer",
    "Software Engineering",
  ],
  [
    "frontend-engineer",
    "Frontend Engineer",
    "engineer",
    "engineering",
    "Frontend Engineer",
    "Frontend Engineering",
  ],
  [
    "backend-engineer",
    "Backend Engineer",
    "engineer",
    "engineering",
    "Backend Engineer",
    "Backend Engineering",
  ],
  [
    "full-stack-engineer",
    "Full Stack Engineer",
    "engineer",
    "engineering",
    "Full Stack Engineer",
    "Engineering",
  ],
  ["mobile-engineer", "Mobile Engineer", "engineer", "engineering", "Mobile Engineer", "Mobile Engineering"],
  ["devops-engineer", "DevOps Engineer", "engineer", "engineering", "DevOps Engineer", "DevOps"],
  [
    "site-reliability-engineer",
    "Site Reliability Engineer",
    "engineer",
    "engineering",
    "Site Reliability Engineer",
    "Site Reliability",
  ],
  ["cloud-engineer", "Cloud Engineer", "engineer", "engineering", "Cloud Engineer", "Cloud Infrastructure"],
  ["data-engineer", "Data Engineer", "engineer", "data", "Data Engineer", "Data Engineering"],
  [
    "machine-learning-engineer",
    "Machine Learning Engineer",
    "engineer",
    "data",
    "Machine Learning Engineer",
    "Machine Learning",
  ],
  [
    "security-engineer",
    "Security Engineer",
    "engineer",
    "security",
    "Security Engineer",
    "Security Engineering",
  ],
  ["qa-engineer", "QA Engineer", "engineer", "engineering", "QA Engineer", "Quality Engineering"],
  [
    "embedded-engineer",
    "Embedded Engineer",
    "engineer",
    "manufacturing",
    "Embedded Software Engineer",
    "Embedded Systems",
  ],
  [
    "hardware-engineer",
    "Hardware Engineer",
    "engineer",
    "manufacturing",
    "Hardware Engineer",
    "Hardware Engineering",
  ],
  ["network-engineer", "Network Engineer", "engineer", "it", "Network Engineer", "Network Engineering"],
  [
    "mechanical-engineer",
    "Mechanical Engineer",
    "engineer",
    "manufacturing",
    "Mechanical Engineer",
    "Mechanical Engineering",
  ],
  [
    "manufacturing-engineer",
    "Manufacturing Engineer",
    "engineer",
    "manufacturing",
    "Manufacturing Engineer",
    "Manufacturing Engineering",
  ],
  ["data-scientist", "Data Scientist", null, "data", "Data Scientist", "Data Science"],
  ["data-analyst", "Data Analyst", null, "data", "Data Analyst", "Analytics"],
  ["business-analyst", "Business Analyst", null, "operations", "Business Analyst", "Business Analysis"],
  ["product-manager", "Product Manager", null, "product", "Product Manager", "Product"],
  ["project-manager", "Project Manager", null, "operations", "Project Manager", "Program Management"],
  ["designer", "Designer", null, "design", "Product Designer", "Design"],
  ["it", "IT", null, "it", "IT Specialist", "IT"],
  ["it-support", "IT Support", "it", "it", "IT Support Specialist", "IT Support"],
  [
    "systems-administrator",
    "Systems Administrator",
    "it",
    "it",
    "Systems Administrator",
    "IT Infrastructure",
  ],
  [
    "database-administrator",
    "Database Administrator",
    "it",
    "data",
    "Database Administrator",
    "Database Operations",
  ],
  ["security-analyst", "Security Analyst", null, "security", "Security Analyst", "Security Operations"],
  ["sales", "Sales", null, "sales", "Sales Representative", "Sales"],
  ["account-executive", "Account Executive", "sales", "sales", "Account Executive", "Sales"],
  [
    "sales-development-representative",
    "Sales Development Representative",
    "sales",
    "sales",
    "Sales Development Representative",
    "Sales Development",
  ],
  ["sales-engineer", "Sales Engineer", "sales", "sales", "Sales Engineer", "Solutions Engineering"],
  ["account-manager", "Account Manager", "sales", "sales", "Account Manager", "Account Management"],
  ["marketing", "Marketing", null, "marketing", "Marketing Specialist", "Marketing"],
  [
    "product-marketing",
    "Product Marketing",
    "marketing",
    "marketing",
    "Product Marketing Manager",
    "Product Marketing",
  ],
  [
    "demand-generation",
    "Demand Generation",
    "marketing",
    "marketing",
    "Demand Generation Manager",
    "Demand Generation",
  ],
  [
    "content-marketing",
    "Content Marketing",
    "marketing",
    "marketing",
    "Content Marketing Manager",
    "Content",
  ],
  ["customer-success", "Customer Success", null, "support", "Customer Success Manager", "Customer Success"],
  [
    "customer-support",
    "Customer Support",
    null,
    "support",
    "Customer Support Specialist",
    "Customer Support",
  ],
  ["finance", "Finance", null, "finance", "Finance Specialist", "Finance"],
  ["accountant", "Accountant", "finance", "finance", "Accountant", "Accounting"],
  ["financial-analyst", "Financial Analyst", "finance", "finance", "Financial Analyst", "Financial Planning"],
  ["human-resources", "Human Resources", null, "people", "HR Generalist", "People"],
  ["recruiter", "Recruiter", "human-resources", "people", "Recruiter", "Talent Acquisition"],
  [
    "hr-business-partner",
    "HR Business Partner",
    "human-resources",
    "people",
    "HR Business Partner",
    "People Operations",
  ],
  ["legal", "Legal", null, "legal", "Counsel", "Legal"],
  ["operations", "Operations", null, "operations", "Operations Specialist", "Operations"],
  ["supply-chain", "Supply Chain", "operations", "operations", "Supply Chain Analyst", "Supply Chain"],
  ["nurse", "Nurse", null, "healthcare", "Registered Nurse", "Nursing"],
  ["physician", "Physician", null, "healthcare", "Physician", "Medical Staff"],
  ["technician", "Technician", null, "manufacturing", "Manufacturing Technician", "Production"],
];

/** The C-level title for each family. */
export const C_LEVEL_TITLES: Record<JobFamily, string> = {
  engineering: "Chief Technology Officer",
  data: "Chief Data Officer",
  product: "Chief Product Officer",
  design: "Chief Design Officer",
  it: "Chief Information Officer",
  security: "Chief Information Security Officer",
  sales: "Chief Revenue Officer",
  marketing: "Chief Marketing Officer",
  support: "Chief Customer Officer",
  finance: "Chief Financial Officer",
  people: "Chief People Officer",
  operations: "Chief Operating Officer",
  legal: "General Counsel",
  healthcare: "Chief Medical Officer",
  manufacturing: "Chief Operating Officer",
};

function buildJobFunctions(): JobFunction[] {
  const indexBySlug = new Map(ROWS.map(([slug], index) => [slug, index]));
  return ROWS.map(([slug, name, parent, family, title, area], index) => {
    const children = ROWS.flatMap(([childSlug, , childParent]) =>
      childParent === slug ? [indexBySlug.get(childSlug)!] : [],
    );
    const ancestry = parent ? [index, indexBySlug.get(parent)!] : [index];
    return {
      index,
      id: 201 + index,
      slug,
      name,
      ...(parent ? { parent } : {}),
      family,
      title,
      area,
      matches: [index, ...children],
      ancestry,
    };
  });
}

export const JOB_FUNCTIONS: readonly JobFunction[] = buildJobFunctions();

/** Functions that records carry (parents only group them). */
export const LEAF_JOB_FUNCTIONS: readonly JobFunction[] = JOB_FUNCTIONS.filter(
  (jf) => jf.matches.length === 1,
);

export interface JobLevel {
  index: number;
  id: number;
  slug: string;
  name: string;
  rank: number;
  /** Share of people and job posts at this level. */
  weight: number;
}

export const JOB_LEVELS: readonly JobLevel[] = [
  { index: 0, id: -1, slug: "intern", name: "Intern", rank: 0, weight: 3 },
  { index: 1, id: 1, slug: "individual-contributor", name: "Individual Contributor", rank: 1, weight: 62 },
  { index: 2, id: 2, slug: "manager", name: "Manager", rank: 2, weight: 18 },
  { index: 3, id: 3, slug: "director", name: "Director", rank: 3, weight: 9 },
  { index: 4, id: 4, slug: "vice-president", name: "Vice President", rank: 4, weight: 5 },
  { index: 5, id: 5, slug: "c-level", name: "C-Level", rank: 5, weight: 1.5 },
];

const functionByKey = new Map<string, JobFunction>();
for (const jf of JOB_FUNCTIONS) {
  functionByKey.set(jf.name.toLowerCase(), jf);
  functionByKey.set(jf.slug, jf);
}
const levelByKey = new Map<string, JobLevel>();
for (const level of JOB_LEVELS) {
  levelByKey.set(level.name.toLowerCase(), level);
  levelByKey.set(level.slug, level);
}

/** A job function by name or slug (case-insensitive). */
export function findJobFunction(key: string): JobFunction | undefined {
  return functionByKey.get(key.trim().toLowerCase());
}

/** A job level by name or slug (case-insensitive). */
export function findJobLevel(key: string): JobLevel | undefined {
  return levelByKey.get(key.trim().toLowerCase());
}

const titles = new Map<number, string>();

/** A realistic job title for a function at a level; `variant` picks among equivalent forms. */
export function jobTitle(jf: JobFunction, level: JobLevel, variant: number): string {
  const key = (jf.index * JOB_LEVELS.length + level.index) * 10 + (variant % 10);
  let title = titles.get(key);
  if (title === undefined) {
    title = composeTitle(jf, level, variant);
    titles.set(key, title);
  }
  return title;
}

function composeTitle(jf: JobFunction, level: JobLevel, variant: number): string {
  switch (level.slug) {
    case "intern":
      return `${jf.title} Intern`;
    case "individual-contributor": {
      const forms = [jf.title, `Senior ${jf.title}`, jf.title, `Lead ${jf.title}`, `Staff ${jf.title}`];
      return forms[variant % (jf.family === "engineering" || jf.family === "data" ? 5 : 4)]!;
    }
    case "manager":
      return variant % 2 === 0 ? `${jf.area} Manager` : `Senior ${jf.area} Manager`;
    case "director":
      return variant % 2 === 0 ? `Director of ${jf.area}` : `Senior Director, ${jf.area}`;
    case "vice-president":
      return variant % 2 === 0 ? `VP of ${jf.area}` : `Vice President, ${jf.area}`;
    default:
      return C_LEVEL_TITLES[jf.family];
  }
}
