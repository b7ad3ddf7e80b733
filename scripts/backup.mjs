// Backs up the database and the media into one directory, and restores such a directory.
//   node scripts/backup.mjs backup [DIR]            DIR defaults to backups/<UTC timestamp>
//   node scripts/backup.mjs restore DIR [--replace] --replace drops a database that already has tables
// Uses DATABASE_URL and the storage settings (STORAGE_DIR, or S3_*) like the API. See docs/operations.md.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { config, core } from './lib.mjs';

const require = createRequire(import.meta.url);
const { Client: PgClient } = require('pg');
const { Client: S3Client } = require('minio');

// The media in a backup: local-disk storage's layout (each object a file, its content type in `<file>.type`),
// whichever storage it came from, so a backup restores into either.
const MEDIA = 'media';
const TYPE_SUFFIX = '.type';
const DUMP = 'database.dump';
const MANIFEST = 'manifest.json';

/** libpq's environment for a database URL: the password stays out of the process list. */
function pgEnv(url) {
  const u = new URL(url);
  return {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || process.env.PGUSER || 'postgres'),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
  };
}

async function run(command, args, env) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`${command} exited with ${code}`);
}

function s3(cfg) {
  return new S3Client({
    endPoint: cfg.S3_ENDPOINT,
    port: cfg.S3_PORT,
    useSSL: cfg.S3_USE_SSL,
    accessKey: cfg.S3_ACCESS_KEY,
    secretKey: cfg.S3_SECRET_KEY,
    region: cfg.S3_REGION,
    pathStyle: true,
  });
}

async function backupMedia(cfg, to) {
  if (!cfg.S3_ENDPOINT) {
    // A missing STORAGE_DIR is an installation that never stored an image.
    const exists = await stat(cfg.STORAGE_DIR).then(
      () => true,
      () => false,
    );
    if (exists) await cp(cfg.STORAGE_DIR, to, { recursive: true, filter: (path) => !path.endsWith('.tmp') });
    else await mkdir(to, { recursive: true });
    return;
  }
  const client = s3(cfg);
  for await (const object of client.listObjectsV2(cfg.S3_BUCKET, '', true)) {
    if (!object.name) continue;
    const path = join(to, object.name);
    await client.fGetObject(cfg.S3_BUCKET, object.name, path);
    const { metaData } = await client.statObject(cfg.S3_BUCKET, object.name);
    await writeFile(path + TYPE_SUFFIX, metaData['content-type'] ?? 'application/octet-stream');
  }
}

async function restoreMedia(cfg, from) {
  const storage = core.createStorage(cfg);
  const files = await readdir(from, { recursive: true, withFileTypes: true });
  let count = 0;
  for (const file of files) {
    if (!file.isFile() || file.name.endsWith(TYPE_SUFFIX)) continue;
    const path = join(file.parentPath, file.name);
    const key = path
      .slice(from.length + 1)
      .split('\\')
      .join('/');
    const contentType = await readFile(path + TYPE_SUFFIX, 'utf8');
    await storage.put(key, createReadStream(path), contentType, (await stat(path)).size);
    count++;
  }
  return count;
}

async function latestMigration(url) {
  const client = new PgClient({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1');
    return rows[0]?.name ?? null;
  } finally {
    await client.end();
  }
}

async function backup(cfg, dir) {
  await mkdir(dir, { recursive: true });
  // Database first, media second: every image the dumped rows point at was stored before its row was written.
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-acl', `--file=${join(dir, DUMP)}`],
    pgEnv(cfg.DATABASE_URL),
  );
  await backupMedia(cfg, join(dir, MEDIA));
  const manifest = {
    createdAt: new Date().toISOString(),
    schema: await latestMigration(cfg.DATABASE_URL),
    media: cfg.S3_ENDPOINT ? `s3://${cfg.S3_BUCKET}` : 'local disk',
  };
  await writeFile(join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  console.log(`Backed up to ${dir} (schema ${manifest.schema}, media from ${manifest.media}).`);
}

async function emptyDatabase(url, replace) {
  await core.ensureDatabase(url);
  const client = new PgClient({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'`);
  await client.end();
  if (!rows[0].tables) return;
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!replace) {
    console.error(
      `The database ${name} is not empty. Restore into a new database, or pass --replace to drop it first.`,
    );
    process.exit(1);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const adminClient = new PgClient({ connectionString: admin.toString() });
  await adminClient.connect();
  await adminClient.query(`DROP DATABASE "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  await adminClient.end();
  await core.ensureDatabase(url);
}

async function restore(cfg, dir, replace) {
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8'));
  await emptyDatabase(cfg.DATABASE_URL, replace);
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${pgEnv(cfg.DATABASE_URL).PGDATABASE}`,
      join(dir, DUMP),
    ],
    pgEnv(cfg.DATABASE_URL),
  );
  const objects = await restoreMedia(cfg, join(dir, MEDIA));
  console.log(`Restored the backup of ${manifest.createdAt} (schema ${manifest.schema}, ${objects} media objects).`);
}

const [command, target, flag] = process.argv.slice(2);
const cfg = config();
if (command === 'backup') {
  await backup(cfg, resolve(target ?? join('backups', new Date().toISOString().replace(/[:.]/g, '-'))));
} else if (command === 'restore' && target) {
  await restore(cfg, resolve(target), flag === '--replace');
} else {
  console.error('Usage: node scripts/backup.mjs backup [DIR] | restore DIR [--replace]');
  process.exit(1);
}
