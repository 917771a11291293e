import { notFound } from '../platform/http/apiError';

/** One answer for unknown, expired, withdrawn, replaced and decided links: the page tells a guesser nothing. */
export const invalidOfferLink = () =>
  notFound(
    'Dieser Angebots-Link ist nicht mehr gültig: Das Angebot ist abgelaufen, wurde ersetzt oder schon beantwortet. Bitte wenden Sie sich an Ihren Ansprechpartner.',
  );
