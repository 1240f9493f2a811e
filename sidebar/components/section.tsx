// A titled group of controls on a screen (Settings has one per concern).
import type { ComponentChildren } from "preact";

export function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section class="section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} class="section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}
