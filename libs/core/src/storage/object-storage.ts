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
  /** Removes every object whose key starts with `folder` (which ends with a slash); none there is no error. */
  abstract removeFolder(folder: string): Promise<void>;
  /**
   * A link that downloads the object as `fileName` for `expirySeconds` without our API (S3: presigned, with
   * Range support of its own); null when the API must serve it itself (local disk).
   */
  abstract downloadUrl(key: string, fileName: string, expirySeconds: number): Promise<string | null>;
  /** The object as a file on this machine (local disk), for the API to serve with Range; null elsewhere. */
  abstract localFile(key: string): { root: string; path: string } | null;

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
/**
 * A public key as the product writes it: folders and a name of letters, digits, `.`, `-` and `_`, none of
 * them empty, `.` or `..`. Storage would read `public//memories/…` or `public/./memories/…` as the canonical
 * key, so who may read a key is decided only for keys in this one spelling.
 */
const CANONICAL_PUBLIC_KEY = /^public(?:\/(?!\.{1,2}(?:\/|$))[\w.-]+)+$/;
export const isPublicKey = (key: string) => key.length <= MAX_KEY_LENGTH && CANONICAL_PUBLIC_KEY.test(key);

/** A Content-Disposition that saves the file as `fileName` (RFC 6266: an ASCII fallback and the UTF-8 name). */
export const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
