// A link whose address came from the service: drawn only when it is a web or mail link (safeUrl).
import type { ComponentChildren } from "preact";
import { safeUrl } from "../lib/safe-url";

export function ServiceLink({ href, children }: { href: unknown; children?: ComponentChildren }) {
  const url = safeUrl(href);
  if (!url) return null;
  return (
    <a class="item-link" href={url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
