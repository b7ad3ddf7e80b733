import { useState } from 'react';
import type { PublicMemory } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { addPageTexts } from '../../i18n/lazy';
import { memoryCardTexts } from '../../i18n/pages/memories';
import { CardImage } from './CardImage';
import { imageOf, responsiveImageOf, type ResponsiveImage } from './memoryContent';

// Also shown on the moderation page, which has no memory cards of its own.
addPageTexts('memoryCard', memoryCardTexts);

export interface VideoClipProps {
  memory: PublicMemory;
  caption: string | null;
  presentation: boolean;
  sizes: string;
  /**
   * Presentation: this clip's turn to play (muted, once through); `onEnded` when it has. Without it the
   * clip shows its poster with a play control.
   */
  playing?: boolean;
  onEnded?: () => void;
}

/**
 * A video clip's card: its poster with a play control, the clip itself once played (with the browser's
 * controls, sound as the viewer chooses). On a venue screen the clip whose turn it is plays muted, inline.
 */
export function VideoClip({ memory, caption, presentation, sizes, playing, onEnded }: VideoClipProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const video = memory.media?.video;
  const poster: ResponsiveImage = presentation ? responsiveImageOf(memory) : imageOf(memory, 'card');
  const label = caption ?? t('memoryCard.videoClip');

  // The venue screen's turn: muted, without controls, until it ends. A viewer's: with controls and sound.
  if (video && (playing || opened)) {
    return (
      <video
        className="memory-video"
        src={video.url}
        poster={poster.url ?? undefined}
        width={video.width}
        height={video.height}
        muted={playing}
        controls={!playing}
        autoPlay
        playsInline
        aria-label={label}
        data-testid="memory-video"
        onEnded={playing ? onEnded : undefined}
      />
    );
  }
  return (
    <div className="memory-video-poster">
      <CardImage image={poster} alt={caption ?? ''} sizes={sizes} />
      {video &&
        (presentation ? (
          <span className="memory-video-play" aria-hidden="true">
            ▶
          </span>
        ) : (
          <button
            type="button"
            className="memory-video-play"
            aria-label={t('memoryCard.playVideo')}
            onClick={() => setOpened(true)}
          >
            ▶
          </button>
        ))}
    </div>
  );
}
