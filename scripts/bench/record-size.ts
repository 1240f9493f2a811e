// The purchase record's size and read cost (issue 38): 10,000 and 100,000 organizations × 25 fields, written
// and read by the record's own code over an in-memory sheet: characters, cells, rows, and the decode time.

import type { Organization } from "../../emulator/dataset/types.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { LIMITS } from "../../src/api/contract/limits.ts";
import { purchaseRecord, RECORD_SHEET } from "../../src/core/bulk/purchase-record.ts";
import { DEFAULT_WAVE_REQUESTS } from "../../src/core/bulk/runner.ts";
import type { CachedJson, EntityResult } from "../../src/core/caches/result-cache.ts";
import type { CellValue, SheetPort, WorkbookPort } from "../../src/core/sheet/port.ts";

const DATASET = 10_000;
const SAMPLES = 5;

/** 25 values of an organization from the emulator's dataset, as the service's attributes would answer. */
function values(org: Organization): Record<string, CachedJson> {
  return {
    name: org.name,
    domain: org.domain,
    slug: org.slug,
    service_url: org.serviceUrl,
    industry: `Industry ${org.industry}`,
    country: `Country ${org.country}`,
    city: org.city,
    employee_count: org.employeeCount,
    status: org.status,
    parent: org.parentIndex,
    subsidiaries: org.subsidiaryIndexes.length,
    tags: org.tags.join(", "),
    service_score: org.serviceScore,
    cloud_spend_millions: org.cloudSpendMillions ?? null,
    funding_total: org.funding ? JSON.stringify(org.funding).length : null,
    account_status: org.accountStatus,
    jobs_count: org.jobsCount,
    people_count: org.peopleCount,
    teams_count: org.teamsCount,
    first_post: new Date(org.firstPostDay * 86_400_000).toISOString().slice(0, 10),
    last_post: new Date(org.lastPostDay * 86_400_000).toISOString().slice(0, 10),
    technologies: org.techs.length,
    job_functions: org.jobFunctions.length,
    projects: org.projects.length,
    recency: org.recency,
  };
}

/** A sheet in memory: rows appended, read whole. Nothing else of a sheet is used by the record. */
function memorySheet(name: string): SheetPort & { rows: CellValue[][] } {
  const rows: CellValue[][] = [];
  const unused = () => {
    throw new Error("The record uses only appendRow and readAll.");
  };
  return {
    name,
    rows,
    appendRow: (row) => void rows.push([...row]),
    readAll: () => {
      const width = Math.max(1, ...rows.map((row) => row.length));
      return rows.length ? rows.map((row) => [...row, ...Array(width - row.length).fill("")]) : [[""]];
    },
    lastRow: () => rows.length,
    lastColumn: unused,
    maxRows: unused,
    readValues: unused,
    readFormulas: unused,
    isBlank: unused,
    writeValues: unused,
    readNotes: unused,
    writeNotes: unused,
    writeLinkedText: unused,
    growTo: unused,
    setNumberFormat: unused,
    day: unused,
  } as SheetPort & { rows: CellValue[][] };
}

function memoryWorkbook(): WorkbookPort & { sheets: Map<string, ReturnType<typeof memorySheet>> } {
  const sheets = new Map<string, ReturnType<typeof memorySheet>>();
  return {
    sheets,
    id: () => "bench-record",
    timeZone: () => "Etc/UTC",
    sheet: (name) => sheets.get(name) ?? null,
    sheetNames: () => [...sheets.keys()],
    insertSheet: (name) => {
      const sheet = memorySheet(name);
      sheets.set(name, sheet);
      return sheet;
    },
    deleteSheet: (name) => void sheets.delete(name),
    sheetId: () => {
      throw new Error("The record never follows a sheet by its id.");
    },
    sheetById: () => {
      throw new Error("The record never follows a sheet by its id.");
    },
    renameSheet: () => {
      throw new Error("The record never renames a sheet.");
    },
    show: () => {
      throw new Error("The record never shows a sheet.");
    },
  } as WorkbookPort & { sheets: Map<string, ReturnType<typeof memorySheet>> };
}

export interface RecordSizeFigures {
  organizations: number;
  waves: number;
  characters: number;
  cells: number;
  rows: number;
  decodeMedianMs: number;
  found: number;
}

export function measureRecordSize(
  organizations: number,
  dataset: readonly Organization[],
): RecordSizeFigures {
  const workbook = memoryWorkbook();
  const record = purchaseRecord(workbook, {
    jobId: "job-1",
    now: () => Date.UTC(2026, 10, 28),
    create: (make) => make(),
  });
  // Waves as the runner sends them: requests of up to a chunk's rows, a wave's requests at a time.
  const wave = DEFAULT_WAVE_REQUESTS * LIMITS.listMax;
  for (let at = 0; at < organizations; at += wave) {
    const results: EntityResult[] = [];
    for (let i = at; i < Math.min(organizations, at + wave); i++) {
      const org = dataset[i % dataset.length] as Organization;
      results.push({ entityKey: `${i}.${org.domain}`, matched: true, values: values(org) });
    }
    record.put(results, results.length * 25);
  }
  const rows = workbook.sheets.get(RECORD_SHEET)?.rows ?? [];
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    found = record.load().size;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    organizations,
    waves: rows.length,
    characters: rows.flat().reduce((sum: number, cell) => sum + String(cell).length, 0),
    cells: rows.reduce((sum, row) => sum + row.length, 0),
    rows: rows.length,
    decodeMedianMs: times[Math.floor(times.length / 2)] as number,
    found,
  };
}

export async function printRecordSize(): Promise<void> {
  console.log(
    `\n## The purchase record's size and read (issue 38): organizations × 25 fields, the record's own encode and decode in Node (median of ${SAMPLES} loads)`,
  );
  const dataset = createEmulatorState({ orgs: DATASET }).dataset.orgs;
  for (const organizations of [10_000, 100_000]) {
    const f = measureRecordSize(organizations, dataset);
    console.log(
      `${f.organizations.toLocaleString("en-US").padStart(7)} organizations: ${f.characters.toLocaleString("en-US")} characters (${(f.characters / f.organizations).toFixed(0)} per organization) in ${f.cells.toLocaleString("en-US")} cells over ${f.rows.toLocaleString("en-US")} row(s); load decodes ${f.found.toLocaleString("en-US")} organizations in ${f.decodeMedianMs.toFixed(1)} ms`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await printRecordSize();
