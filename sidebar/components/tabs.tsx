// The tab row (icon + label). Arrow keys, Home and End move between tabs, as in any tablist.
import { useRef } from "preact/hooks";
import { TABS, type Tab } from "../../src/server/sidebar/contract";
import { Icon } from "./icon";

const LABELS: Record<Tab, string> = {
  enrich: "Enrich",
  find: "Find",
  lists: "Lists",
  signals: "Signals",
  more: "More",
};

const MOVES: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % TABS.length,
  ArrowLeft: (index) => (index - 1 + TABS.length) % TABS.length,
  Home: () => 0,
  End: () => TABS.length - 1,
};

export const tabId = (tab: Tab) => `tab-${tab}`;
export const panelId = "screen";

export function Tabs({ current, onSelect }: { current: Tab; onSelect: (tab: Tab) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const target = move(index);
    onSelect(TABS[target]!);
    buttons.current[target]?.focus();
  };

  return (
    <div class="tabs" role="tablist" aria-label="Sections">
      {TABS.map((tab, index) => (
        <button
          key={tab}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          class="tab"
          aria-selected={tab === current ? "true" : "false"}
          aria-controls={panelId}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => onSelect(tab)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          <Icon name={tab} />
          <span class="tab-label">{LABELS[tab]}</span>
        </button>
      ))}
    </div>
  );
}
