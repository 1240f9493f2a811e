// The job queue: persisted jobs, leases against overlapping executions, expiry, pruning.
import { describe, expect, it } from "vitest";
import { createBriefsState } from "../../../src/core/jobs/briefs.ts";
import { ChunkedStore } from "../../../src/core/jobs/chunked-store.ts";
import { type BriefsJob, newJobCommon } from "../../../src/core/jobs/job.ts";
import { JobQueue, LeaseLostError, QueueBusyError } from "../../../src/core/jobs/queue.ts";
import type { Mutex } from "../../../src/core/spending/mutex.ts";
import { FakeClock, FakeMutex, MemoryProperties } from "./fakes.ts";

function setup(keepFinished?: number) {
  const clock = new FakeClock();
  const mutex = new FakeMutex(clock);
  const props = new MemoryProperties();
  const queue = new JobQueue({ store: new ChunkedStore({ store: props }), mutex, clock, keepFinished });
  return { clock, mutex, props, queue };
}

function job(id: string, now: number, ids: number[] = [1]): BriefsJob {
  return {
    ...newJobCommon(id, `briefs ${id}`, now, "Queued."),
    kind: "briefs",
    briefs: createBriefsState(ids, now),
  };
}

describe("JobQueue", () => {
  it("keeps jobs in the store so a later execution reads them", () => {
    const { clock, props, queue } = setup();
    queue.add(job("a", clock.now()));
    const later = new JobQueue({ store: new ChunkedStore({ store: props }), mutex: new FakeMutex(), clock });
    expect(later.get("a")?.title).toBe("briefs a");
    expect(later.list().map((j) => j.id)).toEqual(["a"]);
  });

  it("leases a claimed job so another execution cannot claim it until the lease expires", () => {
    const { clock, queue } = setup();
    queue.add(job("a", clock.now()));
    const first = queue.claim("exec-1");
    expect(first?.id).toBe("a");
    expect(first?.state).toBe("running");
    expect(queue.claim("exec-2")).toBeNull();
    clock.advance(queue.leaseMs);
    expect(queue.claim("exec-2")?.lease?.owner).toBe("exec-2");
  });

  it("gives two claimers different jobs, due first and then oldest first", () => {
    const { clock, queue } = setup();
    const now = clock.now();
    queue.add({ ...job("late", now - 1000), notBefore: now + 60_000 });
    queue.add(job("old", now - 500));
    queue.add(job("new", now));
    expect(queue.claim("exec-1")?.id).toBe("old");
    expect(queue.claim("exec-2")?.id).toBe("new");
    expect(queue.claim("exec-3")).toBeNull();
    clock.advance(60_000);
    expect(queue.claim("exec-3")?.id).toBe("late");
  });

  it("lets only the lease holder update or release, and renews the lease on update", () => {
    const { clock, queue } = setup();
    queue.add(job("a", clock.now()));
    queue.claim("exec-1");
    expect(() => queue.update("a", "exec-2", () => undefined)).toThrow(LeaseLostError);
    clock.advance(60_000);
    const updated = queue.update("a", "exec-1", (j) => {
      j.message = "Halfway.";
    });
    expect(updated.lease?.until).toBe(clock.now() + queue.leaseMs);
    const released = queue.release("a", "exec-1", (j) => {
      j.state = "done";
    });
    expect(released.lease).toBeNull();
    expect(queue.get("a")?.message).toBe("Halfway.");
    expect(() => queue.release("a", "exec-1", () => undefined)).toThrow(LeaseLostError);
  });

  it("tells a holder whose expired lease was taken over that it lost the job", () => {
    const { clock, queue } = setup();
    queue.add(job("a", clock.now()));
    queue.claim("crashed");
    clock.advance(queue.leaseMs + 1);
    queue.claim("rescuer");
    expect(() => queue.update("a", "crashed", () => undefined)).toThrow(
      "Job a is no longer held by this execution.",
    );
  });

  it("answers QueueBusyError with a sentence when the document lock is held elsewhere", () => {
    const { clock, mutex, queue } = setup();
    queue.add(job("a", clock.now()));
    mutex.holdElsewhere();
    expect(() => queue.claim("exec-1")).toThrow(QueueBusyError);
    expect(() => queue.claim("exec-1")).toThrow(
      "Another execution is updating this spreadsheet's background jobs. Try again in a moment.",
    );
  });

  it("runs work around a queue call in one holding of a reentrant lock; a lock held elsewhere is QueueBusyError", () => {
    const clock = new FakeClock();
    const lock = new FakeMutex(clock);
    // Reentrant per execution, as src/platform/lock.ts makes LockService's locks.
    let depth = 0;
    const mutex: Mutex = {
      runExclusive: (fn, timeoutMs) =>
        depth > 0
          ? fn()
          : lock.runExclusive(() => {
              depth++;
              try {
                return fn();
              } finally {
                depth--;
              }
            }, timeoutMs),
    };
    const queue = new JobQueue({ store: new ChunkedStore({ store: new MemoryProperties() }), mutex, clock });
    queue.add(job("a", clock.now()));
    queue.claim("exec-1");
    const before = lock.acquisitions;
    const logged: string[] = [];
    const saved = queue.holding(() => {
      const released = queue.release("a", "exec-1", (j) => {
        j.state = "done";
      });
      logged.push(released.state);
      return released;
    });
    expect({ acquisitions: lock.acquisitions - before, logged, lease: saved.lease }).toEqual({
      acquisitions: 1,
      logged: ["done"],
      lease: null,
    });
    expect(() =>
      queue.holding(() => {
        throw new Error("The log refused the row.");
      }),
    ).toThrow("The log refused the row.");
    lock.holdElsewhere();
    let ran = false;
    expect(() =>
      queue.holding(() => {
        ran = true;
      }),
    ).toThrow(QueueBusyError);
    expect(ran).toBe(false);
  });

  it("modifies a job whoever holds it, and names a job that does not exist", () => {
    const { clock, queue } = setup();
    queue.add(job("a", clock.now()));
    queue.claim("exec-1");
    queue.modify("a", (j) => {
      j.stopRequested = true;
    });
    expect(queue.update("a", "exec-1", () => undefined).stopRequested).toBe(true);
    expect(() => queue.modify("nope", () => undefined)).toThrow(
      'There is no job "nope" in this spreadsheet.',
    );
  });

  it("reports when the next active job falls due, counting leases", () => {
    const { clock, queue } = setup();
    expect(queue.nextDue()).toBeNull();
    const now = clock.now();
    queue.add({ ...job("a", now), notBefore: now + 20_000 });
    expect(queue.nextDue()).toBe(now + 20_000);
    queue.add(job("b", now));
    queue.claim("exec-1");
    expect(queue.nextDue()).toBe(now + 20_000);
    expect(queue.hasActive()).toBe(true);
  });

  it("deletes the oldest finished jobs beyond the number kept when a job is added", () => {
    const { clock, queue } = setup(2);
    for (const id of ["a", "b", "c"]) {
      queue.add(job(id, clock.now()));
      queue.claim("x");
      queue.release(id, "x", (j) => {
        j.state = "done";
      });
      clock.advance(1000);
    }
    queue.add(job("d", clock.now()));
    expect(queue.list().map((j) => j.id)).toEqual(["b", "c", "d"]);
  });
  it("confirms a peeked job with its first write, and only if nobody changed it since", () => {
    const { clock, props, queue } = setup();
    queue.add(job("a", clock.now()));
    queue.add(job("b", clock.now() + 1));
    // Two executions read the store without the lock and both peek "a".
    const other = new JobQueue({ store: new ChunkedStore({ store: props }), mutex: new FakeMutex(), clock });
    const mine = queue.peek();
    const theirs = other.peek();
    expect([mine?.id, theirs?.id]).toEqual(["a", "a"]);
    const puts = props.puts;
    const saved = queue.confirm(
      "a",
      "exec-1",
      JSON.stringify(mine),
      (j) => {
        j.message = "First checkpoint.";
      },
      false,
    );
    expect(props.puts - puts).toBe(1);
    expect({ state: saved.state, owner: saved.lease?.owner, message: saved.message }).toEqual({
      state: "running",
      owner: "exec-1",
      message: "First checkpoint.",
    });
    // The second confirms on what it read before the first wrote: refused, and the job stays the first's.
    expect(() => other.confirm("a", "exec-2", JSON.stringify(theirs), () => undefined, false)).toThrow(
      LeaseLostError,
    );
    expect(queue.get("a")?.lease?.owner).toBe("exec-1");
    expect(queue.get("a")?.message).toBe("First checkpoint.");
  });

  it("refuses to confirm a peeked job that Stop changed, and a release confirms and lets go in one write", () => {
    const { clock, props, queue } = setup();
    queue.add(job("a", clock.now()));
    const peeked = queue.peek();
    queue.modify("a", (j) => {
      j.stopRequested = true;
    });
    expect(() => queue.confirm("a", "exec-1", JSON.stringify(peeked), () => undefined, false)).toThrow(
      LeaseLostError,
    );
    expect(queue.get("a")?.lease).toBeNull();
    const again = queue.peek();
    const puts = props.puts;
    const saved = queue.confirm(
      "a",
      "exec-1",
      JSON.stringify(again),
      (j) => {
        j.state = "stopped";
      },
      true,
    );
    expect(props.puts - puts).toBe(1);
    expect({ state: saved.state, lease: saved.lease }).toEqual({ state: "stopped", lease: null });
  });

  it("keeps a Stop apart from the job: a holder's checkpoint written over the job cannot undo it", () => {
    const { clock, props, queue } = setup();
    queue.add(job("a", clock.now()));
    queue.claim("exec-1");
    // What the holder read before the Stop, written back after it (no shared lock in between).
    const stale = JSON.stringify(queue.get("a"));
    const noRest = () => {
      throw new Error("a held job is not brought to rest by the presser");
    };
    const stopping = queue.requestStop("a", "collaborator", () => undefined, noRest);
    expect(stopping).toMatchObject({
      state: "running",
      stopRequested: true,
      stoppedBy: "collaborator",
      message: "Stopping: the request already sent will be written; nothing more is bought.",
    });
    props.put("job:a", `=${stale}`);
    expect(queue.stopRecorded("a")).toBe(true);
    // The holder's next checkpoint reads the Stop, whatever the job's own record says.
    expect(queue.update("a", "exec-1", () => undefined).stopRequested).toBe(true);
    // Brought to rest by its holder, the Stop is spent.
    queue.release("a", "exec-1", (saved) => {
      saved.state = "stopped";
      saved.stopRequested = false;
    });
    expect(queue.stopRecorded("a")).toBe(false);
    expect(queue.get("a")).toMatchObject({ state: "stopped", stopRequested: false });
  });

  it("stops a job nobody holds at once, and keeps the Stop until it is resumed", () => {
    const { clock, queue } = setup();
    queue.add(job("a", clock.now()));
    const stopped = queue.requestStop(
      "a",
      "starter",
      () => undefined,
      (saved) => {
        saved.state = "stopped";
      },
    );
    expect(stopped.state).toBe("stopped");
    // A claim that read the job before the Stop and wrote it back running: it stops at its next look.
    queue.modify("a", (saved) => {
      saved.state = "running";
      saved.stopRequested = true;
    });
    expect(queue.stopRecorded("a")).toBe(true);
    expect(queue.get("a")?.stopRequested).toBe(true);
    queue.modify("a", (saved) => {
      saved.state = "queued";
      saved.stopRequested = false;
    });
    expect(queue.stopRecorded("a")).toBe(false);
    expect(queue.get("a")?.stopRequested).toBe(false);
    expect(() =>
      queue.requestStop(
        "nope",
        "starter",
        () => undefined,
        () => undefined,
      ),
    ).toThrow('There is no job "nope" in this spreadsheet.');
  });
});
