import { ANIMATION_STYLES, IMAGES_DISPLAY_OPTIONS, type AnimationStyle } from '@memory-wall/contracts';
import { AiModerationNotice } from '../../moderation/AiModerationNotice';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { useTranslation } from '../../../i18n';
import { SelectField } from '../fields';
import { ModerationTypeField } from '../ModerationTypeField';
import { acceptedWallImage, moderationChoices } from './eventFormValues';
import type { EventFormState } from './useEventFormValues';
import type { WallImage } from './useWallImage';

/** How the wall works and looks: moderation, title, featured image, images at a time, animation. */
export function WallCard({ form, image, busy }: { form: EventFormState; image: WallImage; busy: boolean }) {
  const { t } = useTranslation();
  const { initial, values, set, text } = form;
  const preview = acceptedWallImage(values);
  return (
    <Card title={t('events.wall')}>
      <div className="form">
        <ModerationTypeField
          value={values.moderationType}
          onChange={(value) => set('moderationType', value)}
          choices={moderationChoices(values, initial)}
        />
        <AiModerationNotice moderationType={values.moderationType} where="settings" />
        <TextField
          label={t('events.wallTitle')}
          hint={t('events.wallTitleHint')}
          autoComplete="off"
          {...text('wallTitle')}
        />
        <div className="ev-image-field">
          {/* Set by uploading only: the server accepts no other address (no third-party images on public walls). */}
          <TextField
            label={t('events.wallImage')}
            type="url"
            readOnly
            hint={t('events.wallImageHint')}
            autoComplete="off"
            {...text('wallImage')}
          />
          <div className="actions">
            <label className="button button-secondary ev-file">
              {image.uploading ? t('events.saving') : t('events.uploadImage')}
              <input
                type="file"
                accept="image/*"
                className="visually-hidden"
                onChange={image.onChosen}
                disabled={busy}
              />
            </label>
            {(preview || image.pending) && (
              <button type="button" className="button button-secondary" onClick={image.remove}>
                {t('events.removeImage')}
              </button>
            )}
          </div>
          {image.pending && <p className="field-hint">{image.pending.name}</p>}
          {preview && <img src={preview} alt={t('events.imagePreview')} className="ev-image-preview" />}
        </div>
        <SelectField
          label={t('events.numberOfImagesDisplay')}
          value={values.numberOfImagesDisplay}
          onChange={(e) => set('numberOfImagesDisplay', e.target.value)}
          options={IMAGES_DISPLAY_OPTIONS.map((n) => ({ value: String(n), label: String(n) }))}
        />
        <SelectField
          label={t('events.animationStyle')}
          value={values.animationStyle}
          onChange={(e) => set('animationStyle', e.target.value as AnimationStyle)}
          options={ANIMATION_STYLES.map((style) => ({ value: style, label: t(`events.animation.${style}`) }))}
        />
      </div>
    </Card>
  );
}
