import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PHOTOS_AT_ONCE_MAX, type PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import { sendPhoto } from '../../api/fileSubmissions';
import { Spinner } from '../../components/ui/Spinner';
import { NameField } from './NameField';
import { showError } from '../../components/ui/toast';
import { pickFieldErrors, useFormFields } from '../../components/ui/useFormFields';
import { CaptionFields } from './CaptionFields';
import { FileField } from './FileField';
import { withExtension } from './fileName';
import { browserReadable, checkPhoto, PHOTO_TYPES, prepareForUpload } from './photoFile';
import { PhotoPicks, UploadProgress, type PickedPhoto, type Sending } from './PhotoPicks';
import { checkName, memoryTexts, thankYouPath } from './useFileSubmission';
import { addPageTexts } from '../../i18n/lazy';
import { contributeMediaTexts } from '../../i18n/pages/contributeMedia';

addPageTexts('contributePage', contributeMediaTexts);

// The crop tool (react-image-crop) is downloaded only when a guest opens it.
const CropEditor = lazy(() => import('./CropEditor'));

type Field = 'name' | 'photoCaption' | 'title';
const SERVER_FIELDS: Record<Field | 'photo', readonly string[]> = {
  name: ['name'],
  photoCaption: ['photoCaption'],
  title: ['title'],
  photo: ['photo', 'file'],
};

let keys = 0;
const picked = (file: File): PickedPhoto => ({
  key: `photo-${++keys}`,
  file,
  url: URL.createObjectURL(file),
  size: null,
  state: { step: 'waiting' },
});
const onTheWay = (state: PickedPhoto['state']): state is Sending =>
  state.step === 'preparing' || state.step === 'uploading' || state.step === 'retrying';

/**
 * Spec §2 Photo flow: choose a file, preview, optionally crop or rotate, submit. A guest may pick up to
 * PHOTOS_AT_ONCE_MAX photos at once (issue #26): each is its own submission (its own id, progress and
 * retries) and becomes its own memory with the same name, caption and title; one thank-you when all are
 * sent. Crop / Rotate is offered for a single photo: among several, each goes as taken.
 */
export function PhotoForm({ event }: { event: PublicEvent | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const { values, setErrors, field } = useFormFields<Field>({ name: '', photoCaption: '', title: '' });
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [photoError, setPhotoError] = useState<string>();
  const [editing, setEditing] = useState(false);
  const [sending, setSending] = useState(false);
  /** Picked HEICs being converted for this browser (see browserReadable). */
  const [converting, setConverting] = useState(false);
  /** The next pick replaces the photo rather than adding to it ("Choose Another"). */
  const replacing = useRef(false);
  const busy = sending || converting;
  const single = photos.length === 1 ? photos[0] : undefined;

  // Previews' object URLs are released when their photo goes (remove, replace) and when the form goes.
  const current = useRef(photos);
  current.current = photos;
  useEffect(() => () => current.current.forEach((photo) => URL.revokeObjectURL(photo.url)), []);

  const update = (key: string, change: (photo: PickedPhoto) => Partial<PickedPhoto>) =>
    setPhotos((list) => list.map((photo) => (photo.key === key ? { ...photo, ...change(photo) } : photo)));
  const remove = (key: string) =>
    setPhotos((list) =>
      list.filter((photo) => {
        if (photo.key === key) URL.revokeObjectURL(photo.url);
        return photo.key !== key;
      }),
    );

  const onChoose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = ''; // choosing the same file again still counts as a change
    const replace = replacing.current;
    replacing.current = false;
    if (chosen.length === 0) return;
    const room = PHOTOS_AT_ONCE_MAX - (replace ? 0 : photos.length);
    let problem = chosen.length > room ? t('contributePage.tooManyPhotos', { count: PHOTOS_AT_ONCE_MAX }) : undefined;
    const fine = chosen.slice(0, Math.max(room, 0)).filter((file) => {
      const refusal = checkPhoto(file);
      if (refusal) problem ??= t(`contributePage.${refusal}`);
      return !refusal;
    });
    setPhotoError(problem);
    if (fine.length === 0) return;
    setEditing(false);
    setConverting(true);
    const readable: PickedPhoto[] = [];
    for (const file of fine) {
      try {
        readable.push(picked(await browserReadable(file)));
      } catch {
        setPhotoError(t('contributePage.invalidFileType'));
      }
    }
    setConverting(false);
    if (readable.length === 0) return;
    setPhotos((list) => {
      if (replace) list.forEach((photo) => URL.revokeObjectURL(photo.url));
      return [...(replace ? [] : list), ...readable];
    });
  };

  /** One photo's own submission, its progress shown on it; rejects as sendPhoto does. */
  const send = async (eventId: string, photo: PickedPhoto) => {
    const { key } = photo;
    update(key, () => ({ state: { step: 'preparing' } }));
    const file = await prepareForUpload(photo.file, photo.size);
    update(key, () => ({ state: { step: 'uploading', percent: 0 } }));
    await sendPhoto(
      { eventId, ...memoryTexts(values), file, fileName: file.name },
      {
        onProgress: (fraction) =>
          update(key, () => ({ state: { step: 'uploading', percent: Math.floor(fraction * 100) } })),
        onRetry: () =>
          update(key, ({ state }) => ({
            state: { step: 'retrying', percent: 'percent' in state ? state.percent : 0 },
          })),
      },
    );
    update(key, () => ({ state: { step: 'sent' } }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!event) {
      showError(t('contributePage.noEvent'));
      return;
    }
    const named = checkName(values, setErrors, t('contribute.nameRequired'));
    const unsent = photos.filter((photo) => photo.state.step !== 'sent');
    setPhotoError(unsent.length > 0 ? undefined : t('contributePage.photoRequired'));
    if (!named || unsent.length === 0) return;

    setSending(true);
    let photo: PickedPhoto | undefined;
    try {
      // One at a time: on a venue's Wi-Fi each goes up faster alone, and the first ones are sent whatever
      // happens to the last.
      for (photo of unsent) await send(event.id, photo);
      void navigate(thankYouPath(event));
    } catch (error) {
      setSending(false);
      const { photo: fileProblem, ...fieldProblems } = pickFieldErrors(errorFields(error), SERVER_FIELDS);
      const message = fileProblem ?? errorMessage(error) ?? t('common.unknownError');
      // Among several, the photo it happened to says so itself; a single photo's problem is the field's.
      const failed = photo!.key;
      update(failed, () => ({ state: single ? { step: 'waiting' } : { step: 'failed', message } }));
      if (fileProblem && single) setPhotoError(fileProblem);
      if (Object.keys(fieldProblems).length > 0) setErrors(fieldProblems);
      else if (!fileProblem) showError(t('contributePage.photoError'), message);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <NameField {...field('name')} />
      <FileField
        ref={input}
        label={t('contributePage.photoLabel')}
        hint={`${t('contributePage.photoHint')} ${t('contributePage.photosAtOnce', { count: PHOTOS_AT_ONCE_MAX })}`}
        error={photoError}
        multiple
        accept={PHOTO_TYPES.join(',')}
        onChange={onChoose}
        disabled={sending}
      />
      {converting && (
        <p className="field-hint" role="status">
          {t('contributePage.preparing')}
        </p>
      )}
      {single && !editing && (
        <div className="contribute-preview">
          <img
            src={single.url}
            alt={t('contributePage.preview')}
            onLoad={(e) => {
              const size = { width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight };
              update(single.key, () => ({ size }));
            }}
          />
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={() => setEditing(true)} disabled={busy}>
              {t('contributePage.editPhoto')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                replacing.current = true;
                input.current?.click();
              }}
              disabled={busy}
            >
              {t('contributePage.changePhoto')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => remove(single.key)}
              disabled={busy}
            >
              {t('contributePage.removePhoto')}
            </button>
          </div>
        </div>
      )}
      {single && editing && (
        <Suspense fallback={<Spinner />}>
          <CropEditor
            source={single.url}
            onApply={(blob) => {
              setEditing(false);
              const file = new File([blob], withExtension(single.file.name, 'jpg'), { type: 'image/jpeg' });
              URL.revokeObjectURL(single.url);
              update(single.key, () => ({ file, url: URL.createObjectURL(file), size: null }));
            }}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      )}
      {photos.length > 1 && (
        <PhotoPicks
          photos={photos}
          busy={busy}
          onRemove={remove}
          onSize={(key, size) => update(key, () => ({ size }))}
        />
      )}
      <CaptionFields field={field} />
      {single && onTheWay(single.state) && <UploadProgress sending={single.state} />}
      <button type="submit" className="button" disabled={busy || editing}>
        {busy ? t('common.submitting') : t('common.submit')}
      </button>
    </form>
  );
}
