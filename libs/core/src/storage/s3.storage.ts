import { Client } from 'minio';
import type { Readable } from 'node:stream';
import { contentDisposition, ObjectStorage, PublicLocation, StoredObject } from './object-storage';

export interface S3Options {
  endPoint: string;
  port?: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** Public objects as redirects (see publicLocation); false: streamed through the API. */
  redirectPublic?: boolean;
  /** A CDN (or public bucket address) serving the bucket's keys under it. */
  publicBaseUrl?: string;
  /** Lifetime of a presigned URL, in seconds. */
  presignSeconds?: number;
}

/** Immutable objects (each rendition has a key of its own) as a CDN or a browser may keep them. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** MinIO, S3 or R2 through the `minio` client; the bucket is created when missing, and stays private. */
export class S3Storage extends ObjectStorage {
  private readonly client: Client;
  private ready?: Promise<void>;

  constructor(private readonly options: S3Options) {
    super();
    this.client = new Client({
      endPoint: options.endPoint,
      port: options.port,
      useSSL: options.useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region,
      pathStyle: true,
    });
  }

  private bucket(): Promise<void> {
    this.ready ??= (async () => {
      if (!(await this.client.bucketExists(this.options.bucket))) {
        await this.client.makeBucket(this.options.bucket, this.options.region);
      }
    })().catch((err) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  async put(key: string, body: Buffer | Readable, contentType: string, size?: number): Promise<void> {
    await this.bucket();
    await this.client.putObject(this.options.bucket, key, body, size, { 'Content-Type': contentType });
  }

  async get(key: string): Promise<StoredObject | null> {
    await this.bucket();
    try {
      const info = await this.client.statObject(this.options.bucket, key);
      const stream = await this.client.getObject(this.options.bucket, key);
      return {
        stream,
        contentType: (info.metaData['content-type'] as string | undefined) ?? 'application/octet-stream',
        size: info.size,
      };
    } catch (err) {
      if ((err as { code?: string }).code === 'NotFound' || (err as { code?: string }).code === 'NoSuchKey')
        return null;
      throw err;
    }
  }

  /**
   * With a public base URL: the object's address under it. Otherwise a presigned GET of the bucket, signed
   * as of the start of the current half-lifetime window, so every request of that window gets the same URL
   * (a browser's or CDN's cache keeps working) and each URL handed out stays valid at least half its lifetime.
   * The object's response may be cached for that half lifetime, never longer than its URL lives.
   */
  async publicLocation(key: string): Promise<PublicLocation | null> {
    if (!this.options.redirectPublic) return null;
    if (this.options.publicBaseUrl) {
      const path = key.split('/').map(encodeURIComponent).join('/');
      return { url: `${this.options.publicBaseUrl.replace(/\/+$/, '')}/${path}` };
    }
    const lifetime = this.options.presignSeconds ?? 3600;
    const windowMs = Math.floor(lifetime / 2) * 1000;
    const signedAt = Math.floor(Date.now() / windowMs) * windowMs;
    const url = await this.client.presignedGetObject(
      this.options.bucket,
      key,
      lifetime,
      { 'response-cache-control': `public, max-age=${Math.floor(lifetime / 2)}, immutable` },
      new Date(signedAt),
    );
    return { url, validUntil: signedAt + lifetime * 1000 };
  }

  async downloadUrl(key: string, fileName: string, expirySeconds: number): Promise<string | null> {
    await this.bucket();
    return this.client.presignedGetObject(this.options.bucket, key, expirySeconds, {
      'response-content-disposition': contentDisposition(fileName),
    });
  }

  localFile(): null {
    return null;
  }

  async removeFolder(folder: string): Promise<void> {
    await this.bucket();
    const keys: string[] = [];
    for await (const item of this.client.listObjectsV2(this.options.bucket, folder, true) as AsyncIterable<{
      name?: string;
    }>)
      if (item.name) keys.push(item.name);
    // One request removes up to a thousand objects.
    for (let i = 0; i < keys.length; i += 1000)
      await this.client.removeObjects(this.options.bucket, keys.slice(i, i + 1000));
  }

  async remove(key: string): Promise<void> {
    await this.bucket();
    await this.client.removeObject(this.options.bucket, key);
  }
}
