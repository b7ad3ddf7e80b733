import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import { useSubmitDrawingMutation } from '../../api/submissions';
import { TextField } from '../../components/ui/TextField';
import { NameField } from './NameField';
import { showError } from '../../components/ui/toast';
import { pickFieldErrors, useFormFields, type FieldErrors } from '../../components/ui/useFormFields';
import { DrawingPad, type DrawingPadHandle } from './DrawingPad';
import { DEFAULT_PEN, type PenColor, type PenSize } from './drawingPens';
import { PenPicker } from './PenPicker';
import { addPageTexts } from '../../i18n/lazy';
import { contributeMediaTexts } from '../../i18n/pages/contributeMedia';

addPageTexts('contributePage', contributeMediaTexts);

type Field = 'name' | 'title';
const SERVER_FIELDS: Record<Field | 'content', readonly string[]> = {
  name: ['name'],
  title: ['title'],
  content: ['content'],
};

/** A drawing on the pad, sent as a PNG data URL (spec §5 Drawing submission). */
export function DrawingForm({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const pad = useRef<DrawingPadHandle>(null);
  const [submitDrawing, { isLoading }] = useSubmitDrawingMutation();
  const { values, setErrors, field } = useFormFields<Field>({ name: '', title: '' });
  const [drawingError, setDrawingError] = useState<string>();
  const [color, setColor] = useState<PenColor>(DEFAULT_PEN.color);
  const [size, setSize] = useState<PenSize>(DEFAULT_PEN.size);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid: FieldErrors<Field> = {};
    if (!values.name.trim()) invalid.name = t('contribute.nameRequired');
    const empty = pad.current?.isEmpty() ?? true;
    setErrors(invalid);
    setDrawingError(empty ? t('contributePage.drawingRequired') : undefined);
    if (invalid.name || empty) return;

    try {
      await submitDrawing({
        eventId: event.id,
        name: values.name.trim(),
        title: values.title.trim() || undefined,
        content: pad.current!.toDataURL(),
      }).unwrap();
      void navigate(`/thank-you?event=${encodeURIComponent(event.slug)}`);
    } catch (error) {
      const { content, ...fieldProblems } = pickFieldErrors(errorFields(error), SERVER_FIELDS);
      if (content) setDrawingError(content);
      if (Object.keys(fieldProblems).length > 0) setErrors(fieldProblems);
      else if (!content) showError(t('contributePage.drawingError'), errorMessage(error) ?? t('common.unknownError'));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <NameField {...field('name')} />
      <div className="field">
        <span className="field-label" id={`${id}-label`}>
          {t('contributePage.drawingLabel')}
        </span>
        <p className="field-hint" id={`${id}-hint`}>
          {t('contributePage.drawingHint')}
        </p>
        <PenPicker color={color} size={size} onColor={setColor} onSize={setSize} />
        <DrawingPad
          ref={pad}
          color={color}
          size={size}
          label={t('contributePage.drawingLabel')}
          describedBy={`${id}-hint${drawingError ? ` ${id}-error` : ''}`}
          invalid={!!drawingError}
          onDraw={() => setDrawingError(undefined)}
        />
        {drawingError && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {drawingError}
          </p>
        )}
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={() => pad.current?.undo()}>
            {t('contributePage.undoStroke')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => pad.current?.clear()}>
            {t('contributePage.clearDrawing')}
          </button>
        </div>
      </div>
      <TextField
        label={t('contribute.titleLabel')}
        placeholder={t('contribute.titlePlaceholder')}
        {...field('title')}
      />
      <button type="submit" className="button" disabled={isLoading}>
        {isLoading ? t('common.submitting') : t('common.submit')}
      </button>
    </form>
  );
}
