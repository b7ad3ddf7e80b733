import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { PublicEvent } from '@memory-wall/contracts';
import { Spinner } from '../../components/ui/Spinner';
import { Tabs } from '../../components/ui/Tabs';
import { useTranslation } from '../../i18n';
import { MessageForm } from './MessageForm';

type Tab = 'message' | 'photo' | 'video' | 'voice' | 'drawing';
const LABELS = {
  message: 'contributePage.tabMessage',
  photo: 'contributePage.tabPhoto',
  video: 'contributePage.tabVideo',
  voice: 'contributePage.tabVoice',
  drawing: 'contributePage.tabDrawing',
} as const;

type FormProps = { event: PublicEvent };

/**
 * A form whose code loads when a guest reaches for its tab (see Tabs' onIntent) or opens it: the page comes
 * with the Message form only, so a guest on a slow phone connection downloads only what they use.
 */
function formOnDemand(load: () => Promise<ComponentType<FormProps>>) {
  let loaded: ComponentType<FormProps> | undefined;
  let loading: Promise<{ default: ComponentType<FormProps> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: (loaded = component) }),
      (error: unknown) => {
        loading = undefined; // a later try may find the network back
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Form(props: FormProps) {
    // Chosen once per mount: a form that arrives while shown must not be mounted again (and lose its input).
    const [Component] = useState<ComponentType<FormProps>>(() => loaded ?? Lazy);
    return (
      <Suspense fallback={<Spinner />}>
        <Component {...props} />
      </Suspense>
    );
  }
  return { Form, preload };
}

const FORMS = {
  photo: formOnDemand(() => import('./PhotoForm').then((m) => m.PhotoForm)),
  video: formOnDemand(() => import('./VideoForm').then((m) => m.VideoForm)),
  voice: formOnDemand(() => import('./VoiceForm').then((m) => m.VoiceForm)),
  drawing: formOnDemand(() => import('./DrawingForm').then((m) => m.DrawingForm)),
};

const preloadForm = (tab: Tab) => {
  if (tab !== 'message') void FORMS[tab].preload().catch(() => undefined); // opening the tab tries again
};

/** Message, Photo, Video and Voice (where the event takes them) and Drawing, one form at a time. */
export function ContributeTabs({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('message');
  const names = (['message', 'photo', 'video', 'voice', 'drawing'] as const).filter(
    (name) => (name !== 'video' || event.allowVideo) && (name !== 'voice' || event.allowVoice),
  );
  const tabs = names.map((name) => ({ id: name, label: t(LABELS[name]) }));
  const { Form: PhotoForm } = FORMS.photo;
  const { Form: VideoForm } = FORMS.video;
  const { Form: VoiceForm } = FORMS.voice;
  const { Form: DrawingForm } = FORMS.drawing;

  return (
    // The panel is not named after its tab: "Message" and "Photo" name the form fields.
    <Tabs
      label={t('contributePage.kinds')}
      tabs={tabs}
      selected={tab}
      onSelect={setTab}
      onIntent={preloadForm}
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
