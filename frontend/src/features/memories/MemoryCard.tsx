import { MemoryType, type PublicMemory } from '@memory-wall/contracts';
import { useTranslation } from 'react-i18next';
import { isMostlyChinese, photoOf } from './memoryContent';

/** One memory as the venue screens show it: the content and 'From {author}'. */
export function MemoryCard({ memory }: { memory: PublicMemory }) {
  const { t } = useTranslation();
  return (
    <article className="memory-card" data-testid="memory-card">
      {memory.title && <h2 className="memory-title">{memory.title}</h2>}
      <MemoryBody memory={memory} />
      <p className="memory-author">{t('display.from', { author: memory.author })}</p>
    </article>
  );
}

function MemoryBody({ memory }: { memory: PublicMemory }) {
  if (memory.type === MemoryType.Photo) {
    const { url, caption } = photoOf(memory);
    return (
      <figure className="memory-photo">
        <img src={url} alt={caption ?? ''} loading="lazy" />
        {caption && <figcaption>{caption}</figcaption>}
      </figure>
    );
  }
  if (memory.type === MemoryType.Drawing) {
    return <img className="memory-drawing" src={memory.content} alt="" loading="lazy" />;
  }
  const chinese = isMostlyChinese(memory.content);
  return (
    <p className={chinese ? 'memory-text memory-text-zh' : 'memory-text'} lang={chinese ? 'zh' : undefined}>
      {memory.content}
    </p>
  );
}
