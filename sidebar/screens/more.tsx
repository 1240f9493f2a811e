// The More tab: the pages reached from here (Settings, Help).

import type { Page } from "../../src/server/sidebar-contract";
import { Icon, type IconName } from "../components/icon";
import { useSidebar } from "../state";

const ENTRIES: { page: Page; icon: IconName; title: string; detail: string }[] = [
  {
    page: "settings",
    icon: "settings",
    title: "Settings",
    detail: "API key, service status, credits, formula spend guard and cache",
  },
  { page: "help", icon: "help", title: "Help", detail: "Formulas, credits and what each tab does" },
];

export function MoreScreen() {
  const { go } = useSidebar();
  return (
    <div class="screen-body">
      <ul class="menu-list">
        {ENTRIES.map((entry) => (
          <li key={entry.page}>
            <button type="button" class="menu-row" onClick={() => go(entry.page)}>
              <Icon name={entry.icon} />
              <span class="menu-text">
                <span class="menu-title">{entry.title}</span>
                <span class="menu-detail">{entry.detail}</span>
              </span>
              <Icon name="next" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
