// One row of a list (a saved list, a feed sheet, a rule): its title and details, with a button that opens
// its actions beneath it (a disclosure, so the keyboard and screen readers follow it as it opens).
import type { ComponentChildren } from "preact";
import { Icon } from "./icon";

export function RowActions({
  id,
  title,
  details,
  detailsTitle,
  badges,
  open,
  onToggle,
  extra,
  children,
}: {
  id: string;
  title: string;
  details: string;
  /** A tooltip on the details (a rule's fields by their API names, where the details use the headers'). */
  detailsTitle?: string;
  badges?: string[];
  open: boolean;
  onToggle: () => void;
  /** Shown under the title whether or not the actions are open (a rule's last run). */
  extra?: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <li class={`item-row${open ? " item-row-open" : ""}`}>
      <div class="item-head">
        <div class="item-text">
          <span class="item-title">{title}</span>
          <span class="item-details" title={detailsTitle}>
            {details}
            {badges?.map((badge) => (
              <span key={badge} class="badge">
                {badge}
              </span>
            ))}
          </span>
        </div>
        <button
          type="button"
          class="icon-button"
          aria-label={`Actions for ${title}`}
          title="Actions"
          aria-expanded={open ? "true" : "false"}
          aria-controls={`${id}-actions`}
          onClick={onToggle}
        >
          <Icon name="more" />
        </button>
      </div>
      {extra}
      {open && (
        <div id={`${id}-actions`} class="item-actions">
          {children}
        </div>
      )}
    </li>
  );
}
