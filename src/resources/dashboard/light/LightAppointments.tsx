import { Link } from 'react-router-dom';
import { formatCompanyDateTime } from '../../../config/companyTime';
import { activityTypeName } from '../../activities/activityTypes';
import { addressLine, mapsHref, telHref } from '../../kit/contactLinks';
import type { BesuchTarget } from '../BesuchDialog';
import { captureTarget } from '../captureTarget';
import type { Appointment, MyDayMeeting } from '../myDay.endpoints';
import { meetingTitle, myDayEntries } from '../myDayEntries';
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
        <WayThere address={address} phone={item.phone} />
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

/** The way to the customer and their phone, as buttons (nothing for what is missing). */
function WayThere({
  address,
  phone,
}: {
  address: string | null | undefined;
  phone: string | null | undefined;
}) {
  return (
    <>
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
      {phone && (
        <a className="mdl-button" href={telHref(phone)}>
          <LightIcon name="phone" />
          {phone}
        </a>
      )}
    </>
  );
}

/** A meeting with a customer in the seller's Outlook: when, what, the customer, the way there; moved in Outlook. */
function MeetingCard({ meeting, zone }: { meeting: MyDayMeeting; zone: string }) {
  const address = meeting.street || meeting.city ? addressLine(meeting) : meeting.location;
  const time = (instant: string) => formatCompanyDateTime(instant, zone).slice(-5);
  return (
    <li className="mdl-card" data-outlook>
      <p className="mdl-strong">
        {time(meeting.start)}–{time(meeting.end)} · {meetingTitle(meeting)}
      </p>
      <p className="mdl-customer">
        <Link to={`/crm/kunden/${meeting.customerId}/show`}>
          {meeting.customerName ?? `Kunde ${meeting.customerId}`}
        </Link>
      </p>
      <p className="mdl-muted mdl-small">Aus Outlook · dort verschieben</p>
      <div className="mdl-actions">
        <WayThere address={address} phone={meeting.phone} />
      </div>
    </li>
  );
}

/** Today's appointments and Outlook meetings with customers in time order, as Mein Tag shows them. */
export function LightAppointments({
  items,
  meetings,
  zone,
  onCapture,
}: {
  items: readonly Appointment[];
  meetings?: readonly MyDayMeeting[];
  zone: string;
  onCapture: (target: BesuchTarget) => void;
}) {
  const entries = myDayEntries(items, meetings);
  if (entries.length === 0) return <p className="mdl-muted">Heute keine Termine, Besuche oder Aufmaße.</p>;
  return (
    <ul className="mdl-list">
      {entries.map((entry) =>
        entry.kind === 'termin' ? (
          <AppointmentCard key={entry.item.id} item={entry.item} zone={zone} onCapture={onCapture} />
        ) : (
          <MeetingCard key={`outlook-${entry.meeting.eventId}`} meeting={entry.meeting} zone={zone} />
        ),
      )}
    </ul>
  );
}
