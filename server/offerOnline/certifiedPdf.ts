import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';

/** The facts the Annahmebestätigung states, as lines "label: value". */
export interface AcceptanceFacts {
  company: string;
  belegNumber: string;
  vorgangNumber: string;
  signerName: string;
  acceptedUtc: string;
  acceptedLocal: string;
  ip: string;
  userAgent: string;
  pdfSha256: string;
  agbVersion: string;
  widerrufVersion: string;
  codeEmail: string;
  codeVerified: string;
  widerruf: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

// The standard fonts know only WinAnsi: characters outside it (an emoji in a user agent) become "?".
const winAnsi = (text: string) =>
  text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u201e\u201c\u20ac]/g, '?');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of winAnsi(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) line = next;
    else {
      if (line) lines.push(line);
      // A word wider than the line (a hash, a user agent without spaces) is cut where it must be.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The offer as it was sent with one page appended: "Annahmebestätigung" and the facts of the acceptance. The
 * page states the SHA-256 of the file as it was mailed (kept unchanged beside this one), so anyone can check it
 * against the customer's attachment.
 */
export async function appendAcceptancePage(
  original: Uint8Array,
  facts: AcceptanceFacts,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original);
  const page = doc.addPage(A4);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;
  const write = (text: string, font: PDFFont, size: number, gap = 4) => {
    for (const line of wrap(text, font, size, width)) {
      y -= size + gap;
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
  };
  write('Annahmebestätigung', bold, 20);
  y -= 6;
  write(`${facts.company} – Angebot ${facts.belegNumber} (Vorgang ${facts.vorgangNumber})`, regular, 11);
  y -= 10;
  const rows: [string, string][] = [
    ['Angenommen von', facts.signerName],
    ['Zeitpunkt (UTC)', facts.acceptedUtc],
    ['Zeitpunkt (Ortszeit)', facts.acceptedLocal],
    ['IP-Adresse', facts.ip],
    ['Browser', facts.userAgent],
    ['SHA-256 des angezeigten Angebots (PDF)', facts.pdfSha256],
    ['AGB (Fassung)', facts.agbVersion],
    ['Widerrufsbelehrung (Fassung)', facts.widerrufVersion],
    ['Bestätigungscode gesendet an', facts.codeEmail],
    ['Code bestätigt', facts.codeVerified],
    ['Widerrufsrecht', facts.widerruf],
  ];
  for (const [label, value] of rows) {
    write(label, bold, 10, 8);
    write(value || '–', regular, 10, 3);
  }
  y -= 14;
  write(
    'Der Kunde hat den Namen eingegeben, bestätigt, das Angebot, die AGB und die Widerrufsbelehrung gelesen zu ' +
      'haben, und die Annahme mit einem einmaligen Code bestätigt, der an die oben genannte E-Mail-Adresse ' +
      'gesendet wurde. Die Seiten vor dieser Seite sind das Angebot, wie es gesendet und angezeigt wurde.',
    regular,
    9,
  );
  return doc.save();
}
