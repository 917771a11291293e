import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own eslint.config.js, run on made-up files at paths inside src/resources: an area
// reaches into another only for what is shared, and a new reach into another area's insides fails the lint.
const eslint = new ESLint({ cwd: process.cwd() });

async function areaErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

const use = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;
const lazyUse = (from: string) => `export const load = () => import('${from}');\n`;

// The first lint loads ESLint's plugins (the React Compiler's among them): seconds on a busy machine.
describe('area boundaries (eslint.config.js)', { timeout: 30_000 }, () => {
  it("refuses another area's components, hooks and queries, at every folder depth and in import()", async () => {
    expect(await areaErrors('src/resources/dashboard/NewCard.tsx', use('../todos/TodosPage'))).toHaveLength(
      1,
    );
    expect(
      await areaErrors('src/resources/nps/useThing.ts', use('../customers/page/useCustomerField')),
    ).toHaveLength(1);
    expect(
      await areaErrors('src/resources/customers/page/NewPart.tsx', use('../../vorgaenge/VorgangList')),
    ).toEqual([expect.stringMatching(/src\/resources\/kit/)]);
    expect(
      await areaErrors('src/resources/vorgaenge/page/NewPart.tsx', lazyUse('../../todos/TodosPage')),
    ).toHaveLength(1);
    // The shared kit itself keeps to the rule: it takes no area's insides either.
    expect(await areaErrors('src/resources/kit/NewWidget.tsx', use('../nps/NpsPage'))).toHaveLength(1);
  });

  it("allows another area's declarations, rules, types and index.ts, the kit, generic/ and the area's own files", async () => {
    const allowed = [
      '../todos/dueItems.endpoints',
      '../activities/activity.entity',
      '../nps/npsPeriod.rules',
      '../vorgaenge/newVorgang.form',
      '../activities/activityTypes',
      '../todos/index',
      '../kit/Figure',
      '../generic/EntityList',
      './DashboardCharts',
      '../../config/companyTime',
    ];
    for (const from of allowed)
      expect(await areaErrors('src/resources/dashboard/NewCard.tsx', use(from)), from).toEqual([]);
    expect(
      await areaErrors('src/resources/customers/page/NewPart.tsx', use('../vorgaenge/vorgangTypes')),
    ).toEqual([]);
    expect(
      await areaErrors('src/resources/customers/page/NewPart.tsx', use('../timeline/TimelineList')),
    ).toEqual([]);
  });
});

describe('server area boundaries (eslint.config.js)', { timeout: 30_000 }, () => {
  it("refuses another server area's insides, at every folder depth", async () => {
    expect(await areaErrors('server/dashboard/newFigure.ts', use('../customers/customerRoutes'))).toEqual([
      expect.stringMatching(/SERVER_DOORS/),
    ]);
    expect(
      await areaErrors('server/vorgaenge/kanban/newPart.ts', use('../../todos/todoRoutes')),
    ).toHaveLength(1);
    expect(await areaErrors('server/mail/newMail.ts', use('../nps/npsQueries.js'))).toHaveLength(1);
  });

  it("allows another area's index.ts and named doors, server/platform, the declarations and the area's own files", async () => {
    const allowed = [
      '../vorgaenge/vorgangSnapshotQueries',
      '../vorgaenge/kanban/pipelineValueQueries',
      '../todos/index',
      '../todos',
      '../platform/http/apiError',
      '../../src/resources/dashboard/myDay.endpoints',
      './dashboardFigureQueries',
    ];
    for (const from of allowed)
      expect(await areaErrors('server/dashboard/newFigure.ts', use(from)), from).toEqual([]);
    // The server still takes only React-free declarations from src/.
    expect(
      await areaErrors('server/dashboard/newFigure.ts', use('../../src/resources/dashboard/DashboardPage')),
    ).toHaveLength(1);
  });
});
