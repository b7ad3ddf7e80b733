// Run first by `npm test`: the machine tools its tests need, checked before anything is built or run, so a
// newcomer's machine that lacks one is told so in one line naming the Debian package, instead of seeing
// the browser or compose tests fail one by one. `.ci/run` installs them on a fresh machine.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** An executable file at `path`, or found on PATH when `path` is a bare name. */
export function findExecutable(path, env = process.env) {
  const candidates = path.includes('/')
    ? [path]
    : (env.PATH ?? '')
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, path));
  return candidates.find((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The tools `npm test` runs, each with the Debian package that brings it. */
export function requiredTools(env = process.env) {
  return [
    {
      what: `Chromium (${env.CHROMIUM_PATH ?? '/usr/bin/chromium'}, for the browser tests)`,
      path: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      debian: 'chromium',
    },
    { what: 'docker-compose (to validate docker-compose.yml)', path: 'docker-compose', debian: 'docker-compose' },
  ];
}

/** The one line that names what is missing and the Debian packages to install; null when nothing is. */
export function missingToolsLine(env = process.env) {
  const missing = requiredTools(env).filter((tool) => !findExecutable(tool.path, env));
  if (!missing.length) return null;
  const packages = missing.map((tool) => tool.debian).join(' ');
  return `npm test needs ${missing.map((tool) => tool.what).join(' and ')}: install with \`apt-get install ${packages}\` (Debian ${missing.length > 1 ? 'packages' : 'package'} ${packages})`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const line = missingToolsLine();
  if (line) {
    console.error(line);
    process.exit(1);
  }
}
