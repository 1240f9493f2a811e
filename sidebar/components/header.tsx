// The frame's top row: product name, the credits chip and the settings button.
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
      <h1 class="product" title={PRODUCT_NAME}>
        {PRODUCT_NAME}
      </h1>
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
