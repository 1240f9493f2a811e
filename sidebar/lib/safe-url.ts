// The one check every link from service or brief text passes before it becomes an href in the sidebar.

/**
 * Only web and mail links, matched on the whole text: scheme first (no leading space or entity can
 * hide another scheme in front), nothing that can leave an attribute.
 */
const SAFE_URL = /^(?:https?:\/\/[^\s<>"'`\\]+|mailto:[^\s<>"'`\\:/]+)$/i;

/** Browsers skip control characters inside a scheme ("java\u0001script:"), so none is accepted. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The link when it is safe to put into an href, else null (then show the text, not a link). */
export function safeUrl(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length > 2_000 || hasControlCharacter(raw)) return null;
  return SAFE_URL.test(raw) ? raw : null;
}
