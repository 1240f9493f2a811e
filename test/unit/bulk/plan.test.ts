// Planning a bulk run: header detection, the input column, chunks of 1,000 new organizations, estimate.
import { describe, expect, it } from "vitest";
import { looksLikeHeader } from "../../../src/core/bulk/header.ts";
import {
  chunkStarts,
  estimateBulk,
  MAX_CHUNK_ROWS,
  readInputColumn,
  summarizeInput,
} from "../../../src/core/bulk/plan.ts";
import { readOrganization } from "../../../src/core/organizations/identifiers.ts";

const domains = (n: number, from = 0) => Array.from({ length: n }, (_v, i) => `org${from + i}.com`);

describe("looksLikeHeader", () => {
  it("knows the usual header words, whatever their case and punctuation", () => {
    for (const label of ["Domain", "Company Website", "company_domain", "ORGANIZATION ID:", "Work e-mail"]) {
      expect(looksLikeHeader(label, [])).toBe(true);
    }
  });

  it("takes a name above mostly domains or ids as a header", () => {
    expect(looksLikeHeader("Prospects Q3", ["acme.com", "globex.com", 1234, "", "initech.io"])).toBe(true);
  });

  it("does not take a first identifier or a name among names as a header", () => {
    expect(looksLikeHeader("acme.com", ["globex.com"])).toBe(false);
    expect(looksLikeHeader(42, ["globex.com"])).toBe(false);
    expect(looksLikeHeader("Acme Corp", ["Globex", "Initech", "Umbrella"])).toBe(false);
    expect(looksLikeHeader("", ["globex.com"])).toBe(false);
    expect(looksLikeHeader("Acme Corp", [])).toBe(false);
  });
});

describe("readInputColumn", () => {
  it("skips a detected header and starts the data one row below", () => {
    const column = readInputColumn(["Domain", "acme.com", "globex.com"], 1, "auto", false);
    expect(column.headerRow).toBe(1);
    expect(column.firstDataRow).toBe(2);
    expect(column.reads.map((r) => r.kind)).toEqual(["org", "org"]);
  });

  it("follows the user's header setting over detection", () => {
    expect(readInputColumn(["Domain", "acme.com"], 1, "no", false).headerRow).toBeNull();
    expect(readInputColumn(["acme.com", "globex.com"], 3, "yes", false)).toMatchObject({
      headerRow: 3,
      firstDataRow: 4,
    });
  });

  it("ends an open-ended range at its last non-blank cell", () => {
    const column = readInputColumn(["acme.com", "", "globex.com", "", "  ", null], 2, "auto", true);
    expect(column.reads).toHaveLength(3);
    expect(readInputColumn(["acme.com", ""], 2, "auto", false).reads).toHaveLength(2);
  });
});

describe("summarizeInput", () => {
  it("counts rows, unique organizations, blanks, invalid cells and repeats", () => {
    const reads = ["acme.com", "ACME.com", "", "#N/A", "https://www.acme.com/x", 7, "7"].map(
      readOrganization,
    );
    expect(summarizeInput(reads)).toEqual({ rows: 7, unique: 2, blank: 1, invalid: 1, duplicates: 3 });
  });
});

describe("chunkStarts", () => {
  it("starts a chunk before the organization that would be the 1,001st new one", () => {
    const reads = domains(2500).map(readOrganization);
    expect(chunkStarts(reads)).toEqual([0, 1000, 2000]);
  });

  it("does not count repeats of earlier organizations, blanks or invalid cells", () => {
    const values = [...domains(1000), ...domains(300), "", "#REF!", ...domains(1, 1000)];
    expect(chunkStarts(values.map(readOrganization))).toEqual([0, 1302]);
  });

  it("also ends a chunk after the most rows one setValues should carry", () => {
    const values = ["acme.com", ...Array.from({ length: MAX_CHUNK_ROWS + 10 }, () => "")];
    expect(chunkStarts(values.map(readOrganization))).toEqual([0, MAX_CHUNK_ROWS]);
  });

  it("plans nothing for no rows", () => {
    expect(chunkStarts([])).toEqual([]);
  });
});

describe("estimateBulk", () => {
  it("is unique organizations times the unit cost of the fields", () => {
    const reads = [...domains(3), "org0.com", "", "#N/A"].map(readOrganization);
    const estimate = estimateBulk(reads, [
      { kind: "attribute", name: "name" },
      { kind: "attribute", name: "employee_count" },
      { kind: "metric", type: "technology", term: "react", metric: "job_post_count" },
    ]);
    expect(estimate).toEqual({ unique: 3, requests: 1, unitCost: 3, credits: 9 });
  });

  it("leaves out rows that need nothing", () => {
    const reads = domains(4).map(readOrganization);
    const estimate = estimateBulk(
      reads,
      [{ kind: "attribute", name: "industry" }],
      (offset) => offset % 2 === 0,
    );
    expect(estimate).toMatchObject({ unique: 2, credits: 4 });
  });
});
