import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { BULK_PHOTO_MAX_BYTES } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../api/api';
import { useSubmitPhotoMutation } from '../../api/submissions';
import { Card } from '../../components/ui/Card';
import { TextField } from '../../components/ui/TextField';
import { showError, showSuccess } from '../../components/ui/toast';
import { browserReadable, photoType } from '../contribute/photoFile';

interface Selected {
  key: string;
  /** What is sent: the file as chosen (the server decodes HEIC itself). */
  file: File;
  /** Its thumbnail; none while a HEIC is converted for this browser, or when it cannot be. */
  url?: string;
}

const isHeic = (file: File) => ['image/heic', 'image/heif'].includes(photoType(file) ?? '');

type Status = 'idle' | 'uploading' | 'success' | 'error';

/** The caption of a bulk-uploaded photo: its file name without the extension (spec §7). */
export function captionFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

let keys = 0;
const release = (selected: Selected) => selected.url && URL.revokeObjectURL(selected.url);

/**
 * Spec §2 Bulk Upload: several photos under one author name, one request per file (caption from the
 * file name, bulk: 5MB each). idle → uploading (progress) → success (form reset) or error.
 */
export function BulkUpload({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [submitPhoto] = useSubmitPhotoMutation();
  const [name, setName] = useState('');
  const [files, setFiles] = useState<Selected[]>([]);
  const [nameError, setNameError] = useState<string>();
  const [filesError, setFilesError] = useState<string>();
  const [status, setStatus] = useState<Status>('idle');
  const [progress, setProgress] = useState(0);
  const [uploadError, setUploadError] = useState<string>();

  // Previews' object URLs are released when the card goes.
  const current = useRef(files);
  current.current = files;
  useEffect(() => () => current.current.forEach(release), []);

  /**
   * A HEIC's thumbnail: most browsers cannot show HEIC, so it is converted by the decoder that is downloaded
   * only then (see browserReadable); it stays a placeholder when that fails.
   */
  const showHeic = async ({ key, file }: Selected) => {
    const readable = await browserReadable(file).catch(() => null);
    if (!readable) return;
    const url = URL.createObjectURL(readable);
    // Removed (or sent) while it was converted: the thumbnail is no longer wanted.
    if (!current.current.some((s) => s.key === key)) return URL.revokeObjectURL(url);
    setFiles((existing) => existing.map((s) => (s.key === key ? { ...s, url } : s)));
  };

  const onSelect = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    let problem: string | undefined;
    const accepted: Selected[] = [];
    for (const file of chosen) {
      // Desktop browsers give an iPhone's HEIC no type or a generic one: its extension says (the server decodes it).
      if (!file.type.startsWith('image/') && !photoType(file)) problem ??= t('memoryWall.onlyImages');
      else if (file.size > BULK_PHOTO_MAX_BYTES) problem ??= t('memoryWall.tooLarge');
      else accepted.push({ key: `file-${++keys}`, file, url: isHeic(file) ? undefined : URL.createObjectURL(file) });
    }
    setFilesError(problem);
    setFiles((existing) => [...existing, ...accepted]);
    for (const selected of accepted) if (!selected.url) void showHeic(selected);
    if (accepted.length > 0 && status !== 'uploading') setStatus('idle');
  };

  const remove = (key: string) =>
    setFiles((existing) =>
      existing.filter((s) => {
        if (s.key === key) release(s);
        return s.key !== key;
      }),
    );

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const author = name.trim();
    const noFiles = files.length === 0;
    setFilesError(noFiles ? t('memoryWall.noFiles') : undefined);
    setNameError(author ? undefined : t('memoryWall.authorRequired'));
    if (noFiles || !author) return;

    const queue = files;
    setStatus('uploading');
    setProgress(0);
    setUploadError(undefined);
    let done = 0;
    try {
      for (const { file, key } of queue) {
        await submitPhoto({
          eventId,
          name: author,
          file,
          fileName: file.name,
          photoCaption: captionFromFileName(file.name),
          bulk: true,
        }).unwrap();
        done += 1;
        setProgress(Math.round((done / queue.length) * 100));
        // What is sent is off the list: a retry after a failure sends only the rest.
        remove(key);
      }
      setStatus('success');
      setName('');
      showSuccess(t('memoryWall.uploadComplete'), t('memoryWall.uploadCompleteText', { count: done }));
    } catch (error) {
      const message = errorMessage(error);
      setStatus('error');
      setUploadError(message ?? t('memoryWall.uploadImageFailed'));
      showError(t('memoryWall.uploadFailed'), message ?? t('memoryWall.uploadFailedText'));
    }
  };

  const uploading = status === 'uploading';
  return (
    <Card title={t('memoryWall.bulkTitle')} className="bulk-upload">
      <p className="muted">{t('memoryWall.bulkIntro')}</p>
      <form onSubmit={onSubmit} noValidate className="form">
        <TextField
          label={t('memoryWall.authorLabel')}
          name="author"
          value={name}
          error={nameError}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(undefined);
          }}
        />
        <div className="field">
          <label htmlFor={inputId}>{t('memoryWall.imagesLabel')}</label>
          <input
            id={inputId}
            type="file"
            multiple
            accept="image/*,.heic,.heif"
            onChange={onSelect}
            disabled={uploading}
            aria-invalid={filesError ? true : undefined}
            aria-describedby={`${inputId}-hint${filesError ? ` ${inputId}-error` : ''}`}
          />
          <p className="field-hint" id={`${inputId}-hint`}>
            {t('memoryWall.imagesHint')}
          </p>
          {filesError && (
            <p className="field-error" id={`${inputId}-error`} role="alert">
              {filesError}
            </p>
          )}
        </div>
        {files.length > 0 && (
          <>
            <p className="muted">{t('memoryWall.selectedFiles', { count: files.length })}</p>
            <ul className="bulk-previews">
              {files.map(({ key, file, url }) => (
                <li key={key} className="bulk-preview">
                  {url ? (
                    <img src={url} alt={file.name} />
                  ) : (
                    <span className="bulk-placeholder" role="img" aria-label={file.name}>
                      {file.name.split('.').pop()?.toUpperCase()}
                    </span>
                  )}
                  <button
                    type="button"
                    className="bulk-remove"
                    aria-label={t('memoryWall.removeFile', { name: file.name })}
                    onClick={() => remove(key)}
                    disabled={uploading}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        {uploading && (
          <div
            className="mw-progress"
            role="progressbar"
            aria-label={t('memoryWall.uploadProgress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div className="mw-progress-bar" style={{ width: `${progress}%` }} />
          </div>
        )}
        {status === 'error' && uploadError && (
          <div className="mw-alert mw-alert-error" role="alert">
            <strong>{t('memoryWall.uploadErrorTitle')}</strong>
            <p>{uploadError}</p>
          </div>
        )}
        {status === 'success' && (
          <div className="mw-alert mw-alert-success" role="status">
            {t('memoryWall.uploadSuccessText')}
          </div>
        )}
        <button type="submit" className="button" disabled={uploading}>
          {uploading ? t('memoryWall.uploading', { percent: progress }) : t('memoryWall.uploadImages')}
        </button>
      </form>
    </Card>
  );
}
