import { useId } from 'react';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { useTranslation } from '../../i18n';

/** Where one photo is: the file being encoded, its bytes going up (percent), or a retry awaited. */
export type Sending =
  { step: 'preparing' } | { step: 'uploading'; percent: number } | { step: 'retrying'; percent: number };

/** A photo of the guest's pick, with how far its own submission got. */
export interface PickedPhoto {
  key: string;
  /** What will be sent: the chosen file (converted from HEIC where needed), or its cropped version. */
  file: File;
  url: string;
  /** Its pixel size, once its preview has loaded. */
  size: { width: number; height: number } | null;
  state: { step: 'waiting' } | Sending | { step: 'sent' } | { step: 'failed'; message: string };
}

/**
 * Several photos picked at once: a thumbnail each, with its own progress bar while it goes up, its
 * outcome after, and a remove button until it is sent.
 */
export function PhotoPicks({
  photos,
  busy,
  onRemove,
  onSize,
}: {
  photos: readonly PickedPhoto[];
  busy: boolean;
  onRemove(key: string): void;
  onSize(key: string, size: { width: number; height: number }): void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="bulk-previews photo-picks">
      {photos.map((photo) => (
        <li key={photo.key} className="photo-pick">
          <div className="bulk-preview">
            <img
              src={photo.url}
              alt={t('contributePage.previewOf', { name: photo.file.name })}
              onLoad={(e) =>
                onSize(photo.key, { width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
              }
            />
            {photo.state.step !== 'sent' && (
              <button
                type="button"
                className="bulk-remove"
                aria-label={t('contributePage.removePhotoNamed', { name: photo.file.name })}
                onClick={() => onRemove(photo.key)}
                disabled={busy}
              >
                ×
              </button>
            )}
          </div>
          <PickState photo={photo} />
        </li>
      ))}
    </ul>
  );
}

/** One photo's progress (a bar while it is on its way) or outcome, in words. */
function PickState({ photo }: { photo: PickedPhoto }) {
  const { t } = useTranslation();
  const { state } = photo;
  if (state.step === 'waiting') return null;
  if (state.step === 'sent') return <p className="field-hint photo-pick-sent">{t('contributePage.photoSent')}</p>;
  if (state.step === 'failed')
    return (
      <p className="field-error" role="alert">
        {state.message}
      </p>
    );
  return <UploadProgress sending={state} name={photo.file.name} />;
}

/**
 * A photo's way up: a bar with the percent sent, and what is happening in words. The bar is named by those
 * words, or by the photo's file name among several.
 */
export function UploadProgress({ sending, name }: { sending: Sending; name?: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const percent = sending.step === 'preparing' ? 0 : sending.percent;
  const text =
    sending.step === 'preparing'
      ? t('contributePage.preparing')
      : sending.step === 'retrying'
        ? t('contributePage.uploadRetrying')
        : t('contributePage.uploading', { percent });
  return (
    <div className="upload-progress">
      <p id={labelId} className="field-hint">
        {text}
      </p>
      <ProgressBar percent={percent} labelledBy={labelId} label={name} />
    </div>
  );
}
