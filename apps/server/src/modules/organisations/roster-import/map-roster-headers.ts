import { ROSTER_COLUMNS, ROSTER_IMPORT_MESSAGES, type RosterColumn } from '@licensewatch/shared/roster-import-messages';
import { AppError } from '../../../platform/errors.ts';

// The header spellings each column is recognised by, compared lower-case with everything but
// letters and digits removed ("First Name", "first_name", "FIRSTNAME" are one).
const ALIASES: Record<RosterColumn, string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename', 'fname'],
  middleName: ['middlename', 'middle', 'middleinitial', 'mi', 'mname'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  licenseType: ['licensetype', 'type', 'credential', 'degree', 'mddo', 'physiciantype'],
  npi: ['npi', 'npinumber', 'nationalprovideridentifier'],
  states: ['states', 'state', 'licensestates', 'jurisdictions', 'statestotrack'],
  externalId: ['internalid', 'externalid', 'id', 'employeeid', 'providerid', 'staffid'],
  department: ['department', 'dept', 'division', 'specialty'],
};

const REQUIRED: RosterColumn[] = ['firstName', 'lastName', 'licenseType'];

const key = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

export type HeaderMap = {
  index: Partial<Record<RosterColumn, number>>;
  columns: { header: string; column: RosterColumn }[];
};

/**
 * Which cell of a row each column is, from the header row: the first header of each column wins,
 * unknown headers are ignored. Refuses a header row without first name, last name and license type.
 */
export function mapRosterHeaders(headers: string[]): HeaderMap {
  const index: HeaderMap['index'] = {};
  const columns: HeaderMap['columns'] = [];
  headers.forEach((header, i) => {
    const k = key(header);
    const column = (Object.keys(ALIASES) as RosterColumn[]).find((c) => ALIASES[c].includes(k));
    if (column && index[column] === undefined) {
      index[column] = i;
      columns.push({ header, column });
    }
  });
  const missing = REQUIRED.filter((c) => index[c] === undefined);
  if (missing.length > 0)
    throw new AppError(
      'ROSTER_FILE_INVALID',
      ROSTER_IMPORT_MESSAGES.missingColumns(missing.map((c) => ROSTER_COLUMNS[c])),
      400,
    );
  return { index, columns };
}
