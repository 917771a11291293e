import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../platform/pdf/pdfBytes';

const BRAND = '#c8641e';
const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** Renders a PDF drawn by `draw` into bytes. */
function pdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Fenster CRM Demo' } });
  const done = pdfBytes(doc);
  doc.rect(0, 0, doc.page.width, 90).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(22).text(title, 56, 34);
  doc.fillColor('#222222').font('Helvetica').fontSize(11);
  doc.y = 120;
  draw(doc);
  doc.end();
  return done;
}

const PRICES: [string, string, number][] = [
  ['KF-100', 'Kunststofffenster 1-flügelig, 100 × 120 cm', 38_900],
  ['KF-200', 'Kunststofffenster 2-flügelig, 150 × 130 cm', 71_450],
  ['HA-110', 'Holz-Alu-Fenster 1-flügelig, 100 × 120 cm', 64_900],
  ['HT-300', 'Haustür Aluminium „Klassik“', 289_000],
  ['BT-150', 'Balkontür mit Dreifachverglasung', 98_700],
  ['RL-100', 'Aufsatzrollladen, elektrisch, je Meter', 21_500],
  ['IS-010', 'Insektenschutzgitter, Spannrahmen', 8_950],
  ['MO-001', 'Montage je Element (Altbau, inkl. Entsorgung)', 16_000],
];

function priceList(doc: PDFKit.PDFDocument) {
  doc.text('Gültig ab 01.01.2026. Alle Preise in Euro zuzüglich 20 % USt.').moveDown();
  const top = doc.y;
  doc
    .font('Helvetica-Bold')
    .text('Artikel', 56, top)
    .text('Bezeichnung', 130, top)
    .text('Preis', 430, top, { width: 110, align: 'right' });
  doc.font('Helvetica');
  PRICES.forEach(([number, name, cents], index) => {
    const y = top + 24 + index * 22;
    if (index % 2 === 0)
      doc
        .rect(50, y - 5, 496, 22)
        .fill('#f6efe9')
        .fillColor('#222222');
    doc
      .text(number, 56, y)
      .text(name, 130, y)
      .text(euro.format(cents / 100), 430, y, { width: 110, align: 'right' });
  });
}

function brochure(doc: PDFKit.PDFDocument) {
  const sections = [
    [
      'Wärme, die bleibt',
      'Dreifachverglasung und warme Kante: U-Wert bis 0,7 W/m²K. Weniger Heizkosten, mehr Ruhe.',
    ],
    ['Sicherheit', 'Pilzkopfverriegelung rundum und abschließbare Griffe, geprüft nach RC2.'],
    [
      'Montage aus einer Hand',
      'Aufmaß, Lieferung, Einbau und Entsorgung der alten Fenster durch unser eigenes Team.',
    ],
  ];
  for (const [title, text] of sections) {
    doc.font('Helvetica-Bold').fontSize(15).fillColor(BRAND).text(title).moveDown(0.3);
    doc.font('Helvetica').fontSize(11).fillColor('#222222').text(text).moveDown(1.2);
  }
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(15).fillColor(BRAND).text('Unsere Fensterlinien').moveDown(0.5);
  ['Kunststoff „Komfort“', 'Holz-Alu „Natur“', 'Aluminium „Design“'].forEach((line, index) => {
    doc.rect(56 + index * 165, doc.y, 150, 110).fill(['#e8d5c4', '#d9c3a5', '#c9ced6'][index]!);
  });
  doc.fillColor('#222222').font('Helvetica').fontSize(11);
  doc.y += 130;
  doc.text('Fragen Sie Ihre Beraterin oder Ihren Berater nach einem Angebot.');
}

function orderForm(doc: PDFKit.PDFDocument) {
  const field = (label: string) => {
    doc.text(label, 56, doc.y);
    doc.moveTo(200, doc.y).lineTo(540, doc.y).stroke('#999999');
    doc.moveDown(1.2);
  };
  ['Kunde', 'Anschrift', 'Telefon', 'E-Mail', 'Liefertermin'].forEach(field);
  doc.moveDown().font('Helvetica-Bold').text('Positionen').font('Helvetica').moveDown(0.5);
  for (let line = 1; line <= 8; line++) field(`Pos. ${line}`);
  doc.moveDown().text('Datum, Unterschrift');
  doc.moveTo(200, doc.y).lineTo(540, doc.y).stroke('#999999');
}

// CRC-32 as PNG needs it (node:zlib has no crc32 before Node 22).
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A picture of a window (sky behind a cross of frames) as a PNG, drawn pixel by pixel. */
function windowPicture(width = 480, height = 360): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const frame = x < 24 || x >= width - 24 || y < 24 || y >= height - 24;
      const bar = Math.abs(x - width / 2) < 8 || Math.abs(y - height / 2) < 8;
      const [r, g, b] =
        frame || bar ? [245, 245, 240] : [120 + (y * 100) / height, 170 + (y * 60) / height, 230];
      row.writeUInt8(Math.round(r), 1 + x * 3);
      row.writeUInt8(Math.round(g), 2 + x * 3);
      row.writeUInt8(Math.round(b), 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Fills a demo's download folder on its first start (when the folder does not exist yet) with real
 * documents: a price list, a brochure, an order form (PDFs) and a product picture; later starts leave
 * the folder as the admins made it.
 */
export async function provideDemoDownloads(dir: string) {
  if (
    await stat(dir).then(
      () => true,
      () => false,
    )
  )
    return;
  const files: [string, () => Promise<Buffer> | Buffer][] = [
    ['Preislisten/Preisliste 2026.pdf', () => pdf('Preisliste 2026', priceList)],
    ['Prospekte/Prospekt Fenster & Türen.pdf', () => pdf('Fenster & Türen', brochure)],
    ['Formulare/Bestellformular.pdf', () => pdf('Bestellformular', orderForm)],
    ['Prospekte/Bilder/Musterfenster Klassik.png', () => windowPicture()],
  ];
  for (const [relative, make] of files) {
    const target = path.join(dir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, await make());
  }
}
