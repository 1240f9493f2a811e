// Key projects the service recognizes in job posts (the signal families of the real service).

export interface Project {
  index: number;
  id: number;
  slug: string;
  name: string;
  goal: string;
}

const ROWS: readonly [string, string, string][] = [
  ["cloud-migration", "Cloud Migration", "Move on-premises workloads to a public cloud."],
  ["cost-optimization", "Cost Optimization", "Reduce infrastructure and tooling spend."],
  [
    "data-infrastructure-migration",
    "Data Infrastructure Migration",
    "Replace the legacy data stack with a modern warehouse and pipelines.",
  ],
  ["design-system", "Design System", "Build a shared component library and visual language."],
  ["digital-transformation", "Digital Transformation", "Digitize paper-based and manual business processes."],
  ["frontend-modernization", "Frontend Modernization", "Rebuild legacy web frontends on a modern framework."],
  ["generative-ai", "Generative AI", "Ship features built on large language models."],
  ["microservices", "Microservices Migration", "Split a monolith into independently deployed services."],
  [
    "security-modernization",
    "Security Modernization",
    "Adopt zero-trust access and modern detection tooling.",
  ],
  ["erp-migration", "ERP Migration", "Move finance and operations to a new ERP system."],
  ["observability", "Observability Rollout", "Standardize metrics, logs and traces across services."],
  ["data-governance", "Data Governance", "Catalog data assets and enforce access policies."],
];

export const PROJECTS: readonly Project[] = ROWS.map(([slug, name, goal], index) => ({
  index,
  id: 301 + index,
  slug,
  name,
  goal,
}));

/** A project by slug or name (case-insensitive). */
export function findProject(key: string): Project | undefined {
  const wanted = key.trim().toLowerCase();
  return PROJECTS.find((p) => p.slug === wanted || p.name.toLowerCase() === wanted);
}
