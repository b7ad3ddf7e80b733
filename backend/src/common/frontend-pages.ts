import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Written by the front end's build (frontend/prerender.ts): which routes have a prerendered HTML file, and
 * the CSP sources ('sha256-…') of the inline script those pages start the app with.
 */
const MANIFEST = 'prerendered.json';

interface Manifest {
  pages: PrerenderedPage[];
  scriptSources: string[];
}

interface PrerenderedPage {
  route: string;
  /** Its file in the built front end (with a .br and a .gz beside it). */
  file: string;
}

/**
 * The HTML file the single-page app's routes are answered with: index.html, or, for a guest page the
 * build prerendered (/event-code, /contribute and everything under them), its own file, which already
 * shows the page's first screen.
 */
export class FrontendPages {
  private constructor(
    private readonly prerendered: readonly PrerenderedPage[],
    /** What the Content-Security-Policy's script-src must allow besides the app's own files. */
    readonly scriptSources: readonly string[],
  ) {}

  /** The built front end in `dist`, or null when there is none. */
  static load(dist: string): FrontendPages | null {
    const index = join(dist, 'index.html');
    if (!dist || !existsSync(index)) return null;
    const manifest = join(dist, MANIFEST);
    const { pages, scriptSources }: Manifest = existsSync(manifest)
      ? (JSON.parse(readFileSync(manifest, 'utf8')) as Manifest)
      : { pages: [], scriptSources: [] };
    return new FrontendPages(
      pages.filter(({ file }) => existsSync(join(dist, file))),
      scriptSources,
    );
  }

  /** The file (relative to the built front end) for the page at `path` (without its query). */
  fileFor(path: string): string {
    const page = this.prerendered.find(({ route }) => path === route || path.startsWith(`${route}/`));
    return page?.file ?? 'index.html';
  }
}
