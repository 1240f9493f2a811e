// A scheduled refresh's mode, changed in place: every row, or only rows added or edited since its last run.

import { server } from "../../bridge";
import { useAction } from "../../hooks/use-action";
import type { RuleView } from "../../lib/more-types";

/** The rule's mode in the words its list entry uses. */
export function modeWords(rule: Pick<RuleView, "newRowsOnly">): string {
  return rule.newRowsOnly ? "new rows only" : "every row";
}

export function RuleMode({ rule, onSaved }: { rule: RuleView; onSaved: (rule: RuleView) => void }) {
  const save = useAction((newRowsOnly: boolean) =>
    server.updateRefreshRule({ ruleId: rule.ruleId, newRowsOnly }),
  );
  const onChange = async (checked: boolean) => {
    const outcome = await save.run(checked);
    if (outcome.ok) onSaved(outcome.value);
  };
  return (
    <div>
      <label class="check">
        <input
          type="checkbox"
          checked={rule.newRowsOnly}
          disabled={save.busy}
          onChange={(event) => void onChange(event.currentTarget.checked)}
        />
        <span>
          New rows only
          <span class="hint block">
            Buys only rows added or edited since the last run; rows whose organization is already on the sheet
            are filled from there, free.
          </span>
        </span>
      </label>
      {save.error && (
        <p class="hint" role="alert">
          {save.error}
        </p>
      )}
    </div>
  );
}
