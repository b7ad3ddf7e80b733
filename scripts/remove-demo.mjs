// Deletes the demo event and the demo accounts (whose passwords are published), e.g. from a database that
// was seeded before going to production. Production refuses to start while they exist.
import { createRequire } from 'node:module';
import { config, requireServices } from './lib.mjs';

const { removeDemo } = createRequire(import.meta.url)('../backend/dist/seed/run-seed.js');
await requireServices(config());
await removeDemo();
console.log('Demo event and accounts removed.');
