// The frame: header, tabs and the current screen. Loads the settings once, keeps the credit balance, and
// remembers where a page (Settings, Help) was opened from so its back button returns there.
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { type Screen, type SidebarStart, TABS, type Tab } from "../src/server/sidebar/contract";
import { onServerCallSettled, server } from "./bridge";
import { Banner } from "./components/banner";
import { Header } from "./components/header";
import { SetupBanner } from "./components/setup-banner";
import { panelId, Tabs, tabId } from "./components/tabs";
import { useAction } from "./hooks/use-action";
import type { CreditsView, SettingsView } from "./lib/server-types";
import { EnrichScreen } from "./screens/enrich";
import { FindScreen } from "./screens/find";
import { HelpScreen } from "./screens/help";
import { ListsScreen } from "./screens/lists";
import { MoreScreen } from "./screens/more";
import { SettingsScreen } from "./screens/settings/settings-screen";
import { SignalsScreen } from "./screens/signals";
import { SidebarContext, type SidebarState } from "./state";

/** Calls that never spend (or read the balance themselves): no credits read follows them. */
const FREE_CALLS = new Set(["getCredits", "refreshCredits", "getSettings", "getAskUnder", "saveAskUnder"]);
/** A burst of calls (a run's polls) is followed by one read of the credits. */
const CREDITS_FOLLOW_MS = 300;
/**
 * Formulas spend without a sidebar call to follow: the balance is read again this often while the sidebar
 * is in view (a cache read on the server when nothing was paid), so the chip shows a formula batch's spend
 * within seconds, not half a minute late while its age says "just now" (issue 41).
 */
const CREDITS_WATCH_MS = 10_000;

const isTab = (screen: Screen): screen is Tab => (TABS as readonly string[]).includes(screen);

const TAB_NAMES: Record<Tab, string> = {
  enrich: "Enrich",
  find: "Find",
  lists: "Lists",
  signals: "Signals",
  more: "More",
};

function TabScreen({ tab }: { tab: Tab }) {
  if (tab === "enrich") return <EnrichScreen />;
  if (tab === "find") return <FindScreen />;
  if (tab === "lists") return <ListsScreen />;
  if (tab === "signals") return <SignalsScreen />;
  return <MoreScreen />;
}

export function App({ start }: { start: SidebarStart }) {
  const [screen, setScreen] = useState<Screen>(start.screen);
  // Pages opened straight from the menu go back to More, where they are listed.
  const [returnTab, setReturnTab] = useState<Tab>(isTab(start.screen) ? start.screen : "more");
  const [notice, setNotice] = useState(start.notice);
  const [readSelectionAtStart, setReadSelectionAtStart] = useState(start.useSelection === true);
  const selectionReadAtStart = useCallback(() => setReadSelectionAtStart(false), []);
  const [view, setView] = useState<SettingsView | null>(null);

  const load = useAction(() => server.getSettings());
  const refresh = useAction(() => server.refreshCredits());

  // The money record's version the settings were read at: Settings reads them again once it moved.
  const loadedAt = useRef<string | null>(null);
  const reload = useCallback(async () => {
    const outcome = await load.run();
    if (!outcome.ok) return;
    loadedAt.current = outcome.value.credits?.version ?? null;
    setView(outcome.value);
  }, [load.run]);
  // The version a reread was last asked for: a reread that fails is not asked again until the record moves.
  const rereadFor = useRef<string | null>(null);

  useEffect(() => {
    void reload();
  }, [reload]);

  const update = useCallback((patch: Partial<SettingsView>) => {
    setView((current) => (current ? { ...current, ...patch } : current));
  }, []);

  const setCredits = useCallback((credits: CreditsView) => update({ credits }), [update]);

  const refreshCredits = useCallback(async () => {
    const outcome = await refresh.run();
    if (outcome.ok) setCredits(outcome.value);
  }, [refresh.run, setCredits]);

  // One credits model on every screen: after any server call that may have spent, the balance and
  // today's spending are read again from the one record every paid response updates (free, nothing sent).
  const readCredits = useAction(() => server.getCredits());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = onServerCallSettled((name) => {
      if (FREE_CALLS.has(name) || name.startsWith("estimate")) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        void readCredits.run().then((outcome) => {
          if (outcome.ok && outcome.value) setCredits(outcome.value);
        });
      }, CREDITS_FOLLOW_MS);
    });
    const watch = setInterval(() => {
      if (document.visibilityState !== "visible") return;
      void readCredits.run().then((outcome) => {
        if (outcome.ok && outcome.value) setCredits(outcome.value);
      });
    }, CREDITS_WATCH_MS);
    return () => {
      stop();
      if (timer) clearTimeout(timer);
      clearInterval(watch);
    };
  }, [readCredits.run, setCredits]);

  // Every money figure follows the one record while the sidebar is open: Settings (what formulas spent, the
  // answers kept, the requests sent) is read again whenever the record has moved since it was read, and a
  // balance older than a lost answer is read again from the service (free), so it is not too high by it.
  const version = view?.credits?.version ?? null;
  const beforeLoss = view?.credits?.balanceBeforeLoss === true;
  const readAfterLoss = useRef<string | null>(null);
  useEffect(() => {
    if (screen !== "settings" || version === loadedAt.current || version === rereadFor.current) return;
    if (load.busy) return;
    rereadFor.current = version;
    void reload();
  }, [screen, version, load.busy, reload]);
  useEffect(() => {
    if (!beforeLoss || version === null || readAfterLoss.current === version) return;
    readAfterLoss.current = version;
    void refreshCredits();
  }, [beforeLoss, version, refreshCredits]);

  const go = useCallback(
    (next: Screen) => {
      if (next === screen) return;
      if (isTab(screen)) setReturnTab(screen);
      setNotice(null);
      setScreen(next);
    },
    [screen],
  );

  const state = useMemo<SidebarState>(
    () => ({
      screen,
      readSelectionAtStart,
      selectionReadAtStart,
      go,
      settings: { view, loading: load.busy, error: load.error, reload, update },
      credits: {
        view: view?.credits ?? null,
        refreshing: refresh.busy,
        refresh: refreshCredits,
        set: setCredits,
      },
    }),
    [
      screen,
      readSelectionAtStart,
      selectionReadAtStart,
      go,
      view,
      load.busy,
      load.error,
      reload,
      update,
      refresh.busy,
      refreshCredits,
      setCredits,
    ],
  );

  const tab = isTab(screen) ? screen : "more";
  const back = () => go(returnTab);
  const backLabel = `Back to ${TAB_NAMES[returnTab]}`;

  return (
    <SidebarContext.Provider value={state}>
      <div class="frame">
        <Header
          credits={state.credits.view}
          refreshing={refresh.busy}
          onRefreshCredits={refreshCredits}
          settingsOpen={screen === "settings"}
          onOpenSettings={() => (screen === "settings" ? back() : go("settings"))}
        />
        <Tabs current={tab} onSelect={go} />
        <div id={panelId} class="screen" role="tabpanel" aria-labelledby={tabId(tab)}>
          {refresh.error && (
            <Banner tone="error" title="Balance not refreshed" onDismiss={refresh.clearError}>
              {refresh.error}
            </Banner>
          )}
          {notice && (
            <Banner tone="info" onDismiss={() => setNotice(null)}>
              {notice}
            </Banner>
          )}
          {isTab(screen) && <SetupBanner />}
          {screen === "settings" ? (
            <SettingsScreen onBack={back} backLabel={backLabel} />
          ) : screen === "help" ? (
            <HelpScreen onBack={back} backLabel={backLabel} />
          ) : (
            <TabScreen tab={tab} />
          )}
        </div>
      </div>
    </SidebarContext.Provider>
  );
}
