/** The bytes PDFKit writes for `doc`, once it has ended; call before drawing, `doc.end()` after. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * "<company> · Seite x von y" centred at the foot of every page, drawn after the content (when the count is
 * known); needs a document made with `bufferPages: true`.
 */
export function numberPages(
  doc: PDFKit.PDFDocument,
  company: string,
  margin: { side: number; bottom: number },
) {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // The footer sits in the page's bottom margin: with the margin in place PDFKit would take it for overflow and
    // add a page after each (blank, with a footer "Seite 1 von 2" of its own).
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor('#777777')
      .text(`${company} · Seite ${i + 1} von ${range.count}`, margin.side, doc.page.height - margin.bottom, {
        width: doc.page.width - 2 * margin.side,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
