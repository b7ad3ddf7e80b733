/**
 * glibc malloc settings for the processes that run sharp (libvips): the API and the workers. With glibc's
 * defaults the pixel buffers libvips frees stay in the process (its mmap threshold rises after each large free
 * and every thread gets an arena), so a long image job's RSS only grows: a 1,000-photo memory book took the
 * workers past 500 MB. A fixed trim threshold turns that adjustment off and hands freed memory back; two arenas
 * bound the rest (figures in bench/README.md, keepsake case). glibc reads them at start, so whatever launches
 * the API or the workers sets them: the Dockerfile (the same values), `npm start`, the test kit and the bench.
 */
export const NATIVE_MEMORY_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '1048576',
};
