import { PNG } from 'pngjs';

/**
 * jsdom has no canvas drawing. This gives <canvas> a small software 2D context with what qrcode.react
 * draws with (scale, fillStyle, fillRect) plus getImageData and a PNG toDataURL, so tests can read the
 * pixels a page drew. Setting width or height clears the canvas and its transform, as in a browser.
 */
interface State {
  scale: [number, number];
  fill: [number, number, number, number];
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
}

const states = new WeakMap<HTMLCanvasElement, State>();

function fresh(canvas: HTMLCanvasElement): State {
  const state: State = {
    scale: [1, 1],
    fill: [0, 0, 0, 255],
    width: canvas.width,
    height: canvas.height,
    pixels: new Uint8ClampedArray(canvas.width * canvas.height * 4),
  };
  states.set(canvas, state);
  return state;
}

function parseColor(value: string): [number, number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(value.trim());
  if (!hex) throw new Error(`softwareCanvas: unsupported colour ${value}`);
  const n = parseInt(hex[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}

function context(canvas: HTMLCanvasElement) {
  const state = () => states.get(canvas) ?? fresh(canvas);
  return {
    canvas,
    scale(x: number, y: number) {
      const s = state();
      s.scale = [s.scale[0] * x, s.scale[1] * y];
    },
    set fillStyle(value: string) {
      state().fill = parseColor(value);
    },
    get fillStyle() {
      return '#000000';
    },
    globalAlpha: 1,
    fillRect(x: number, y: number, w: number, h: number) {
      const s = state();
      const [sx, sy] = s.scale;
      const x0 = Math.max(0, Math.round(x * sx));
      const x1 = Math.min(s.width, Math.round((x + w) * sx));
      const y0 = Math.max(0, Math.round(y * sy));
      const y1 = Math.min(s.height, Math.round((y + h) * sy));
      for (let py = y0; py < y1; py++) {
        for (let px = x0; px < x1; px++) s.pixels.set(s.fill, (py * s.width + px) * 4);
      }
    },
    getImageData(x: number, y: number, w: number, h: number) {
      const s = state();
      if (x !== 0 || y !== 0 || w !== s.width || h !== s.height) throw new Error('softwareCanvas: whole canvas only');
      return { data: new Uint8ClampedArray(s.pixels), width: w, height: h };
    },
    drawImage() {},
  };
}

let installed: (() => void) | null = null;

/** Installs the software context on HTMLCanvasElement; returns the uninstaller. */
export function installSoftwareCanvas(): () => void {
  if (installed) return installed;
  const proto = HTMLCanvasElement.prototype;
  const originals = {
    getContext: proto.getContext,
    toDataURL: proto.toDataURL,
    width: Object.getOwnPropertyDescriptor(proto, 'width')!,
    height: Object.getOwnPropertyDescriptor(proto, 'height')!,
  };
  for (const dimension of ['width', 'height'] as const) {
    const original = originals[dimension];
    Object.defineProperty(proto, dimension, {
      configurable: true,
      get: original.get,
      set(this: HTMLCanvasElement, value: number) {
        original.set!.call(this, value);
        states.delete(this);
      },
    });
  }
  proto.getContext = function getContext(this: HTMLCanvasElement, kind: string) {
    return kind === '2d' ? (context(this) as unknown as CanvasRenderingContext2D) : null;
  } as typeof proto.getContext;
  proto.toDataURL = function toDataURL(this: HTMLCanvasElement) {
    const s = states.get(this) ?? fresh(this);
    const png = new PNG({ width: s.width, height: s.height });
    png.data = Buffer.from(s.pixels);
    return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
  };
  installed = () => {
    proto.getContext = originals.getContext;
    proto.toDataURL = originals.toDataURL;
    Object.defineProperty(proto, 'width', originals.width);
    Object.defineProperty(proto, 'height', originals.height);
    installed = null;
  };
  return installed;
}

/** The RGBA pixels drawn on a canvas. */
export function canvasPixels(canvas: HTMLCanvasElement): { data: Uint8ClampedArray; width: number; height: number } {
  return (canvas.getContext('2d') as unknown as ReturnType<typeof context>).getImageData(
    0,
    0,
    canvas.width,
    canvas.height,
  );
}

/** The RGBA pixels of a PNG data address (a download). */
export function pngPixels(dataUrl: string): { data: Uint8ClampedArray; width: number; height: number } {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return { data: new Uint8ClampedArray(png.data), width: png.width, height: png.height };
}
