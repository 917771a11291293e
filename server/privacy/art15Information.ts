import type { Tenant } from '../platform/config/tenants';
import type { CustomerData, DataSection } from './customerDataTypes';

/** The supervisory authority a person may complain to, by the company's country (Art. 77 DSGVO). */
const AUTHORITY: Record<Tenant['company']['country'], string> = {
  AT: 'Österreichische Datenschutzbehörde, Barichgasse 40–42, 1030 Wien, dsb@dsb.gv.at (www.dsb.gv.at)',
  DE: 'Bayerisches Landesamt für Datenschutzaufsicht (BayLDA), Promenade 18, 91522 Ansbach (www.lda.bayern.de)',
};

/** How long Belege are kept by law, by the company's country. */
const RETENTION: Record<Tenant['company']['country'], string> = {
  AT: 'Angebote, Auftragsbestätigungen und Rechnungen bewahren wir 7 Jahre nach Ende des Kalenderjahres auf (§ 132 BAO, § 212 UGB).',
  DE: 'Rechnungen und Buchungsbelege bewahren wir 8 Jahre, Angebote und sonstige Geschäftsbriefe 6 Jahre nach Ende des Kalenderjahres auf (§ 147 AO, § 257 HGB).',
};

/**
 * The information Art. 15 (1) and (2) DSGVO owes beside the data: purposes, categories, recipients, storage period,
 * the person's rights, the authority, the source of the data, automated decisions, transfers. The company's data
 * protection officer should review these texts (they are written for the two client companies).
 */
export function art15Information(
  tenant: Tenant,
  facts: CustomerData['source'] & { historyMonths: number },
): DataSection {
  const { company } = tenant;
  const source = [
    'Von Ihnen selbst: bei Ihrer Anfrage, im Gespräch, bei Beratung, Aufmaß, Angebot und Auftrag.',
    facts.erp
      ? 'Aus unserem Warenwirtschaftssystem (ERP), in dem Angebote, Aufträge und Rechnungen erstellt werden; es gleicht Ihre Stammdaten und Belege mit dem CRM ab.'
      : '',
    facts.origin ? `Wie der Kontakt entstand (Herkunft): ${facts.origin}.` : '',
    facts.createdBy ? `Im CRM angelegt von: ${facts.createdBy}.` : '',
  ].filter(Boolean);
  const row = (label: string, value: string) => [{ label, value }];
  return {
    title: 'Informationen nach Art. 15 Abs. 1 und 2 DSGVO',
    rows: [
      row(
        'Verantwortlicher',
        `${company.name}, ${company.street}, ${company.zip} ${company.city}, ${company.email}, ${company.phone}`,
      ),
      row(
        'Zwecke und Rechtsgrundlagen',
        'Beratung, Angebot, Auftrag, Montage und Service (Vertrag und vorvertragliche Maßnahmen, Art. 6 Abs. 1 lit. b); Erfüllung gesetzlicher Aufbewahrungspflichten (lit. c); Nachvollziehbarkeit von Änderungen und Kundenzufriedenheitsbefragungen (berechtigtes Interesse, lit. f); Newsletter und Werbung nur mit Ihrer Einwilligung (lit. a).',
      ),
      row(
        'Kategorien der Daten',
        'Stammdaten (Name, Anschrift, Telefon, E-Mail), Vorgänge mit Endkunden, Belege, Notizen, Aktivitäten, gesendete E-Mails, Bewertungen, Labels, Dateien und der Änderungsverlauf – im Einzelnen in den folgenden Abschnitten.',
      ),
      row(
        'Empfänger',
        `Die zuständigen Mitarbeiterinnen und Mitarbeiter von ${company.name} (Verkauf, Innendienst, Montage, Verwaltung). Als Auftragsverarbeiter: unsere IT-Dienstleister für Betrieb, Anmeldung und E-Mail-Versand des CRM sowie des Warenwirtschaftssystems. Eine Übermittlung an Dritte zu deren eigenen Zwecken findet nicht statt.`,
      ),
      row(
        'Übermittlung in Drittländer',
        'Nur soweit ein Auftragsverarbeiter Daten außerhalb der EU verarbeitet, mit den geeigneten Garantien nach Art. 46 DSGVO (EU-Standardvertragsklauseln).',
      ),
      row(
        'Speicherdauer',
        `Ihre Daten speichern wir für die Dauer der Geschäftsbeziehung und darüber hinaus, solange gesetzliche Aufbewahrungspflichten bestehen. ${RETENTION[company.country]} Der Änderungsverlauf wird nach ${facts.historyMonths} Monaten gelöscht. Nach einer Löschung bleiben Sie in älteren Sicherungen, bis diese nach ihrer Aufbewahrungszeit überschrieben werden.`,
      ),
      row(
        'Ihre Rechte',
        'Sie haben das Recht auf Auskunft (Art. 15), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung der Verarbeitung (Art. 18), Datenübertragbarkeit (Art. 20, die Datei daten.json in diesem ZIP) und Widerspruch (Art. 21). Eine Einwilligung können Sie jederzeit mit Wirkung für die Zukunft widerrufen (Art. 7 Abs. 3).',
      ),
      row(
        'Beschwerderecht',
        `Sie können sich bei der Aufsichtsbehörde beschweren: ${AUTHORITY[company.country]}.`,
      ),
      row('Herkunft der Daten', source.join(' ')),
      row(
        'Automatisierte Entscheidungen',
        'Es findet keine automatisierte Entscheidungsfindung einschließlich Profiling nach Art. 22 DSGVO statt.',
      ),
    ],
  };
}
