import { sql, type RawBuilder } from 'kysely';
import { CUSTOMER_ACTOR } from './sellerTodo';

/**
 * What the customer did with an online offer, as timeline entries (customer and Vorgang): the first opening of
 * each link, Rückfrage, Ablehnung and Annahme, and a link the seller withdrew. `where` filters `l` (offer_link).
 * Later openings and links replaced by a newer offer only show on the seller's panel: the history would bury
 * the answers under them (the newer offer's mail stands in the history anyway).
 */
export function offerTimelineEntries(where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
      SELECT 'angebot' AS kind, e.id, e.at, CASE WHEN e.kind = 'zurueckgezogen' THEN NULL ELSE e.message END AS text,
        coalesce(e.actor, ${CUSTOMER_ACTOR.name}) AS author, 1 AS version, false AS own,
        jsonb_build_object('event', e.kind, 'beleg', b.beleg_number, 'vorgang', v.vorgang_number) AS details
      FROM offer_link_event e JOIN offer_link l ON l.id = e.offer_link_id
      JOIN beleg b ON b.id = l.beleg_id JOIN vorgang v ON v.id = l.vorgang_id
      WHERE ${where} AND (e.kind IN ('angenommen', 'abgelehnt', 'rueckfrage')
        OR (e.kind = 'zurueckgezogen' AND l.state = 'zurueckgezogen')
        OR e.id = (SELECT min(f.id) FROM offer_link_event f WHERE f.offer_link_id = l.id AND f.kind = 'geoeffnet'))`;
}
