// The signal configs, read once while the sidebar is open (free) and shared by the Feed's filter and
// the Configs view.
import { useEffect } from "preact/hooks";
import { server } from "../bridge";
import { useAction } from "../hooks/use-action";
import { signalConfigsStore } from "./more-stores";
import type { SignalConfigView } from "./more-types";
import { useStore } from "./session-store";

export function useSignalConfigs(): {
  configs: SignalConfigView[] | null;
  busy: boolean;
  error: string | null;
  reload: () => void;
} {
  const [configs, setConfigs] = useStore(signalConfigsStore);
  const load = useAction(() => server.getSignalConfigs());
  const reload = async () => {
    const outcome = await load.run();
    if (outcome.ok) setConfigs(outcome.value);
  };
  useEffect(() => {
    if (!signalConfigsStore.get()) void reload();
  }, []);
  return { configs, busy: load.busy, error: load.error, reload };
}
