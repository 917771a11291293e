import type { ResultOf } from '../../api/endpoint';
import type { getPublicOffer } from './publicOffer.endpoints';

/** The offer as the public page shows it. */
export type PublicOffer = ResultOf<typeof getPublicOffer>;

/** What the page says after an answer was sent: its heading and text. */
export interface OfferAnswered {
  title: string;
  text: string;
}

/** What a form of the page needs to send its answer: the link's token and the page's way to call and report. */
export interface OfferFormProps {
  offer: PublicOffer;
  token: string;
  /** The server's message per field (and `form` for the whole form). */
  errors: Readonly<Record<string, string>>;
  busy: boolean;
  /** Runs a call, showing its refusal at the fields or on the page; null when it was refused. */
  attempt: <T>(call: (apiBaseUrl: string) => Promise<T>) => Promise<T | null>;
  onAnswered: (answered: OfferAnswered) => void;
}

/** The page's message when the server cannot be reached. */
export const UNREACHABLE = 'Die Seite ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.';
