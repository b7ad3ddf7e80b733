import type { Readable } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  contentType: string;
  size: number;
}

/**
 * Where originals and processed images live. Keys under `public/` may be served to anyone;
 * everything else (originals) stays private.
 */
export abstract class ObjectStorage {
  /** Stores an object; a stream needs its `size` (S3 uploads it in one request). */
  abstract put(key: string, body: Buffer | Readable, contentType: string, size?: number): Promise<void>;
  /** The object, or null when there is none. */
  abstract get(key: string): Promise<StoredObject | null>;
  abstract remove(key: string): Promise<void>;

  /**
   * Where a browser may fetch a public object itself (a CDN, or the bucket through a presigned URL), or
   * null when the caller must stream it (local disk). Only for objects the caller decided are public.
   */
  publicLocation(_key: string): Promise<PublicLocation | null> {
    return Promise.resolve(null);
  }
}

/** An address of a public object outside the API; `validUntil` (epoch ms) when the address expires. */
export interface PublicLocation {
  url: string;
  validUntil?: number;
}

export const PUBLIC_PREFIX = 'public/';
/** Keys the product writes are short; anything else asked for cannot exist. */
const MAX_KEY_LENGTH = 200;
export const isPublicKey = (key: string) =>
  key.startsWith(PUBLIC_PREFIX) && !key.includes('..') && key.length <= MAX_KEY_LENGTH;
