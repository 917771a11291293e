import { Link } from 'react-router-dom';
import { formatCompanyDateTime } from '../../../config/companyTime';
import { activityTypeName } from '../../activities/activityTypes';
import { addressLine, mapsHref, telHref } from '../../kit/contactLinks';
import type { BesuchTarget } from '../BesuchDialog';
import { captureTarget } from '../captureTarget';
import type { Appointment } from '../myDay.endpoints';
import { LightIcon } from './lightIcons';

/** One of today's Termine, Besuche, Aufmaße: the time, the customer, the way there, the phone, "Erfassen". */
function AppointmentCard({
  item,
  zone,
  onCapture,
}: {
  item: Appointment;
  zone: string;
  onCapture: (target: BesuchTarget) => void;
}) {
  const address = addressLine(item);
  return (
    <li className="mdl-card" data-done={item.done || undefined}>
      <p className="mdl-strong">
        {formatCompanyDateTime(item.activityDate, zone).slice(-5)} · {activityTypeName(item.activityType)}
        {item.done ? ' (erledigt)' : ''}
      </p>
      <p className="mdl-customer">
        <Link to={`/crm/kunden/${item.customerId}/show`}>
          {item.customerName ?? `Kunde ${item.customerId}`}
        </Link>
        {/* The Vorgang the visit is for, one tap away as the customer is. */}
        {item.vorgangId !== null && (
          <>
            {' · '}
            <Link to={`/crm/vorgang/${item.vorgangId}`}>
              {item.vorgangNumber ?? `Vorgang ${item.vorgangId}`}
            </Link>
          </>
        )}
      </p>
      {(item.reason || item.note) && (
        <p className="mdl-muted mdl-small">{[item.reason, item.note].filter(Boolean).join(' · ')}</p>
      )}
      <div className="mdl-actions">
        {address && (
          <a
            className="mdl-button"
            href={mapsHref(address, navigator.userAgent)}
            target="_blank"
            rel="noopener"
          >
            <LightIcon name="place" />
            <span className="mdl-wrap">{address}</span>
          </a>
        )}
        {item.phone && (
          <a className="mdl-button" href={telHref(item.phone)}>
            <LightIcon name="phone" />
            {item.phone}
          </a>
        )}
        <button
          type="button"
          className="mdl-button mdl-button-text"
          onClick={() => onCapture(captureTarget(item))}
        >
          Erfassen
        </button>
      </div>
    </li>
  );
}

/** Today's appointments in time order, as Mein Tag shows them. */
export function LightAppointments({
  items,
  zone,
  onCapture,
}: {
  items: readonly Appointment[];
  zone: string;
  onCapture: (target: BesuchTarget) => void;
}) {
  if (items.length === 0) return <p className="mdl-muted">Heute keine Termine, Besuche oder Aufmaße.</p>;
  return (
    <ul className="mdl-list">
      {items.map((item) => (
        <AppointmentCard key={item.id} item={item} zone={zone} onCapture={onCapture} />
      ))}
    </ul>
  );
}
