// npm start (after the build): migrate, seed the demo (not in production), start the API and the workers,
// print where to go.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { config, core, requireServices } from './lib.mjs';

const cfg = config();
await requireServices(cfg);
await core.runMigrations(cfg);
const { runSeed } = createRequire(import.meta.url)('../backend/dist/seed/run-seed.js');
// The demo's logins are published, so production never gets them (and the API would refuse to start).
const seed = cfg.isProduction ? null : await runSeed();

const env = { ...core.NATIVE_MEMORY_ENV, ...process.env };
const children = [
  spawn(process.execPath, ['backend/dist/main.js'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['workers/dist/main.js'], { stdio: 'inherit', env }),
];
const stop = (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const local = `http://localhost:${cfg.PORT}`;
for (let i = 0; i < 120; i++) {
  const ok = await fetch(`${local}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  await sleep(250);
}
if (!seed) {
  console.log(`\n  Memory Wall is running at ${local}\n\n  Press Ctrl+C to stop.\n`);
} else {
  const { owner, provider, customer } = seed.logins;
  console.log(`
  Memory Wall is running at ${local}

  Demo logins (username / password):
    owner             ${owner.username} / ${owner.password}
    service provider  ${provider.username} / ${provider.password}
    customer          ${customer.username} / ${customer.password}

  Demo event "${seed.event.name}" (code ${seed.event.code}):
    live wall   ${local}/display/${seed.eventId}
    contribute  ${local}/contribute/${seed.eventId}
    API docs    ${local}/api/docs

  Press Ctrl+C to stop.
`);
}
