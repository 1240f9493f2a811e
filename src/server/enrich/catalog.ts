// What the Enrich tab offers, from the contract: attributes grouped and marked paid, metrics per entity
// type, output modes, refresh frequencies and the prices the screen spells out. Free: no request.
import {
  type AttributeGroup,
  ENTITY_METRICS,
  type EntityMetric,
  type EntityType,
  METRICS_BY_ENTITY_TYPE,
  ORGANIZATION_ATTRIBUTE_NAMES,
  ORGANIZATION_ATTRIBUTES,
  PRICES,
} from "../../api/contract";
import { MAX_FIELDS, OUTPUT_MODES, type OutputMode } from "../../core/bulk/request";
import { FREQUENCIES, type Frequency } from "../../core/jobs/refresh-rules";
import { attributeLabel, METRIC_LABELS } from "../../core/organizations/field-names";
import { currentDeployment } from "../../platform/deployment";
import { spreadsheetLocale } from "../../platform/spreadsheet-time";

/** Below this many characters a technology search matches too much to be worth its credit. */
export const MIN_TECHNOLOGY_QUERY = 2;

export interface AttributeOption {
  name: string;
  label: string;
  paid: boolean;
}

export interface AttributeGroupView {
  group: AttributeGroup;
  /** "Relationship — no extra cost" when nothing in the group adds to the base price. */
  label: string;
  attributes: AttributeOption[];
}

export interface MetricTypeView {
  type: EntityType;
  label: string;
  /** The metrics this type accepts, in the contract's order. */
  metrics: EntityMetric[];
}

export interface EnrichCatalog {
  attributeGroups: AttributeGroupView[];
  metricTypes: MetricTypeView[];
  metricLabels: Record<string, string>;
  defaultMetric: EntityMetric;
  outputModes: { mode: OutputMode; label: string; hint: string }[];
  frequencies: { value: Frequency; label: string }[];
  maxFields: number;
  minTechnologyQuery: number;
  prices: { paidAttribute: number; metric: number; technologiesFind: number; lookupPerCredit: number };
  /** A published add-on runs its trigger hourly at most, so the open sidebar must drive its jobs. */
  sidebarDrivesJobs: boolean;
  /** The spreadsheet's locale ("en_US"): the order the Since field shows and reads a date in. */
  locale: string;
}

const METRIC_TYPE_LABELS: Partial<Record<EntityType, string>> = {
  technology: "Technologies",
  job_function: "Job functions",
  technology_category: "Technology categories",
};

function attributeGroups(): AttributeGroupView[] {
  const groups = new Map<AttributeGroup, AttributeOption[]>();
  for (const name of ORGANIZATION_ATTRIBUTE_NAMES) {
    const info = ORGANIZATION_ATTRIBUTES[name];
    const list = groups.get(info.group) ?? [];
    list.push({ name, label: attributeLabel(name), paid: info.paid });
    groups.set(info.group, list);
  }
  return [...groups].map(([group, attributes]) => ({
    group,
    // Not "free": every organization found costs the base price, whichever attributes are asked for.
    label: attributes.every((a) => !a.paid) ? `${group} — no extra cost` : group,
    attributes,
  }));
}

const OUTPUT_MODE_TEXT: Record<OutputMode, { label: string; hint: string }> = {
  "new-columns": { label: "New columns to the right", hint: "Nothing in the sheet is changed." },
  "empty-only": { label: "Only empty cells", hint: "Fills blanks in existing columns; typed values stay." },
  overwrite: { label: "Overwrite", hint: "Replaces values in the columns you choose, after you confirm." },
};

const FREQUENCY_LABELS: Record<Frequency, string> = {
  hourly: "Every hour",
  daily: "Every day",
  weekly: "Every week",
};

/** A published add-on's trigger runs hourly at most, so an open sidebar runs the job queue itself. */
export function sidebarDrivesJobs(): boolean {
  return currentDeployment() === "addon";
}

export function enrichCatalog(): EnrichCatalog {
  return {
    attributeGroups: attributeGroups(),
    metricTypes: (Object.keys(METRIC_TYPE_LABELS) as EntityType[]).map((type) => ({
      type,
      label: METRIC_TYPE_LABELS[type] as string,
      metrics: [...METRICS_BY_ENTITY_TYPE[type].valid],
    })),
    metricLabels: Object.fromEntries(ENTITY_METRICS.map((m) => [m, METRIC_LABELS[m]])),
    defaultMetric: "job_post_count",
    outputModes: OUTPUT_MODES.map((mode) => ({ mode, ...OUTPUT_MODE_TEXT[mode] })),
    frequencies: FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] })),
    maxFields: MAX_FIELDS,
    minTechnologyQuery: MIN_TECHNOLOGY_QUERY,
    prices: {
      paidAttribute: PRICES.organizationPaidAttribute,
      metric: PRICES.organizationEntityMetric,
      technologiesFind: PRICES.technologiesFind,
      lookupPerCredit: PRICES.lookupMatchedPerCredit,
    },
    sidebarDrivesJobs: sidebarDrivesJobs(),
    // The Since field shows and reads dates the way this spreadsheet's people write them.
    locale: spreadsheetLocale(),
  };
}
