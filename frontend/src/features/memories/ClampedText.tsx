import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';

interface ClampedTextProps {
  text: string;
  className: string;
  lang?: string;
}

/**
 * A message on a wall's card: cut to a few lines by CSS (line-clamp), with "Read more" when that hides
 * something, which shows it all. Whether it does is measured, as only the layout knows (width, font, language).
 */
export function ClampedText({ text, className, lang }: ClampedTextProps) {
  const { t } = useTranslation();
  const id = useId();
  const paragraph = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = paragraph.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    // The card's width changes with the window (a phone turned): the text may fit, or no longer.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <>
      <p id={id} ref={paragraph} className={expanded ? className : `${className} memory-text-clamped`} lang={lang}>
        {text}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          className="memory-read-more"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('memoryCard.readLess') : t('memoryCard.readMore')}
        </button>
      )}
    </>
  );
}
