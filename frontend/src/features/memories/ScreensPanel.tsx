import { useEffect, useState, type FormEvent } from 'react';
import {
  DEFAULT_SCREEN_LAYOUT,
  SCREEN_COLUMNS,
  SCREEN_NAME_PATTERN,
  SCREEN_SPEEDS,
  type HostEvent,
  type HostMemory,
  type ScreenControlsChange,
  type ScreenLayout,
} from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { addPageTexts } from '../../i18n/lazy';
import { screensTexts } from '../../i18n/pages/screens';
import { useChangeScreensMutation, useUpdateEventMutation } from '../../api/hostEvents';
import { usePullBackMemoryMutation } from '../../api/memories';
import { showError, showSuccess } from '../../components/ui/toast';

addPageTexts('screens', screensTexts);

/** The delays a host picks from (seconds). */
export const SCREEN_DELAYS = [0, 10, 30, 60, 120, 300];

/**
 * The host's controls over every screen of the event at once (issue #27): hold, reveal mode, delay, and
 * the named screens' layouts. Each change is saved on the server, which tells every screen live.
 */
export function ScreensPanel({ event }: { event: HostEvent }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const [change, { isLoading }] = useChangeScreensMutation();
  const screens = event.screens;
  const save = async (body: ScreenControlsChange) => {
    try {
      await change({ eventId: event.id, ...body }).unwrap();
      showSuccess(t('screens.saved'));
    } catch {
      showError(t('screens.saveFailed'));
    }
  };
  const held = screens.heldSince !== null;

  return (
    <section className="memory-wall-section screens-panel" aria-labelledby="screens-title" data-testid="screens-panel">
      <h2 id="screens-title">{t('screens.title')}</h2>
      <p className="muted">{t('screens.intro')}</p>
      <div className="screens-controls">
        <div className="screens-control">
          <button
            type="button"
            className={held ? 'button' : 'button button-secondary'}
            aria-pressed={held}
            disabled={isLoading}
            onClick={() => void save({ held: !held })}
          >
            {held ? t('screens.release') : t('screens.hold')}
          </button>
          <p className="muted" data-testid="screens-hold-state">
            {held ? t('screens.heldSince', { time: dateTime(screens.heldSince) }) : t('screens.notHeld')}
          </p>
        </div>
        <div className="screens-control">
          {screens.comingSoon ? (
            <button
              type="button"
              className="button"
              disabled={isLoading}
              onClick={() => void save({ comingSoon: false })}
            >
              {t('screens.reveal')}
            </button>
          ) : (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={false}
                disabled={isLoading}
                onChange={() => void save({ comingSoon: true })}
              />
              {t('screens.comingSoonMode')}
            </label>
          )}
          {screens.comingSoon && <p className="muted">{t('screens.comingSoonOn')}</p>}
        </div>
        <label className="screens-control">
          <span>{t('screens.delay')}</span>
          <select
            value={screens.delaySeconds}
            disabled={isLoading}
            onChange={(e) => void save({ delaySeconds: Number(e.target.value) })}
          >
            {[...new Set([...SCREEN_DELAYS, screens.delaySeconds])]
              .sort((a, b) => a - b)
              .map((seconds) => (
                <option key={seconds} value={seconds}>
                  {seconds === 0 ? t('screens.delayNone') : t('screens.delaySeconds', { count: seconds })}
                </option>
              ))}
          </select>
        </label>
        {event.permissions.canEditTheme && <SoundSwitch event={event} />}
      </div>
      <NamedScreens event={event} save={save} busy={isLoading} />
    </section>
  );
}

/** Whether the screens play voice messages aloud (a wall setting, kept beside the other screen controls). */
function SoundSwitch({ event }: { event: HostEvent }) {
  const { t } = useTranslation();
  const [update, { isLoading }] = useUpdateEventMutation();
  const toggle = async (voiceOnScreens: boolean) => {
    try {
      await update({ id: event.id, voiceOnScreens }).unwrap();
      showSuccess(t('screens.soundSaved'));
    } catch {
      showError(t('screens.saveFailed'));
    }
  };
  return (
    <div className="screens-control">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={event.voiceOnScreens}
          disabled={isLoading}
          onChange={(e) => void toggle(e.target.checked)}
        />
        {t('screens.sound')}
      </label>
    </div>
  );
}

function NamedScreens({
  event,
  save,
  busy,
}: {
  event: HostEvent;
  save: (body: ScreenControlsChange) => Promise<void>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const layouts = event.screens.layouts;
  const names = Object.keys(layouts).sort();
  const setLayout = (screen: string, layout: ScreenLayout | null) => {
    const next = { ...layouts };
    if (layout) next[screen] = layout;
    else delete next[screen];
    return save({ layouts: next });
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    const screen = name.trim();
    if (!SCREEN_NAME_PATTERN.test(screen) || screen in layouts) return;
    void setLayout(screen, DEFAULT_SCREEN_LAYOUT).then(() => setName(''));
  };
  const link = (page: 'display' | 'presentation', screen: string) =>
    `/${page}/${encodeURIComponent(event.id)}?screen=${encodeURIComponent(screen)}`;

  return (
    <div className="named-screens">
      <h3>{t('screens.namedScreens')}</h3>
      <p className="muted">{t('screens.namedScreensIntro')}</p>
      {names.length === 0 && <p className="muted">{t('screens.noNamedScreens')}</p>}
      <ul className="named-screen-list">
        {names.map((screen) => {
          const layout = layouts[screen];
          const update = (fields: Partial<ScreenLayout>) => void setLayout(screen, { ...layout, ...fields });
          return (
            <li key={screen} className="named-screen" data-testid={`named-screen-${screen}`}>
              <strong>{screen}</strong>
              <label>
                <span>{t('screens.columns')}</span>
                <select
                  value={layout.columns ?? ''}
                  disabled={busy}
                  onChange={(e) => update({ columns: e.target.value ? Number(e.target.value) : null })}
                >
                  <option value="">{t('screens.columnsAuto')}</option>
                  {SCREEN_COLUMNS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <span>{t('screens.speed')}</span>
                <select
                  value={layout.speed ?? ''}
                  disabled={busy}
                  onChange={(e) => update({ speed: e.target.value ? Number(e.target.value) : null })}
                >
                  <option value="">{t('screens.speedDefault')}</option>
                  {SCREEN_SPEEDS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={layout.featuredOnly}
                  disabled={busy}
                  onChange={(e) => update({ featuredOnly: e.target.checked })}
                />
                {t('screens.featuredOnly')}
              </label>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={layout.photosOnly}
                  disabled={busy}
                  onChange={(e) => update({ photosOnly: e.target.checked })}
                />
                {t('screens.photosOnly')}
              </label>
              <span className="named-screen-links">
                <a href={link('display', screen)} target="_blank" rel="noreferrer">
                  {t('screens.openDisplay')}
                </a>
                <a href={link('presentation', screen)} target="_blank" rel="noreferrer">
                  {t('screens.openPresentation')}
                </a>
              </span>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => void setLayout(screen, null)}
              >
                {t('screens.removeScreen', { name: screen })}
              </button>
            </li>
          );
        })}
      </ul>
      <form className="named-screen-add" onSubmit={add}>
        <label>
          <span>{t('screens.screenName')}</span>
          <input
            value={name}
            maxLength={40}
            pattern="[A-Za-z0-9][A-Za-z0-9\-]*"
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button type="submit" className="button button-secondary" disabled={busy || !name.trim()}>
          {t('screens.addScreen')}
        </button>
      </form>
    </div>
  );
}

/** Seconds until a memory in its delay reaches the screens, ticking; 0 once it has. */
function useSecondsUntil(at: string | null): number {
  const left = () => (at ? Math.max(0, Math.ceil((new Date(at).getTime() - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!at) return;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at]);
  return seconds;
}

/** Under an approved memory still in its delay: when it reaches the screens, and Pull back meanwhile. */
export function DelayBar({ memory, eventId }: { memory: HostMemory; eventId: string }) {
  const { t } = useTranslation();
  const seconds = useSecondsUntil(memory.publicAt);
  const [pullBack, { isLoading }] = usePullBackMemoryMutation();
  if (seconds <= 0) return null;
  const onPullBack = async () => {
    try {
      await pullBack({ id: memory.id, eventId }).unwrap();
      showSuccess(t('screens.pulledBack'), t('screens.pulledBackText'));
    } catch {
      showError(t('screens.pullBackFailed'));
    }
  };
  return (
    <div className="delay-bar" data-testid="delay-bar">
      <span>{t('screens.inDelay', { count: seconds })}</span>
      <button type="button" className="button button-secondary" disabled={isLoading} onClick={() => void onPullBack()}>
        {t('screens.pullBack')}
      </button>
    </div>
  );
}
