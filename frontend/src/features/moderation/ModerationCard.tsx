import type { Ref } from 'react';
import { MemoryType, ProcessingState, type HostMemory } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { heldReasonText } from '../memories/heldReason';
import { captionOf, imageOf, isMostlyChinese } from '../memories/memoryContent';
import { VideoClip } from '../memories/VideoClip';
import { VoiceNote } from '../memories/VoiceNote';

export type Action = 'approve' | 'reject' | 'flag' | 'remove';

const ACTION_LABELS = {
  approve: 'moderationPage.approve',
  reject: 'moderationPage.reject',
  flag: 'moderationPage.flag',
  remove: 'moderationPage.remove',
} as const;

/** The key of each action on the moderation page (useModerationKeys), for assistive technology. */
export const ACTION_KEYS: Record<Action, string> = { approve: 'a', reject: 'r', remove: 'r', flag: 'f' };

interface ModerationCardProps {
  memory: HostMemory;
  actions: Action[];
  busy: boolean;
  onAction(action: Action): void;
  selected: boolean;
  onSelect(selected: boolean): void;
  /** Where it is in its tab (1-based) and how many there are: what a screen reader hears on moving to it. */
  position: number;
  count: number;
  /** The card the keyboard acts on. */
  current: boolean;
  cardRef?: Ref<HTMLElement>;
}

/** One memory to decide on: who sent it and when, what it shows, why it is held; a box to select it. */
export function ModerationCard({
  memory,
  actions,
  busy,
  onAction,
  selected,
  onSelect,
  position,
  count,
  current,
  cardRef,
}: ModerationCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const image = memory.type !== MemoryType.Message;
  const picture = image ? imageOf(memory, 'card') : null;
  const caption = image ? memory.photoCaption : null;
  const processing = memory.processingState === ProcessingState.Processing;
  const failed = memory.processingState === ProcessingState.Failed;
  const chinese = isMostlyChinese(image ? (captionOf(memory) ?? '') : memory.content);
  const author = memory.author || t('moderationPage.anonymous');
  const classes = ['moderation-card'];
  if (failed) classes.push('moderation-card-failed');
  if (selected) classes.push('moderation-card-selected');
  if (current) classes.push('moderation-card-current');
  return (
    <article
      ref={cardRef}
      className={classes.join(' ')}
      data-testid="moderation-card"
      aria-busy={busy || undefined}
      aria-label={t('moderationPage.cardLabel', { position, count, author })}
      tabIndex={-1}
    >
      <header className="moderation-card-header">
        <label className="mod-check">
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={t('moderationPage.select', { author })}
            aria-keyshortcuts="x"
          />
          <strong>{t('moderationPage.from', { author })}</strong>
        </label>
        <time dateTime={memory.createdAt}>{format.dateTime(memory.createdAt)}</time>
      </header>
      {memory.title && <h2 className="moderation-card-title">{memory.title}</h2>}
      {image ? (
        <figure className="moderation-image">
          {memory.type === MemoryType.Video ? (
            // Hosts watch a clip (with its sound, if they choose) before they approve it.
            <VideoClip memory={memory} caption={caption} presentation={false} sizes="100vw" />
          ) : memory.type === MemoryType.Voice ? (
            // Hosts hear a voice message and read its transcript before they approve it.
            <VoiceNote memory={memory} presentation={false} sizes="100vw" />
          ) : picture?.url ? (
            <img src={picture.url} alt={caption ?? ''} width={picture.width} height={picture.height} loading="lazy" />
          ) : (
            <div className="memory-image-pending" />
          )}
          {caption && <figcaption lang={chinese ? 'zh' : undefined}>{caption}</figcaption>}
        </figure>
      ) : (
        <p className="moderation-text" lang={chinese ? 'zh' : undefined}>
          {memory.content}
        </p>
      )}
      {(processing || failed) && (
        <p className="badge memory-badge-failed">
          {processing ? t('moderationPage.processing') : t('moderationPage.failed')}
        </p>
      )}
      {!memory.approved && memory.moderation?.reason && (
        <div className="moderation-reason">
          <p>{t('moderationPage.heldReason', { reason: heldReasonText(t, memory.moderation) })}</p>
          {!!memory.moderation.categories?.length && (
            <p>{t('moderationPage.categories', { categories: memory.moderation.categories.join(', ') })}</p>
          )}
        </div>
      )}
      <div className="actions moderation-actions">
        {actions.map((action) => (
          <ActionButton
            key={action}
            action={action}
            onClick={() => onAction(action)}
            disabled={busy || (action === 'approve' && processing)}
            keyShortcut={ACTION_KEYS[action]}
          />
        ))}
      </div>
    </article>
  );
}

/** An action's button, on a card or for a selection: Approve stands out, the others are quieter and red. */
export function ActionButton({
  action,
  onClick,
  disabled,
  keyShortcut,
}: {
  action: Action;
  onClick(): void;
  disabled: boolean;
  keyShortcut?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={action === 'approve' ? 'button' : 'button button-secondary mw-danger'}
      onClick={onClick}
      disabled={disabled}
      aria-keyshortcuts={keyShortcut}
    >
      {t(ACTION_LABELS[action])}
    </button>
  );
}
