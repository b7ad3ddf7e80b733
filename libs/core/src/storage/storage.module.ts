import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { LocalDiskStorage } from './local-disk.storage';
import { ObjectStorage } from './object-storage';
import { S3Storage } from './s3.storage';

/** S3-compatible storage when S3_ENDPOINT is set; local disk under STORAGE_DIR otherwise. */
export function createStorage(config: AppConfig): ObjectStorage {
  if (!config.S3_ENDPOINT) return new LocalDiskStorage(config.STORAGE_DIR);
  return new S3Storage({
    endPoint: config.S3_ENDPOINT,
    port: config.S3_PORT,
    useSSL: config.S3_USE_SSL,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    redirectPublic: config.MEDIA_DELIVERY === 'redirect',
    publicBaseUrl: config.MEDIA_PUBLIC_BASE_URL,
    presignSeconds: config.MEDIA_PRESIGN_SECONDS,
  });
}

@Global()
@Module({
  providers: [{ provide: ObjectStorage, inject: [AppConfig], useFactory: createStorage }],
  exports: [ObjectStorage],
})
export class StorageModule {}
