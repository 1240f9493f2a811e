// The Since field's dates in the spreadsheet's locale: the order and separator per locale, shown and read
// back, the add-on's yyyy-mm-dd always read, and nothing that is not a real date.
import { describe, expect, it } from "vitest";
import { datePattern, formatDate, parseDate, patternLabel } from "../../../sidebar/lib/locale-date.ts";

describe("datePattern", () => {
  it.each([
    ["en_US", "mm/dd/yyyy"],
    ["en", "mm/dd/yyyy"],
    ["en_PH", "mm/dd/yyyy"],
    ["en_GB", "dd/mm/yyyy"],
    ["fr_FR", "dd/mm/yyyy"],
    ["de_DE", "dd.mm.yyyy"],
    ["de-AT", "dd.mm.yyyy"],
    ["ru", "dd.mm.yyyy"],
    ["nl_NL", "dd-mm-yyyy"],
    ["ja_JP", "yyyy/mm/dd"],
    ["ko_KR", "yyyy.mm.dd"],
    ["sv_SE", "yyyy-mm-dd"],
    ["en_CA", "yyyy-mm-dd"],
    ["fr_CA", "yyyy-mm-dd"],
    ["xx", "dd/mm/yyyy"],
  ])("%s writes %s", (locale, label) => {
    expect(patternLabel(datePattern(locale))).toBe(label);
  });
});

describe("formatDate and parseDate", () => {
  const de = datePattern("de_DE");
  const us = datePattern("en_US");
  const ja = datePattern("ja_JP");

  it("shows a date in the locale's order, and reads it back", () => {
    expect(formatDate("2025-01-31", de)).toBe("31.01.2025");
    expect(formatDate("2025-01-31", us)).toBe("01/31/2025");
    expect(formatDate("2025-01-31", ja)).toBe("2025/01/31");
    expect(formatDate("", de)).toBe("");
    expect(formatDate("soon", de)).toBe("soon");
    for (const pattern of [de, us, ja])
      expect(parseDate(formatDate("2025-01-31", pattern), pattern)).toBe("2025-01-31");
  });

  it("reads one-digit days and months, any separator, spaces around, and yyyy-mm-dd in every locale", () => {
    expect(parseDate(" 1.2.2025 ", de)).toBe("2025-02-01");
    expect(parseDate("1/2/2025", de)).toBe("2025-02-01");
    expect(parseDate("1-2-2025", us)).toBe("2025-01-02");
    expect(parseDate("2025-2-1", us)).toBe("2025-02-01");
    expect(parseDate("2025-02-01", de)).toBe("2025-02-01");
    expect(parseDate("2025.2.1", ja)).toBe("2025-02-01");
  });

  it("reads nothing that is not a real date in the locale's order", () => {
    expect(parseDate("31.13.2025", de)).toBeNull();
    expect(parseDate("31/01/2025", us)).toBeNull();
    expect(parseDate("29.02.2025", de)).toBeNull();
    expect(parseDate("29.02.2024", de)).toBe("2024-02-29");
    expect(parseDate("0.1.2025", de)).toBeNull();
    expect(parseDate("1.1.25", de)).toBeNull();
    expect(parseDate("123.1.2025", de)).toBeNull();
    expect(parseDate("01/31/2025", ja)).toBeNull();
    expect(parseDate("0999-01-01", de)).toBeNull();
    expect(parseDate("yesterday", de)).toBeNull();
    expect(parseDate("", de)).toBeNull();
  });
});
