// The More tab: intelligence briefs, tech stack, a data problem report, support, freezing formulas to
// values, scheduled refreshes and the enrichment log, each opening in place; then Settings and Help.
import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { Page } from "../../src/server/sidebar/contract";
import { server } from "../bridge";
import { Banner } from "../components/banner";
import { Button } from "../components/button";
import { DisclosureSection } from "../components/disclosure-section";
import { Icon, type IconName } from "../components/icon";
import { useAction } from "../hooks/use-action";
import { useSidebar } from "../state";
import { BriefSection } from "./more/brief-section";
import { DataProblemSection } from "./more/data-problem-section";
import { FreezeSection } from "./more/freeze-section";
import { RefreshesSection } from "./more/refreshes-section";
import { SupportSection } from "./more/support-section";
import { TechStackSection } from "./more/tech-stack-section";

const PAGES: { page: Page; icon: IconName; title: string; detail: string }[] = [
  {
    page: "settings",
    icon: "settings",
    title: "Settings",
    detail: "API key, service status, credits, formula spend guard and cache",
  },
  { page: "help", icon: "help", title: "Help", detail: "Formulas, credits and what each tab does" },
];

type Tool = "brief" | "stack" | "report" | "support" | "freeze" | "refreshes" | "log";

function LogSection() {
  const [status, setStatus] = useState<string | null>(null);
  const open = useAction(() => server.openEnrichmentLog());
  const onOpen = async () => {
    const outcome = await open.run();
    if (outcome.ok) setStatus(`"${outcome.value.sheetName}" is showing.`);
  };
  return (
    <div class="stack">
      <p class="hint">Every paid action, with the credits it used and the balance after it.</p>
      <div class="row">
        <Button busy={open.busy} onClick={onOpen}>
          Show the Enrichment log sheet
        </Button>
      </div>
      {open.error && (
        <Banner tone="info" onDismiss={open.clearError}>
          {open.error}
        </Banner>
      )}
      <p class="status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

export function MoreScreen() {
  const { go } = useSidebar();
  const [open, setOpen] = useState<Tool[]>([]);
  const section = (tool: Tool, icon: IconName, title: string, detail: string, body: JSX.Element) => (
    <DisclosureSection
      id={`more-${tool}`}
      icon={icon}
      title={title}
      detail={detail}
      open={open.includes(tool)}
      onToggle={() => setOpen(open.includes(tool) ? open.filter((t) => t !== tool) : [...open, tool])}
    >
      {body}
    </DisclosureSection>
  );
  return (
    <div class="screen-body more-screen">
      {section(
        "brief",
        "article",
        "Intelligence brief",
        "An AI brief per selected organization",
        <BriefSection />,
      )}
      {section(
        "stack",
        "layers",
        "Tech stack",
        "An organization's technologies into a sheet",
        <TechStackSection />,
      )}
      {section(
        "report",
        "flag",
        "Report a data problem",
        "About the selected row, free",
        <DataProblemSection />,
      )}
      {section("support", "mail", "Contact support", "A question or request, free", <SupportSection />)}
      {section(
        "freeze",
        "snowflake",
        "Freeze formulas to values",
        "Results that never spend again",
        <FreezeSection />,
      )}
      {section(
        "refreshes",
        "schedule",
        "Scheduled refreshes",
        "Re-run enrichments on a schedule",
        <RefreshesSection />,
      )}
      {section("log", "receipt", "Enrichment log", "What each paid action spent", <LogSection />)}
      <ul class="menu-list more-pages">
        {PAGES.map((entry) => (
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
