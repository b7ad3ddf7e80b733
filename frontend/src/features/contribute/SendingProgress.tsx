import { useId } from 'react';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { useTranslation } from '../../i18n';
import type { Sending } from './useFileSubmission';

/** A clip's or a recording's way up: a bar with the percent sent, named by what is happening in words. */
export function SendingProgress({ sending, uploading }: { sending: Sending; uploading: (percent: number) => string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { percent } = sending;
  return (
    <div className="upload-progress">
      <p id={labelId} className="field-hint" role="status">
        {sending.step === 'retrying' ? t('contributePage.uploadRetrying') : uploading(percent)}
      </p>
      <ProgressBar percent={percent} labelledBy={labelId} />
    </div>
  );
}
