// npm run seed: creates the demo accounts and event once (a second run changes nothing); never in production.
import { createRequire } from 'node:module';
import { config, requireServices } from './lib.mjs';

const { runSeed } = createRequire(import.meta.url)('../backend/dist/seed/run-seed.js');
await requireServices(config());
let result;
try {
  result = await runSeed();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
console.log(result.created ? 'Demo data created.' : 'Demo data already present.');
