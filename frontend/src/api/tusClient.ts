// tus-js-client behind a module of our own, so that its chunk (loaded only when a guest sends a video clip)
// carries a name that says what it is.
export { Upload } from 'tus-js-client';
export type { DetailedError } from 'tus-js-client';
