import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DUE_BUCKET_LABELS, type DueBucket } from '../../../config/companyTime';
import { activityTypeName } from '../../activities/activityTypes';
import { textOn } from '../../generic/chipColors';
import type { DueItem } from '../../todos/dueItems.endpoints';
import { LightIcon } from './lightIcons';

/** The buckets Mein Tag shows: what is overdue and what is due today. */
const URGENT: readonly DueBucket[] = ['ueberfaellig', 'heute'];

/** dd.MM.yyyy of a company day (yyyy-MM-dd). */
export const germanDay = (day: string) => day.split('-').reverse().join('.');

/** "12", or "10 von 1.234" when only the first of a bucket's items are shown. */
const countText = (shown: number, all: number | undefined) =>
  all !== undefined && all > shown
    ? `${shown.toLocaleString('de-DE')} von ${all.toLocaleString('de-DE')}`
    : shown.toLocaleString('de-DE');

export interface LightTodoActions {
  markDone: (item: DueItem) => void;
  postponeBy: (item: DueItem, days: number) => void;
  /** A day of one's own choosing: the full app's date picker. */
  chooseDay: () => void;
  busy: string | null;
  /** Items changed without network, with what waits for them ("Erledigt – wartet"). */
  waiting: ReadonlyMap<string, string>;
}

/** The postpone menu's three items and the "Besuch erfassen" bar below the page (px). */
const MENU_ROOM = 3 * 48 + 16 + 88;

function PostponeButton({
  item,
  name,
  actions,
  disabled,
}: {
  item: DueItem;
  name: string;
  actions: LightTodoActions;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  // Opened upwards when the menu would reach under "Besuch erfassen" at the screen's bottom.
  const [upwards, setUpwards] = useState(false);
  const pick = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div style={{ position: 'relative' }}>
      <button
        type="button"
        className="mdl-iconbutton"
        aria-label={`${name} verschieben`}
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        onClick={(event) => {
          setUpwards(event.currentTarget.getBoundingClientRect().bottom + MENU_ROOM > window.innerHeight);
          setOpen((was) => !was);
        }}
      >
        <LightIcon name="postpone" />
      </button>
      {open && (
        <ul className="mdl-menu" role="menu" data-upwards={upwards || undefined}>
          <li role="none">
            <button type="button" role="menuitem" onClick={pick(() => actions.postponeBy(item, 1))}>
              +1 Tag
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={pick(() => actions.postponeBy(item, 7))}>
              +1 Woche
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={pick(actions.chooseDay)}>
              Datum wählen …
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

function Row({ item, actions }: { item: DueItem; actions: LightTodoActions }) {
  const name = item.kind === 'aktivitaet' ? activityTypeName(item.title) : item.title;
  const where = item.kind === 'vorgangLabel' ? 'Vorgang' : item.kind === 'kundeLabel' ? 'Kunde' : 'Aktivität';
  const waiting = actions.waiting.get(item.key);
  const busy = actions.busy === item.key;
  const disabled = busy || waiting !== undefined;
  return (
    <li className="mdl-row" data-key={item.key} data-busy={busy || undefined}>
      <button
        type="button"
        className="mdl-iconbutton mdl-done"
        aria-label={`${name} erledigt`}
        title={item.kind === 'aktivitaet' ? 'Erledigt' : 'Erledigt (Label entfernen)'}
        disabled={disabled}
        onClick={() => actions.markDone(item)}
      >
        <LightIcon name="done" />
      </button>
      <div className="mdl-row-body">
        <div className="mdl-row-head">
          <span className="mdl-caption">{where}</span>
          {item.kind === 'aktivitaet' ? (
            <span className="mdl-tag">{name}</span>
          ) : (
            <span
              className="mdl-tag"
              data-filled
              style={item.color ? { background: item.color, color: textOn(item.color) } : undefined}
            >
              {name}
            </span>
          )}
          <span className={`mdl-small ${item.bucket === 'ueberfaellig' ? 'mdl-overdue' : 'mdl-muted'}`}>
            fällig {germanDay(item.dueDate)}
          </span>
          {waiting && (
            <span className="mdl-tag" data-waiting>
              {waiting}
            </span>
          )}
        </div>
        <p className="mdl-small" style={{ marginTop: 4 }}>
          <Link to={`/crm/kunden/${item.customerId}/show`}>
            {item.customerName ?? `Kunde ${item.customerId}`}
          </Link>
          {item.vorgangId !== null && (
            <>
              {' · '}
              <Link to={`/crm/vorgang/${item.vorgangId}`}>
                {item.vorgangNumber} {item.vorgangTitle}
              </Link>
            </>
          )}
        </p>
        {item.note && <p className="mdl-small mdl-muted">{item.note}</p>}
      </div>
      <PostponeButton item={item} name={name} actions={actions} disabled={disabled} />
    </li>
  );
}

/** The overdue and today's todos (the first 10 of each), each done or moved with one tap. */
export function LightTodos({
  items,
  counts,
  perBucket,
  actions,
}: {
  items: readonly DueItem[];
  counts: Partial<Record<DueBucket, number>>;
  perBucket: number;
  actions: LightTodoActions;
}) {
  const buckets = URGENT.map((bucket) => ({
    bucket,
    shown: items.filter((item) => item.bucket === bucket).slice(0, perBucket),
  })).filter(({ shown }) => shown.length > 0);
  if (buckets.length === 0)
    return (
      <div className="mdl-paper" style={{ padding: 24 }}>
        <p className="mdl-muted">Nichts überfällig, nichts für heute. 🎉</p>
      </div>
    );
  return (
    <div>
      {buckets.map(({ bucket, shown }) => (
        <section
          key={bucket}
          className="mdl-paper mdl-bucket"
          aria-label={DUE_BUCKET_LABELS[bucket]}
          data-overdue={bucket === 'ueberfaellig' || undefined}
        >
          <h2>
            {DUE_BUCKET_LABELS[bucket]} ({countText(shown.length, counts[bucket])})
          </h2>
          <ul className="mdl-list" style={{ gap: 0 }}>
            {shown.map((item) => (
              <Row key={item.key} item={item} actions={actions} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
