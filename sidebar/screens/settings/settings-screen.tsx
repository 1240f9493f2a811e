// The Settings page: key, service, credits, formula spend guard, storage and cache, once the settings are loaded.
import { PageHeader } from "../../components/page-header";
import { SettingsLoadError } from "../../components/setup-banner";
import { Spinner } from "../../components/spinner";
import { useSidebar } from "../../state";
import { CacheSection } from "./cache-section";
import { CreditsSection } from "./credits-section";
import { FormulaSection } from "./formula-section";
import { KeySection } from "./key-section";
import { ServiceSection } from "./service-section";
import { SheetFormulasSection } from "./sheet-formulas-section";
import { StorageSection } from "./storage-section";

export function SettingsScreen({ onBack, backLabel }: { onBack: () => void; backLabel: string }) {
  const { settings } = useSidebar();
  const view = settings.view;
  return (
    <div class="screen-body">
      <PageHeader title="Settings" backLabel={backLabel} onBack={onBack} />
      {!view && settings.loading && (
        <p class="loading" role="status">
          <Spinner /> Loading settings…
        </p>
      )}
      {settings.error && <SettingsLoadError />}
      {view && (
        <>
          <KeySection current={view.key} />
          <ServiceSection view={view} />
          <CreditsSection />
          <FormulaSection view={view} />
          <SheetFormulasSection />
          <StorageSection />
          <CacheSection kept={view.kept} rebuyCredits={view.keptRebuyCredits} unanswered={view.unanswered} />
        </>
      )}
    </div>
  );
}
