// The title row of a page reached from More (Settings, Help), with the way back. The title takes focus
// when the page opens, so a screen reader announces where the person now is.
import { useEffect, useRef } from "preact/hooks";
import { Icon } from "./icon";

export function PageHeader({
  title,
  backLabel,
  onBack,
}: {
  title: string;
  backLabel: string;
  onBack: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div class="page-header">
      <button type="button" class="icon-button" aria-label={backLabel} title={backLabel} onClick={onBack}>
        <Icon name="back" />
      </button>
      <h2 class="page-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
    </div>
  );
}
