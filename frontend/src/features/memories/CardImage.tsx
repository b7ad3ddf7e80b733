import { useTranslation } from '../../i18n';
import type { ResponsiveImage } from './memoryContent';

/** A card's picture (a photo, a drawing, a clip's poster), or a placeholder while the server still makes it. */
export function CardImage({ image, alt, sizes }: { image: ResponsiveImage; alt: string; sizes: string }) {
  const { t } = useTranslation();
  if (!image.url)
    return <div className="memory-image-pending" role="img" aria-label={t('memoryCard.imageProcessing')} />;
  return (
    <img
      src={image.url}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      alt={alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
    />
  );
}
