// A completed brief is written as readable text, its Markdown kept in the Brief cell's note for the sidebar
// (50 credits are not spent again to see the headings); a body past a note's limit keeps its text only.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BRIEFS_SHEET, createBriefsState } from "../../../src/core/jobs/briefs.ts";
import type { BriefsJob, Job } from "../../../src/core/jobs/job.ts";
import { newJobCommon } from "../../../src/core/jobs/job.ts";
import type { JobServices } from "../../../src/server/jobs/services.ts";
import { FakeClock, FakeWorkbook } from "../jobs/fakes.ts";

let bodies: string[] = [];

vi.mock("../../../src/server/runtime", () => ({
  makeClient: () => ({
    intelligenceBrief: (organizationId: number) => ({
      status: "completed",
      brief: {
        id: `b${organizationId}`,
        credits_used: 50,
        credits_remaining: 900,
        organization_id: organizationId,
        organization_slug: `org-${organizationId}`,
        title: `Brief ${organizationId}`,
        body: bodies.shift(),
        service_url: `https://app.example.com/o/${organizationId}`,
      },
    }),
  }),
}));
// The Briefs sheet's append takes the document lock and remembers its date formats: none here.
vi.mock("../../../src/platform/lock", () => ({
  jobsMutex: () => ({ runExclusive: <T>(fn: () => T) => fn() }),
}));
vi.mock("../../../src/platform/format-memory", () => ({
  formatMemory: () => ({ recall: () => null, remember: () => undefined }),
}));
vi.mock("../../../src/platform/active-range", () => ({ flushWrites: () => undefined }));
vi.mock("../../../src/server/jobs/outcomes", () => ({
  releaseAndLog: (
    _s: unknown,
    _w: unknown,
    handle: { release(m: (job: Job) => void): Job },
    m: (job: Job) => void,
  ) => handle.release(m),
}));

const { runBriefsStep } = await import("../../../src/server/jobs/run-briefs.ts");

let workbook: FakeWorkbook;
const clock = new FakeClock();

beforeEach(() => {
  workbook = new FakeWorkbook();
});

function run(ids: number[]): BriefsJob {
  const job: BriefsJob = {
    ...newJobCommon("job-1", "Briefs", clock.now(), "Queued"),
    kind: "briefs",
    briefs: createBriefsState(ids, clock.now()),
  };
  const saved = structuredClone(job);
  const handle = {
    id: job.id,
    deadline: clock.now() + 300_000,
    released: false,
    held: true,
    update: (mutate: (job: Job) => void) => {
      mutate(saved);
      return saved;
    },
    release: (mutate: (job: Job) => void) => {
      mutate(saved);
      return saved;
    },
  };
  runBriefsStep({ clock } as unknown as JobServices, workbook, job, handle);
  return saved;
}

describe("a completed brief's row", () => {
  it("reads as text; its note keeps the Markdown, up to a note's 50,000 characters", () => {
    const long = `# Long\n${"x".repeat(50_000)}`;
    bodies = ["# Acme\n- **grows** in [Berlin](https://example.com)", long];
    const saved = run([12, 13]);
    expect([saved.state, saved.message]).toEqual(["done", `Done: 2 briefs written to "${BRIEFS_SHEET}".`]);
    const sheet = workbook.sheet(BRIEFS_SHEET);
    expect(sheet?.readValues(2, 1, 1, 4)).toEqual([
      [12, "Brief 12", "Acme\n• grows in Berlin (https://example.com)", "https://app.example.com/o/12"],
    ]);
    expect([...(sheet?.notes ?? [])]).toEqual([
      ["2,3", "# Acme\n- **grows** in [Berlin](https://example.com)"],
    ]);
    expect(sheet?.lastRow()).toBe(3);
  });
});
