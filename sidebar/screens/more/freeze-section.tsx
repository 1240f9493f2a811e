// Freeze formulas to values: the add-on's formulas in the selection or the whole sheet become the values
// they show (spills included), so no recalculation can spend again. Counted first, then done.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { useAction } from "../../hooks/use-action";
import { countOf } from "../../lib/more-format";
import type { FreezePreview } from "../../lib/more-types";

type Scope = "selection" | "sheet";

export function FreezeSection() {
  const [scope, setScope] = useState<Scope>("selection");
  const [preview, setPreview] = useState<FreezePreview | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const check = useAction((chosen: Scope) => server.previewFreeze({ scope: chosen }));
  const freeze = useAction((chosen: Scope) => server.freezeFormulas({ scope: chosen }));
  const onCheck = async () => {
    setDone(null);
    const outcome = await check.run(scope);
    if (outcome.ok) setPreview(outcome.value);
  };
  const onFreeze = async () => {
    const outcome = await freeze.run(scope);
    if (!outcome.ok) return;
    setPreview(null);
    setDone(outcome.value.message);
  };
  const choose = (next: Scope) => {
    setScope(next);
    setPreview(null);
  };
  return (
    <div class="stack">
      <fieldset class="fieldset">
        <legend class="label">Where</legend>
        <label class="check">
          <input
            type="radio"
            name="freeze-scope"
            checked={scope === "selection"}
            onChange={() => choose("selection")}
          />
          <span>The selected cells</span>
        </label>
        <label class="check">
          <input
            type="radio"
            name="freeze-scope"
            checked={scope === "sheet"}
            onChange={() => choose("sheet")}
          />
          <span>The whole sheet</span>
        </label>
      </fieldset>
      <p class="hint">Only the add-on's own formulas change; every other formula stays as it is.</p>
      <div class="row">
        <Button busy={check.busy} onClick={onCheck}>
          Count formulas
        </Button>
        {preview && preview.formulas > 0 && (
          <Button busy={freeze.busy} onClick={onFreeze}>
            Freeze {countOf(preview.formulas, "formula")}
          </Button>
        )}
      </div>
      <p class="status" role="status" aria-live="polite">
        {done ?? preview?.message ?? ""}
      </p>
      {(check.error ?? freeze.error) && (
        <Banner
          tone="error"
          title="Nothing frozen"
          onDismiss={() => {
            check.clearError();
            freeze.clearError();
          }}
        >
          {check.error ?? freeze.error}
        </Banner>
      )}
    </div>
  );
}
