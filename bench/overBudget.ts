// Why a section's figures miss their budget and what was tried ("says which is not, why, and what
// was tried"). docs/performance.md shows the text under a section when one of its figures is over budget. The
// reasons are measured, not guessed: the figures behind them are in docs/performance.md. Keep a text true
// when the code it describes changes; delete it when its figures are back within budget.

/** The titles of the report's sections with budgets (bench/run.ts names its sections with them). */
export const SECTION = {
  listApi: 'Listen-API gegen bloßes SQL',
  exports: 'Excel-Exporte gegen bloßes exceljs',
  firstPageJavaScript: 'JavaScript der ersten Seite',
  lighthouse: 'Lighthouse (mobil)',
  coldLoads: 'Kaltstart bis zur ersten Zeile (mit Atomic CRM)',
  phone: 'Telefonprofil: kalt und warm (mit Atomic CRM), Lighthouse Mein Tag',
  firstScreens: 'Erste Bildschirme gegen Atomic CRM: Schreibtisch (localhost, Büro) und Telefon',
} as const;

/** Explanations per report section title: why over budget, what was tried, what it would take. */
export const OVER_BUDGET_REASONS: Record<
  (typeof SECTION)[keyof typeof SECTION],
  { why: string; tried: string }
> = {
  [SECTION.listApi]: {
    why:
      'Jeder angemeldete Aufruf kostet ohne eine Zeile SQL schon rund 3–5 ms (HTTP, Prüfung des Tokens und der ' +
      'Gruppen, JSON-Hülle; siehe „Angemeldeter Aufruf ohne SQL“); eine Liste dazu das Prüfen der Parameter, ' +
      'das Zusammensetzen der Abfragen, das Umwandeln der Zeilen und das Serialisieren und Komprimieren der ' +
      'Antwort: zusammen rund 6–10 ms über der SQL-Zeit. Die Listen ohne Suche brauchen in der Datenbank nur ' +
      '3–12 ms; bei ihnen lag das Verhältnis in den Läufen des 26.11.2026 bei rund 1,6–4,8×. Die Suchen ' +
      '(25–100 ms SQL) liegen meist im Budget. Die Spanne der Verhältnisse ist groß (Server, Datenbank und ' +
      'Messung teilen sich zwei Kerne).',
    tried:
      'Die Summe ungefilterter Listen kommt aus einer Schätzung statt aus count(*) (16–22 ms gespart); die Namen, ' +
      'auf die eine Kundenseite verweist, kommen in derselben Antwort (`included`) statt in drei weiteren ' +
      'Aufrufen; die Schlüssel der Tokens und die Gruppen der Anmeldung sind zwischengespeichert. Was bliebe, ' +
      'ist die feste Last je Aufruf; für die Nutzer ist sie unmerklich (eine Liste antwortet in 12–25 ms).',
  },
  [SECTION.exports]: {
    why:
      'Beide lesen dieselbe SQL-Abfrage aus einem Cursor. Der Export tut danach mehr: er wandelt jede Zeile in ' +
      'Excel-Werte (Kundentyp als Text, Cent in Euro, Tage als Datum), schreibt Spaltenköpfe, Breiten und ' +
      'Zahlenformate und geht durch HTTP zum Browser; das bloße exceljs schreibt die rohen Zeilen in diesem ' +
      'Prozess. In drei Läufen von `npm run bench` am 26.11.2026 lag das Verhältnis bei den Kunden ' +
      'bei 1,18–1,25×, bei den Vorgängen bei 1,06–1,31×: bald im Budget, bald knapp darüber.',
    tried:
      'Die Tage rechnet PostgreSQL in der Zeitzone der Firma (ein zonenbewusster Formatierer je Zelle kostete ' +
      'rund 20 s je 100.000 Zeilen: 40 s → 17 s für alle Kunden); Labels und Umsätze kommen aus derselben ' +
      'Abfrage statt je Zeile; die Zeilen werden gestreamt (der Speicher wächst nicht mit der Zeilenzahl).',
  },
  [SECTION.firstPageJavaScript]: {
    why:
      'Jede angemeldete Seite lädt vor dem Code ihres Bildschirms denselben Sockel (gzip): React mit react-dom ' +
      'und Router (rund 97 kB), react-admin mit react-query (rund 118 kB), MUI (rund 91 kB), MSAL (rund 67 kB, es ' +
      'hält die Tokens frisch) und die Hülle (rund 51 kB), zusammen rund 425 kB. Die Anmeldeseite (ohne ' +
      'react-admin und MSAL) bleibt weit im Budget.',
    tried:
      'Statt 133 Dateien rund 18 in Gruppen; MSAL erst beim Klick auf „Anmelden“ auf der Anmeldeseite; ' +
      'Diagramme, Kanban, PDF, Datumsauswahl, Formularregeln (yup, Telefonnummern) und die Admin-Bereiche laden ' +
      'erst mit ihrem Bildschirm. Unter 360 kB käme die Seite nur ohne einen der großen Bausteine (react-admin, ' +
      'MUI oder MSAL beim ersten Laden); das wäre ein Umbau der Architektur, nicht eine Optimierung.',
  },
  [SECTION.lighthouse]: {
    why:
      'Das Mobilprofil bremst die CPU auf ein Viertel: das Dashboard führt rund 2 MB unkomprimiertes JavaScript ' +
      'aus (Sockel wie oben, dazu die Diagramme), die „Total Blocking Time“ liegt bei mehreren Sekunden und ' +
      'drückt die Punktzahl; auf dem Desktop ohne Bremse zeigt das Dashboard seine Kennzahlen so schnell wie ' +
      'die Kundenliste ihre erste Zeile (siehe Kaltstart).',
    tried:
      'Die Diagramme laden erst nach den Kennzahlen; die Kennzahlen kommen aus Indizes (20–70 ms); die ' +
      'Anmeldeseite erreicht das Budget. Mehr bräuchte weniger JavaScript im Sockel (siehe oben).',
  },
  [SECTION.coldLoads]: {
    why:
      'Dashboard / Kunden: das Dashboard braucht für seine Kennzahlen drei Aufrufe (Kennzahlen, Todos, Listen) ' +
      'und den Code seiner Karten, die Kundenliste einen. Das Verhältnis lag in sechs Läufen am 26.11.2026 bei ' +
      '0,85–1,11×, mit Spannen von rund 0,8–1,4× zwischen den Ladevorgängen eines Laufs; seit die Kundenliste ' +
      'schneller startet (MSAL und routeData mit der Seite vorgeladen) liegt es näher an 1×; das Dashboard selbst ' +
      'lag dabei 0–4 % über dem Stand davor, im Rauschen (abwechselnde Ladevorgänge, je 21). Kunden / Atomic Kontakte: 0,46–0,53× in ' +
      'sechs Läufen vor dem Vorladen, 0,47× (0,40–0,50) im ersten danach; Atomic CRMs erste Kontaktzeile ' +
      'schwankt zwischen den Läufen von 3,1 bis 4,4 s. Vor der ersten Zeile lädt jede angemeldete Seite den ' +
      'Sockel aus React, react-admin, MUI und MSAL (siehe „JavaScript der ersten Seite“).',
    tried:
      'Die Daten einer Adresse werden neben ihrem Code geladen (routeData, ohne react-admin und MUI), ohne ' +
      'Suspense-Pause, mit den Namen der Verweise in derselben Antwort; MSAL und routeData kommen auf ' +
      'angemeldeten Adressen mit der Seite (signed-in.html), App-Code und erste Daten starten vor Reacts erstem ' +
      'Rendern; der Rahmen wird einmal gezeichnet statt dreimal; Filter, Seitenwahl und Knöpfe der Kundenliste ' +
      'kommen nach ihrer ersten Zeile, die Diagramme nach den Kennzahlen. Verworfen: Modulepreload von ' +
      'vendor/mui (gleich oder langsamer); die Sprache `de` vorab in react-admins Store (Kunden gleich, ' +
      'Dashboard 3–9 % langsamer). Sicher unter 0,5× und ein schnelleres Dashboard bräuchten weniger ' +
      'JavaScript vor der ersten Zeile (siehe oben).',
  },
  [SECTION.phone]: {
    why:
      'Kunden, Vorgangsseite und Kartenansicht brauchen react-admin und MUI vor der ersten Zeile: kalt rund ' +
      '445 kB JavaScript auf der Leitung (bei 1,6 Mbit/s rund 2,3 s, dazu HTML und die erste Runde) und danach ' +
      'rund 1,3 s CPU unter 4-facher Bremse; die Untergrenze liegt so bei 3,5–4 s auf einer ruhigen Maschine, ' +
      'nicht bei 3,0 s. Der Warmstart der Kartenansicht (1280 px) führt dieselben Bibliotheken und das Board ' +
      'aus, nur ohne Leitung. /crm/dashboard bei 1350 px ist der Schreibtisch mit Kennzahlen und Diagrammen; ' +
      'auf dem Telefon (412 px) zeigt dieselbe Adresse Mein Tag. Mein Tag warm ist Arbeit des Hauptthreads unter ' +
      '4-facher Bremse (bis zu den Terminen zu 95 % belegt: Module auswerten, React, die erste Zeitzone über ' +
      'Intl) und wandert mit der Maschine: am 01.12.2026 838 ms um 13:37 UTC und 1.378 ms um 14:06 UTC, Atomic ' +
      'CRMs Kontakte warm in denselben Läufen 2.806 und 3.998 ms.',
    tried:
      'Der Service Worker schickt für die Landung ihre eigene Seite (Gerüst und Code der leichten Seite, seit ' +
      '01.12.2026; vorher signed-in.html: warm weiß bis zu den Terminen). ' +
      'Mein Tag zeichnet eine leichte Seite ohne react-admin und MUI (194 kB bis zum ersten Termin); der Code ' +
      'des Bildschirms und das Board werden beim Start angefragt, vor MSALs Start. Gemessen, nicht gebaut: ' +
      'kleinere Bündel nach dem Graphen der Liste (höchstens rund 100 kB weniger) und eine leichte erste ' +
      'Kundenliste wie Mein Tag (eine zweite Kopie des Bildschirms); docs/performance.md, Telefonprofil. ' +
      'Atomic CRMs Demo-Build hat keinen Service Worker: sein Warmstart ist ein zweiter Besuch mit HTTP-Cache.',
  },
  [SECTION.firstScreens]: {
    why:
      'Schon der Boden unseres Stacks liegt über dem Ziel (bench/stackFloor.ts, 01.12.2026, je 5 Läufe, ruhige ' +
      'Maschine): die kleinste App mit react-admins <Admin>, seinem MUI-Layout und einer DataTable mit 25 Zeilen ' +
      'aus einer statischen Datei, ohne Anmeldung und ohne Server, zeichnet ihre erste Zeile in 0,52–0,56× ' +
      '(localhost) und 0,51× (Büroleitung) der Zeit von Atomic CRMs Produktions-Build, auf dem Telefon kalt nach ' +
      '3,5–3,6 s (0,42–0,46×) und warm nach 2,0 s (Ziele 4,0 s, 0,45× und 1,5 s). Mit MSALs Start vor dem ersten ' +
      'Zeichnen, wie ihn jede unserer Seiten hinter der Anmeldung braucht, liegt derselbe Boden auf dem Telefon ' +
      'kalt bei 3,6 s und 0,47×: 0,45× erreicht schon er nicht, und bis 4,0 s blieben 0,4 s für unsere Aufrufe ' +
      '(Konfiguration und Liste über 150 ms Umlaufzeit), unseren Rahmen und die Filter. Unsere Kunden liegen mit ' +
      'Anmeldung (MSAL), Server-Aufruf, Filtern ' +
      'und Rahmen rund 130 ms über diesem Boden (1.057 gegen 930 ms am Schreibtisch). Vor den ersten Daten läuft ' +
      'der Sockel aus React, react-admin, MUI und MSAL (rund 400 kB JavaScript auf der Leitung): auf dem Telefon ' +
      'rund 2 s Übertragung und über 1 s Ausführung unter 4-facher Bremse. Die Verhältnisse vor dem 01.12.2026 ' +
      'waren gegen einen Build von Atomic CRM mit Reacts Entwicklungs-Build gemessen (bench/README.md) und ' +
      'darum zu günstig.',
    tried:
      'Die ersten Aufrufe jedes Bildschirms gehen vor jedem Skript hinaus, das das HTML nicht nennt ' +
      '(src/pageLoad.ts, geprüft von tests/browser/firstScreens.test.ts); Werkzeugleiste, Ansichten, Export, ' +
      'Sammelaktionen und Diagramme kommen erst nach den ersten Zeilen; das JavaScript bis zu den ersten Zeilen ' +
      'hat je Bildschirm ein Budget (build/firstScreenBudgets.ts); die Listenzeilen sind schlichte Tabellenzeilen. ' +
      'Versucht und verworfen (30.11.2026): den Code der App schon im HTML vorladen (die erste Zeile kam nicht ' +
      'früher, das Übersetzen braucht denselben Hauptthread). Gemessen, nicht gebaut: dieselbe kleinste App ohne ' +
      'MUI (ra-core mit schlichter Tabelle, wie Atomic CRM mit eigenen Bausteinen) braucht 0,27× am Schreibtisch ' +
      'und 1,3 s warm auf dem Telefon; der Weg dorthin ist ein Neubau der Oberfläche (249 von 319 TSX-Dateien ' +
      'importieren MUI, 157 react-admins Oberfläche, 875 sx-Angaben). MUI mit vorab erzeugtem CSS (Pigment CSS) ' +
      'ist kein Ausweg, solange react-admins MUI-Teile ihre Stile zur Laufzeit bilden.',
  },
};
