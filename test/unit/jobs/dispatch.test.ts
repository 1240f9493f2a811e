// The dispatcher loop: due jobs stepped within the budget, short waits, failing steps, others' leases.
import { describe, expect, it } from "vitest";
import { createBriefsState } from "../../../src/core/jobs/briefs.ts";
import { ChunkedStore } from "../../../src/core/jobs/chunked-store.ts";
import { dispatch, type JobHandle } from "../../../src/core/jobs/dispatch.ts";
import { type BriefsJob, type Job, newJobCommon } from "../../../src/core/jobs/job.ts";
import { JobQueue } from "../../../src/core/jobs/queue.ts";
import { FakeClock, FakeMutex, MemoryProperties } from "./fakes.ts";

function setup() {
  const clock = new FakeClock();
  const mutex = new FakeMutex(clock);
  const queue = new JobQueue({
    store: new ChunkedStore({ store: new MemoryProperties() }),
    mutex,
    clock,
  });
  return { clock, queue, mutex };
}

function job(id: string, now: number): BriefsJob {
  return { ...newJobCommon(id, id, now, "Queued."), kind: "briefs", briefs: createBriefsState([1], now) };
}

const fail = (j: Job, error: unknown) => {
  j.state = "failed";
  j.message = error instanceof Error ? error.message : String(error);
};

/** One dispatch by "exec" that takes its jobs tentatively (see DispatchOptions.tentative). */
function dispatchTentative(queue: JobQueue, clock: FakeClock, step: (handle: JobHandle) => void) {
  return dispatch({
    queue,
    clock,
    owner: "exec",
    deadline: clock.now() + 270_000,
    onError: fail,
    tentative: () => true,
    run: (_j, handle) => step(handle),
  });
}

describe("dispatch", () => {
  it("steps every due job once and stops when nothing is left", () => {
    const { clock, queue } = setup();
    queue.add(job("a", clock.now()));
    queue.add(job("b", clock.now()));
    const report = dispatch({
      queue,
      clock,
      owner: "exec",
      deadline: clock.now() + 270_000,
      onError: fail,
      run: (_j, handle) => {
        handle.release((saved) => {
          saved.state = "done";
        });
      },
    });
    expect(report.steps).toEqual(["a", "b"]);
    expect(queue.list().map((j) => j.state)).toEqual(["done", "done"]);
  });

  it("waits for a job due within moments and polls it again in the same execution", () => {
    const { clock, queue } = setup();
    queue.add(job("brief", clock.now()));
    let polls = 0;
    const report = dispatch({
      queue,
      clock,
      owner: "exec",
      deadline: clock.now() + 270_000,
      onError: fail,
      run: (_j, handle) => {
        polls++;
        handle.release((saved) => {
          if (polls < 3) {
            saved.state = "waiting";
            saved.notBefore = clock.now() + 20_000;
          } else saved.state = "done";
        });
      },
    });
    expect(polls).toBe(3);
    expect(report.waitedMs).toBe(40_000);
  });

  it("leaves a job due later than the longest wait to a later execution", () => {
    const { clock, queue } = setup();
    queue.add({ ...job("later", clock.now()), notBefore: clock.now() + 120_000 });
    const report = dispatch({
      queue,
      clock,
      owner: "exec",
      deadline: clock.now() + 270_000,
      onError: fail,
      run: () => {
        throw new Error("must not run");
      },
    });
    expect(report).toEqual({ steps: [], waitedMs: 0 });
  });

  it("starts no step in the reserve before the deadline", () => {
    const { clock, queue } = setup();
    queue.add(job("a", clock.now()));
    const report = dispatch({
      queue,
      clock,
      owner: "exec",
      deadline: clock.now() + 20_000,
      onError: fail,
      run: () => {
        throw new Error("must not run");
      },
    });
    expect(report.steps).toEqual([]);
    expect(queue.get("a")?.state).toBe("queued");
  });

  it("records an unexpected error of a step as the job's outcome and releases it", () => {
    const { clock, queue } = setup();
    queue.add(job("a", clock.now()));
    dispatch({
      queue,
      clock,
      owner: "exec",
      deadline: clock.now() + 270_000,
      onError: fail,
      run: () => {
        throw new Error("Range not found");
      },
    });
    const saved = queue.get("a");
    expect(saved?.state).toBe("failed");
    expect(saved?.message).toBe("Range not found");
    expect(saved?.lease).toBeNull();
  });

  it("does not touch a job another execution holds", () => {
    const { clock, queue } = setup();
    queue.add(job("a", clock.now()));
    queue.claim("other-execution");
    const report = dispatch({
      queue,
      clock,
      owner: "exec",
      deadline: clock.now() + 270_000,
      onError: fail,
      run: () => {
        throw new Error("must not run");
      },
    });
    expect(report.steps).toEqual([]);
    expect(queue.get("a")?.lease?.owner).toBe("other-execution");
  });

  it("a tentative step leases its job with its first checkpoint, one write instead of a claim and a checkpoint", () => {
    const { clock, queue } = setup();
    queue.add(job("a", clock.now()));
    const held: boolean[] = [];
    const report = dispatchTentative(queue, clock, (handle) => {
      held.push(handle.held);
      expect(queue.get("a")?.lease).toBeNull();
      handle.update((saved) => {
        saved.message = "Checkpoint.";
      });
      held.push(handle.held);
      expect(queue.get("a")?.lease?.owner).toBe("exec");
      handle.release((saved) => {
        saved.state = "done";
      });
    });
    expect(report.steps).toEqual(["a"]);
    expect(held).toEqual([false, true]);
    expect(queue.get("a")?.state).toBe("done");
  });

  it("a tentative step that another execution beat to the job ends at its first checkpoint, writing nothing", () => {
    const { clock, queue } = setup();
    queue.add(job("a", clock.now()));
    const checkpoints: string[] = [];
    dispatchTentative(queue, clock, (handle) => {
      // Another execution claims the job while this one reads its rows.
      queue.claim("other-execution");
      handle.update(() => checkpoints.push("mine"));
    });
    expect(checkpoints).toEqual([]);
    expect(queue.get("a")?.lease?.owner).toBe("other-execution");
    expect(queue.get("a")?.state).toBe("running");
  });

  it("a tentative dispatch that sees nothing more due after its step takes no lock to look again", () => {
    const { clock, queue, mutex } = setup();
    queue.add(job("a", clock.now()));
    const before = mutex.acquisitions;
    const report = dispatchTentative(queue, clock, (handle) => {
      handle.release((saved) => {
        saved.state = "done";
      });
    });
    expect(report.steps).toEqual(["a"]);
    // One holding: the release that confirms the claim. None for a claim after it.
    expect(mutex.acquisitions - before).toBe(1);
  });
});
