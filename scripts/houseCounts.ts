// `npx tsx scripts/houseCounts.ts`: the counts that say whether the server keeps the house rules
// (docs/architecture.md, "Where SQL lives" and "Areas keep apart"), read with the TypeScript parser from the
// files git tracks. Prints one line per count; `--json` prints them as one object.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', 'server', 'src', 'tests'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'));

const BUILDER_CALLS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'mergeInto']);
/** A server file that may hold raw SQL: a `*Queries.ts` module or the platform's own. */
const mayHoldSql = (file: string) => file.startsWith('server/platform/') || file.endsWith('Queries.ts');
/** The area a server file belongs to (`server/<area>/…`), or null for the platform and the top files. */
const areaOf = (file: string) => {
  const area = /^server\/([^/]+)\//.exec(file)?.[1] ?? null;
  return area === 'platform' ? null : area;
};

const counts = {
  rawSqlStatements: 0,
  rawSqlFragments: 0,
  builderCalls: 0,
  filesWithSqlOutsideQueries: 0,
  handTypedSqlRows: 0,
  importsIntoOtherServerAreas: 0,
  apiTestCallsByPath: 0,
  apiTestCasts: 0,
};

for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const server = file.startsWith('server/');
  const apiTest = file.startsWith('tests/api/');
  let holdsSql = false;
  const isSqlTemplate = (node: ts.Node): node is ts.TaggedTemplateExpression =>
    ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql';
  const visit = (node: ts.Node) => {
    if (server && isSqlTemplate(node)) {
      // A fragment inside another statement (`sql\`AND …\`` in a template's span) is part of that statement.
      // A statement is a template that is executed (`sql\`…\`.execute(db)`); the rest are fragments of one.
      const parent = node.parent;
      const executed =
        ts.isPropertyAccessExpression(parent) &&
        parent.name.text === 'execute' &&
        ts.isCallExpression(parent.parent);
      if (executed) counts.rawSqlStatements++;
      else counts.rawSqlFragments++;
      holdsSql = true;
      const typed = node.typeArguments?.[0];
      if (typed && ts.isTypeLiteralNode(typed)) counts.handTypedSqlRows++;
    }
    if (server && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if (BUILDER_CALLS.has(name)) counts.builderCalls++;
      if (name === 'raw' && node.expression.expression.getText(source) === 'sql') holdsSql = true;
    }
    if (server && ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = node.moduleSpecifier.text;
      if (target.startsWith('.')) {
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
        const from = areaOf(file);
        const to = areaOf(resolved);
        if (to && from !== to && !/^server\/[^/]+\/index$/.test(resolved))
          counts.importsIntoOtherServerAreas++;
      }
    }
    if (apiTest && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (node.expression.name.text === 'call' && node.expression.expression.getText(source) === 't')
        counts.apiTestCallsByPath++;
    }
    if (apiTest && ts.isAsExpression(node) && node.type.kind !== ts.SyntaxKind.ConstKeyword) {
      const type = node.type.getText(source);
      if (type !== 'const') counts.apiTestCasts++;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (server && holdsSql && !mayHoldSql(file)) counts.filesWithSqlOutsideQueries++;
}

if (process.argv.includes('--json')) console.log(JSON.stringify(counts));
else for (const [name, value] of Object.entries(counts)) console.log(`${name.padEnd(30)} ${value}`);
