import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(__dirname, '../../..');

describe('the contract schemas of the OpenAPI document', () => {
  it('are what libs/contracts gives (node scripts/contract-schemas.mjs writes them)', async () => {
    const check = promisify(execFile)(process.execPath, [join(root, 'scripts/contract-schemas.mjs'), '--check'], {
      cwd: root,
    });
    await expect(check).resolves.toBeDefined();
  }, 60_000);
});
