import { useEffect, useState, type ComponentType } from 'react';
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
 * with the Message form only, so a guest on a slow phone connection downloads only what they use. Venue
 * networks drop: a form that could not load says so and offers to try again (React.lazy would keep the
 * failure and take the whole page down with it).
 */
export function formOnDemand(load: () => Promise<ComponentType<FormProps>>) {
  let loaded: ComponentType<FormProps> | undefined;
  let loading: Promise<ComponentType<FormProps>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a later try may find the network back
        throw error;
      },
    ));
  function Form(props: FormProps) {
    const { t } = useTranslation();
    // Set once: a form that arrives while shown is mounted once, and keeps what the guest typed.
    const [Component, setComponent] = useState(() => loaded);
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (Component) return;
      let current = true;
      preload().then(
        (component) => current && setComponent(() => component),
        () => current && setFailed(true),
      );
      return () => {
        current = false;
      };
    }, [Component, attempt]);
    if (Component) return <Component {...props} />;
    if (!failed) return <Spinner />;
    return (
      <div role="alert">
        <p>{t('contributePage.formUnavailable')}</p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          {t('contributePage.tryAgain')}
        </button>
      </div>
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
