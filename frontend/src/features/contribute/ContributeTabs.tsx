import { useState } from 'react';
import type { PublicEvent } from '@memory-wall/contracts';
import { Tabs } from '../../components/ui/Tabs';
import { useTranslation } from '../../i18n';
import { DrawingForm } from './DrawingForm';
import { MessageForm } from './MessageForm';
import { PhotoForm } from './PhotoForm';
import { VideoForm } from './VideoForm';
import { VoiceForm } from './VoiceForm';

type Tab = 'message' | 'photo' | 'video' | 'voice' | 'drawing';
const LABELS = {
  message: 'contributePage.tabMessage',
  photo: 'contributePage.tabPhoto',
  video: 'contributePage.tabVideo',
  voice: 'contributePage.tabVoice',
  drawing: 'contributePage.tabDrawing',
} as const;

/** Message, Photo, Video and Voice (where the event takes them) and Drawing, one form at a time. */
export function ContributeTabs({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('message');
  const names = (['message', 'photo', 'video', 'voice', 'drawing'] as const).filter(
    (name) => (name !== 'video' || event.allowVideo) && (name !== 'voice' || event.allowVoice),
  );
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
      {tab === 'voice' && event.allowVoice && <VoiceForm event={event} />}
      {tab === 'drawing' && <DrawingForm event={event} />}
    </Tabs>
  );
}
