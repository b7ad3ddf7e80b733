import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type RootOptions, type Root } from 'react-dom/client';
import { isPrerenderedPath } from '../prerender/guestPages';

/**
 * Puts the app into `container`. A guest page arrives with its first screen already painted
 * (frontend/prerender.ts): React adopts that HTML instead of replacing it.
 *
 * The adoption runs as a transition. Hydration at React's default priority renders the whole page in one
 * task, which on a phone's CPU blocks the main thread long enough for a tap to wait (Lighthouse's Total
 * Blocking Time); as a transition React renders in slices and gives the thread back between them. The
 * page is already on screen meanwhile, so nothing waits for it but the handlers.
 */
export function mountApp(container: HTMLElement, app: ReactNode, pathname: string, options?: RootOptions): Root {
  if (!container.firstChild || !isPrerenderedPath(pathname)) {
    const root = createRoot(container, options);
    root.render(app);
    return root;
  }
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app, options);
  });
  return root!;
}
