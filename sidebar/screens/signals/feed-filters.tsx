// The signal feed's filters, every one the search has: organizations from the selection or saved lists,
// technologies, job functions, priorities and signal configs.
import { SelectionField } from "../../components/selection-field";
import { organizationListsStore } from "../../lib/more-stores";
import type { SelectionView } from "../../lib/more-types";
import { useStore } from "../../lib/session-store";
import { useSignalConfigs } from "../../lib/signal-configs";
import { useSidebar } from "../../state";

export const PRIORITIES = ["high", "medium", "low"] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface FeedFilters {
  organizations: SelectionView | null;
  listIds: number[];
  technologies: string;
  jobFunctions: string;
  priorities: Priority[];
  configIds: number[];
}

export const NO_FILTERS: FeedFilters = {
  organizations: null,
  listIds: [],
  technologies: "",
  jobFunctions: "",
  priorities: [],
  configIds: [],
};

function toggle<T>(values: T[], value: T, on: boolean): T[] {
  return on ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value);
}

export function FeedFiltersForm({
  value,
  onChange,
}: {
  value: FeedFilters;
  onChange: (next: FeedFilters) => void;
}) {
  const { go } = useSidebar();
  const [lists] = useStore(organizationListsStore);
  const { configs } = useSignalConfigs();
  const set = (patch: Partial<FeedFilters>) => onChange({ ...value, ...patch });
  const usable = lists?.view.lists.filter((list) => !list.deleted) ?? null;
  return (
    <div class="stack">
      <SelectionField
        id="feed-organizations"
        label="Organizations (optional)"
        hint="A column of organizations: ids, domains, e-mails or names (matched to ids first, at the base price each); only their signals are imported."
        value={value.organizations}
        onChange={(organizations) => set({ organizations })}
      />
      {value.organizations && (
        <button type="button" class="link-button" onClick={() => set({ organizations: null })}>
          Clear organizations
        </button>
      )}
      <fieldset class="fieldset">
        <legend class="label">Saved lists (optional)</legend>
        {usable === null ? (
          <p class="hint">
            Read your lists on the{" "}
            <button type="button" class="link-button" onClick={() => go("lists")}>
              Lists tab
            </button>{" "}
            to filter by them.
          </p>
        ) : (
          usable.map((list) => (
            <label key={list.id} class="check">
              <input
                type="checkbox"
                checked={value.listIds.includes(list.id)}
                onChange={(event) =>
                  set({ listIds: toggle(value.listIds, list.id, event.currentTarget.checked) })
                }
              />
              <span>{list.name}</span>
            </label>
          ))
        )}
      </fieldset>
      <label class="label" for="feed-technologies">
        Technologies (optional)
      </label>
      <input
        id="feed-technologies"
        class="input"
        placeholder="kubernetes, snowflake"
        aria-describedby="feed-technologies-hint"
        value={value.technologies}
        onInput={(event) => set({ technologies: event.currentTarget.value })}
      />
      <p id="feed-technologies-hint" class="hint">
        Technology slugs, separated by commas.
      </p>
      <label class="label" for="feed-job-functions">
        Job functions (optional)
      </label>
      <input
        id="feed-job-functions"
        class="input"
        placeholder="Data Engineer, Account Executive"
        value={value.jobFunctions}
        onInput={(event) => set({ jobFunctions: event.currentTarget.value })}
      />
      <fieldset class="fieldset">
        <legend class="label">Priorities (optional)</legend>
        <div class="row">
          {PRIORITIES.map((priority) => (
            <label key={priority} class="check">
              <input
                type="checkbox"
                checked={value.priorities.includes(priority)}
                onChange={(event) =>
                  set({ priorities: toggle(value.priorities, priority, event.currentTarget.checked) })
                }
              />
              <span>{priority}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {configs && configs.length > 0 && (
        <fieldset class="fieldset">
          <legend class="label">Signal configs (optional)</legend>
          {configs.map((config) => (
            <label key={config.id} class="check">
              <input
                type="checkbox"
                checked={value.configIds.includes(config.id)}
                onChange={(event) =>
                  set({ configIds: toggle(value.configIds, config.id, event.currentTarget.checked) })
                }
              />
              <span>{config.name}</span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
