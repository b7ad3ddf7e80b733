import { useState } from 'react';
import type { PublicEvent } from '@memory-wall/contracts';
import { Tabs } from '../../components/ui/Tabs';
import { useTranslation } from '../../i18n';
import { DrawingForm } from './DrawingForm';
import { MessageForm } from './MessageForm';
import { PhotoForm } from './PhotoForm';

type Tab = 'message' | 'photo' | 'drawing';
const TABS: readonly Tab[] = ['message', 'photo', 'drawing'];
const LABELS = {
  message: 'contributePage.tabMessage',
  photo: 'contributePage.tabPhoto',
  drawing: 'contributePage.tabDrawing',
} as const;

/** Message, Photo and Drawing, one form at a time. */
export function ContributeTabs({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('message');
  const tabs = TABS.map((name) => ({ id: name, label: t(LABELS[name]) }));

  return (
    // The panel is not named after its tab: "Message" and "Photo" name the form fields.
    <Tabs
      label={t('contributePage.kinds')}
      tabs={tabs}
      selected={tab}
      onSelect={setTab}
      className="segmented"
      panelClassName=""
      unnamedPanel
    >
      {tab === 'message' && <MessageForm event={event} />}
      {tab === 'photo' && <PhotoForm event={event} />}
      {tab === 'drawing' && <DrawingForm event={event} />}
    </Tabs>
  );
}
