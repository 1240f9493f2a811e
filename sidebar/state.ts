// What every screen can reach: where the sidebar is, the settings as last loaded, and the credit balance.
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Screen } from "../src/server/sidebar/contract";
import type { CreditsView, SettingsView } from "./lib/server-types";

export interface SettingsState {
  /** Null until the first load succeeds. */
  view: SettingsView | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** Applies what a server call returned, without another round trip. */
  update: (patch: Partial<SettingsView>) => void;
}

export interface CreditsState {
  view: CreditsView | null;
  refreshing: boolean;
  /** Reads the balance again (free); a failure shows under the header. */
  refresh: () => void;
  /** Applies a balance a server call returned. */
  set: (credits: CreditsView) => void;
}

export interface SidebarState {
  screen: Screen;
  /** True until the Enrich tab has read the selection the menu item asked it to (Enrich selection…). */
  readSelectionAtStart: boolean;
  selectionReadAtStart: () => void;
  go: (screen: Screen) => void;
  settings: SettingsState;
  credits: CreditsState;
}

export const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error("useSidebar is used outside the sidebar's provider.");
  return state;
}
