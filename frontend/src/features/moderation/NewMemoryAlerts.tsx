import { useEffect, useRef, useState } from 'react';
import { LiveMessageType, type HostMemory, type LiveMessage } from '@memory-wall/contracts';
import { subscribeLive } from '../../api/live';
import { useTranslation } from '../../i18n';
import { addPageTexts } from '../../i18n/lazy';
import { moderationTexts } from '../../i18n/pages/moderation';

addPageTexts('moderationPage', moderationTexts);

/** What a host chose on this device: both off until they opt in. */
export interface AlertChoice {
  sound: boolean;
  notify: boolean;
}

export const ALERTS_STORAGE_KEY = 'mw.newMemoryAlerts';
const NONE: AlertChoice = { sound: false, notify: false };

function storedChoice(): AlertChoice {
  try {
    const stored = JSON.parse(localStorage.getItem(ALERTS_STORAGE_KEY) ?? 'null') as Partial<AlertChoice> | null;
    return { sound: stored?.sound === true, notify: stored?.notify === true };
  } catch {
    return NONE;
  }
}

let audio: AudioContext | null = null;

/** A short two-note chime, made by the browser (no file to download). */
export function playChime(): void {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  audio ??= new Context();
  void audio.resume();
  const start = audio.currentTime;
  [880, 1320].forEach((frequency, i) => {
    const tone = audio!.createOscillator();
    const volume = audio!.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + i * 0.15);
    volume.gain.exponentialRampToValueAtTime(0.3, start + i * 0.15 + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.15 + 0.4);
    tone.connect(volume).connect(audio!.destination);
    tone.start(start + i * 0.15);
    tone.stop(start + i * 0.15 + 0.45);
  });
}

/** A new memory for the hosts to decide on: the hosts' feed announces it once it is held. */
function newPending(message: LiveMessage): HostMemory | null {
  if (message.type !== LiveMessageType.NewMemory || !('approved' in message.memory)) return null;
  const memory = message.memory as HostMemory;
  return !memory.approved && !memory.flagged ? memory : null;
}

/**
 * Opt-in alerts for a new memory to review (issue #27): a chime and/or a browser notification, driven by the
 * hosts' live feed. Off by default; the choice is remembered on this device; the browser is asked for
 * permission to notify only when the host ticks that box. A notification shows while the page is not in
 * focus (in focus, the memory appears in the list); the chime plays either way.
 */
export function NewMemoryAlerts({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<AlertChoice>(storedChoice);
  const [problem, setProblem] = useState<string | null>(null);
  const current = useRef(choice);
  current.current = choice;

  useEffect(() => {
    if (!choice.sound && !choice.notify) return;
    const alerted = new Set<string>();
    return subscribeLive(eventId, {
      onMessage: (message) => {
        const memory = newPending(message);
        if (!memory || alerted.has(memory.id)) return;
        alerted.add(memory.id);
        if (current.current.sound) playChime();
        if (current.current.notify && !document.hasFocus() && Notification.permission === 'granted')
          new Notification(t('moderationPage.notificationTitle'), {
            body: t('moderationPage.notificationBody', { author: memory.author || t('moderationPage.anonymous') }),
            tag: memory.id,
          });
      },
      onConnectionChange: () => {},
      onJoined: () => {},
      onCatchUp: () => {},
    });
  }, [eventId, choice.sound, choice.notify, t]);

  const choose = (next: AlertChoice) => {
    setChoice(next);
    localStorage.setItem(ALERTS_STORAGE_KEY, JSON.stringify(next));
  };

  const toggleSound = (on: boolean) => {
    if (on) playChime(); // a sample, which also lets the page play sound from now on
    choose({ ...choice, sound: on });
  };

  const toggleNotify = async (on: boolean) => {
    setProblem(null);
    if (!on) return choose({ ...choice, notify: false });
    if (typeof Notification === 'undefined') return setProblem(t('moderationPage.notifyUnsupported'));
    const permission =
      Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission !== 'granted') return setProblem(t('moderationPage.notifyBlocked'));
    choose({ ...choice, notify: true });
  };

  return (
    <fieldset className="mod-alerts">
      <legend>{t('moderationPage.alertsTitle')}</legend>
      <label className="mod-check">
        <input type="checkbox" checked={choice.sound} onChange={(e) => toggleSound(e.target.checked)} />
        {t('moderationPage.alertSound')}
      </label>
      <label className="mod-check">
        <input type="checkbox" checked={choice.notify} onChange={(e) => void toggleNotify(e.target.checked)} />
        {t('moderationPage.alertNotify')}
      </label>
      {problem && (
        <p className="mod-alerts-problem" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
