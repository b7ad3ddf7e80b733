import { useTranslation } from '../../i18n';
import { useGetHostMemoriesQuery } from '../../api/memories';
import { Spinner } from '../../components/ui/Spinner';
import { MemoryCard } from '../memories/MemoryCard';

/** Beside a host's contribute form: what is on the wall now, kept current by the live feed. */
export function HostMemoriesPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { data: memories = [], isLoading, isError } = useGetHostMemoriesQuery({ eventId, filter: 'approved' });
  if (isError) return null; // not this host's event: the form still works
  return (
    <section className="contribute-wall" aria-labelledby="contribute-wall-title">
      <h2 id="contribute-wall-title">{t('contributePage.onTheWall')}</h2>
      {isLoading ? (
        <Spinner />
      ) : memories.length === 0 ? (
        <p className="muted">{t('contributePage.noneYet')}</p>
      ) : (
        <div className="contribute-wall-list">
          {memories.map((memory) => (
            <MemoryCard key={memory.id} memory={memory} variant="normal" />
          ))}
        </div>
      )}
    </section>
  );
}
