import type { PublicMemory } from '@memory-wall/contracts';
import { useHeartMemoryMutation, useHearted } from '../../api/hearts';
import { showError } from '../../components/ui/toast';
import { useTranslation } from '../../i18n';

/**
 * A guest's ♥ with the memory's count. A device hearts a memory once (the server counts it once however
 * often it is asked), so once hearted the button stays pressed.
 */
export function HeartButton({ memory }: { memory: PublicMemory }) {
  const { t } = useTranslation();
  const hearted = useHearted(memory.id);
  const [heart, { isLoading }] = useHeartMemoryMutation();

  const onClick = async () => {
    if (hearted) return;
    try {
      await heart({ eventId: memory.eventId, memoryId: memory.id }).unwrap();
    } catch {
      showError(t('memoryCard.heartFailed'), t('memoryCard.heartFailedText'));
    }
  };

  return (
    <button
      type="button"
      className="memory-heart"
      data-testid="heart-button"
      aria-pressed={hearted}
      aria-label={t('memoryCard.heartLabel', { count: memory.hearts })}
      disabled={isLoading}
      onClick={() => void onClick()}
    >
      <span aria-hidden="true">{hearted ? '♥' : '♡'}</span>
      <span>{memory.hearts}</span>
    </button>
  );
}

/** The count alone, where hearts are shown but not given (hosts' pages). */
export function HeartCount({ hearts }: { hearts: number }) {
  const { t } = useTranslation();
  return (
    <span className="memory-heart-count" data-testid="heart-count">
      <span aria-hidden="true">♥ {hearts}</span>
      <span className="visually-hidden">{t('memoryCard.hearts', { count: hearts })}</span>
    </span>
  );
}
