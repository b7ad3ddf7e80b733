import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type SignaturePad from 'signature_pad';
import { PEN_COLORS, PEN_SIZES, type PenColor, type PenSize } from './drawingPens';

export interface DrawingPadHandle {
  isEmpty(): boolean;
  /** The drawing as a PNG data URL (on white). */
  toDataURL(): string;
  clear(): void;
  /** Takes back the last stroke. */
  undo(): void;
}

interface DrawingPadProps {
  label: string;
  describedBy?: string;
  invalid?: boolean;
  /** A stroke was drawn. */
  onDraw?(): void;
  /** The pen for the next strokes; strokes drawn keep theirs. */
  color: PenColor;
  size: PenSize;
}

/**
 * A canvas to draw on. signature_pad is downloaded when the pad first shows (the Drawing tab), not
 * with the contribute page.
 */
export const DrawingPad = forwardRef<DrawingPadHandle, DrawingPadProps>(function DrawingPad(
  { label, describedBy, invalid, onDraw, color, size },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const onDrawRef = useRef(onDraw);
  onDrawRef.current = onDraw;

  useImperativeHandle(ref, () => ({
    isEmpty: () => pad.current?.isEmpty() ?? true,
    toDataURL: () => pad.current?.toDataURL('image/png') ?? '',
    clear: () => pad.current?.clear(),
    undo: () => {
      const drawn = pad.current?.toData();
      if (!drawn?.length) return;
      // Each stroke keeps its own colour and widths, so redrawing the others changes none of them.
      pad.current!.fromData(drawn.slice(0, -1));
    },
  }));
  const pen = useRef({ color, size });
  pen.current = { color, size };
  useEffect(() => {
    if (pad.current) applyPen(pad.current, color, size);
  }, [color, size]);

  useEffect(() => {
    let cancelled = false;
    let created: SignaturePad | null = null;
    void import('signature_pad').then(({ default: Pad }) => {
      const element = canvas.current;
      if (cancelled || !element) return;
      // Sharp lines on high-density screens: the bitmap follows the device's pixels.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      if (element.offsetWidth > 0) {
        element.width = element.offsetWidth * ratio;
        element.height = element.offsetHeight * ratio;
        element.getContext('2d')?.scale(ratio, ratio);
      }
      try {
        created = new Pad(element, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(31, 41, 51)' });
      } catch (error) {
        console.warn('The drawing pad could not start', error); // no 2D canvas: the form says a drawing is required
        return;
      }
      applyPen(created, pen.current.color, pen.current.size);
      created.addEventListener('endStroke', () => onDrawRef.current?.());
      pad.current = created;
    });
    return () => {
      cancelled = true;
      created?.off();
      pad.current = null;
    };
  }, []);

  return (
    <canvas
      ref={canvas}
      className="drawing-pad"
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      width={600}
      height={400}
    />
  );
});

function applyPen(pad: SignaturePad, color: PenColor, size: PenSize) {
  pad.penColor = PEN_COLORS[color];
  pad.minWidth = PEN_SIZES[size].minWidth;
  pad.maxWidth = PEN_SIZES[size].maxWidth;
  pad.dotSize = (PEN_SIZES[size].minWidth + PEN_SIZES[size].maxWidth) / 2;
}
