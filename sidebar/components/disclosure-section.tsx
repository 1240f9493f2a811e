// A section of the More tab that opens in place: its title is a button (aria-expanded), so the tab stays
// a short list in a 300 px sidebar and each tool is one press away.
import type { ComponentChildren } from "preact";
import { Icon, type IconName } from "./icon";

export function DisclosureSection({
  id,
  icon,
  title,
  detail,
  open,
  onToggle,
  children,
}: {
  id: string;
  icon: IconName;
  title: string;
  detail: string;
  open: boolean;
  onToggle: () => void;
  children: ComponentChildren;
}) {
  return (
    <section class="disclosure" aria-labelledby={`${id}-title`}>
      <h3 class="disclosure-heading">
        <button
          type="button"
          id={`${id}-title`}
          class="menu-row"
          aria-expanded={open ? "true" : "false"}
          aria-controls={`${id}-body`}
          onClick={onToggle}
        >
          <Icon name={icon} />
          <span class="menu-text">
            <span class="menu-title">{title}</span>
            <span class="menu-detail">{detail}</span>
          </span>
          <Icon name={open ? "collapse" : "expand"} />
        </button>
      </h3>
      {open && (
        <div id={`${id}-body`} class="disclosure-body">
          {children}
        </div>
      )}
    </section>
  );
}
