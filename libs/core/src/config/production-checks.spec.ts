import { loadConfig } from './app-config';
import { productionConfigProblems } from './production-checks';

describe('productionConfigProblems', () => {
  const own = { NODE_ENV: 'production', SESSION_SECRET: 'an-operator-chosen-secret-123' };

  it('accepts secrets of the operator’s own', () => {
    expect(
      productionConfigProblems(
        loadConfig({
          ...own,
          S3_ENDPOINT: 'minio',
          S3_ACCESS_KEY: 'k3y',
          S3_SECRET_KEY: 's3cret-own',
          OWNER_PASSWORD: 'ownChoice99',
        }),
      ),
    ).toEqual([]);
  });

  it('names each published default in use', () => {
    const problems = productionConfigProblems(
      loadConfig({
        NODE_ENV: 'production',
        S3_ENDPOINT: 'minio',
        S3_ACCESS_KEY: 'memorywall',
        S3_SECRET_KEY: 'memorywall-local-secret',
        OWNER_PASSWORD: 'changeme123',
        DATABASE_URL: 'postgres://memorywall:memorywall-local@postgres:5432/memorywall',
      }),
    );
    expect(problems.map((line) => line.split(' ')[0])).toEqual([
      'SESSION_SECRET',
      'S3_ACCESS_KEY',
      'S3_SECRET_KEY',
      'OWNER_PASSWORD',
      'DATABASE_URL',
    ]);
  });

  it('ignores S3 keys while local disk storage is used', () => {
    expect(productionConfigProblems(loadConfig({ ...own, S3_ACCESS_KEY: 'memorywall' }))).toEqual([]);
  });
});
