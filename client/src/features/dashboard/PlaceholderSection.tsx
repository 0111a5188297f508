import type { ReactNode } from 'react';

/** A section whose feature ships in a later release; says so rather than showing an empty pane. */
export function PlaceholderSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={`${title}-heading`}>
      <h1 id={`${title}-heading`} className="section__title">
        {title}
      </h1>
      <div className="placeholder-card">{children}</div>
    </section>
  );
}
