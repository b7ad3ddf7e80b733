/** @20minutes/s3rver ships no types; the tests use only this much of it. */
declare module '@20minutes/s3rver' {
  export default class S3rver {
    constructor(options: { port: number; address: string; directory: string; silent?: boolean });
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
