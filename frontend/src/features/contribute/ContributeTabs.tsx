import { useState } from 'react';
import type { PublicEvent } from '@memory-wall/contracts';
import { Tabs } from '../../components/ui/Tabs';
import { useTranslation } from '../../i18n';
import { DrawingForm } from './DrawingForm';
import { MessageForm } from './MessageForm';
import { PhotoForm } from './PhotoForm';
import { VideoForm } from './VideoForm';

type Tab = 'message' | 'photo' | 'video' | 'drawing';
const LABELS = {
  message: 'contributePage.tabMessage',
  photo: 'contributePage.tabPhoto',
  video: 'contributePage.tabVideo',
  drawing: 'contributePage.tabDrawing',
} as const;

/** Message, Photo, Video (where the event takes clips) and Drawing, one form at a time. */
export function ContributeTabs({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('message');
  const names: Tab[] = event.allowVideo ? ['message', 'photo', 'video', 'drawing'] : ['message', 'photo', 'drawing'];
  const tabs = names.map((name) => ({ id: name, label: t(LABELS[name]) }));

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
      {tab === 'video' && event.allowVideo && <VideoForm event={event} />}
      {tab === 'drawing' && <DrawingForm event={event} />}
    </Tabs>
  );
}
