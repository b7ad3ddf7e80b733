import type { ChangeEvent } from 'react';
import { useTranslation } from '../../i18n';
import { TextField } from '../../components/ui/TextField';

/** A text field's value, message and onChange, as useFormFields' `field(name)` gives them. */
interface BoundField {
  name: string;
  value: string;
  error?: string;
  onChange(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
}

/** The caption and the title a photo or a video clip goes up with. */
export function CaptionFields({ field }: { field(name: 'photoCaption' | 'title'): BoundField }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
