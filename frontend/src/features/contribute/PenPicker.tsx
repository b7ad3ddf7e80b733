import { useId } from 'react';
import { useTranslation } from '../../i18n';
import { PEN_COLORS, PEN_SIZES, type PenColor, type PenSize } from './drawingPens';

interface PenPickerProps {
  color: PenColor;
  size: PenSize;
  onColor(color: PenColor): void;
  onSize(size: PenSize): void;
}

/** The drawing pad's colours and sizes, as two groups of radio buttons drawn as swatches and dots. */
export function PenPicker({ color, size, onColor, onSize }: PenPickerProps) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div className="pen-picker">
      <fieldset className="pen-options">
        <legend className="visually-hidden">{t('contributePage.penColor')}</legend>
        {(Object.keys(PEN_COLORS) as PenColor[]).map((option) => (
          <label key={option} className="pen-option" title={t(`contributePage.penColors.${option}`)}>
            <input
              type="radio"
              className="visually-hidden"
              name={`${name}-color`}
              checked={color === option}
              onChange={() => onColor(option)}
            />
            <span className="pen-swatch" style={{ background: PEN_COLORS[option] }} aria-hidden="true" />
            <span className="visually-hidden">{t(`contributePage.penColors.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="pen-options">
        <legend className="visually-hidden">{t('contributePage.penSize')}</legend>
        {(Object.keys(PEN_SIZES) as PenSize[]).map((option) => (
          <label key={option} className="pen-option" title={t(`contributePage.penSizes.${option}`)}>
            <input
              type="radio"
              className="visually-hidden"
              name={`${name}-size`}
              checked={size === option}
              onChange={() => onSize(option)}
            />
            <span
              className="pen-dot"
              style={{ width: `${PEN_SIZES[option].maxWidth + 4}px`, height: `${PEN_SIZES[option].maxWidth + 4}px` }}
              aria-hidden="true"
            />
            <span className="visually-hidden">{t(`contributePage.penSizes.${option}`)}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
