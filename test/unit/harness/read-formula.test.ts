// The formula reader: one function call with cell, range and literal arguments; clear reasons otherwise.
import { describe, expect, it } from "vitest";
import { readFormula } from "../../../harness/formula/read-formula.ts";

describe("readFormula", () => {
  it("reads a call with references and literals", () => {
    const read = readFormula(`=ORG_ATTR(Sheet1!$A$2:A9, "name", 3, -1.5e2, true, 'My sheet'!B1)`);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.call.name).toBe("ORG_ATTR");
    expect(read.call.args.map((a) => (a.kind === "range" ? `ref ${a.text}` : a.value))).toEqual([
      "ref Sheet1!$A$2:A9",
      "name",
      3,
      -150,
      true,
      "ref 'My sheet'!B1",
    ]);
  });

  it("reads doubled quotes in strings, spaces and an empty argument list", () => {
    const read = readFormula(`= NOTE ( "say ""hi""" , A1 )`);
    expect(read.ok && read.call.args[0]).toEqual({ kind: "literal", value: 'say "hi"' });
    expect(readFormula("=NOW()")).toEqual({ ok: true, call: { name: "NOW", args: [] } });
  });

  it("gives a reason for what it cannot read", () => {
    expect(readFormula("SUM(A1)")).toEqual({ ok: false, reason: "a formula starts with =" });
    expect(readFormula("=A1+1")).toEqual({ ok: false, reason: 'expected "(" after A1' });
    expect(readFormula("=F(A1)+1")).toEqual({
      ok: false,
      reason: 'only one function call is supported; unexpected "+1"',
    });
    expect(readFormula('=F("open')).toEqual({ ok: false, reason: "unterminated string" });
    expect(readFormula("=F(A1 B2)")).toEqual({ ok: false, reason: 'expected "," or ")" at position 7' });
    expect(readFormula("=F(G(A1))")).toEqual({
      ok: false,
      reason: 'cannot read the argument "G" (a cell, a range, a string, a number or TRUE/FALSE)',
    });
    expect(readFormula("=F(A1,)")).toEqual({ ok: false, reason: "expected an argument at position 7" });
  });
});
