import type { LicenseType } from '@licensewatch/shared/licenses';

/**
 * What a board issues, read from its id ('<state>-<md|do|med>'): the board schema rejects any
 * configuration whose license types disagree with the id, so the id is enough.
 */
export function listBoardLicenseTypes(boardId: string): LicenseType[] {
  if (boardId.endsWith('-md')) return ['MD'];
  if (boardId.endsWith('-do')) return ['DO'];
  return ['MD', 'DO'];
}
