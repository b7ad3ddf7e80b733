import { lazy, Suspense, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import { sendPhoto } from '../../api/submissions';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { showError } from '../../components/ui/toast';
import { pickFieldErrors, useFormFields, type FieldErrors } from '../../components/ui/useFormFields';
import { withExtension } from './fileName';
import { browserReadable, checkPhoto, PHOTO_TYPES, prepareForUpload } from './photoFile';

// The crop tool (react-image-crop) is downloaded only when a guest opens it.
const CropEditor = lazy(() => import('./CropEditor'));

type Field = 'name' | 'photoCaption' | 'title';
const SERVER_FIELDS: Record<Field | 'photo', readonly string[]> = {
  name: ['name'],
  photoCaption: ['photoCaption'],
  title: ['title'],
  photo: ['photo', 'file'],
};

/** Where a submission is: the photo being encoded, its bytes going up (percent), or a retry awaited. */
type Sending = { step: 'preparing' } | { step: 'uploading'; percent: number } | { step: 'retrying'; percent: number };

interface Photo {
  /** What will be sent: the chosen file, or its cropped and rotated version. */
  file: File;
  url: string;
}

/** Spec §2 Photo flow: choose a file, preview, optionally crop or rotate, submit. */
export function PhotoForm({ event }: { event: PublicEvent | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { values, setErrors, field } = useFormFields<Field>({ name: '', photoCaption: '', title: '' });
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [editing, setEditing] = useState(false);
  const [sending, setSending] = useState<Sending | null>(null);
  /** A picked HEIC being converted for this browser (see browserReadable). */
  const [converting, setConverting] = useState(false);
  const busy = sending !== null || converting;

  useEffect(() => {
    if (!photo) return;
    return () => URL.revokeObjectURL(photo.url);
  }, [photo]);

  const takePhoto = (file: File) => {
    setSize(null);
    setPhoto({ file, url: URL.createObjectURL(file) });
  };

  const onChoose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again still counts as a change
    if (!file) return;
    const problem = checkPhoto(file);
    setPhotoError(problem ? t(`contributePage.${problem}`) : undefined);
    if (problem) return;
    setEditing(false);
    setConverting(true);
    try {
      takePhoto(await browserReadable(file));
    } catch {
      setPhotoError(t('contributePage.invalidFileType'));
    } finally {
      setConverting(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!event) {
      showError(t('contributePage.noEvent'));
      return;
    }
    const invalid: FieldErrors<Field> = {};
    if (!values.name.trim()) invalid.name = t('contribute.nameRequired');
    setErrors(invalid);
    setPhotoError(photo ? undefined : t('contributePage.photoRequired'));
    if (invalid.name || !photo) return;

    setSending({ step: 'preparing' });
    try {
      const file = await prepareForUpload(photo.file, size);
      setSending({ step: 'uploading', percent: 0 });
      await sendPhoto(
        {
          eventId: event.id,
          name: values.name.trim(),
          photoCaption: values.photoCaption.trim() || undefined,
          title: values.title.trim() || undefined,
          file,
          fileName: file.name,
        },
        {
          onProgress: (fraction) => setSending({ step: 'uploading', percent: Math.floor(fraction * 100) }),
          onRetry: () =>
            setSending((current) => ({
              step: 'retrying',
              percent: current && 'percent' in current ? current.percent : 0,
            })),
        },
      );
      void navigate(`/thank-you?event=${encodeURIComponent(event.slug)}`);
    } catch (error) {
      setSending(null);
      const { photo: fileProblem, ...fieldProblems } = pickFieldErrors(errorFields(error), SERVER_FIELDS);
      if (fileProblem) setPhotoError(fileProblem);
      if (Object.keys(fieldProblems).length > 0) setErrors(fieldProblems);
      else showError(t('contributePage.photoError'), errorMessage(error) ?? t('common.unknownError'));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <TextField label={t('contribute.nameLabel')} autoComplete="name" {...field('name')} />
      <div className="field">
        <label htmlFor={inputId}>{t('contributePage.photoLabel')}</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className="contribute-file-input"
          onChange={onChoose}
          aria-invalid={photoError ? true : undefined}
          aria-describedby={`${inputId}-hint${photoError ? ` ${inputId}-error` : ''}`}
        />
        <p className="field-hint" id={`${inputId}-hint`}>
          {t('contributePage.photoHint')}
        </p>
        {photoError && (
          <p className="field-error" id={`${inputId}-error`} role="alert">
            {photoError}
          </p>
        )}
      </div>
      {converting && (
        <p className="field-hint" role="status">
          {t('contributePage.preparing')}
        </p>
      )}
      {photo && !editing && !converting && (
        <div className="contribute-preview">
          <img
            src={photo.url}
            alt={t('contributePage.preview')}
            onLoad={(e) => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
          />
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
              {t('contributePage.editPhoto')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => input.current?.click()}>
              {t('contributePage.changePhoto')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setPhoto(null)}>
              {t('contributePage.removePhoto')}
            </button>
          </div>
        </div>
      )}
      {photo && editing && (
        <Suspense fallback={<Spinner />}>
          <CropEditor
            source={photo.url}
            onApply={(blob) => {
              setEditing(false);
              takePhoto(new File([blob], withExtension(photo.file.name, 'jpg'), { type: 'image/jpeg' }));
            }}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      )}
      <TextField
        label={t('contributePage.captionLabel')}
        placeholder={t('contributePage.captionPlaceholder')}
        {...field('photoCaption')}
      />
      <TextField
        label={t('contribute.titleLabel')}
        placeholder={t('contribute.titlePlaceholder')}
        {...field('title')}
      />
      {sending && <UploadProgress sending={sending} />}
      <button type="submit" className="button" disabled={busy || editing}>
        {busy ? t('common.submitting') : t('common.submit')}
      </button>
    </form>
  );
}

/** The photo's way up: a bar with the percent sent, and what is happening in words. */
function UploadProgress({ sending }: { sending: Sending }) {
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
      <div
        className="mw-progress"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className="mw-progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
