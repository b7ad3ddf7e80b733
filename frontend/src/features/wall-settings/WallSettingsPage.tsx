import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  ANIMATION_STYLES,
  AnimationStyle,
  DEFAULT_WALL_COLOR,
  DISPLAY_ORDERS,
  DisplayOrder,
  IMAGES_DISPLAY_OPTIONS,
  normalizeImagesDisplay,
  TRANSITION_TIMES,
  VIDEO_MAX_SECONDS,
  WALL_COLORS,
  type HostEvent,
} from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorMessage, errorStatus } from '../../api/api';
import {
  useGetEventQuery,
  useUpdateEventMutation,
  useUploadFeaturedImageMutation,
  type WallSettingsFields,
} from '../../api/hostEvents';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { showError, showSuccess } from '../../components/ui/toast';
import { wallSettingsTexts } from '../../i18n/pages/wallSettings';
import { addPageTexts } from '../../i18n/lazy';
import { CheckboxField, SelectField } from '../events/fields';
import { ModerationTypeField } from '../events/ModerationTypeField';
import { AiModerationNotice } from '../moderation/AiModerationNotice';

addPageTexts('wallSettings', wallSettingsTexts);

/** The clip lengths a host may choose, up to the longest any event takes. */
const VIDEO_LENGTHS = [15, 30, 45, VIDEO_MAX_SECONDS] as const;

/** A stored colour as the swatches know it: 'default' (or anything unknown to the form) is the default blue. */
function swatchOf(color: string | null | undefined): string {
  const upper = color?.toUpperCase();
  return WALL_COLORS.some((c) => c.value === upper) ? upper! : DEFAULT_WALL_COLOR;
}

function settingsOf(event: HostEvent): WallSettingsFields {
  return {
    wallTitle: event.wallTitle ?? '',
    wallImage: event.wallImage,
    moderationType: event.moderationType,
    numberOfImagesDisplay: normalizeImagesDisplay(event.numberOfImagesDisplay),
    transitionTime: event.transitionTime,
    colorTheme: swatchOf(event.colorTheme),
    enableMusic: event.enableMusic,
    allowVideo: event.allowVideo,
    maxVideoSeconds: event.maxVideoSeconds,
    allowVoice: event.allowVoice,
    voiceOnScreens: event.voiceOnScreens,
    animationStyle: event.animationStyle,
    displayOrder: event.displayOrder,
  };
}

/** /wall-settings/{id} (customers; spec §2 Wall settings). */
export function WallSettingsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data: event, error, isLoading } = useGetEventQuery(id ?? skipToken);
  const status = errorStatus(error);

  return (
    <main className="page ws-page">
      <Link to="/customer-wall" className="ev-back">
        ← {t('wallSettings.backToWall')}
      </Link>
      <h1>{t('pages.wallSettings')}</h1>
      {isLoading ? (
        <Spinner />
      ) : event && !event.permissions.canEditTheme ? (
        <p role="alert" className="card">
          {t('wallSettings.notAllowed')}
        </p>
      ) : event ? (
        <WallSettingsForm key={event.id} event={event} />
      ) : (
        <p role="alert" className="card">
          {status === 404 || status === 403 || status === 400
            ? t('wallSettings.notFound')
            : t('wallSettings.loadFailed')}
        </p>
      )}
    </main>
  );
}

function WallSettingsForm({ event }: { event: HostEvent }) {
  const { t } = useTranslation();
  const colorsId = useId();
  // Taken once: a refetch (after an upload, say) must not wipe what is being edited.
  const [settings, setSettings] = useState(() => settingsOf(event));
  const [updateEvent, update] = useUpdateEventMutation();
  const [uploadImage, upload] = useUploadFeaturedImageMutation();

  const set = <K extends keyof WallSettingsFields>(key: K, value: WallSettingsFields[K]) =>
    setSettings((current) => ({ ...current, [key]: value }));

  const transitionTimes: readonly number[] = (TRANSITION_TIMES as readonly number[]).includes(settings.transitionTime)
    ? TRANSITION_TIMES
    : [...TRANSITION_TIMES, settings.transitionTime].sort((a, b) => a - b);

  const onImageChosen = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      showError(t('wallSettings.uploadFailed'), t('wallSettings.imageOnly'));
      return;
    }
    try {
      const imageUrl = await uploadImage({ eventId: event.id, file }).unwrap();
      set('wallImage', imageUrl);
      showSuccess(t('wallSettings.uploaded'), t('wallSettings.uploadedText'));
    } catch (error) {
      showError(t('wallSettings.uploadFailed'), errorMessage(error) ?? t('wallSettings.uploadFailedText'));
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await updateEvent({ id: event.id, ...settings, wallTitle: settings.wallTitle?.trim() || null }).unwrap();
      showSuccess(t('wallSettings.saved'));
    } catch (error) {
      showError(t('wallSettings.error'), errorMessage(error) ?? t('wallSettings.saveFailed'));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="ev-form">
      <Card title={event.name}>
        <p className="muted">{t('wallSettings.intro', { name: event.name })}</p>
        <div className="form">
          <TextField
            label={t('wallSettings.wallTitle')}
            hint={t('wallSettings.wallTitleHint')}
            autoComplete="off"
            value={settings.wallTitle ?? ''}
            onChange={(e) => set('wallTitle', e.target.value)}
          />

          <div className="field">
            <span className="ev-label">{t('wallSettings.featuredImage')}</span>
            {settings.wallImage && (
              <img src={settings.wallImage} alt={t('wallSettings.imagePreview')} className="ev-image-preview" />
            )}
            <div className="actions">
              <label className="button button-secondary ev-file">
                {upload.isLoading ? t('wallSettings.uploading') : t('wallSettings.chooseImage')}
                <input
                  type="file"
                  accept="image/*"
                  className="visually-hidden"
                  onChange={onImageChosen}
                  disabled={upload.isLoading}
                />
              </label>
              {settings.wallImage && (
                <button type="button" className="button button-secondary" onClick={() => set('wallImage', null)}>
                  {t('wallSettings.removeImage')}
                </button>
              )}
            </div>
            <p className="field-hint">{t('wallSettings.featuredImageHint')}</p>
          </div>

          {/* Changing moderation is a moderator's decision: a host barred from it sees the current one only. */}
          <ModerationTypeField
            value={settings.moderationType}
            onChange={(value) => set('moderationType', value)}
            choices={event.permissions.canModerate ? undefined : [event.moderationType]}
          />
          <AiModerationNotice moderationType={settings.moderationType} where="settings" />
          <div className="ev-two">
            <SelectField
              label={t('wallSettings.numberOfImagesDisplay')}
              value={String(settings.numberOfImagesDisplay)}
              onChange={(e) => set('numberOfImagesDisplay', Number(e.target.value))}
              options={IMAGES_DISPLAY_OPTIONS.map((n) => ({ value: String(n), label: String(n) }))}
            />
            <SelectField
              label={t('wallSettings.transitionTime')}
              value={String(settings.transitionTime)}
              onChange={(e) => set('transitionTime', Number(e.target.value))}
              options={transitionTimes.map((n) => ({
                value: String(n),
                label: t('wallSettings.seconds', { count: n }),
              }))}
            />
          </div>
          <CheckboxField
            role="switch"
            label={t('wallSettings.enableMusic')}
            hint={t('wallSettings.enableMusicHint')}
            checked={settings.enableMusic}
            onChange={(checked) => set('enableMusic', checked)}
          />
          <CheckboxField
            role="switch"
            label={t('wallSettings.allowVideo')}
            hint={t('wallSettings.allowVideoHint')}
            checked={settings.allowVideo}
            onChange={(checked) => set('allowVideo', checked)}
          />
          {settings.allowVideo && (
            <SelectField
              label={t('wallSettings.maxVideoSeconds')}
              value={String(settings.maxVideoSeconds)}
              onChange={(e) => set('maxVideoSeconds', Number(e.target.value))}
              options={[...new Set([...VIDEO_LENGTHS, settings.maxVideoSeconds])]
                .sort((a, b) => a - b)
                .map((n) => ({ value: String(n), label: t('wallSettings.seconds', { count: n }) }))}
            />
          )}
          <CheckboxField
            role="switch"
            label={t('wallSettings.allowVoice')}
            hint={t('wallSettings.allowVoiceHint')}
            checked={settings.allowVoice}
            onChange={(checked) => set('allowVoice', checked)}
          />
          <CheckboxField
            role="switch"
            label={t('wallSettings.voiceOnScreens')}
            hint={t('wallSettings.voiceOnScreensHint')}
            checked={settings.voiceOnScreens}
            onChange={(checked) => set('voiceOnScreens', checked)}
          />
          <fieldset className="choice-group" aria-describedby={colorsId}>
            <legend>{t('wallSettings.colorTheme')}</legend>
            <div className="ws-swatches">
              {WALL_COLORS.map((color) => (
                <label key={color.value} className="ws-swatch">
                  <input
                    type="radio"
                    name="colorTheme"
                    value={color.value}
                    checked={settings.colorTheme === color.value}
                    onChange={() => set('colorTheme', color.value)}
                  />
                  <span className="ws-swatch-color" style={{ background: color.value }} aria-hidden="true" />
                  <span>{t(`wallSettings.colors.${color.name}`)}</span>
                </label>
              ))}
            </div>
            <p id={colorsId} className="field-hint">
              {settings.colorTheme}
            </p>
          </fieldset>
          <div className="ev-two">
            <SelectField
              label={t('wallSettings.animationStyle')}
              value={settings.animationStyle}
              onChange={(e) => set('animationStyle', e.target.value as AnimationStyle)}
              options={ANIMATION_STYLES.map((style) => ({ value: style, label: t(`wallSettings.animation.${style}`) }))}
            />
            <SelectField
              label={t('wallSettings.displayOrder')}
              value={settings.displayOrder}
              onChange={(e) => set('displayOrder', e.target.value as DisplayOrder)}
              options={DISPLAY_ORDERS.map((order) => ({ value: order, label: t(`wallSettings.order.${order}`) }))}
            />
          </div>
        </div>
      </Card>
      <div className="actions">
        <button type="submit" className="button" disabled={update.isLoading || upload.isLoading}>
          {update.isLoading ? t('wallSettings.saving') : t('wallSettings.save')}
        </button>
        <Link to="/customer-wall" className="button button-secondary">
          {t('wallSettings.cancel')}
        </Link>
      </div>
    </form>
  );
}
