// The Diagnostics table's values in plain words: the platform's own names (NOT_REQUIRED, WEB_STORE_ADD_ON,
// a scope's address) stay in the table's tooltips, where whoever reports a row to the developers finds them.

/** Each permission the manifest asks for, as the consent screen's purpose reads to a person. */
const SCOPE_WORDS: Record<string, string> = {
  "script.container.ui": "show its sidebar and dialogs",
  "script.external_request": "connect to the enrichment service",
  "script.scriptapp": "run in the background",
  spreadsheets: "see and edit your spreadsheets",
  "spreadsheets.currentonly": "see and edit this spreadsheet",
};

const VALUE_WORDS: Record<string, string> = {
  NOT_REQUIRED: "yes",
  REQUIRED: "no: Google asks for them again",
  WEB_STORE_ADD_ON: "from the Google Workspace Marketplace",
  APPS_MARKETPLACE_DOMAIN_ADD_ON: "by the domain's administrator",
  NONE: "not installed: a script of this spreadsheet",
  addon: "an installed add-on",
  bound: "a script of this spreadsheet",
  "addon if installed, else bound": "an installed add-on if installed, else a script of this spreadsheet",
  FULL: "full",
  LIMITED: "limited",
  accepted: "allowed",
  yes: "yes",
  null: "no",
};

/** "script.scriptapp" → "run in the background"; a scope it does not know stays as it is. */
export function scopeWords(shortScope: string): string {
  return SCOPE_WORDS[shortScope] ?? shortScope;
}

/** One value in plain words: a known name translated, "threw: …" said as a failure, the platform's sentences kept. */
export function valueWords(value: string): string {
  if (value.startsWith("threw: ")) return `failed: ${value.slice("threw: ".length)}`;
  return VALUE_WORDS[value] ?? value;
}

/** A comma-separated list of values ("yes, null, yes"), each in plain words. */
export function listWords(values: string): string {
  return values.split(", ").map(valueWords).join(", ");
}
