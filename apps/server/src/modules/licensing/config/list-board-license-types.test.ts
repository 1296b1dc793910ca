import { describe, expect, it } from 'vitest';
import { listBoardLicenseTypes } from './list-board-license-types.ts';
import { loadBoardConfig } from './load-board-config.ts';

describe('listBoardLicenseTypes', () => {
  it('agrees with every configured board', () => {
    for (const board of loadBoardConfig({ simUrl: 'http://127.0.0.1:3100' }).boards)
      expect([...listBoardLicenseTypes(board.id)].sort(), board.id).toEqual([...board.licenseTypes].sort());
  });
});
