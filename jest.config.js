// One Jest run for the whole repository (`npm test`); `--selectProjects` picks a part.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// Nest 12 and a few of its dependencies ship ESM only; Jest runs CommonJS, so swc transforms them too.
const esmOnly = [
  '@nestjs',
  'cookie',
  'file-type',
  'content-disposition',
  'strtok3',
  'token-types',
  '@tokenizer',
  'uint8array-extras',
];

const node = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '^@memory-wall/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^@memory-wall/core$': '<rootDir>/libs/core/src/index.ts',
    '^@memory-wall/testkit/(.*)$': '<rootDir>/libs/testkit/src/$1',
  },
  rootDir: __dirname,
};

/** What crosses a native or runtime seam, by integration test file. */
const SEAMS = [
  'auth/accounts', // argon2
  'memories/photo-formats', // sharp, HEIC in WebAssembly
  'memories/photo-pipeline',
  'memories/video-clips', // ffmpeg and ffprobe children
  'memories/voice-messages',
  'live/fan-out', // ws, Redis pub/sub
  'live/live-admission',
  'credits/payments', // Stripe's SDK
  'keepsakes/keepsake', // archive and PDF streams
  'platform/graceful-shutdown', // start-up and shutdown
  'platform/worker-shutdown',
  'platform/config-errors',
];

module.exports = {
  // One worker per core (Jest's default leaves one core to itself, which on 2 cores runs every file in turn).
  maxWorkers: '100%',
  reporters: ['default', '<rootDir>/scripts/test-timings.mjs'],
  projects: [
    { ...node, displayName: 'unit', testMatch: ['<rootDir>/{libs/*,backend,workers,bench}/src/**/*.spec.ts'] },
    '<rootDir>/frontend/jest.config.cjs',
    {
      ...node,
      displayName: 'integration',
      testMatch: ['<rootDir>/backend/test/**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/libs/testkit/src/jest-setup.ts'],
    },
    {
      // The integration files that cross a native or runtime seam: `npm run test:seams`, which CI runs on
      // the development machines' Node too (`npm test` runs everything on the Docker image's Node).
      ...node,
      displayName: 'seams',
      testMatch: SEAMS.map((name) => `<rootDir>/backend/test/${name}.int-spec.ts`),
      setupFilesAfterEnv: ['<rootDir>/libs/testkit/src/jest-setup.ts'],
    },
    {
      // The long fault scenarios: `npm run test:faults` (not part of `npm test`).
      ...node,
      displayName: 'faults',
      testMatch: ['<rootDir>/backend/test/faults/**/*.faults-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/libs/testkit/src/jest-setup.ts'],
    },
    {
      ...node,
      displayName: 'browser',
      testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/libs/testkit/src/jest-setup.ts'],
    },
  ],
};
