import type { ReactNode } from 'react';
import { Spinner } from '../../components/ui/Spinner';

/**
 * A venue screen's stage (the presentation's, the display wall's): its memories under a heading only
 * assistive technology reads (memory titles are h3s: a heading between them and the page's h1 keeps the
 * outline in order), a spinner while they load, or the empty text.
 */
export function ScreenStage({
  headingId,
  heading,
  loading,
  emptyText,
  children,
}: {
  headingId: string;
  heading: string;
  loading: boolean;
  /** Shown instead of the memories when there are none. */
  emptyText: string | null;
  children: ReactNode;
}) {
  return (
    <section className="pr-stage" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {heading}
      </h2>
      {loading ? <Spinner /> : emptyText ? <p className="empty">{emptyText}</p> : children}
    </section>
  );
}
