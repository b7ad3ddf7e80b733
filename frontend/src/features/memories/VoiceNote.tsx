import { useEffect, useRef, type CSSProperties } from 'react';
import { clockLength, type PublicMemory } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { imageOf, isMostlyChinese, responsiveImageOf, type ResponsiveImage } from './memoryContent';

export interface VoiceNoteProps {
  memory: PublicMemory;
  presentation: boolean;
  sizes: string;
  /** Presentation, where the hosts turned sound on: this message's turn to play (once); `onEnded` when it has. */
  playing?: boolean;
  onEnded?: () => void;
  /** The transcript's size on a venue screen (from its length, as a message's). */
  textStyle?: CSSProperties;
}

/**
 * A voice message's card: its waveform and its transcript. Viewers play it with the browser's controls; a
 * venue screen plays it only on its turn, and only where the hosts turned sound on (else it is never loaded).
 */
export function VoiceNote({ memory, presentation, sizes, playing, onEnded, textStyle }: VoiceNoteProps) {
  const { t } = useTranslation();
  const audio = memory.media?.audio;
  // Drawn by the workers: none while the message is still processing.
  const waveform: ResponsiveImage | null = memory.media
    ? presentation
      ? responsiveImageOf(memory)
      : imageOf(memory, 'card')
    : null;
  const transcript = memory.content.trim();
  const chinese = isMostlyChinese(transcript);
  return (
    <figure className="memory-voice" aria-label={t('memoryCard.voiceMessage', { author: memory.author })}>
      {/* A screen tells the room what it shows (a waveform alone says nothing), and how long it is. */}
      {presentation && (
        <p className="memory-voice-label" data-testid="voice-label">
          {t('memoryCard.voiceLabel', { length: audio ? clockLength(audio.duration) : '–:––' })}
        </p>
      )}
      {waveform?.url && (
        <img
          className="memory-voice-waveform"
          src={waveform.url}
          srcSet={waveform.srcSet}
          sizes={waveform.srcSet ? sizes : undefined}
          alt={t('memoryCard.waveform')}
          width={waveform.width}
          height={waveform.height}
          loading="lazy"
          decoding="async"
          data-testid="voice-waveform"
        />
      )}
      {audio && !presentation && (
        <audio className="memory-voice-player" src={audio.url} controls preload="metadata" data-testid="voice-player" />
      )}
      {audio && presentation && playing && <ScreenPlayback url={audio.url} onEnded={onEnded} />}
      {transcript && (
        <figcaption
          className={chinese ? 'memory-text memory-text-zh' : 'memory-text'}
          lang={chinese ? 'zh' : undefined}
          style={presentation ? textStyle : undefined}
          data-testid="voice-transcript"
        >
          {transcript}
        </figcaption>
      )}
    </figure>
  );
}

/**
 * A voice message played aloud on a venue screen, once. A browser that refuses to play sound (no one has
 * touched this screen yet) ends its turn at once, so the set's other clips still play.
 */
function ScreenPlayback({ url, onEnded }: { url: string; onEnded?: () => void }) {
  const element = useRef<HTMLAudioElement>(null);
  const ended = useRef(onEnded);
  ended.current = onEnded;
  useEffect(() => {
    element.current?.play().catch(() => ended.current?.());
  }, [url]);
  return <audio ref={element} src={url} onEnded={onEnded} data-testid="voice-playing" />;
}
