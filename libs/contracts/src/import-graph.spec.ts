import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(__dirname, '../../..');
const dpdm = join(root, 'node_modules/dpdm/lib/bin/dpdm.js');

/** The entry of each package: everything it imports, type-only imports included, is followed from there. */
const entries = [
  'libs/contracts/src/index.ts',
  'libs/core/src/index.ts',
  'backend/src/main.ts',
  'workers/src/main.ts',
  'frontend/src/main.tsx',
];

describe('import graph', () => {
  it.each(entries)(
    '%s imports nothing that imports it back',
    async (entry) => {
      // dpdm's library is ESM-only (Jest runs CommonJS), so its CLI runs in a child process. `-T false` keeps
      // type-only imports: a cycle of types is still a tangle for the reader, even though it is erased at run time.
      const run = promisify(execFile)(
        process.execPath,
        [dpdm, '--no-tree', '--no-warning', '--no-progress', '-T', 'false', '--exit-code', 'circular:1', entry],
        { cwd: root },
      );
      await expect(run).resolves.toMatchObject({ stdout: expect.stringContaining('no circular dependency') });
      // dpdm reads the whole tree: seconds on a quiet machine, more while other suites run beside it.
    },
    120_000,
  );
});
