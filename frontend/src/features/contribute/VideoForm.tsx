import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { VIDEO_MAX_BYTES, type PublicEvent } from '@memory-wall/contracts';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import { sendVideo } from '../../api/videoUpload';
import { TextField } from '../../components/ui/TextField';
import { showError } from '../../components/ui/toast';
import { pickFieldErrors, useFormFields, type FieldErrors } from '../../components/ui/useFormFields';
import { addPageTexts } from '../../i18n/lazy';
import { contributeMediaTexts } from '../../i18n/pages/contributeMedia';

addPageTexts('contributePage', contributeMediaTexts);

type Field = 'name' | 'photoCaption' | 'title';
const SERVER_FIELDS: Record<Field, readonly string[]> = {
  name: ['name'],
  photoCaption: ['photoCaption'],
  title: ['title'],
};
/** Containers store lengths rounded; the server allows as much. */
const LENGTH_TOLERANCE_S = 0.5;

/** Where the clip is: going up (percent of it on the server), or waiting for the connection to come back. */
type Sending = { step: 'uploading'; percent: number } | { step: 'retrying'; percent: number };

interface Clip {
  file: File;
  url: string;
}

/**
 * A video clip, for events that take them: chosen from the phone (or recorded by it), previewed, sent by
 * the resumable upload (api/videoUpload). Its length is checked here for the guest's sake; the server
 * checks it again.
 */
export function VideoForm({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const { values, setErrors, field } = useFormFields<Field>({ name: '', photoCaption: '', title: '' });
  const [clip, setClip] = useState<Clip | null>(null);
  const [clipError, setClipError] = useState<string>();
  const [sending, setSending] = useState<Sending | null>(null);
  const maxSeconds = event.maxVideoSeconds;

  useEffect(() => {
    if (!clip) return;
    return () => URL.revokeObjectURL(clip.url);
  }, [clip]);

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > VIDEO_MAX_BYTES) {
      setClipError(t('contributePage.fileTooLarge'));
      return;
    }
    setClipError(undefined);
    setClip({ file, url: URL.createObjectURL(file) });
  };

  /** The preview knows the clip's length once its metadata is in: too long, and it is refused here. */
  const onMetadata = (duration: number) => {
    if (Number.isFinite(duration) && duration > maxSeconds + LENGTH_TOLERANCE_S) {
      setClip(null);
      setClipError(t('contributePage.videoTooLong', { seconds: maxSeconds }));
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid: FieldErrors<Field> = {};
    if (!values.name.trim()) invalid.name = t('contribute.nameRequired');
    setErrors(invalid);
    setClipError(clip ? undefined : t('contributePage.videoRequired'));
    if (invalid.name || !clip) return;

    setSending({ step: 'uploading', percent: 0 });
    try {
      await sendVideo(
        {
          eventId: event.id,
          name: values.name.trim(),
          photoCaption: values.photoCaption.trim() || undefined,
          title: values.title.trim() || undefined,
          file: clip.file,
        },
        {
          onProgress: (fraction) => setSending({ step: 'uploading', percent: Math.floor(fraction * 100) }),
          onRetry: () => setSending((current) => ({ step: 'retrying', percent: current?.percent ?? 0 })),
        },
      );
      void navigate(`/thank-you?event=${encodeURIComponent(event.slug)}`);
    } catch (error) {
      setSending(null);
      const fieldProblems = pickFieldErrors(errorFields(error), SERVER_FIELDS);
      if (Object.keys(fieldProblems).length > 0) setErrors(fieldProblems);
      else showError(t('contributePage.videoError'), errorMessage(error) ?? t('common.unknownError'));
    }
  };

  const percent = sending?.percent ?? 0;
  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <TextField label={t('contribute.nameLabel')} autoComplete="name" {...field('name')} />
      <div className="field">
        <label htmlFor={inputId}>{t('contributePage.videoLabel')}</label>
        <input
          id={inputId}
          type="file"
          accept="video/*"
          className="contribute-file-input"
          onChange={onChoose}
          disabled={sending !== null}
          aria-invalid={clipError ? true : undefined}
          aria-describedby={`${inputId}-hint${clipError ? ` ${inputId}-error` : ''}`}
        />
        <p className="field-hint" id={`${inputId}-hint`}>
          {t('contributePage.videoHint', { seconds: maxSeconds })}
        </p>
        {clipError && (
          <p className="field-error" id={`${inputId}-error`} role="alert">
            {clipError}
          </p>
        )}
      </div>
      {clip && (
        <div className="contribute-preview">
          <video
            src={clip.url}
            controls
            muted
            playsInline
            preload="metadata"
            aria-label={t('contributePage.videoPreview')}
            onLoadedMetadata={(e) => onMetadata(e.currentTarget.duration)}
          />
        </div>
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
      {sending && (
        <div className="upload-progress">
          <p id={`${inputId}-progress`} className="field-hint" role="status">
            {sending.step === 'retrying'
              ? t('contributePage.uploadRetrying')
              : t('contributePage.uploadingVideo', { percent })}
          </p>
          <ProgressBar percent={percent} labelledBy={`${inputId}-progress`} />
        </div>
      )}
      <button type="submit" className="button" disabled={sending !== null}>
        {sending ? t('common.submitting') : t('common.submit')}
      </button>
    </form>
  );
}
