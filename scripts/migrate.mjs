// npm run db:migrate: applies pending migrations to DATABASE_URL (creating the database if needed).
import { config, core, requireServices } from './lib.mjs';

const cfg = config();
await requireServices(cfg);
const ran = await core.runMigrations(cfg);
console.log(ran.length ? `Applied migrations: ${ran.join(', ')}` : 'Database schema is up to date.');
