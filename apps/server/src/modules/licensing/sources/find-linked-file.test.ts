import { describe, expect, it } from 'vitest';
import { SourceError } from '../types.ts';
import { findLinkedFile } from './find-linked-file.ts';

const PAGE = 'https://wvbom.wv.gov/Rosters.asp';
const LINKS_PAGE = `<html><body><h1>Rosters</h1><ul>
  <li><a href="javascript:void(0)">Roster of Medical Doctors (help)</a></li>
  <li><a href="/rosters/pa.xlsx">Roster of Physician Assistants</a></li>
  <li><a href="files/MD%20Roster%2011-2026.xlsx">Roster   of
      <b>Medical Doctors</b></a> (updated monthly)</li>
</ul></body></html>`;

function failure(run: () => unknown): SourceError {
  try {
    run();
  } catch (error) {
    if (error instanceof SourceError) return error;
    throw error;
  }
  throw new Error('expected a SourceError');
}

describe('findLinkedFile', () => {
  it('follows the first real link whose text holds the words, case and spacing aside, resolved as a click would', () => {
    expect(findLinkedFile(LINKS_PAGE, PAGE, 'roster of medical doctors', 'wv-md')).toBe(
      'https://wvbom.wv.gov/files/MD%20Roster%2011-2026.xlsx',
    );
    const based = '<head><base href="https://cdn.wv.gov/out/"></head><a href="md.xlsx">Roster of Medical Doctors</a>';
    expect(findLinkedFile(based, PAGE, 'Roster of Medical Doctors', 'wv-md')).toBe('https://cdn.wv.gov/out/md.xlsx');
  });

  it("fails naming the page's links when none holds the words: a changed page is not an empty board", () => {
    const error = failure(() => findLinkedFile(LINKS_PAGE, PAGE, 'Roster of Osteopaths', 'wv-md'));
    expect(error.failure).toEqual({
      kind: 'parse-failure',
      message:
        "wv-md: the page at https://wvbom.wv.gov/Rosters.asp links no file by the text 'Roster of Osteopaths'; its links read 'Roster of Physician Assistants', 'Roster of Medical Doctors'",
    });
    expect(failure(() => findLinkedFile('<p>Maintenance</p>', PAGE, 'Roster', 'wv-md')).message).toMatch(
      /\(it has no links\)$/,
    );
  });
});
