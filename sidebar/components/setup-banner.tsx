// On every tab: what stops the sidebar from working (settings not loaded, no address, no key) and the fix.
import { useSidebar } from "../state";
import { Banner } from "./banner";
import { Button } from "./button";

/** Settings failed to load: the sentence, and Try again. */
export function SettingsLoadError() {
  const { settings } = useSidebar();
  return (
    <Banner
      tone="error"
      title="Settings could not be loaded"
      action={
        <Button busy={settings.loading} onClick={settings.reload}>
          Try again
        </Button>
      }
    >
      {settings.error}
    </Banner>
  );
}

export function SetupBanner() {
  const { settings, go } = useSidebar();
  if (settings.error) {
    return <SettingsLoadError />;
  }
  const view = settings.view;
  if (!view) return null;
  const openSettings = <Button onClick={() => go("settings")}>Open Settings</Button>;
  if (view.baseUrl.problem) {
    return (
      <Banner tone="warning" title="The service address is missing">
        {view.baseUrl.problem}
      </Banner>
    );
  }
  if (!view.key) {
    return (
      <Banner tone="warning" title="Add your API key" action={openSettings}>
        Paste your API key in Settings to start. It is checked with a free call and stored for you alone.
      </Banner>
    );
  }
  return null;
}
