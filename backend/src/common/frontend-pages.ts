import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the front end's build (frontend/prerender.ts): which routes have a prerendered HTML file. */
const MANIFEST = 'prerendered.json';

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
  private constructor(private readonly prerendered: readonly PrerenderedPage[]) {}

  /** The built front end in `dist`, or null when there is none. */
  static load(dist: string): FrontendPages | null {
    const index = join(dist, 'index.html');
    if (!dist || !existsSync(index)) return null;
    const manifest = join(dist, MANIFEST);
    const prerendered = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as PrerenderedPage[]) : [];
    return new FrontendPages(prerendered.filter(({ file }) => existsSync(join(dist, file))));
  }

  /** The file (relative to the built front end) for the page at `path` (without its query). */
  fileFor(path: string): string {
    const page = this.prerendered.find(({ route }) => path === route || path.startsWith(`${route}/`));
    return page?.file ?? 'index.html';
  }
}
