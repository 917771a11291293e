import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of each page of a PDF (pdf.js, as a reader would copy it), every run of white space as one space. */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str + ' ';
    }
    // Amounts carry a no-break space before "€"; the tests compare with plain spaces.
    pages.push(text.replace(/[\s\u00a0]+/g, ' ').trim());
  }
  await pdf.destroy();
  return pages;
}
