import type { Rollup } from 'vite';
import { withBootPreloads } from './bootPreloads';

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) =>
  ({ type: 'chunk', fileName, imports, dynamicImports }) as unknown as Rollup.OutputChunk;

/** An entry that imports React and starts two stages on demand; the second stage loads a page on demand. */
const bundle: Rollup.OutputBundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['assets/react.js'], ['assets/store.js', 'assets/app.js']),
    chunk('assets/react.js'),
    chunk('assets/store.js', ['assets/api.js']),
    chunk('assets/api.js', ['assets/react.js']),
    chunk('assets/app.js', ['assets/api.js', 'assets/router.js'], ['assets/Page.js']),
    chunk('assets/router.js', ['assets/react.js']),
    chunk('assets/Page.js', ['assets/TextField.js']),
    chunk('assets/TextField.js'),
  ].map((c) => [c.fileName, c]),
);

const html = `<head>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head>`;

describe('withBootPreloads', () => {
  it('preloads every file of the start-up stages with the entry, once each, and no page', () => {
    const preloaded = [
      ...withBootPreloads(html, bundle).matchAll(/rel="modulepreload" crossorigin href="\/([^"]+)"/g),
    ].map((m) => m[1]);
    expect(preloaded.sort()).toEqual([
      'assets/api.js',
      'assets/app.js',
      'assets/react.js',
      'assets/router.js',
      'assets/store.js',
    ]);
  });

  it('puts the preloads right after the entry script and its own preloads, before the stylesheet', () => {
    expect(withBootPreloads(html, bundle)).toMatch(
      /<script type="module"[^>]*><\/script>(\s*<link rel="modulepreload"[^>]*>){5}\s*<link rel="stylesheet"/,
    );
  });
});
