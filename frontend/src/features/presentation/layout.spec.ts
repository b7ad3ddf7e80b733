import { presentationLayout } from './layout';

describe('presentationLayout', () => {
  it('shows one memory alone, over the whole width', () => {
    const layout = presentationLayout(1, 1920, 1080);
    expect(layout).toMatchObject({ columns: 1, areas: ['a'], sizes: ['100vw'] });
    expect(layout.style.gridTemplateAreas).toBe('"a"');
  });

  it('puts two side by side on a landscape screen and above each other on a portrait one', () => {
    expect(presentationLayout(2, 1920, 1080).style.gridTemplateAreas).toBe('"a b"');
    expect(presentationLayout(2, 1080, 1920).style.gridTemplateAreas).toBe('"a" "b"');
    expect(presentationLayout(2, 1080, 1920).sizes).toEqual(['100vw', '100vw']);
  });

  it('makes a collage of three with the first one large', () => {
    const landscape = presentationLayout(3, 3840, 2160);
    expect(landscape.style.gridTemplateAreas).toBe('"a a b" "a a c"');
    expect(landscape.sizes).toEqual(['67vw', '33vw', '33vw']);
    expect(landscape.columns).toBe(3);
    expect(presentationLayout(3, 390, 844).style.gridTemplateAreas).toBe('"a a" "b c"');
  });

  it('shows four in a 2×2 grid, so landscape photos stay large', () => {
    const layout = presentationLayout(4, 1920, 1080);
    expect(layout.style.gridTemplateAreas).toBe('"a b" "c d"');
    expect(layout.style.gridTemplateRows).toBe('repeat(2, minmax(0, 1fr))');
    expect(layout.areas).toEqual(['a', 'b', 'c', 'd']);
  });

  it('treats no memories as one place and more than four as four', () => {
    expect(presentationLayout(0, 1920, 1080).areas).toEqual(['a']);
    expect(presentationLayout(9, 1920, 1080).areas).toHaveLength(4);
  });
});
