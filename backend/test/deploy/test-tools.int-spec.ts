import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

/** A PATH of one directory that holds node, npm and a shell: none of the tools that npm test checks for. */
const bareBin = mkdtempSync(join(tmpdir(), 'bare-path-'));
for (const tool of ['node', 'npm', 'sh'])
  symlinkSync(execFileSync('which', [tool], { encoding: 'utf8' }).trim(), join(bareBin, tool));
afterAll(() => rmSync(bareBin, { recursive: true, force: true }));

/** `npm test` on a machine without docker-compose, with Chromium looked for at `chromiumPath`. */
function npmTestWithout(chromiumPath: string) {
  return spawnSync(join(bareBin, 'npm'), ['test'], {
    cwd: ROOT,
    env: { PATH: bareBin, HOME: process.env.HOME ?? '/tmp', CHROMIUM_PATH: chromiumPath },
    encoding: 'utf8',
    // Only reached when the check is missing and npm test goes on to build and test everything.
    timeout: 60_000,
    killSignal: 'SIGKILL',
  });
}

jest.setTimeout(90_000);

describe("a newcomer's npm test", () => {
  it('names the Debian packages of the missing tools in one line, before building or running anything', () => {
    const run = npmTestWithout('/nonexistent/chromium');

    expect(run.status).toBe(1);
    const lines = run.stderr.split('\n').filter((line) => line.startsWith('npm test needs'));
    expect(lines).toEqual([
      expect.stringContaining('`apt-get install chromium docker-compose` (Debian packages chromium docker-compose)'),
    ]);
    expect(lines[0]).toContain('Chromium (/nonexistent/chromium, for the browser tests)');
    // Nothing was built: tsc and Jest never started.
    expect(run.stdout).not.toMatch(/> memory-wall@[\d.]+ build/);
  });
});
