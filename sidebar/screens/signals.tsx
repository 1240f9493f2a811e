// The Signals tab: the signal feed into sheets, the priority digest with relevance feedback, and the
// signal configs behind them (read-only).
import { useState } from "preact/hooks";
import { ViewPanel, ViewSwitch } from "../components/view-switch";
import { ConfigsView } from "./signals/configs-view";
import { FeedView } from "./signals/feed-view";
import { PriorityView } from "./signals/priority-view";

type SignalsView = "feed" | "priority" | "configs";

const VIEWS = [
  { value: "feed", label: "Feed" },
  { value: "priority", label: "Priority" },
  { value: "configs", label: "Configs" },
] as const;

export function SignalsScreen() {
  const [view, setView] = useState<SignalsView>("feed");
  const top = (
    <ViewSwitch id="signals-view" label="Signals" options={VIEWS} current={view} onSelect={setView} />
  );
  return (
    <ViewPanel id="signals-view" current={view}>
      {view === "feed" ? (
        <FeedView top={top} />
      ) : view === "priority" ? (
        <PriorityView top={top} />
      ) : (
        <ConfigsView top={top} />
      )}
    </ViewPanel>
  );
}
