// JavaScript's own messages are English; these say the same in German for the usual mistakes.
const KNOWN_PROBLEMS: [RegExp, string][] = [
  [/Unterminated group|missing \)/i, 'Eine runde Klammer ist nicht geschlossen.'],
  [/Unmatched '\)'|unmatched parenthes/i, 'Eine schließende runde Klammer hat kein Gegenstück.'],
  [/Unterminated character class|missing \]/i, 'Eine eckige Klammer [ ist nicht geschlossen.'],
  [/Nothing to repeat/i, 'Vor *, + oder ? steht nichts, das wiederholt werden könnte.'],
  [/numbers out of order/i, 'In {m,n} muss m kleiner als n sein.'],
  [/Range out of order/i, 'Ein Bereich in [ ] muss aufsteigen, z. B. [0-9].'],
  [/\\ at end of pattern/i, 'Das Muster endet mit einem einzelnen \\.'],
];

/**
 * Why a pattern is not a usable regular expression, in German, or null when it is. Named groups are
 * refused too: the database, which matches the article numbers, does not know them.
 */
export function patternProblem(pattern: string): string | null {
  if (/\(\?<[A-Za-z]/.test(pattern)) return 'Benannte Gruppen (?<name>…) werden nicht unterstützt.';
  try {
    new RegExp(pattern);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    return (
      KNOWN_PROBLEMS.find(([english]) => english.test(message))?.[1] ??
      'Das ist kein gültiger regulärer Ausdruck.'
    );
  }
}
