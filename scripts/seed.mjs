// npm run seed: creates the demo accounts and event once (a second run changes nothing).
import { createRequire } from 'node:module';
import { config, requireServices } from './lib.mjs';

const { runSeed } = createRequire(import.meta.url)('../backend/dist/seed/run-seed.js');
await requireServices(config());
const result = await runSeed();
console.log(result.created ? 'Demo data created.' : 'Demo data already present.');
