import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { VIDEO_MAX_BYTES, type PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { sendVideo } from '../../api/videoUpload';
import { NameField } from './NameField';
import { useFormFields } from '../../components/ui/useFormFields';
import { addPageTexts } from '../../i18n/lazy';
import { contributeMediaTexts } from '../../i18n/pages/contributeMedia';
import { CaptionFields } from './CaptionFields';
import { FileField } from './FileField';
import { SendingProgress } from './SendingProgress';
import { checkName, memoryTexts, useFileSubmission } from './useFileSubmission';

addPageTexts('contributePage', contributeMediaTexts);

type Field = 'name' | 'photoCaption' | 'title';
const SERVER_FIELDS: Record<Field, readonly string[]> = {
  name: ['name'],
  photoCaption: ['photoCaption'],
  title: ['title'],
};
/** Containers store lengths rounded; the server allows as much. */
const LENGTH_TOLERANCE_S = 0.5;

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
  const { values, setErrors, field } = useFormFields<Field>({ name: '', photoCaption: '', title: '' });
  const [clip, setClip] = useState<Clip | null>(null);
  const [clipError, setClipError] = useState<string>();
  const { sending, submit } = useFileSubmission(event, SERVER_FIELDS, setErrors, t('contributePage.videoError'));
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
    const named = checkName(values, setErrors, t('contribute.nameRequired'));
    setClipError(clip ? undefined : t('contributePage.videoRequired'));
    if (!named || !clip) return;
    await submit((progress) => sendVideo({ eventId: event.id, ...memoryTexts(values), file: clip.file }, progress));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <NameField {...field('name')} />
      <FileField
        label={t('contributePage.videoLabel')}
        hint={t('contributePage.videoHint', { seconds: maxSeconds })}
        error={clipError}
        accept="video/*"
        onChange={onChoose}
        disabled={sending !== null}
      />
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
      <CaptionFields field={field} />
      {sending && (
        <SendingProgress sending={sending} uploading={(percent) => t('contributePage.uploadingVideo', { percent })} />
      )}
      <button type="submit" className="button" disabled={sending !== null}>
        {sending ? t('common.submitting') : t('common.submit')}
      </button>
    </form>
  );
}
