import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { outboxChipText } from '../../../src/offline/outbox/outboxWording';
import { LIGHT_ICON_PATHS } from '../../../src/resources/dashboard/light/lightIconPaths';
import { OutboxChip } from '../../../src/resources/dashboard/light/LightChips';
import type { OutboxModule } from '../../../src/resources/dashboard/light/MyDayLight';

/** The light page's outbox with `states` waiting, as lightOutbox.ts gives it. */
const outboxWith = (states: string[]) =>
  ({
    useOutboxView: () => ({
      entries: states.map((state) => ({ state })),
      sending: false,
      signInExpired: false,
    }),
    outboxChipText,
  }) as unknown as OutboxModule;

describe("Mein Tag's light page: the outbox chip", () => {
  it('online with a change to decide: "bitte entscheiden" as a button, without the crossed-out cloud', () => {
    let decided = 0;
    render(<OutboxChip outbox={outboxWith(['konflikt'])} onDecide={() => decided++} />);
    const chip = screen.getByRole('button', { name: '1 Änderung: bitte entscheiden' });
    const icon = chip.querySelector('path')!.getAttribute('d');
    expect(icon).toBe(LIGHT_ICON_PATHS.sync);
    expect(icon).not.toBe(LIGHT_ICON_PATHS.offline);
    chip.click();
    expect(decided).toBe(1);
  });
});
