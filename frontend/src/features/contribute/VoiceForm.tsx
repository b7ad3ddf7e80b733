import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { VOICE_MAX_SECONDS, type PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { sendVoice } from '../../api/fileSubmissions';
import { TextField } from '../../components/ui/TextField';
import { NameField } from './NameField';
import { useFormFields } from '../../components/ui/useFormFields';
import { addPageTexts } from '../../i18n/lazy';
import { contributeMediaTexts } from '../../i18n/pages/contributeMedia';
import { SendingProgress } from './SendingProgress';
import { checkName, memoryTexts, useFileSubmission } from './useFileSubmission';

addPageTexts('contributePage', contributeMediaTexts);

type Field = 'name' | 'title';
const SERVER_FIELDS: Record<Field, readonly string[]> = { name: ['name'], title: ['title'] };

/**
 * The recorders' formats, in order of preference, with the file extension each is sent under: Chrome and
 * Firefox record Opus (WebM, Ogg), Safari AAC in MP4. The server reads the bytes, not the name.
 */
const FORMATS = [
  { mimeType: 'audio/webm;codecs=opus', extension: 'webm' },
  { mimeType: 'audio/mp4;codecs=mp4a.40.2', extension: 'm4a' },
  { mimeType: 'audio/mp4', extension: 'm4a' },
  { mimeType: 'audio/ogg;codecs=opus', extension: 'ogg' },
  { mimeType: 'audio/webm', extension: 'webm' },
] as const;

/** The first format this browser's MediaRecorder records, or null when it records none (or has none). */
function recorderFormat() {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return FORMATS.find((format) => MediaRecorder.isTypeSupported(format.mimeType)) ?? null;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

interface Recording {
  blob: Blob;
  url: string;
  extension: string;
}

/**
 * A voice message recorded here with the microphone (MediaRecorder): a timer while recording, stopped at
 * VOICE_MAX_SECONDS, played back before it is sent; sent as one multipart request that retries by itself.
 */
export function VoiceForm({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const statusId = useId();
  const { values, setErrors, field } = useFormFields<Field>({ name: '', title: '' });
  const [format] = useState(recorderFormat);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [elapsed, setElapsed] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();
  const { sending, submit } = useFileSubmission(event, SERVER_FIELDS, setErrors, t('contributePage.voiceError'));
  const recorder = useRef<MediaRecorder | null>(null);

  useEffect(() => {
    if (!recording) return;
    return () => URL.revokeObjectURL(recording.url);
  }, [recording]);

  // Leaving the tab (or the page) mid-recording stops it and lets go of the microphone.
  useEffect(() => () => recorder.current?.stop(), []);

  // The timer, and the stop at the limit.
  useEffect(() => {
    if (elapsed === null) return;
    if (elapsed >= VOICE_MAX_SECONDS) {
      recorder.current?.stop();
      return;
    }
    const tick = setTimeout(() => setElapsed((seconds) => (seconds === null ? null : seconds + 1)), 1000);
    return () => clearTimeout(tick);
  }, [elapsed]);

  const start = async () => {
    if (!format) return;
    setProblem(undefined);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setProblem(t('contributePage.voiceDenied'));
      return;
    }
    const media = new MediaRecorder(stream, { mimeType: format.mimeType });
    const chunks: Blob[] = [];
    media.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    media.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      setElapsed(null);
      const blob = new Blob(chunks, { type: media.mimeType || format.mimeType });
      if (blob.size > 0) setRecording({ blob, url: URL.createObjectURL(blob), extension: format.extension });
    };
    recorder.current = media;
    setRecording(null);
    media.start(1000);
    setElapsed(0);
  };

  const stop = () => recorder.current?.stop();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const named = checkName(values, setErrors, t('contribute.nameRequired'));
    setProblem(recording ? undefined : t('contributePage.voiceRequired'));
    if (!named || !recording) return;
    const { blob, extension } = recording;
    await submit((progress) =>
      sendVoice({ eventId: event.id, ...memoryTexts(values), file: blob, fileName: `voice.${extension}` }, progress),
    );
  };

  if (!format) return <p className="field-hint">{t('contributePage.voiceUnsupported')}</p>;

  const recordingNow = elapsed !== null;
  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <NameField {...field('name')} />
      <fieldset className="field voice-recorder" aria-describedby={`${statusId}-hint`}>
        <legend>{t('contributePage.voiceLabel')}</legend>
        <p className="field-hint" id={`${statusId}-hint`}>
          {t('contributePage.voiceHint')}
        </p>
        <div className="voice-controls">
          {recordingNow ? (
            <button type="button" className="button voice-stop" onClick={stop}>
              <span className="voice-dot" aria-hidden="true" /> {t('contributePage.voiceStop')}
            </button>
          ) : (
            <button
              type="button"
              className={recording ? 'button button-secondary' : 'button'}
              onClick={() => void start()}
              disabled={sending !== null}
            >
              {recording ? t('contributePage.voiceRecordAgain') : t('contributePage.voiceRecord')}
            </button>
          )}
          {recordingNow && (
            <span className="voice-timer" role="timer" aria-live="off" data-testid="voice-timer">
              {t('contributePage.voiceRecording', {
                elapsed: clock(elapsed),
                limit: clock(VOICE_MAX_SECONDS),
              })}
            </span>
          )}
        </div>
        {recording && !recordingNow && (
          <audio
            className="voice-preview"
            src={recording.url}
            controls
            aria-label={t('contributePage.voicePreview')}
            data-testid="voice-preview"
          />
        )}
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </fieldset>
      <TextField
        label={t('contribute.titleLabel')}
        placeholder={t('contribute.titlePlaceholder')}
        {...field('title')}
      />
      {sending && (
        <SendingProgress sending={sending} uploading={(percent) => t('contributePage.uploadingVoice', { percent })} />
      )}
      <button type="submit" className="button" disabled={sending !== null || recordingNow}>
        {sending ? t('common.submitting') : t('common.submit')}
      </button>
    </form>
  );
}
