import { entranceClass } from './wallLayout';

describe('entranceClass', () => {
  it.each([
    ['horizontal', 'mw-enter mw-enter-horizontal'],
    ['vertical', 'mw-enter mw-enter-vertical'],
    ['random', 'mw-enter mw-enter-random'],
    ['mixed', 'mw-enter mw-enter-horizontal'],
    [undefined, 'mw-enter mw-enter-horizontal'],
    ['constructor', 'mw-enter mw-enter-horizontal'],
  ])('maps animationStyle %p to %p', (style, className) => {
    expect(entranceClass(style)).toBe(className);
  });
});
