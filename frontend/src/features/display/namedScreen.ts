import { useSearchParams } from 'react-router';
import { fitsLayout, type PublicEvent, type PublicMemory, type ScreenLayout } from '@memory-wall/contracts';

/**
 * The layout of the named screen this page was opened as (?screen=NAME), as the host set it on the host
 * wall; it arrives with the event and changes live (screens_updated). Undefined for an unnamed screen.
 */
export function useNamedScreen(event: PublicEvent | undefined): { name: string | null; layout?: ScreenLayout } {
  const [params] = useSearchParams();
  const name = params.get('screen');
  return { name, layout: name ? event?.screens.layouts[name] : undefined };
}

/** The memories a named screen shows (featured only, photos only). */
export const forScreen = (memories: PublicMemory[], layout: ScreenLayout | undefined) =>
  layout ? memories.filter((memory) => fitsLayout(memory, layout)) : memories;
