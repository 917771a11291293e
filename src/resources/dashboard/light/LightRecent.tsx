import { Link } from 'react-router-dom';
import type { recentlyOpened } from '../../kit/openedRecords';

/** "Zuletzt geöffnet": the customers and Vorgänge opened lately on this device, newest first. */
export function LightRecent({ recent }: { recent: ReturnType<typeof recentlyOpened> }) {
  return (
    <section className="mdl-section" aria-label="Zuletzt geöffnet">
      <h2>Zuletzt geöffnet</h2>
      {recent.length === 0 ? (
        <p className="mdl-muted">Noch nichts geöffnet.</p>
      ) : (
        <ul className="mdl-paper mdl-list mdl-recent" style={{ gap: 0 }}>
          {recent.map((record) => (
            <li key={`${record.kind}:${record.id}`}>
              <Link
                to={record.kind === 'kunde' ? `/crm/kunden/${record.id}/show` : `/crm/vorgang/${record.id}`}
              >
                {record.title}
              </Link>
              <p className="mdl-small mdl-muted">{record.kind === 'kunde' ? 'Kunde' : 'Vorgang'}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
