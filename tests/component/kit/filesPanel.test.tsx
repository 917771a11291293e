import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../src/resources/files/files.endpoints';
import { FilesPanel } from '../../../src/resources/kit/FilesPanel';
import { renderInAdmin } from '../support/render';

describe('FilesPanel', () => {
  it('shows that the files are loading, not "Noch keine Dateien.", until the first answer', async () => {
    let answer: (files: StoredFile[]) => void = () => undefined;
    const load = () => new Promise<StoredFile[]>((resolve) => (answer = resolve));
    renderInAdmin(<FilesPanel queryKey={['dateien-test']} load={load} upload={async () => null} />);
    expect(await screen.findByRole('progressbar', { name: 'Dateien werden geladen' })).toBeTruthy();
    expect(screen.queryByText('Noch keine Dateien.')).toBeNull();
    answer([]);
    expect(await screen.findByText('Noch keine Dateien.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Dateien werden geladen' })).toBeNull(),
    );
  });
});
