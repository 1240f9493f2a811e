// What a screen shows when it has nothing yet: what it is for and what to do next.
import type { ComponentChildren } from "preact";
import { Icon, type IconName } from "./icon";

export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: IconName;
  title: string;
  children: ComponentChildren;
}) {
  return (
    <div class="empty-state">
      <span class="empty-icon">
        <Icon name={icon} size={32} />
      </span>
      <h2 class="empty-title">{title}</h2>
      <div class="empty-text">{children}</div>
    </div>
  );
}
