import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NATIVE_MEMORY_ENV } from './native-memory';

describe('NATIVE_MEMORY_ENV', () => {
  it('is what the Docker image sets for every role', () => {
    const dockerfile = readFileSync(resolve(__dirname, '../../../../Dockerfile'), 'utf8');
    for (const [name, value] of Object.entries(NATIVE_MEMORY_ENV))
      expect(dockerfile).toMatch(new RegExp(`^\\s+${name}=${value}\\b`, 'm'));
  });
});
