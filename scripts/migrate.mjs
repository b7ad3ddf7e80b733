// npm run db:migrate: applies pending migrations to DATABASE_URL (creating the database if needed).
// `node scripts/migrate.mjs --undo`: reverts the latest applied migration (run it with the release that has it).
import { config, core, requireServices } from './lib.mjs';

const cfg = config();
await requireServices(cfg);
if (process.argv.includes('--undo')) {
  const undone = await core.undoLastMigration(cfg);
  console.log(undone ? `Reverted migration: ${undone}` : 'No migration to revert.');
} else {
  const ran = await core.runMigrations(cfg);
  console.log(ran.length ? `Applied migrations: ${ran.join(', ')}` : 'Database schema is up to date.');
}
