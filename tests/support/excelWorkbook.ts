import ExcelJS from 'exceljs';

/** The workbook in an Excel download's bytes (an inject answer's `rawPayload`, or a streamed file's chunks). */
export async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as a Buffer of its own declaring (an ArrayBuffer), which Node's Buffer does not
  // match; at run time it reads Node's.
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}
