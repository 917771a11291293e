/** Why an IBAN is not valid (length or ISO 13616 check digits), or null when it is. */
export function ibanProblem(input: string): string | null {
  const iban = input.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return 'IBAN muss wie AT61 1904 3002 3457 3201 aussehen.';
  const lengths: Record<string, number> = { AT: 20, DE: 22 };
  const expected = lengths[iban.slice(0, 2)];
  if (expected && iban.length !== expected)
    return `Eine IBAN aus ${iban.slice(0, 2)} hat ${expected} Stellen.`;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1 ? null : 'Die Prüfziffern der IBAN stimmen nicht. Bitte prüfen Sie die Eingabe.';
}
