// The jobs sheet's rows: each record with a check, so a cell a person typed over or a row cleared is caught.
import { describe, expect, it } from "vitest";
import { deletedRow, readStoreRows, storeRow } from "../../../src/core/jobs/store-rows.ts";

const JOB = '={"id":"j1","state":"stopped"}';
const RULE = '={"id":"r1"}';

describe("readStoreRows", () => {
  it("reads back what storeRow wrote, key, value and row, and blanks nothing", () => {
    expect(storeRow("job:j1", JOB)).toEqual(["job:j1", `v${JOB}`, "#ee9sc job:j1"]);
    const read = readStoreRows([storeRow("job:j1", JOB), deletedRow(), storeRow("rule:r1", RULE)]);
    expect(read).toEqual({
      values: new Map([
        ["job:j1", JOB],
        ["rule:r1", RULE],
      ]),
      rows: new Map([
        ["job:j1", 1],
        ["rule:r1", 3],
      ]),
      damaged: [],
    });
  });

  it("keeps a record whose key cell was typed over, under the key its check names", () => {
    const row = storeRow("job:j1", JOB);
    row[0] = "typed over";
    const read = readStoreRows([storeRow("rule:r1", RULE), row]);
    expect(read.values).toEqual(
      new Map([
        ["rule:r1", RULE],
        ["job:j1", JOB],
      ]),
    );
    expect(read.rows.get("job:j1")).toBe(2);
    expect(read.damaged).toEqual([]);
  });

  it("reports a record whose value was typed over or cleared, and a row cleared whole, as damaged", () => {
    const typed = storeRow("job:j1", JOB);
    typed[1] = "typed over";
    const edited = storeRow("job:j2", JOB);
    edited[1] = `v${JOB.replace("stopped", "done")}`;
    const emptied = storeRow("rule:r1", RULE);
    emptied[1] = "";
    const read = readStoreRows([typed, ["", "", ""], edited, emptied, storeRow("job:j3", JOB), []]);
    expect(read.damaged).toEqual([1, 2, 3, 4, 6]);
    expect([...read.values.keys()]).toEqual(["job:j3"]);
    expect(read.rows).toEqual(new Map([["job:j3", 5]]));
  });

  it("reads a row whose check alone was typed over, or written before checks, as it stands", () => {
    const checkTyped = storeRow("job:j1", JOB);
    checkTyped[2] = "typed over";
    const read = readStoreRows([
      checkTyped,
      ["rule:r1", `v${RULE}`],
      ["stop:j1", "not marked"],
      ["", `v${RULE}`],
    ]);
    expect(read.values).toEqual(
      new Map([
        ["job:j1", JOB],
        ["rule:r1", RULE],
      ]),
    );
    expect(read.rows).toEqual(
      new Map([
        ["job:j1", 1],
        ["rule:r1", 2],
      ]),
    );
    expect(read.damaged).toEqual([]);
  });

  it("takes a check whose key holds spaces and newlines whole", () => {
    const key = "job:a b\nc";
    const row = storeRow(key, JOB);
    row[0] = "";
    expect(readStoreRows([row]).values).toEqual(new Map([[key, JOB]]));
    // A check with no key after its hash is no check.
    expect(readStoreRows([["job:j1", `v${JOB}`, "#ee9sc "]]).values).toEqual(new Map([["job:j1", JOB]]));
    expect(readStoreRows([["job:j1", `v${JOB}`, "#ee9sc"]]).values).toEqual(new Map([["job:j1", JOB]]));
    // Hash letters only in base 36: anything else is no check either.
    expect(readStoreRows([["job:j1", `v${JOB}`, "#1BMGMQ4 job:j1"]]).values).toEqual(
      new Map([["job:j1", JOB]]),
    );
  });

  it("takes a check only from the cell's start, and a deleted row's third cell typed over as no damage", () => {
    const row = storeRow("job:j1", JOB);
    expect(readStoreRows([["typed over", row[1], `x${row[2]}`]]).values).toEqual(
      new Map([["typed over", JOB]]),
    );
    expect(readStoreRows([["", "", "typed over"]]).damaged).toEqual([]);
  });

  it("writes the value again in a fourth cell when asked, and a deleted row as wide", () => {
    expect(storeRow("job:j1", JOB, true)).toEqual(["job:j1", `v${JOB}`, "#ee9sc job:j1", `v${JOB}`]);
    expect(storeRow("job:j1", JOB, false)).toEqual(["job:j1", `v${JOB}`, "#ee9sc job:j1"]);
    expect(deletedRow(true)).toEqual(["", "", "-", ""]);
    expect(deletedRow(false)).toEqual(["", "", "-"]);
    expect(readStoreRows([storeRow("job:j1", JOB, true), deletedRow(true)])).toEqual({
      values: new Map([["job:j1", JOB]]),
      rows: new Map([["job:j1", 1]]),
      damaged: [],
    });
  });

  it("reads a value typed over or cleared from its copy, and a copy typed over from the value, the check vouching", () => {
    const typed = storeRow("job:j1", JOB, true);
    typed[1] = "typed over";
    const cleared = storeRow("job:j2", RULE, true);
    cleared[1] = "";
    cleared[0] = "";
    const copyTyped = storeRow("rule:r1", RULE, true);
    copyTyped[3] = "typed over";
    const read = readStoreRows([typed, cleared, copyTyped]);
    expect(read).toEqual({
      values: new Map([
        ["job:j1", JOB],
        ["job:j2", RULE],
        ["rule:r1", RULE],
      ]),
      rows: new Map([
        ["job:j1", 1],
        ["job:j2", 2],
        ["rule:r1", 3],
      ]),
      damaged: [],
    });
  });

  it("reports a row whose value and copy were both changed, or whose copy the check does not vouch for, as damaged", () => {
    const both = storeRow("job:j1", JOB, true);
    both[1] = "typed over";
    both[3] = "typed over";
    const otherCopy = storeRow("job:j2", JOB, true);
    otherCopy[1] = "";
    otherCopy[3] = `v${RULE}`;
    const unmarkedCopy = storeRow("job:j3", JOB, true);
    unmarkedCopy[1] = "";
    unmarkedCopy[3] = `x${JOB}`;
    const read = readStoreRows([both, otherCopy, unmarkedCopy, storeRow("rule:r1", RULE, true)]);
    expect(read.damaged).toEqual([1, 2, 3]);
    expect(read.values).toEqual(new Map([["rule:r1", RULE]]));
    expect(read.rows).toEqual(new Map([["rule:r1", 4]]));
  });
});
