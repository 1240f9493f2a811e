// The one check every link from service or brief text passes before it becomes an href in the sidebar.

/**
 * Only web and mail links, matched on the whole text: scheme first (no leading space, control
 * character or entity can hide another scheme in front), nothing that can leave an attribute.
 */
const SAFE_URL =
  /^(?:https?:\/\/[^\s<>"'`\\\u0000-\u001f\u007f]+|mailto:[^\s<>"'`\\:/\u0000-\u001f\u007f]+)$/i;

/** The link when it is safe to put into an href, else null (then show the text, not a link). */
export function safeUrl(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length > 2_000) return null;
  return SAFE_URL.test(raw) ? raw : null;
}
