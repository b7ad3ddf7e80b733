import { useState } from 'react';
import { KEEPSAKE_KINDS, KeepsakeStatus, type KeepsakeView } from '@memory-wall/contracts';
import { errorMessage } from '../../api/api';
import { useBuildKeepsakesMutation, useGetKeepsakesQuery, useKeepsakeLinkMutation } from '../../api/keepsakes';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { addPageTexts } from '../../i18n/lazy';
import { keepsakesTexts } from '../../i18n/pages/keepsakes';

addPageTexts('keepsakes', keepsakesTexts);

// At least 0.1: a small book still has a size worth showing.
const megabytes = (bytes: number) => Math.max(0.1, bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0);

/**
 * The event dashboard's keepsake section (hosts only): build (again), each keepsake's progress live from the
 * hosts' feed, and its download through a short-lived link the server makes on click.
 */
export function KeepsakePanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { data } = useGetKeepsakesQuery(eventId);
  const keepsakes = data?.keepsakes ?? [];
  const format = useFormat();
  const [build, building] = useBuildKeepsakesMutation();
  const [buildError, setBuildError] = useState<string | null>(null);
  const ordered = KEEPSAKE_KINDS.map((kind) => keepsakes.find((k) => k.kind === kind)).filter((k): k is KeepsakeView =>
    Boolean(k),
  );

  const requestBuild = async () => {
    setBuildError(null);
    const result = await build(eventId);
    if ('error' in result) setBuildError(errorMessage(result.error) ?? t('keepsakes.buildFailed'));
  };

  return (
    <section className="card ev-keepsake" aria-labelledby="ev-keepsake-title">
      <h2 id="ev-keepsake-title">{t('keepsakes.title')}</h2>
      <p className="muted">{t('keepsakes.intro')}</p>
      {data?.mediaDeletesAt && (
        <p className="ev-keepsake-deletes" data-testid="media-deletes">
          {t('keepsakes.mediaDeletes', { date: format.date(data.mediaDeletesAt) })}
        </p>
      )}
      {ordered.length === 0 && <p>{t('keepsakes.none')}</p>}
      {ordered.length > 0 && (
        <ul className="ev-keepsake-list">
          {ordered.map((keepsake) => (
            <KeepsakeRow key={keepsake.id} keepsake={keepsake} />
          ))}
        </ul>
      )}
      <div className="ev-keepsake-actions">
        <button type="button" className="button" disabled={building.isLoading} onClick={() => void requestBuild()}>
          {building.isLoading
            ? t('keepsakes.requesting')
            : ordered.length
              ? t('keepsakes.rebuild')
              : t('keepsakes.build')}
        </button>
        {buildError && (
          <p className="field-error" role="alert">
            {buildError}
          </p>
        )}
      </div>
    </section>
  );
}

function KeepsakeRow({ keepsake }: { keepsake: KeepsakeView }) {
  const { t } = useTranslation();
  const [link, linking] = useKeepsakeLinkMutation();
  const [linkError, setLinkError] = useState<string | null>(null);
  const name = t(`keepsakes.kind.${keepsake.kind}`);
  const active = keepsake.status === KeepsakeStatus.Queued || keepsake.status === KeepsakeStatus.Building;

  const download = async () => {
    setLinkError(null);
    const result = await link({ eventId: keepsake.eventId, keepsakeId: keepsake.id });
    if ('error' in result) return setLinkError(errorMessage(result.error) ?? t('keepsakes.downloadFailed'));
    // The file is an attachment: the page stays, and the browser's download can resume by itself.
    window.location.assign(result.data.url);
  };

  return (
    <li className="ev-keepsake-row" data-kind={keepsake.kind} data-status={keepsake.status}>
      <div className="ev-keepsake-head">
        <strong>{name}</strong>
        <span className={`badge ev-keepsake-${keepsake.status}`}>
          {t(`keepsakes.status.${keepsake.status}`, { progress: keepsake.progress })}
        </span>
      </div>
      {active && <progress max={100} value={keepsake.progress} aria-label={name} />}
      {keepsake.status === KeepsakeStatus.Failed && keepsake.error && <p className="field-error">{keepsake.error}</p>}
      {keepsake.status === KeepsakeStatus.Ready && (
        <div className="ev-keepsake-ready">
          {keepsake.size !== null && (
            <span className="muted">{t('keepsakes.size', { size: megabytes(keepsake.size) })}</span>
          )}
          <button
            type="button"
            className="button button-secondary ev-small"
            disabled={linking.isLoading}
            aria-label={`${t('keepsakes.download')}: ${name}`}
            onClick={() => void download()}
          >
            {t('keepsakes.download')}
          </button>
        </div>
      )}
      {keepsake.missing.length > 0 && (
        <p className="field-hint">{t('keepsakes.missing', { count: keepsake.missing.length })}</p>
      )}
      {linkError && (
        <p className="field-error" role="alert">
          {linkError}
        </p>
      )}
    </li>
  );
}
