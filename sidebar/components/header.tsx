// The frame's top row: the credits chip and the settings button, under a heading for screen readers (Sheets'
// title bar above the frame shows the product name in full).
import { PRODUCT_NAME } from "../../src/server/sidebar/contract";
import type { CreditsView } from "../lib/server-types";
import { CreditsChip } from "./credits-chip";
import { Icon } from "./icon";

export interface HeaderProps {
  credits: CreditsView | null;
  refreshing: boolean;
  onRefreshCredits: () => void;
  settingsOpen: boolean;
  onOpenSettings: () => void;
}

export function Header({ credits, refreshing, onRefreshCredits, settingsOpen, onOpenSettings }: HeaderProps) {
  return (
    <header class="header">
      <h1 class="product">{PRODUCT_NAME}</h1>
      <CreditsChip credits={credits} busy={refreshing} onRefresh={onRefreshCredits} />
      <button
        type="button"
        class="icon-button"
        aria-label="Settings"
        title="Settings"
        aria-pressed={settingsOpen ? "true" : "false"}
        onClick={onOpenSettings}
      >
        <Icon name="settings" />
      </button>
    </header>
  );
}
