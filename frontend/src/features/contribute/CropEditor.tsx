import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import ReactCrop, { centerCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { useTranslation } from '../../i18n';
import { UPLOAD_ENCODING } from './photoFile';

/**
 * Spec §5 Crop: free aspect, at least 200 × 200 image pixels, initial crop 90 %, JPEG 0.95 on white. The
 * result is then sent like any chosen photo, through prepareForUpload's encoding, so cropping never makes
 * the upload larger.
 */
export const CROP = { minPixels: 200, initialPercent: 90, jpegQuality: 0.95 } as const;

interface CropEditorProps {
  /** Address of the image to crop (an object URL). */
  source: string;
  onApply(result: Blob): void;
  onCancel(): void;
}

/** Crop and rotate (in 90° steps) a chosen photo. Loaded on demand: it brings react-image-crop. */
export default function CropEditor({ source, onApply, onCancel }: CropEditorProps) {
  const { t } = useTranslation();
  const image = useRef<HTMLImageElement>(null);
  const [rotation, setRotation] = useState(0);
  const [shown, setShown] = useState(source);
  const [crop, setCrop] = useState<PercentCrop>();
  const [minSize, setMinSize] = useState(0);
  const [error, setError] = useState<string>();
  const [working, setWorking] = useState(false);
  // The picture shown is loaded and measured: only then do crop coordinates mean anything.
  const [ready, setReady] = useState(false);

  // The rotated picture is cropped as it is seen, so crop coordinates and output agree.
  useEffect(() => {
    if (rotation === 0) {
      setShown(source);
      return;
    }
    let url: string | undefined;
    let cancelled = false;
    rotated(source, rotation).then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setCrop(undefined);
        setShown(url);
      },
      () => !cancelled && setError(t('contributePage.cropFailed')),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [source, rotation, t]);

  const onLoad = (e: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth, naturalHeight, width, height } = e.currentTarget;
    // ReactCrop's minimum is in displayed pixels: 200 image pixels at the displayed scale.
    const scale = naturalWidth ? width / naturalWidth : 1;
    setMinSize(Math.min(CROP.minPixels * scale, width, height));
    setCrop(
      centerCrop({ unit: '%', width: CROP.initialPercent, height: CROP.initialPercent }, naturalWidth, naturalHeight),
    );
    setReady(true);
  };

  const rotate = () => {
    setReady(false);
    setRotation((r) => (r + 90) % 360);
  };

  const apply = async () => {
    const img = image.current;
    if (!ready || !img || !img.naturalWidth || !crop) {
      setError(t('contributePage.noImage'));
      return;
    }
    setWorking(true);
    try {
      onApply(await cropToJpeg(img, crop));
    } catch {
      setError(t('contributePage.cropFailed'));
      setWorking(false);
    }
  };

  return (
    <section className="crop-editor" aria-labelledby="crop-editor-title">
      <h3 id="crop-editor-title">{t('contributePage.cropTitle')}</h3>
      <p className="field-hint">{t('contributePage.cropHint')}</p>
      <ReactCrop
        crop={crop}
        onChange={(_pixels, percent) => setCrop(percent)}
        minWidth={minSize}
        minHeight={minSize}
        keepSelection
        ruleOfThirds
      >
        <img ref={image} src={shown} alt={t('contributePage.preview')} onLoad={onLoad} />
      </ReactCrop>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={rotate} disabled={working || !ready}>
          {t('contributePage.rotate')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={working}>
          {t('contributePage.cancelCrop')}
        </button>
        <button type="button" className="button" onClick={apply} disabled={working || !ready}>
          {t('contributePage.applyCrop')}
        </button>
      </div>
    </section>
  );
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = reject;
    img.src = src;
  });
}

function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the image'))),
      'image/jpeg',
      CROP.jpegQuality,
    ),
  );
}

/** A white canvas of the given size (transparent pixels come out white in a JPEG). */
function whiteCanvas(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  return { canvas, context };
}

/** The picture turned by `degrees` (90, 180, 270), no larger than the upload size. */
async function rotated(src: string, degrees: number): Promise<Blob> {
  const img = await loadImage(src);
  const scale = Math.min(1, UPLOAD_ENCODING.longEdge / Math.max(img.naturalWidth, img.naturalHeight));
  const width = img.naturalWidth * scale;
  const height = img.naturalHeight * scale;
  const quarter = degrees % 180 !== 0;
  const { canvas, context } = whiteCanvas(quarter ? height : width, quarter ? width : height);
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.drawImage(img, -width / 2, -height / 2, width, height);
  return canvasBlob(canvas);
}

/** The cropped part as a JPEG, its long edge at most the upload size. */
function cropToJpeg(img: HTMLImageElement, crop: PercentCrop): Promise<Blob> {
  const sx = (crop.x / 100) * img.naturalWidth;
  const sy = (crop.y / 100) * img.naturalHeight;
  const sw = (crop.width / 100) * img.naturalWidth;
  const sh = (crop.height / 100) * img.naturalHeight;
  const scale = Math.min(1, UPLOAD_ENCODING.longEdge / Math.max(sw, sh));
  const { canvas, context } = whiteCanvas(sw * scale, sh * scale);
  context.drawImage(img, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  return canvasBlob(canvas);
}
