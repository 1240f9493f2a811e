// A modal dialog that shows a Markdown document (an intelligence brief) rendered by the safe renderer:
// focus moves into it, Escape or Close returns to where the person was.
import { useEffect, useRef } from "preact/hooks";
import { renderMarkdown } from "../lib/markdown";
import { Icon } from "./icon";

export function MarkdownDialog({
  title,
  markdown,
  link,
  onClose,
}: {
  title: string;
  markdown: string;
  /** The document at the service, offered below the text. */
  link: string | null;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  const safeLink = link && /^https?:\/\//i.test(link) ? link : null;
  return (
    <dialog ref={dialog} class="markdown-dialog" aria-labelledby="markdown-dialog-title" onClose={onClose}>
      <div class="markdown-dialog-header">
        <h2 id="markdown-dialog-title" class="markdown-dialog-title">
          {title}
        </h2>
        <button type="button" class="icon-button" aria-label="Close" title="Close" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      {/* The renderer escapes every character of the text; only its own tags reach the page. */}
      <div
        class="markdown-body"
        dangerouslySetInnerHTML={{ __html: renderMarkdown(markdown, { headingOffset: 1 }) }}
      />
      {safeLink && (
        <p class="markdown-dialog-link">
          <a href={safeLink} target="_blank" rel="noopener noreferrer">
            Open at the service
          </a>
        </p>
      )}
    </dialog>
  );
}
