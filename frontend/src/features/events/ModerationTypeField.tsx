import { MODERATION_TYPES, type ModerationType } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { addPageTexts } from '../../i18n/lazy';
import { moderationTypeTexts } from '../../i18n/pages/moderationTypes';
import { RadioGroup } from './fields';

addPageTexts('moderationTypes', moderationTypeTexts);

/** The moderation choice of the event form and of the wall settings, each type with what it means. */
export function ModerationTypeField({
  value,
  onChange,
  choices = MODERATION_TYPES,
}: {
  value: ModerationType;
  onChange(value: ModerationType): void;
  /** The types offered (the event form may leave one out). */
  choices?: readonly ModerationType[];
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      legend={t('moderationTypes.legend')}
      name="moderationType"
      value={value}
      onChange={onChange}
      options={choices.map((type) => ({
        value: type,
        label: t(`moderationTypes.name.${type}`),
        hint: t(`moderationTypes.hint.${type}`),
      }))}
    />
  );
}
