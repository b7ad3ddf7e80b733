import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import { showError } from '../../components/ui/toast';
import { pickFieldErrors, type FieldErrors } from '../../components/ui/useFormFields';

/** Where one file is: its bytes going up (percent sent), or a retry awaited with what was sent so far. */
export type Sending = { step: 'uploading'; percent: number } | { step: 'retrying'; percent: number };

/** What a sender reports on the way up (api/fileSubmissions, api/videoUpload). */
export interface SendProgress {
  onProgress(fraction: number): void;
  onRetry(): void;
}

/** A memory's thank-you page, reached once everything the guest gave is sent. */
export const thankYouPath = (event: PublicEvent) => `/thank-you?event=${encodeURIComponent(event.slug)}`;

/** The texts a memory goes up with, as the guest typed them: the name required, the others left out when empty. */
export const memoryTexts = ({ name, photoCaption, title }: { name: string; photoCaption?: string; title: string }) => ({
  name: name.trim(),
  photoCaption: photoCaption?.trim() || undefined,
  title: title.trim() || undefined,
});

/** The guest's name is the one text a contribution needs: says so under its field, and answers whether it is there. */
export function checkName(values: { name: string }, setErrors: (errors: { name?: string }) => void, message: string) {
  const named = Boolean(values.name.trim());
  setErrors(named ? {} : { name: message });
  return named;
}

/**
 * One file's submission (a video clip, a voice message): its progress while it goes up, the thank-you page
 * after, and a refusal shown under the field it names or, failing that, as a toast titled `failedTitle`.
 */
export function useFileSubmission<F extends string>(
  event: PublicEvent,
  serverFields: Record<F, readonly string[]>,
  setErrors: (errors: FieldErrors<F>) => void,
  failedTitle: string,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sending, setSending] = useState<Sending | null>(null);

  const submit = async (send: (progress: SendProgress) => Promise<unknown>) => {
    setSending({ step: 'uploading', percent: 0 });
    try {
      await send({
        onProgress: (fraction) => setSending({ step: 'uploading', percent: Math.floor(fraction * 100) }),
        onRetry: () => setSending((current) => ({ step: 'retrying', percent: current?.percent ?? 0 })),
      });
      void navigate(thankYouPath(event));
    } catch (error) {
      setSending(null);
      const fieldProblems = pickFieldErrors(errorFields(error), serverFields);
      if (Object.keys(fieldProblems).length > 0) setErrors(fieldProblems);
      else showError(failedTitle, errorMessage(error) ?? t('common.unknownError'));
    }
  };

  return { sending, submit };
}
