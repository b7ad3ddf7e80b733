import { useState, type ChangeEvent } from 'react';
import type { HostEvent } from '@memory-wall/contracts';
import { errorMessage } from '../../../api/api';
import { useUploadFeaturedImageMutation } from '../../../api/hostEvents';
import { showError } from '../../../components/ui/toast';
import { useTranslation } from '../../../i18n';

const isImage = (file: File) => file.type.startsWith('image/');

/**
 * The wall's featured image: uploaded at once for an existing event; for a new one kept until the event
 * exists (uploadPending, after creating it). `setAddress` receives the uploaded image's address, or ''.
 */
export function useWallImage(event: HostEvent | undefined, setAddress: (address: string) => void) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<File | null>(null);
  const [uploadImage, upload] = useUploadFeaturedImageMutation();

  const uploadFailed = (error: unknown) =>
    showError(t('events.imageUploadFailed'), errorMessage(error) ?? t('events.imageUploadFailedText'));

  const onChosen = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!isImage(file)) {
      showError(t('events.imageUploadFailed'), t('events.imageOnly'));
      return;
    }
    if (!event) {
      setPending(file);
      setAddress('');
      return;
    }
    try {
      setAddress(await uploadImage({ eventId: event.id, file }).unwrap());
    } catch (error) {
      uploadFailed(error);
    }
  };

  const remove = () => {
    setPending(null);
    setAddress('');
  };

  /** Uploads the image chosen before the event existed; a failure is told, the event stays created. */
  const uploadPending = async (eventId: string) => {
    if (!pending) return;
    try {
      await uploadImage({ eventId, file: pending }).unwrap();
    } catch (error) {
      uploadFailed(error);
    }
  };

  return { pending, onChosen, remove, uploadPending, uploading: upload.isLoading };
}

export type WallImage = ReturnType<typeof useWallImage>;
