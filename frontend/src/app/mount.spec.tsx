import type { Root } from 'react-dom/client';
import { mountApp } from './mount';

/**
 * A prerendered guest page is adopted in slices (src/app/mount.ts): between two slices the browser gets
 * its main thread back, so a phone does not sit in one long task while React walks the page. The test
 * drives React's scheduler with a fake clock: each component's render takes 6 ms of it, more than the
 * 5 ms React works before it yields, so adopted in slices each renders in a task of its own.
 */
describe('mountApp on a prerendered page', () => {
  let now = 0;
  let container: HTMLElement;
  let root: Root | undefined;
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;

  beforeEach(() => {
    // act() would render everything at once, whatever the priority: this test watches the real scheduler.
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false });
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    container = document.body.appendChild(document.createElement('div'));
  });
  afterEach(() => {
    root?.unmount();
    container.remove();
    jest.restoreAllMocks();
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: actEnvironment });
  });

  /** How many components rendered in each task (a task ends when its microtasks run). */
  const rendersPerTask: number[] = [];
  let inThisTask = 0;
  function Slow({ n }: { n: number }) {
    now += 6;
    if (inThisTask++ === 0) {
      queueMicrotask(() => {
        rendersPerTask.push(inThisTask);
        inThisTask = 0;
      });
    }
    return <p>{n}</p>;
  }

  it('adopts the HTML in slices, giving the main thread back between them', async () => {
    container.innerHTML = '<p>0</p><p>1</p><p>2</p>';
    const prerendered = Array.from(container.children);
    const errors: unknown[] = [];
    root = mountApp(
      container,
      <>
        <Slow n={0} />
        <Slow n={1} />
        <Slow n={2} />
      </>,
      '/event-code',
      { onRecoverableError: (error) => errors.push(error) },
    );
    for (let turn = 0; turn < 50 && rendersPerTask.reduce((a, b) => a + b, 0) < 3; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(rendersPerTask).toEqual([1, 1, 1]);
    expect(errors).toEqual([]);
    // Adopted, not replaced: the prerendered elements are the ones on the page.
    expect(Array.from(container.children)).toEqual(prerendered);
  });
});
