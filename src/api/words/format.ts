// Numbers and times in the sentences jobs report: "10,000 rows", "1 credit", ISO times for the sidebar.

/** 12345 → "12,345" (toLocaleString depends on the runtime's locale data; this does not). */
export function formatCount(value: number): string {
  const [whole, fraction] = String(value).split(".");
  const grouped = (whole as string).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** "1 row", "2,000 rows". */
export function plural(value: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : pluralForm}`;
}

/** Epoch milliseconds as ISO 8601 (google.script.run cannot carry Date objects). */
export function isoTime(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
