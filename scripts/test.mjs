// `npm test`: the machine's test tools checked, everything built, then the type checks, lint and format
// check side by side with the unit and front-end suites (each alone leaves a core idle), then the
// integration and browser suites. A failed check or build stops it; failed suites fail it at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const jest = ['node_modules/jest/bin/jest.js', '--selectProjects'];
// The Jest runs below make one list of test files' times (scripts/test-timings.mjs).
process.env.TEST_RUN_ID ??= `npm-test-${process.pid}-${Date.now()}`;

/** Runs a command to its end; its output goes to `output` (a file descriptor), this process's by default. */
function run(command, args, output = 'inherit') {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', output, output] });
    child.on('error', (err) => {
      console.error(`${command}: ${err.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function stopOn(code, what) {
  if (code === 0) return;
  console.error(`npm test: ${what} failed (exit code ${code})`);
  process.exit(code);
}

stopOn(await run(process.execPath, ['scripts/check-test-tools.mjs']), 'the test tools check');
stopOn(await run('npm', ['run', 'build']), 'the build');

// The checks print little: kept in a file and printed once both are done, so that the suites' own output
// is not interleaved with it.
const dir = mkdtempSync(join(tmpdir(), 'mw-check-'));
const checkLog = join(dir, 'check.log');
const [checked, unit] = await Promise.all([
  run('npm', ['run', 'check'], openSync(checkLog, 'w')),
  run(process.execPath, [...jest, 'unit', 'frontend']),
]);
process.stdout.write(`\n${readFileSync(checkLog, 'utf8')}`);
rmSync(dir, { recursive: true, force: true });
stopOn(checked, 'npm run check (type checks, lint, format)');

const integration = await run(process.execPath, [...jest, 'integration', 'browser']);
if (unit) console.error(`npm test: the unit and front-end suites failed (exit code ${unit})`);
stopOn(integration, 'the integration and browser suites');
process.exit(unit);
