import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the front end's build (frontend/prerender.ts): which routes have a prerendered HTML file. */
const MANIFEST = 'prerendered.json';

interface PrerenderedPage {
  route: string;
  html: string;
}

/**
 * The HTML the single-page app's routes are answered with: index.html, or, for a guest page the build
 * prerendered (/event-code, /contribute and everything under them), its own file, which already shows
 * the page's first screen.
 */
export class FrontendPages {
  private constructor(
    private readonly index: string,
    private readonly prerendered: readonly PrerenderedPage[],
  ) {}

  /** The built front end in `dist`, or null when there is none. */
  static load(dist: string): FrontendPages | null {
    const index = join(dist, 'index.html');
    if (!dist || !existsSync(index)) return null;
    const manifest = join(dist, MANIFEST);
    const entries = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as Array<{ route: string; file: string }>) : [];
    const prerendered = entries.map(({ route, file }) => ({ route, html: readFileSync(join(dist, file), 'utf8') }));
    return new FrontendPages(readFileSync(index, 'utf8'), prerendered);
  }

  /** The HTML for the page at `path` (without its query). */
  htmlFor(path: string): string {
    const page = this.prerendered.find(({ route }) => path === route || path.startsWith(`${route}/`));
    return page?.html ?? this.index;
  }
}
