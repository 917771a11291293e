/**
 * The weighted pipeline, one rule for the board's server, its optimistic moves and the
 * dashboard. A card's value is its Beleg's Summe netto once the ERP sent one, before that the seller's estimate
 * ("geschätzt"; an open Vorgang is an Anfrage exactly while it has no Beleg). A column weighs its cards' values
 * with its Eigener Status' win probability; a card with an Auftrag is won and counts in full.
 * "Erwartet in diesem Quartal": the weighted values of the open Vorgänge (Anfrage, Angebot: neither won nor
 * lost) whose expected order day (the seller's, kept with a Beleg too) lies in the company's current quarter.
 * Aufträge already came in, so they are no longer expected.
 */

/** The win probability of the column "Ohne Status" (cards nobody has placed yet), in percent. */
export const NO_STATUS_WIN_PROBABILITY = 10;

/** The company quarter of a day (yyyy-MM-dd): its first and last day and its German name ("4. Quartal 2026"). */
export function quarterOf(day: string): { start: string; end: string; label: string } {
  const year = Number(day.slice(0, 4));
  const quarter = Math.floor((Number(day.slice(5, 7)) - 1) / 3);
  const firstMonth = quarter * 3 + 1;
  const lastMonth = firstMonth + 2;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    start: `${year}-${pad(firstMonth)}-01`,
    end: `${year}-${pad(lastMonth)}-${pad(lastDay)}`,
    label: `${quarter + 1}. Quartal ${year}`,
  };
}

/** A column's weighted sum: won cards in full, the others at the column's win probability (whole cents). */
export const weightedCents = (sumCents: number, wonCents: number, winProbability: number): number =>
  wonCents + Math.round(((sumCents - wonCents) * winProbability) / 100);

/** A column's part of "Erwartet in diesem Quartal": its open cards expected this quarter, weighted. */
export const quarterWeightedCents = (quarterCents: number, winProbability: number): number =>
  Math.round((quarterCents * winProbability) / 100);

/**
 * The Eigener Status a Vorgang shows in the lists: a step of the open pipeline, so none once it is lost
 * (Verloren is then its state, and the step it was on before says nothing any more).
 */
export const pipelineStepOf = <S>(vorgang: { systemStatus: string; customStatus: S | null }): S | null =>
  vorgang.systemStatus === 'verloren' ? null : vorgang.customStatus;
