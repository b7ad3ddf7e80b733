import { useId, useState, type KeyboardEvent } from 'react';
import type { PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { DrawingForm } from './DrawingForm';
import { MessageForm } from './MessageForm';
import { PhotoForm } from './PhotoForm';

type Tab = 'message' | 'photo' | 'drawing';
const TABS: readonly Tab[] = ['message', 'photo', 'drawing'];
const LABELS = { message: 'contributePage.tabMessage', photo: 'contributePage.tabPhoto', drawing: 'contributePage.tabDrawing' } as const;

/** Message, Photo and Drawing, one form at a time. */
export function ContributeTabs({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('message');
  const baseId = useId();
  const tabId = (name: Tab) => `${baseId}-${name}-tab`;
  const panelId = (name: Tab) => `${baseId}-${name}-panel`;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const step = e.key === 'ArrowRight' ? 1 : TABS.length - 1;
    const next = TABS[(TABS.indexOf(tab) + step) % TABS.length];
    setTab(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <>
      <div role="tablist" className="segmented" aria-label={t('contributePage.kinds')} onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={tabId(name)}
            aria-selected={tab === name}
            aria-controls={panelId(name)}
            tabIndex={tab === name ? 0 : -1}
            className="segment"
            onClick={() => setTab(name)}
          >
            {t(LABELS[name])}
          </button>
        ))}
      </div>
      {/* Not named after its tab: "Message" and "Photo" name the form fields. */}
      <div role="tabpanel" id={panelId(tab)}>
        {tab === 'message' && <MessageForm event={event} />}
        {tab === 'photo' && <PhotoForm event={event} />}
        {tab === 'drawing' && <DrawingForm event={event} />}
      </div>
    </>
  );
}
