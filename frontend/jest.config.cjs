/** Jest project of the React front end (listed by the root jest.config.js). */
const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

module.exports = {
  displayName: 'frontend',
  rootDir: __dirname,
  testEnvironment: 'jest-fixed-jsdom',
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)', '<rootDir>/*.spec.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions] },
  // react-hotkeys-hook ships ES modules only: swc makes it CommonJS for Jest, as it does the sources.
  transformIgnorePatterns: ['/node_modules/(?!react-hotkeys-hook/)'],
  moduleNameMapper: {
    '^@memory-wall/contracts$': '<rootDir>/../libs/contracts/src/index.ts',
    '\\.css$': '<rootDir>/src/test/styleStub.ts',
    // tus-js-client names its browser build in package.json's "browser" field, which Vite follows and Jest does not.
    '^tus-js-client$': '<rootDir>/../node_modules/tus-js-client/lib.es5/browser/index.js',
  },
  setupFilesAfterEnv: ['<rootDir>/src/test/setupTests.ts'],
};
