import type { BoardLicense, SimPerson } from '../population.ts';

// What a file a real board publishes is, as the simulator serves it under /sites/<host>/<path>
// (file-sites.ts lists them).

type SiteFileBase = {
  host: string;
  path: string;
  boardId: string;
  /** Further boards the file holds too (Florida's MDs and DOs share one file), after `boardId`'s. */
  alsoBoardIds?: readonly string[];
  contentType: string;
};

/** A text file: lines ending CRLF unless `newline` says otherwise, optionally Latin-1, optionally zipped. */
export type TextSiteFile = SiteFileBase & {
  /** Lines before the rows (a title, the header). */
  head: (today: string) => string[];
  /** The license's line, or null when the board does not publish it. */
  line: (license: BoardLicense) => string | null;
  /**
   * A line of another profession in a list many boards share, for about one in three of the board's
   * people: rows the reader must leave out.
   */
  filler?: (person: SimPerson) => string;
  newline?: '\r\n' | '\n';
  encoding?: 'utf-8' | 'latin1';
  /** The download is a ZIP holding the text as this entry. */
  zipEntry?: string;
};

/** A binary file (a workbook) built whole from the board's licenses, in the population's order. */
export type BytesSiteFile = SiteFileBase & {
  bytes: (licenses: readonly BoardLicense[], today: string) => Promise<Uint8Array>;
};

export type SiteFile = TextSiteFile | BytesSiteFile;

/**
 * A page of a board's site that links its files (West Virginia's Rosters page): the file is found by
 * its link's text, its address being the board's to change.
 */
export type SitePage = { host: string; path: string; boardId: string; title: string; body: string };
