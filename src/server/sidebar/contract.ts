// What the server and the sidebar agree on when a sidebar opens: its file, its title, the screen to show.
// Pure (imports nothing): the sidebar bundle imports values from this file and from no other in src/.

export const PRODUCT_NAME = "Enrichment for Sheets";

/** dist/Sidebar.html, the file HtmlService serves (createHtmlOutputFromFile takes the name without ".html"). */
export const SIDEBAR_FILE = "Sidebar";

/** The tabs, in the order the sidebar shows them. */
export const TABS = ["enrich", "find", "lists", "signals", "more"] as const;
export type Tab = (typeof TABS)[number];

/** Pages reached from the More tab (and the header's settings button). */
export const PAGES = ["settings", "help"] as const;
export type Page = (typeof PAGES)[number];

export type Screen = Tab | Page;

export interface SidebarStart {
  screen: Screen;
  /** A sentence shown once at the top of the screen, e.g. why a menu item opened the sidebar. */
  notice: string | null;
  /** Read the sheet's selection at once (Enrich selection…), as if "Use selection" were pressed. */
  useSelection?: boolean;
}

export const DEFAULT_START: SidebarStart = { screen: "enrich", notice: null };

/** The id of the JSON element the server appends to the sidebar's HTML. */
export const START_ELEMENT_ID = "sidebar-start";

const SCREENS: readonly string[] = [...TABS, ...PAGES];

export function isScreen(value: unknown): value is Screen {
  return typeof value === "string" && SCREENS.includes(value);
}

/**
 * The element appended to the sidebar's HTML. The sidebar's script reads it once the document is parsed,
 * so the built file needs no template processing. "<" is escaped so no value can close the element.
 */
export function renderStart(start: SidebarStart): string {
  const json = JSON.stringify(start).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${START_ELEMENT_ID}">${json}</script>`;
}

/** Reads the element's text; anything missing or unreadable opens the default screen (the raw file in a browser). */
export function parseStart(text: string | null | undefined): SidebarStart {
  if (!text) return { ...DEFAULT_START };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ...DEFAULT_START };
  }
  if (!parsed || typeof parsed !== "object") return { ...DEFAULT_START };
  const { screen, notice, useSelection } = parsed as Record<string, unknown>;
  return {
    screen: isScreen(screen) ? screen : DEFAULT_START.screen,
    notice: typeof notice === "string" && notice.trim() ? notice : null,
    ...(useSelection === true ? { useSelection: true } : {}),
  };
}
