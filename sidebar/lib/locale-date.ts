// A date as the spreadsheet's people write it (its locale, File ▸ Settings): the Since field shows a date in
// that order and reads it back, and reads the add-on's own yyyy-mm-dd too, so what a sheet shows can be typed.

export interface DatePattern {
  order: "dmy" | "mdy" | "ymd";
  separator: "/" | "." | "-";
}

/** Languages whose people write the month first (United States English, Filipino). */
const MONTH_FIRST = new Set(["en_US", "en_PH", "fil", "fil_PH", "en"]);
/** Languages that write the year first, and their separator. */
const YEAR_FIRST: Record<string, DatePattern["separator"]> = {
  ja: "/",
  zh: "/",
  ko: ".",
  hu: ".",
  sv: "-",
  lt: "-",
  fr_CA: "-",
  en_CA: "-",
};
/** Languages that separate day, month and year with dots or dashes (the rest write slashes). */
const DOTS = new Set([
  "de",
  "ru",
  "pl",
  "cs",
  "sk",
  "fi",
  "nb",
  "no",
  "da",
  "tr",
  "uk",
  "ro",
  "hr",
  "sl",
  "bg",
  "et",
  "lv",
]);
const DASHES = new Set(["nl"]);

/** "de_DE" → day first, dots; "en_US" → month first, slashes; "ja_JP" → year first. */
export function datePattern(locale: string): DatePattern {
  const language = locale.split(/[_-]/)[0] ?? "";
  const year = YEAR_FIRST[locale] ?? YEAR_FIRST[language];
  if (year) return { order: "ymd", separator: year };
  if (MONTH_FIRST.has(locale)) return { order: "mdy", separator: "/" };
  return { order: "dmy", separator: DOTS.has(language) ? "." : DASHES.has(language) ? "-" : "/" };
}

const PARTS = { d: "dd", m: "mm", y: "yyyy" } as const;

/** What the field asks for: "dd.mm.yyyy". */
export function patternLabel(pattern: DatePattern): string {
  return [...pattern.order].map((part) => PARTS[part as keyof typeof PARTS]).join(pattern.separator);
}

/** "2025-01-31" in the pattern: "31.01.2025"; "" stays "". */
export function formatDate(iso: string, pattern: DatePattern): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const parts = { y: match[1], m: match[2], d: match[3] };
  return [...pattern.order].map((part) => parts[part as keyof typeof parts]).join(pattern.separator);
}

function validIso(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The date typed, as yyyy-mm-dd, or null when it is not a real date: in the pattern's order with any of
 * "/", "." or "-" between the parts (one or two digits for day and month), or as yyyy-mm-dd.
 */
export function parseDate(text: string, pattern: DatePattern): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (iso) return validIso(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts = /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})$/.exec(trimmed);
  if (!parts) return null;
  const [a, b, c] = [parts[1], parts[2], parts[3]] as [string, string, string];
  if (pattern.order === "ymd") return a.length === 4 ? validIso(Number(a), Number(b), Number(c)) : null;
  if (c.length !== 4 || a.length > 2) return null;
  return pattern.order === "dmy"
    ? validIso(Number(c), Number(b), Number(a))
    : validIso(Number(c), Number(a), Number(b));
}
