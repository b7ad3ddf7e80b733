import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type SignaturePad from 'signature_pad';

export interface DrawingPadHandle {
  isEmpty(): boolean;
  /** The drawing as a PNG data URL (on white). */
  toDataURL(): string;
  clear(): void;
}

interface DrawingPadProps {
  label: string;
  describedBy?: string;
  invalid?: boolean;
  /** A stroke was drawn. */
  onDraw?(): void;
}

/**
 * A canvas to draw on. signature_pad is downloaded when the pad first shows (the Drawing tab), not
 * with the contribute page.
 */
export const DrawingPad = forwardRef<DrawingPadHandle, DrawingPadProps>(function DrawingPad(
  { label, describedBy, invalid, onDraw },
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
  }));

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
