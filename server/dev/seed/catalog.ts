/** The window company's product range and master data, as the demo data uses them. */

export const PRODUCT_GROUPS = [
  'Kunststofffenster',
  'Holz-Alu-Fenster',
  'Holzfenster',
  'Alufenster',
  'Haustüren',
  'Raffstore',
  'Rollläden',
  'Insektenschutz',
  'Fensterbänke',
  'Montage & Service',
] as const;

export const GOODS_GROUPS = [
  { code: 'WG100', name: 'Fenster Kunststoff' },
  { code: 'WG110', name: 'Fenster Holz/Holz-Alu' },
  { code: 'WG120', name: 'Fenster Aluminium' },
  { code: 'WG200', name: 'Türen' },
  { code: 'WG300', name: 'Sonnenschutz' },
  { code: 'WG400', name: 'Insektenschutz' },
  { code: 'WG500', name: 'Zubehör' },
  { code: 'WG900', name: 'Dienstleistung' },
] as const;

export interface CatalogArticle {
  number: string;
  name: string;
  group: (typeof PRODUCT_GROUPS)[number];
  goods: (typeof GOODS_GROUPS)[number]['code'];
  unit: 'Stk' | 'm²' | 'lfm' | 'Psch';
  /** Net price in cents. */
  price: number;
  /** Cost in cents. */
  cost: number;
}

const article = (
  number: string,
  name: string,
  group: CatalogArticle['group'],
  goods: CatalogArticle['goods'],
  price: number,
  costShare: number,
  unit: CatalogArticle['unit'] = 'Stk',
): CatalogArticle => ({
  number,
  name,
  group,
  goods,
  unit,
  price: price * 100,
  cost: Math.round(price * costShare) * 100,
});

export const ARTICLES: CatalogArticle[] = [
  article(
    'KF-I4000-1F-S',
    'Kunststofffenster IDEAL 4000, 1-flügelig, bis 1,0 m²',
    'Kunststofffenster',
    'WG100',
    389,
    0.55,
  ),
  article(
    'KF-I4000-1F-M',
    'Kunststofffenster IDEAL 4000, 1-flügelig, bis 2,0 m²',
    'Kunststofffenster',
    'WG100',
    529,
    0.55,
  ),
  article('KF-I4000-2F', 'Kunststofffenster IDEAL 4000, 2-flügelig', 'Kunststofffenster', 'WG100', 879, 0.55),
  article(
    'KF-I8000-1F',
    'Kunststofffenster IDEAL 8000, 3-fach-Verglasung, 1-flügelig',
    'Kunststofffenster',
    'WG100',
    689,
    0.56,
  ),
  article(
    'KF-I8000-2F',
    'Kunststofffenster IDEAL 8000, 3-fach-Verglasung, 2-flügelig',
    'Kunststofffenster',
    'WG100',
    1149,
    0.56,
  ),
  article('KF-BT-1F', 'Kunststoff-Balkontür, 1-flügelig', 'Kunststofffenster', 'WG100', 1090, 0.56),
  article('KF-HST-3000', 'Kunststoff-Hebeschiebetür 3,0 m', 'Kunststofffenster', 'WG100', 4890, 0.6),
  article(
    'HA-LIGNO-1F',
    'Holz-Alu-Fenster LIGNO, Fichte, 1-flügelig',
    'Holz-Alu-Fenster',
    'WG110',
    1090,
    0.58,
  ),
  article(
    'HA-LIGNO-2F',
    'Holz-Alu-Fenster LIGNO, Fichte, 2-flügelig',
    'Holz-Alu-Fenster',
    'WG110',
    1790,
    0.58,
  ),
  article('HA-LIGNO-FIX', 'Holz-Alu-Fixverglasung bis 3,0 m²', 'Holz-Alu-Fenster', 'WG110', 1390, 0.58),
  article('HA-LIGNO-HST', 'Holz-Alu-Hebeschiebetür 3,5 m', 'Holz-Alu-Fenster', 'WG110', 6990, 0.6),
  article('HF-TRAD-1F', 'Holzfenster Tradition, Lärche, 1-flügelig', 'Holzfenster', 'WG110', 890, 0.57),
  article('HF-TRAD-2F', 'Holzfenster Tradition, Lärche, 2-flügelig', 'Holzfenster', 'WG110', 1490, 0.57),
  article('AF-SLIM-1F', 'Alufenster SLIM, 1-flügelig', 'Alufenster', 'WG120', 1190, 0.6),
  article('AF-SLIM-PF', 'Alu-Portalelement SLIM', 'Alufenster', 'WG120', 5490, 0.62),
  article('HT-THERMO65', 'Haustür THERMO 65, Aluminium, mit Seitenteil', 'Haustüren', 'WG200', 3990, 0.6),
  article('HT-THERMO65-B', 'Haustür THERMO 65, Aluminium, ohne Seitenteil', 'Haustüren', 'WG200', 2890, 0.6),
  article('HT-CLASSIC-H', 'Haustür CLASSIC, Massivholz Eiche', 'Haustüren', 'WG200', 3490, 0.58),
  article('HT-NEBEN-KS', 'Nebeneingangstür Kunststoff', 'Haustüren', 'WG200', 1290, 0.55),
  article('RS-C80-E', 'Raffstore C80, elektrisch, je Element', 'Raffstore', 'WG300', 690, 0.55),
  article('RS-Z90-F', 'Raffstore Z90, Funkmotor, je Element', 'Raffstore', 'WG300', 890, 0.55),
  article('RS-STEUER', 'Raffstore-Steuerung mit Wind- und Sonnensensor', 'Raffstore', 'WG300', 590, 0.5),
  article('RL-VORBAU-A', 'Vorbaurollladen Aluminium, elektrisch', 'Rollläden', 'WG300', 540, 0.55),
  article('RL-AUFSATZ', 'Aufsatzrollladen, Gurtantrieb', 'Rollläden', 'WG300', 390, 0.55),
  article('IS-SPANN-F', 'Insektenschutz-Spannrahmen Fenster', 'Insektenschutz', 'WG400', 89, 0.45),
  article('IS-PENDEL-T', 'Insektenschutz-Pendeltür', 'Insektenschutz', 'WG400', 329, 0.45),
  article('IS-PLISSEE', 'Insektenschutz-Plissee für Balkontür', 'Insektenschutz', 'WG400', 449, 0.45),
  article('IS-ROLLO-F', 'Insektenschutzrollo Fenster', 'Insektenschutz', 'WG400', 199, 0.45),
  article('FB-ALU-AUSSEN', 'Außenfensterbank Aluminium, je lfm', 'Fensterbänke', 'WG500', 59, 0.5, 'lfm'),
  article('FB-INNEN-WERZ', 'Innenfensterbank Werzalit, je lfm', 'Fensterbänke', 'WG500', 49, 0.5, 'lfm'),
  article('MO-FENSTER', 'Montage Fenster inkl. Abdichtung RAL', 'Montage & Service', 'WG900', 149, 0.7),
  article('MO-TUER', 'Montage Haustür', 'Montage & Service', 'WG900', 390, 0.7),
  article('DEMO-ALT', 'Demontage und Entsorgung Altfenster', 'Montage & Service', 'WG900', 69, 0.7),
  article(
    'SERV-WARTUNG',
    'Fensterwartung (Beschläge einstellen, Dichtungen pflegen)',
    'Montage & Service',
    'WG900',
    189,
    0.6,
    'Psch',
  ),
];

/** Kinds of project a Vorgang is about, with the product groups they use. */
export const PROJECT_KINDS = [
  {
    title: 'Fenstertausch Einfamilienhaus',
    groups: ['Kunststofffenster', 'Fensterbänke', 'Montage & Service'],
    weight: 5,
  },
  { title: 'Sanierung Altbau', groups: ['Holz-Alu-Fenster', 'Fensterbänke', 'Montage & Service'], weight: 3 },
  {
    title: 'Neubau Fenster und Haustür',
    groups: ['Kunststofffenster', 'Haustüren', 'Montage & Service'],
    weight: 3,
  },
  { title: 'Neue Haustür', groups: ['Haustüren', 'Montage & Service'], weight: 3 },
  { title: 'Sonnenschutz Terrasse', groups: ['Raffstore', 'Montage & Service'], weight: 2 },
  { title: 'Raffstore Südseite', groups: ['Raffstore'], weight: 2 },
  { title: 'Rollläden Schlafzimmer', groups: ['Rollläden'], weight: 1 },
  { title: 'Insektenschutz Kinderzimmer', groups: ['Insektenschutz'], weight: 2 },
  { title: 'Wintergarten Verglasung', groups: ['Alufenster', 'Montage & Service'], weight: 1 },
  { title: 'Holzfenster Bauernhaus', groups: ['Holzfenster', 'Montage & Service'], weight: 1 },
  { title: 'Fensterwartung', groups: ['Montage & Service'], weight: 1 },
] as const;

export const LABELS = [
  { name: 'Rückruf', color: '#1e88e5', forCustomer: true, forVorgang: true, dueAfterDays: 2 },
  { name: 'Angebot nachfassen', color: '#fb8c00', forCustomer: false, forVorgang: true, dueAfterDays: 7 },
  { name: 'Aufmaß geplant', color: '#8e24aa', forCustomer: false, forVorgang: true, dueAfterDays: 14 },
  { name: 'Montage offen', color: '#00897b', forCustomer: false, forVorgang: true, dueAfterDays: 30 },
  { name: 'Reklamation', color: '#e53935', forCustomer: true, forVorgang: true, dueAfterDays: 3 },
  { name: 'VIP', color: '#fdd835', forCustomer: true, forVorgang: false, dueAfterDays: null },
  { name: 'Förderung beantragt', color: '#43a047', forCustomer: true, forVorgang: true, dueAfterDays: 60 },
  { name: 'Schauraumbesuch', color: '#6d4c41', forCustomer: true, forVorgang: false, dueAfterDays: 10 },
  { name: 'Newsletter', color: '#546e7a', forCustomer: true, forVorgang: false, dueAfterDays: null },
  { name: 'Händler', color: '#3949ab', forCustomer: true, forVorgang: false, dueAfterDays: null },
] as const;

export const REASONS = [
  { text: 'Erstkontakt', labels: ['Rückruf'] },
  { text: 'Angebot besprochen', labels: ['Angebot nachfassen'] },
  { text: 'Aufmaß vereinbart', labels: ['Aufmaß geplant'] },
  { text: 'Auftrag erteilt', labels: ['Montage offen'] },
  { text: 'Reklamation gemeldet', labels: ['Reklamation'] },
  { text: 'Schauraum eingeladen', labels: ['Schauraumbesuch'] },
  { text: 'Förderberatung', labels: ['Förderung beantragt'] },
  { text: 'Allgemeine Anfrage', labels: [] },
] as const;

/**
 * The demo's Eigene Status: steps of the open pipeline with their win probability. None names a
 * system state (Angebot, Auftrag, Verloren, Gewonnen …): lost is "Verloren" with a Verlustgrund, won is an
 * Auftrag from the ERP; "Montage geplant" holds the Aufträge still on the board, won in full. Most have a limit of days
 * without activity after which their Vorgänge count as stagnating; "Montage geplant" waits on the fitters, not the customer.
 */
export const CUSTOM_STATUSES = [
  { name: 'Erstkontakt', color: '#90a4ae', winProbability: 10, stagnantAfterDays: 14 },
  { name: 'Aufmaß geplant', color: '#8e24aa', winProbability: 20, stagnantAfterDays: 21 },
  { name: 'Angebot in Arbeit', color: '#1e88e5', winProbability: 40, stagnantAfterDays: 10 },
  { name: 'Nachfassen', color: '#fb8c00', winProbability: 50, stagnantAfterDays: 14 },
  { name: 'Verhandlung', color: '#fdd835', winProbability: 70, stagnantAfterDays: 30 },
  { name: 'Montage geplant', color: '#43a047', winProbability: 100, stagnantAfterDays: null },
] as const;

export const STAMMDATEN: Record<string, readonly string[]> = {
  anrede: ['Herr', 'Frau', 'Familie', 'Firma'],
  titel: ['Dr.', 'Mag.', 'DI', 'Ing.', 'Prof.'],
  herkunft: [
    'Empfehlung',
    'Messe',
    'Website',
    'Schauraum',
    'Bestandskunde',
    'Zeitung',
    'Social Media',
    'Händler',
  ],
  aktivitaetsart: ['Anruf', 'Besuch', 'E-Mail', 'Termin', 'Aufmaß', 'Schauraumtermin'],
  belegart: ['Angebot', 'Auftragsbestätigung', 'Rechnung', 'Gutschrift'],
  einheit: ['Stk', 'm²', 'lfm', 'Psch'],
  verlustgrund: ['Preis', 'Lieferzeit', 'Mitbewerber', 'Projekt verschoben', 'Keine Rückmeldung'],
};

/** Share of the yearly target per month, in percent: windows sell in spring and autumn. */
export const SALES_CURVE = [5, 6, 9, 10, 10, 9, 8, 8, 10, 10, 9, 6];

export const TEXT_TEMPLATES = [
  {
    name: 'Angebot nachfassen',
    purpose: 'service',
    subject: 'Ihr Angebot {{Vorgang}}',
    body: '{{Anrede}} {{Name}},\n\nvielen Dank für Ihr Interesse. Haben Sie unser Angebot zu {{Vorgang}} schon durchsehen können? Gerne beantworte ich Ihre Fragen.\n\nMit freundlichen Grüßen\n{{Verkäufer}}',
  },
  {
    name: 'Aufmaßtermin bestätigen',
    purpose: 'service',
    subject: 'Bestätigung Ihres Aufmaßtermins',
    body: '{{Anrede}} {{Name}},\n\nhiermit bestätige ich unseren Termin zum Aufmaß für {{Vorgang}}.\n\nMit freundlichen Grüßen\n{{Verkäufer}}',
  },
  {
    name: 'Danke für den Auftrag',
    purpose: 'service',
    subject: 'Danke für Ihren Auftrag',
    body: '{{Anrede}} {{Name}},\n\nherzlichen Dank für Ihren Auftrag {{Vorgang}}. Wir melden uns in Kürze mit dem Montagetermin.\n\nMit freundlichen Grüßen\n{{Verkäufer}}',
  },
  {
    name: 'Einladung Schauraum',
    // An invitation is advertising: only to customers who consented, with the unsubscribe link.
    purpose: 'werbung',
    subject: 'Einladung in unseren Schauraum',
    body: '{{Anrede}} {{Name}},\n\ngerne zeige ich Ihnen unsere Fenster und Haustüren persönlich in unserem Schauraum.\n\nMit freundlichen Grüßen\n{{Verkäufer}}',
  },
  {
    name: 'Kundenumfrage nach dem Auftrag',
    purpose: 'service',
    subject: 'Wie zufrieden sind Sie mit {{Unternehmen}}?',
    body: '{{Anrede}} {{Name}},\n\nvielen Dank für Ihr Vertrauen. Würden Sie uns weiterempfehlen? Eine Frage, eine Minute:\n\n{{Umfrage-Link}}\n\nDer Link gilt 30 Tage für eine Antwort.\n\nMit freundlichen Grüßen\n{{Verkäufer}}',
  },
] as const;
