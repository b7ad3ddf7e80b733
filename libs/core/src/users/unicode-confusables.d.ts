// The package ships its typings under a name TypeScript does not look for (index.ts.d).
declare module 'unicode-confusables' {
  /** Replaces each character by its prototype in Unicode's confusables.txt (UTS #39), dropping zero-width ones. */
  export function rectifyConfusion(text: string): string;
}
