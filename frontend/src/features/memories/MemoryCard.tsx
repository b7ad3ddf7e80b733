import { MemoryType, ProcessingState, type HostMemory, type PublicMemory } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { addPageTexts } from '../../i18n/lazy';
import { memoryCardTexts } from '../../i18n/pages/memories';
import { useRef, type CSSProperties } from 'react';
import { CardImage } from './CardImage';
import { ClampedText } from './ClampedText';
import { HeartButton, HeartCount } from './HeartButton';
import { heldReasonText } from './heldReason';
import { VideoClip } from './VideoClip';
import { useFitText } from './useFitText';
import { VoiceNote } from './VoiceNote';
import {
  captionOf,
  imageOf,
  mediaRemoved,
  isHostMemory,
  isMostlyChinese,
  responsiveImageOf,
  type ResponsiveImage,
} from './memoryContent';
import { displayTexts } from '../../i18n/pages/display';

addPageTexts('memoryCard', memoryCardTexts);
addPageTexts('display', displayTexts);

export interface ModerationActions {
  onApprove(): void;
  onReject(): void;
  /** An action on this memory is running: its buttons wait. */
  busy?: boolean;
}

export interface CustomerActions {
  onFeature(): void;
  onFlag(): void;
  busy?: boolean;
}

export interface MemoryCardProps {
  memory: PublicMemory | HostMemory;
  /**
   * presentation (the default, for venue screens): only 'From {author}', full-size images;
   * normal: the author and how long ago it was shared.
   */
  variant?: 'presentation' | 'normal';
  /** Moderation view: a pending memory gets Reject and Approve; a failed one says why. */
  moderation?: ModerationActions;
  /** A customer's view of a memory on the wall: Feature and Flag. */
  customer?: CustomerActions;
  /**
   * Presentation mode: how wide the image is shown (the img `sizes`), so the browser loads the card
   * rendition for a card and the full one only where the image is shown large. Default: the whole width.
   */
  sizes?: string;
  /** Presentation: whether a video clip (or a voice message, sound on) plays now, and what to do when it has. */
  clip?: { playing: boolean; onEnded(): void };
  /** A guest's view (the gallery): the ♥ is a button. Elsewhere off the presentation, the count is shown. */
  heartable?: boolean;
}

/** One memory (spec §2 Memory card): a message, a photo with its caption, or a drawing. */
export function MemoryCard({
  memory,
  variant = 'presentation',
  moderation,
  customer,
  sizes = '100vw',
  clip,
  heartable = false,
}: MemoryCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const host = isHostMemory(memory) ? memory : null;
  const pending = !!host && !host.approved && !host.flagged;
  const failed = host?.processingState === ProcessingState.Failed;
  const processing = host?.processingState === ProcessingState.Processing;
  const onWall = !host || (host.approved && !host.flagged);
  const presentation = variant === 'presentation';
  const caption = captionOf(memory);
  // The title is shown as a heading unless it already stands in for the missing caption.
  const showTitle = !!memory.title && caption !== memory.title;

  const classes = ['memory-card', `memory-card-${memory.type}`];
  if (moderation && pending) classes.push('memory-card-pending');
  if (failed) classes.push('memory-card-failed');
  if (host?.flagged) classes.push('memory-card-flagged');
  if (memory.featured) classes.push('memory-card-featured');
  const iconActions = !!customer && onWall && presentation;
  if (iconActions) classes.push('memory-card-with-icons');
  const card = useRef<HTMLElement>(null);
  useFitText(card, presentation, memory);

  return (
    <article
      ref={card}
      className={classes.join(' ')}
      data-testid="memory-card"
      aria-busy={moderation?.busy || customer?.busy || undefined}
    >
      {(host?.flagged || (moderation && (pending || failed))) && (
        <div className="memory-badges">
          {host?.flagged && <span className="badge memory-badge-flagged">{t('memoryCard.flagged')}</span>}
          {moderation && pending && !failed && (
            <span className="badge memory-badge-pending">
              {processing ? t('memoryCard.processing') : t('memoryCard.pending')}
            </span>
          )}
          {moderation && failed && <span className="badge memory-badge-failed">{t('memoryCard.failed')}</span>}
        </div>
      )}
      {iconActions && <IconActions featured={memory.featured} actions={customer} />}
      {showTitle && <h3 className="memory-title">{memory.title}</h3>}
      <MemoryBody memory={memory} presentation={presentation} caption={caption} sizes={sizes} clip={clip} />
      {moderation && failed && host?.moderation?.reason && (
        <p className="memory-failure">{heldReasonText(t, host.moderation)}</p>
      )}
      {presentation ? (
        <p className="memory-author">{t('display.from', { author: memory.author })}</p>
      ) : heartable && onWall ? (
        <div className="memory-footer">
          <p className="memory-meta">
            <span className="memory-meta-author">{memory.author}</span>
            <time dateTime={memory.createdAt}>{format.ago(memory.createdAt)}</time>
          </p>
          <HeartButton memory={memory} />
        </div>
      ) : (
        <p className="memory-meta">
          <span className="memory-meta-author">{memory.author}</span>
          <time dateTime={memory.createdAt}>{format.ago(memory.createdAt)}</time>
          {onWall && memory.hearts > 0 && <HeartCount hearts={memory.hearts} />}
        </p>
      )}
      {moderation && (pending || failed) && (
        <div className="actions memory-actions">
          <button
            type="button"
            className="button button-secondary mw-danger"
            onClick={moderation.onReject}
            disabled={moderation.busy}
          >
            {t('memoryCard.reject')}
          </button>
          {!failed && (
            <button
              type="button"
              className="button"
              onClick={moderation.onApprove}
              disabled={moderation.busy || processing}
            >
              {t('memoryCard.approve')}
            </button>
          )}
        </div>
      )}
      {customer && onWall && !presentation && (
        <div className="actions memory-actions">
          <button
            type="button"
            className={memory.featured ? 'button' : 'button button-secondary'}
            aria-pressed={memory.featured}
            onClick={customer.onFeature}
            disabled={customer.busy}
          >
            {memory.featured ? t('memoryCard.featured') : t('memoryCard.feature')}
          </button>
          <button
            type="button"
            className="button button-secondary mw-danger"
            onClick={customer.onFlag}
            disabled={customer.busy}
          >
            {t('memoryCard.flag')}
          </button>
        </div>
      )}
    </article>
  );
}

/** Presentation mode, customer view: round icon buttons at the top left. */
function IconActions({ featured, actions }: { featured: boolean; actions: CustomerActions }) {
  const { t } = useTranslation();
  return (
    <div className="memory-icon-actions">
      <button
        type="button"
        className="mw-icon-button"
        aria-pressed={featured}
        aria-label={featured ? t('memoryCard.featured') : t('memoryCard.feature')}
        title={featured ? t('memoryCard.unfeature') : t('memoryCard.feature')}
        onClick={actions.onFeature}
        disabled={actions.busy}
      >
        {featured ? '♥' : '♡'}
      </button>
      <button
        type="button"
        className="mw-icon-button"
        aria-label={t('memoryCard.flag')}
        title={t('memoryCard.flag')}
        onClick={actions.onFlag}
        disabled={actions.busy}
      >
        ⚑
      </button>
    </div>
  );
}

/**
 * The length of a text, for its first size on a venue screen: the stylesheet makes a short message large
 * enough to read across a room and a long one smaller, in proportion to its card; useFitText then sets the
 * largest size at which all of it fits, no word wider than the card (split in two, it reads as two).
 */
const lengthStyle = (text: string) => ({ '--chars': Math.max(1, [...text].length) }) as CSSProperties;

/** A photo's or a clip's caption; on a venue screen its type size follows its length. */
function Caption({ text, presentation }: { text: string; presentation: boolean }) {
  const chinese = isMostlyChinese(text);
  return (
    <figcaption
      lang={chinese ? 'zh' : undefined}
      className={chinese ? 'memory-text-zh' : undefined}
      style={presentation ? lengthStyle(text) : undefined}
    >
      {text}
    </figcaption>
  );
}

interface MemoryBodyProps {
  memory: PublicMemory;
  presentation: boolean;
  caption: string | null;
  sizes: string;
  clip?: MemoryCardProps['clip'];
}

function MemoryBody({ memory, presentation, caption, sizes, clip }: MemoryBodyProps) {
  const { t } = useTranslation();
  if (mediaRemoved(memory))
    return (
      <figure className={caption ? 'memory-photo memory-photo-captioned' : 'memory-photo'}>
        <div className="memory-media-removed">{t('memoryCard.mediaRemoved')}</div>
        {caption && <figcaption>{caption}</figcaption>}
      </figure>
    );
  if (memory.type === MemoryType.Video) {
    return (
      <figure className={caption ? 'memory-photo memory-photo-captioned' : 'memory-photo'}>
        <VideoClip
          memory={memory}
          caption={caption}
          presentation={presentation}
          sizes={sizes}
          playing={clip?.playing}
          onEnded={clip?.onEnded}
        />
        {caption && <Caption text={caption} presentation={presentation} />}
      </figure>
    );
  }
  if (memory.type === MemoryType.Voice) {
    const transcript = memory.content.trim();
    return (
      <VoiceNote
        memory={memory}
        presentation={presentation}
        sizes={sizes}
        playing={clip?.playing}
        onEnded={clip?.onEnded}
        textStyle={lengthStyle(transcript)}
      />
    );
  }
  if (memory.type === MemoryType.Photo || memory.type === MemoryType.Drawing) {
    const image: ResponsiveImage = presentation ? responsiveImageOf(memory) : imageOf(memory, 'card');
    const photo = memory.type === MemoryType.Photo;
    return (
      <figure className={photo ? (caption ? 'memory-photo memory-photo-captioned' : 'memory-photo') : 'memory-drawing'}>
        <CardImage image={image} alt={caption ?? ''} sizes={sizes} />
        {caption && <Caption text={caption} presentation={presentation} />}
      </figure>
    );
  }
  const chinese = isMostlyChinese(memory.content);
  if (!presentation)
    return (
      <ClampedText
        text={memory.content}
        className={chinese ? 'memory-text memory-text-zh' : 'memory-text'}
        lang={chinese ? 'zh' : undefined}
      />
    );
  return (
    <p
      className={chinese ? 'memory-text memory-text-zh' : 'memory-text'}
      lang={chinese ? 'zh' : undefined}
      style={presentation ? lengthStyle(memory.content) : undefined}
    >
      {memory.content}
    </p>
  );
}
