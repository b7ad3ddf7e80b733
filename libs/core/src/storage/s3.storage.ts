import { Client } from 'minio';
import type { Readable } from 'node:stream';
import { contentDisposition, ObjectStorage, StoredObject } from './object-storage';

export interface S3Options {
  endPoint: string;
  port?: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

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

  async downloadUrl(key: string, fileName: string, expirySeconds: number): Promise<string | null> {
    await this.bucket();
    return this.client.presignedGetObject(this.options.bucket, key, expirySeconds, {
      'response-content-disposition': contentDisposition(fileName),
    });
  }

  localFile(): null {
    return null;
  }

  async remove(key: string): Promise<void> {
    await this.bucket();
    await this.client.removeObject(this.options.bucket, key);
  }
}
