import { displayGrid } from './displayGrid';

describe('displayGrid: the cards a display wall fits without scrolling', () => {
  it.each([
    ['a 1080p television', 1920, 1080, { columns: 3, rows: 2, count: 6 }],
    ['a 720p television, the same wall', 1280, 720, { columns: 3, rows: 2, count: 6 }],
    ['a 4K television, the same wall', 3840, 2160, { columns: 3, rows: 2, count: 6 }],
    ['a portrait screen', 1080, 1920, { columns: 2, rows: 2, count: 4 }],
    ['a phone: one column of cards still large enough to read', 390, 844, { columns: 1, rows: 2, count: 2 }],
  ])('%s (%i × %i)', (_name, width, height, grid) => {
    expect(displayGrid(width, height)).toEqual(grid);
  });

  it("keeps a named screen's columns and fits its rows", () => {
    expect(displayGrid(1920, 1080, 2)).toEqual({ columns: 2, rows: 2, count: 4 });
  });

  it('shows at least one card however small the window', () => {
    expect(displayGrid(200, 150)).toEqual({ columns: 1, rows: 1, count: 1 });
  });
});
