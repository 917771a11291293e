import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A comment or a test's name says the rule or the reason itself. The client's specification and the issue
// tracker are not in the repository, so a pointer to a section of one or a number in the other sends the next
// reader nowhere; the client's wording by area is in docs/requirements.md, which a comment may name.
const FOLDERS = ['src', 'server', 'tests', 'scripts', 'build', 'bench'];
const ROOT_FILES = ['eslint.config.js', 'vite.config.ts', 'vitest.config.ts'];
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

/** What points to a document outside the repository: the specification, a section sign, a ticket number. */
const CITATIONS: { name: string; pattern: RegExp }[] = [
  { name: 'the specification', pattern: /\bSPEC\b/ },
  { name: 'a section sign', pattern: /§/ },
  { name: 'an issue or bug number', pattern: /\b(?:issue|bug|ticket)s?\s*(?:#\s*)?\d+/i },
  // The window business's terms are in docs/glossary.md; the client's domain document is not in the repository.
  { name: 'a document not in the repository', pattern: /\bDOMAIN\.md\b/ },
];

const TEST_FUNCTIONS = new Set(['describe', 'it', 'test', 'suite']);

/** The name of a test or group: the first argument of describe/it/test, also through `.each(…)` or `.skip`. */
function testName(node: ts.CallExpression): ts.Node | undefined {
  let callee: ts.Expression = node.expression;
  while (ts.isCallExpression(callee) || ts.isPropertyAccessExpression(callee)) callee = callee.expression;
  if (!ts.isIdentifier(callee) || !TEST_FUNCTIONS.has(callee.text)) return undefined;
  const first = node.arguments[0];
  return first && (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first)) ? first : undefined;
}

/** Literal text that can hold "//" or "/*" without being a comment: strings, templates, regexes, JSX text. */
const LITERAL_KINDS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
]);

/**
 * The comments and test names of a source file with their positions. The file is parsed, so that strings (a
 * German legal text with a section sign, a URL with "//") are never taken for comments: its literals are
 * blanked out, and what still reads as a comment is one.
 */
function commentsAndTestNames(fileName: string, text: string): { pos: number; text: string }[] {
  const kind = /\.[jt]sx$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const code = text.split('');
  const found: { pos: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (LITERAL_KINDS.has(node.kind)) {
      for (let i = node.getStart(file); i < node.end; i++) if (code[i] !== '\n') code[i] = ' ';
    }
    if (ts.isCallExpression(node)) {
      const name = testName(node);
      if (name) found.push({ pos: name.getStart(file), text: name.getText(file) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  for (const comment of code.join('').matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g))
    found.push({ pos: comment.index, text: text.slice(comment.index, comment.index + comment[0].length) });
  return found.sort((a, b) => a.pos - b.pos);
}

/** "file:line: what it cites: the line" for each citation in the file's comments and test names. */
function citationsIn(fileName: string, text: string): string[] {
  // Parsing every file took seconds; a file with no such text anywhere has none in its comments either.
  if (!CITATIONS.some(({ pattern }) => pattern.test(text))) return [];
  const lineOf = (pos: number) => text.slice(0, pos).split('\n').length;
  const findings: string[] = [];
  for (const part of commentsAndTestNames(fileName, text)) {
    part.text.split('\n').forEach((line, index) => {
      const cited = CITATIONS.find(({ pattern }) => pattern.test(line));
      if (cited) findings.push(`${fileName}:${lineOf(part.pos) + index}: ${cited.name}: ${line.trim()}`);
    });
  }
  return findings;
}

describe('comments and test names stand on their own', () => {
  it('finds citations in comments and test names, and none in code or strings', () => {
    const source = [
      `// As SPEC §2 says, the menu closes.`,
      `/** Retried once (Issue #12). */`,
      `const legal = '§ 5 TMG, see SPEC'; const url = 'https://example.org/issue/3';`,
      `describe('the board (bug 7)', () => {});`,
      `const el = <p>Preis // § 3</p>;`,
      `const done = () => {`,
      `  work();`,
      `  // the last comment of a block, see issue 3`,
      `};`,
    ].join('\n');
    expect(citationsIn('made-up.tsx', source).map((finding) => finding.split(': ')[0])).toEqual([
      'made-up.tsx:1',
      'made-up.tsx:2',
      'made-up.tsx:4',
      'made-up.tsx:8',
    ]);
  });

  it('in every source file of the code, its tests, scripts, build and bench', () => {
    const files = execFileSync('git', ['ls-files', '--', ...FOLDERS, ...ROOT_FILES], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => SOURCE.test(file));
    expect(files.length).toBeGreaterThan(500);
    const findings = files.flatMap((file) => citationsIn(file, readFileSync(file, 'utf8')));
    expect(findings).toEqual([]);
  });

  it('in the docs, the README and the migrations: no issue numbers, no pointer to the client’s domain document', () => {
    const files = execFileSync('git', ['ls-files', '--', 'docs/*.md', '*.md', '*.sql'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(files.filter((file) => file.endsWith('.sql')).length).toBeGreaterThan(40);
    const issueNumber = CITATIONS.find(({ name }) => name === 'an issue or bug number')!.pattern;
    const findings = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          issueNumber.test(line) || /DOMAIN\.md/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(findings).toEqual([]);
  });
});
