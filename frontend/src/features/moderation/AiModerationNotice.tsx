import { ModerationType } from '@memory-wall/contracts';
import { useGetModerationCapabilitiesQuery } from '../../api/settings';
import { useTranslation } from '../../i18n';
import { addPageTexts } from '../../i18n/lazy';
import { aiModerationTexts } from '../../i18n/pages/aiModeration';

addPageTexts('aiModeration', aiModerationTexts);

/**
 * Tells hosts, where they choose or use moderation, that AI moderation cannot run on this server (no OpenAI
 * key): such events then hold every memory for a human. Nothing shows while the answer is unknown.
 */
export function AiModerationNotice({
  moderationType,
  where,
}: {
  moderationType: ModerationType;
  where: 'settings' | 'moderation';
}) {
  const { t } = useTranslation();
  const { data } = useGetModerationCapabilitiesQuery();
  if (moderationType !== ModerationType.AiModeration || data?.aiModeration !== false) return null;
  return (
    <div className="mw-alert mw-alert-warning" role="note" data-testid="ai-moderation-unavailable">
      <strong>{t('aiModeration.unavailableTitle')}</strong>
      <p>{t(where === 'settings' ? 'aiModeration.unavailableText' : 'aiModeration.unavailableModeration')}</p>
    </div>
  );
}
