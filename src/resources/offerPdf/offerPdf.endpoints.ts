import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableInteger, NullableString, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.kunde] };
const tags = ['Vereinfachtes Angebot'];

/** What a seller chooses for the simplified offer; remembered per seller. */
export const OfferSettingsSchema = Type.Object({
  showUnitPrices: Type.Boolean({ description: 'Einzelpreis je Position zeigen' }),
  showPositionTotals: Type.Boolean({ description: 'Gesamtpreis je Position zeigen' }),
  showArticleNumbers: Type.Boolean({ description: 'Artikelnummern zeigen' }),
  showZeroPositions: Type.Boolean({ description: 'Positionen mit Preis 0 zeigen' }),
  showDiscountLine: Type.Boolean({
    description: 'Nachlass-Positionen (negativer Betrag) als eine Zeile „Nachlass“ über den Summen',
  }),
  introTemplateId: NullableInteger({ minimum: 1, description: 'Textvorlage für die Einleitung' }),
  closingTemplateId: NullableInteger({ minimum: 1, description: 'Textvorlage für den Schluss' }),
  signature: NullableString({ maxLength: 500, description: 'Grußformel und Unterschrift' }),
});
/** The seller's layout of the simplified offer. */
export type OfferSettings = Type.Static<typeof OfferSettingsSchema>;

const SavedSettings = Type.Object({ ...OfferSettingsSchema.properties, version: Type.Integer() });

/** The caller's settings (version 0: never saved, the defaults). */
export const getSimplifiedOfferUserConfiguration = defineEndpoint({
  method: 'GET',
  path: 'vorgang/getSimplifiedOfferUserConfiguration',
  access,
  tags,
  summary: 'Die Einstellungen des Aufrufers für das vereinfachte Angebot (Version 0: noch nie gespeichert)',
  response: SavedSettings,
});

/** Saves the caller's settings at the version read (409 when they changed meanwhile, e.g. in another tab). */
export const saveSimplifiedOfferUserConfiguration = defineEndpoint({
  method: 'POST',
  path: 'vorgang/saveSimplifiedOfferUserConfiguration',
  access,
  tags,
  summary: 'Einstellungen des Aufrufers für das vereinfachte Angebot speichern (nur mit aktueller Version)',
  body: Type.Object({ ...OfferSettingsSchema.properties, version: Version() }),
  response: SavedSettings,
});

/** The simplified offer of an Angebot as a PDF; with `settings` a preview of unsaved settings. */
export const pdfGen = defineEndpoint({
  method: 'POST',
  path: 'pdf/pdfGen',
  access,
  tags,
  summary:
    'Vereinfachtes Angebot eines Angebots als PDF (mit settings: Vorschau ungespeicherter Einstellungen)',
  kind: 'file',
  body: Type.Object({
    belegId: Id(),
    settings: Type.Optional(OfferSettingsSchema),
  }),
});

/** The file name of a simplified offer, e.g. "Angebot_AN-100123.pdf" (download and mail attachment). */
export const offerFileName = (belegNumber: string) =>
  `Angebot_${belegNumber.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`;
