import type { Plugin, Rollup } from 'vite';

const ENTRY_SCRIPT = /<script type="module"[^>]*src="\/([^"]+\.js)"[^>]*><\/script>/;

/**
 * The files of the app's start-up that `entry` imports on demand (src/main.tsx starts in stages), with
 * everything they import in turn; not the chunks those load on demand later (the pages).
 */
export function bootChunks(bundle: Rollup.OutputBundle, entry: string): string[] {
  const found = new Set<string>();
  const visit = (fileName: string) => {
    if (found.has(fileName)) return;
    found.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  const entryChunk = bundle[entry];
  if (entryChunk?.type !== 'chunk') throw new Error(`${entry} is not a chunk of the bundle`);
  [...entryChunk.imports, ...entryChunk.dynamicImports].forEach(visit);
  found.delete(entry);
  return [...found];
}

/**
 * index.html with a modulepreload after the entry's script for every file of the app's start-up that it
 * does not name yet. Vite names only the entry's static imports: without the others, each stage's
 * download would start only once the stage before it had run.
 */
export function withBootPreloads(html: string, bundle: Rollup.OutputBundle): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) throw new Error('index.html has no module script');
  const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]));
  const links = bootChunks(bundle, entry[1])
    .filter((file) => !named.has(file))
    .map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`);
  return html.replace(
    /(<script type="module"[^>]*><\/script>(?:\s*<link rel="modulepreload"[^>]*>)*)/,
    `$1${links.join('')}`,
  );
}

/** Adds the start-up's preloads to index.html (and so to the pages prerendered from it). */
export function preloadBootChunks(): Plugin {
  return {
    name: 'memory-wall:preload-boot-chunks',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return this.error('no index.html to add the start-up preloads to');
      index.source = withBootPreloads(String(index.source), bundle);
    },
  };
}

/**
 * Vite lists, with every dynamic import, the files to preload with the imported chunk: all it imports, in
 * turn. A chunk that runs has already loaded what it imports itself, so those are left out of its lists
 * (the router's list for each page named React, Redux Toolkit, the router, … again: about 1.5 kB of a
 * guest's download). `trackBundle` must be among the plugins for `resolveDependencies` to see the bundle.
 */
export function skipLoadedDependencies() {
  let bundle: Rollup.OutputBundle | undefined;
  const trackBundle: Plugin = {
    name: 'memory-wall:track-bundle',
    apply: 'build',
    generateBundle(_options, output) {
      bundle = output;
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }): string[] => {
    const host = bundle?.[hostId];
    if (host?.type !== 'chunk') return deps;
    const loaded = new Set<string>();
    const visit = (fileName: string) => {
      if (loaded.has(fileName)) return;
      loaded.add(fileName);
      const chunk = bundle?.[fileName];
      if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
    };
    visit(hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { trackBundle, resolveDependencies };
}
