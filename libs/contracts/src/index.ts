export * from './enums';
export * from './queues';
export * from './live';
export * from './api';
export * from './text';
export * from './auth';
export * from './credits';
export * from './events';
