import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { showError } from '../../components/ui/toast';
import { customersTexts } from '../../i18n/pages/customers';
import { addPageTexts } from '../../i18n/lazy';

addPageTexts('customers', customersTexts);

/** Spec §9: how long 'Copied' shows after a copy. */
export const COPIED_MS = 2000;

interface Props {
  text: string;
  /** Accessible name while idle (e.g. 'Copy PIN'); the button reads 'Copied' for 2 s after a copy. */
  label: string;
}

/** Copies `text` to the clipboard, confirms with 'Copied' for 2 s, or says 'Failed to copy'. */
export function CopyButton({ text, label }: Props) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
    } catch {
      showError(t('customers.copyFailed'));
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <button
      type="button"
      className="button button-secondary ev-small"
      onClick={copy}
      aria-label={copied ? t('customers.copied') : label}
    >
      {copied ? t('customers.copied') : t('customers.copy')}
    </button>
  );
}
