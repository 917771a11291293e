import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Automatisierung:
    'Regeln, die Nachfassen und Benachrichtigen übernehmen: ein Auslöser (Beleg aus dem ERP, Eigener Status, ' +
    'Datum in Arbeitstagen, keine Aktivität, NPS-Antwort, Antwort auf ein Online-Angebot), Bedingungen (Filiale, Vorgangsart, Betrag, Eigener ' +
    'Status, Kundentyp, Online-Angebot geöffnet) und Aktionen (Todo, E-Mail, Feld setzen, Benachrichtigung, Webhook). Neue Regeln sind ' +
    'Entwürfe: „Simulieren“ zeigt, welche Datensätze jetzt auslösen würden und was jeweils geschähe, ohne etwas ' +
    'zu ändern; erst „Aktivieren“ schaltet sie ein, „Pausieren“ hält sie an. Das Lauf-Protokoll zeigt jeden Lauf ' +
    'mit seinen Schritten und lässt sich als Excel-Datei laden. Die Verkaufsleitung sieht die Regeln ihrer ' +
    'Filialen, die Administration alle. Die Regeln „Online-Angebot 1/5 … 5/5“ fassen ein online gesendetes ' +
    'Angebot nach; sie enden von selbst mit Annahme, Ablehnung, Zurückziehen, einem neueren Angebot, der ' +
    'Auftragsbestätigung oder „Nachfassen beenden“ am Vorgang, wo auch der nächste Schritt steht.',
});
