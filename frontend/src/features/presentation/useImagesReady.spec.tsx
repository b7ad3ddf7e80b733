import { act, renderHook } from '@testing-library/react';
import { MemoryType } from '@memory-wall/contracts';
import { makeMemory } from '../../test/fixtures';
import { IMAGE_RETRY_MS, useImagesReady } from './useImagesReady';

const media = {
  card: { url: '/m/card.webp', width: 800, height: 600 },
  full: { url: '/m/full.webp', width: 1920, height: 1440 },
};
const photo = makeMemory({ id: 'photo', type: MemoryType.Photo, content: '', media });
const message = makeMemory({ id: 'text', content: 'Hello' });

/** The images the hook asked the browser for, to answer as the network would. */
let images: HTMLImageElement[];
beforeEach(() => {
  images = [];
  const RealImage = window.Image;
  jest.spyOn(window, 'Image').mockImplementation(() => {
    const image = new RealImage();
    images.push(image);
    return image;
  });
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('useImagesReady', () => {
  it('lets a message in at once and a photo only once its image has loaded, asked for as the card will', () => {
    const { result } = renderHook(() => useImagesReady([photo, message], '50vw'));
    expect(result.current('text')).toBe(true);
    expect(result.current('photo')).toBe(false);
    expect(images).toHaveLength(1);
    expect(images[0].getAttribute('srcset')).toBe('/m/card.webp 800w, /m/full.webp 1920w');
    expect(images[0].getAttribute('sizes')).toBe('50vw');
    act(() => {
      images[0].dispatchEvent(new Event('load'));
    });
    expect(result.current('photo')).toBe(true);
  });

  it('keeps a photo whose image failed out, and tries it again later', () => {
    const { result } = renderHook(() => useImagesReady([photo], '100vw'));
    act(() => {
      images[0].dispatchEvent(new Event('error'));
    });
    expect(result.current('photo')).toBe(false);
    act(() => jest.advanceTimersByTime(IMAGE_RETRY_MS));
    expect(images).toHaveLength(2);
    act(() => {
      images[1].dispatchEvent(new Event('load'));
    });
    expect(result.current('photo')).toBe(true);
  });
});
