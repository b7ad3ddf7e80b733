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
  moduleNameMapper: {
    '^@memory-wall/contracts$': '<rootDir>/../libs/contracts/src/index.ts',
    '\\.css$': '<rootDir>/src/test/styleStub.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/src/test/setupTests.ts'],
};
