import { BRAND } from '@licensewatch/shared/brand';
import type { Verification, VerifiedLicense } from '@licensewatch/shared/reports';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { qrModules } from './qr-code.ts';

const PAGE = { width: 612, height: 792 }; // US Letter, in points
const MARGIN = 54;
const LABEL_WIDTH = 150;
const SIZE = { title: 18, heading: 12, body: 10 } as const;
const LINE = 14;
const GREY = rgb(0.35, 0.38, 0.42);
const INK = rgb(0.06, 0.09, 0.16);
const QR_SIDE = 84; // points: about 30 mm, which a phone reads from a printed page
/** The summary table's columns (points; they fill the 504 between the margins). */
const SUMMARY_COLUMNS = [
  { label: 'State', width: 74 },
  { label: 'Number', width: 78 },
  { label: 'Standing', width: 58 },
  { label: 'Expires', width: 62 },
  { label: 'Source', width: 130 },
  { label: 'Verified at', width: 102 },
] as const;

/**
 * The standard PDF fonts encode WinAnsi only. Latin-1 prints as it is ('José', 'Øster'); a letter
 * outside it loses its accent ('Ś' prints 'S') and anything else is '?', so a name in
 * another script never makes the document fail; the /verify page shows the exact text.
 */
export function pdfSafe(text: string): string {
  const latin1 = (c: string) => /^[\x20-\x7e\xa0-\xff]$/.test(c);
  return Array.from(text.normalize('NFC'), (c) => {
    if (latin1(c)) return c;
    const base = c.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    return Array.from(base).every(latin1) && base ? base : '?';
  }).join('');
}

/** 'active' → 'Active': the normalised status, as the report page words it. */
const statusText = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

type Writer = { page: PDFPage; y: number };

/**
 * The verification document: real text (extractable and searchable), one block per license with
 * the data as retrieved, its source and retrieval time, and the verification id and URL on every
 * page's footer. Generated on the server from the stored snapshot, so the file and /verify agree.
 */
export async function renderVerificationPdf(v: Verification, verifyUrl: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(`License verification ${v.id}`);
  doc.setAuthor(BRAND.name);
  doc.setProducer(BRAND.name);
  doc.setCreator(BRAND.name);
  doc.setCreationDate(new Date(v.issued_at));
  doc.setModificationDate(new Date(v.issued_at));

  const pages: PDFPage[] = [];
  const newPage = (): Writer => {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    pages.push(page);
    return { page, y: PAGE.height - MARGIN };
  };
  let w = newPage();
  const ensure = (height: number) => {
    if (w.y - height < MARGIN + 40) w = newPage();
  };
  const text = (value: string, x: number, font: PDFFont, size: number, color = INK) => {
    w.page.drawText(pdfSafe(value), { x, y: w.y, size, font, color });
  };
  const row = (label: string, value: string, width = PAGE.width - 2 * MARGIN - LABEL_WIDTH) => {
    const lines = wrap(pdfSafe(value), regular, SIZE.body, width);
    ensure(lines.length * LINE);
    text(label, MARGIN, regular, SIZE.body, GREY);
    for (const line of lines) {
      w.page.drawText(line, { x: MARGIN + LABEL_WIDTH, y: w.y, size: SIZE.body, font: regular, color: INK });
      w.y -= LINE;
    }
  };

  text(`${BRAND.name} - License verification`, MARGIN, bold, SIZE.title);
  drawQrCode(w.page, verifyUrl, regular);
  w.y -= 28;
  // The header's values stop short of the QR code beside them.
  const besideQr = PAGE.width - 2 * MARGIN - LABEL_WIDTH - QR_SIDE - 24;
  row('Verification ID', v.id, besideQr);
  row('Issued', utc(v.issued_at), besideQr);
  row('Verify online', verifyUrl, besideQr);
  row('Physician', `${v.physician.name} (${v.physician.license_type})`, besideQr);
  row('Covers', v.scope === 'report' ? `All tracked licenses of the report (${v.licenses.length})` : 'One license');
  row('Snapshot SHA-256', v.sha256);
  w.y -= 4;
  for (const line of wrap(
    'Each license is shown as its licensing board published it when this service last read the record ' +
      '("Retrieved"); it may have changed since. Check the license with the board for a primary-source verification.',
    regular,
    SIZE.body - 1,
    PAGE.width - 2 * MARGIN,
  )) {
    text(line, MARGIN, regular, SIZE.body - 1, GREY);
    w.y -= LINE - 2;
  }
  if (v.simulated) {
    w.y -= 4;
    text('TEST DATA: read from the board simulator, not from a licensing board.', MARGIN, bold, SIZE.body);
    w.y -= LINE;
  }
  if (v.exclusions) {
    ensure(6 * LINE);
    w.y -= 12;
    text('Exclusion check (federal exclusion lists)', MARGIN, bold, SIZE.heading);
    w.y -= LINE + 4;
    for (const [label, value] of exclusionRows(v.exclusions)) row(label, value);
  }
  if (v.licenses.length === 0) {
    w.y -= 10;
    text('The report has no tracked licenses.', MARGIN, regular, SIZE.body);
  } else {
    // One line per license first, so a credentialing reviewer sees every state at a glance.
    ensure(3 * LINE);
    w.y -= 16;
    text('Summary', MARGIN, bold, SIZE.heading);
    w.y -= LINE + 2;
    // A cell wraps rather than cut: a board's name or "District of Columbia" is evidence, kept whole.
    const cells = (values: readonly string[], font: PDFFont) => {
      const size = SIZE.body - 1;
      const lines = values.map((value, i) => wrap(pdfSafe(value), font, size, (SUMMARY_COLUMNS[i]?.width ?? 0) - 6));
      const height = Math.max(...lines.map((l) => l.length));
      ensure(height * (LINE - 2));
      let x = MARGIN;
      lines.forEach((cell, i) => {
        cell.forEach((line, n) => {
          w.page.drawText(line, { x, y: w.y - n * (LINE - 2), size, font, color: INK });
        });
        x += SUMMARY_COLUMNS[i]?.width ?? 0;
      });
      w.y -= height * (LINE - 2) + 3;
    };
    cells(
      SUMMARY_COLUMNS.map((c) => c.label),
      bold,
    );
    w.page.drawLine({
      start: { x: MARGIN, y: w.y + 10 },
      end: { x: PAGE.width - MARGIN, y: w.y + 10 },
      thickness: 0.5,
      color: GREY,
    });
    for (const l of v.licenses) cells(summaryCells(l), regular);
  }

  v.licenses.forEach((l, i) => {
    ensure(12 * LINE);
    w.y -= 12;
    w.page.drawLine({
      start: { x: MARGIN, y: w.y + 14 },
      end: { x: PAGE.width - MARGIN, y: w.y + 14 },
      thickness: 0.5,
      color: GREY,
    });
    text(`${i + 1}. ${l.state} ${l.license_type} license ${l.license_number}`, MARGIN, bold, SIZE.heading);
    w.y -= LINE + 4;
    for (const [label, value] of licenseRows(l)) row(label, value);
  });

  pages.forEach((page, i) => {
    const footer = pdfSafe(`Verification ${v.id} - ${verifyUrl} - page ${i + 1} of ${pages.length}`);
    page.drawText(footer, { x: MARGIN, y: MARGIN - 20, size: 8, font: regular, color: GREY });
  });
  return doc.save();
}

/** The code for the /verify URL in the first page's top-right corner, captioned for a reader who has only paper. */
export function drawQrCode(page: PDFPage, url: string, font: PDFFont) {
  const modules = qrModules(url);
  const cell = QR_SIDE / modules.length;
  const left = PAGE.width - MARGIN - QR_SIDE;
  const top = PAGE.height - MARGIN + SIZE.title;
  modules.forEach((row, r) => {
    row.forEach((dark, c) => {
      // Each square overlaps its neighbour by a hair, so no white seam shows between dark modules.
      if (dark)
        page.drawRectangle({
          x: left + c * cell,
          y: top - (r + 1) * cell,
          width: cell + 0.05,
          height: cell + 0.05,
          color: INK,
        });
    });
  });
  const caption = 'Scan to verify';
  const width = font.widthOfTextAtSize(caption, 7);
  page.drawText(caption, { x: left + (QR_SIDE - width) / 2, y: top - QR_SIDE - 10, size: 7, font, color: GREY });
}

function summaryCells(l: VerifiedLicense): string[] {
  return [
    l.state,
    l.license_number,
    statusText(l.status),
    l.expires ?? 'none published',
    l.source.name,
    l.verified_by_hand
      ? `${l.verified_by_hand.checked_on} (by hand)`
      : `${l.retrieved_at.slice(0, 10)} ${l.retrieved_at.slice(11, 16)} UTC`,
  ];
}

function licenseRows(l: VerifiedLicense): [string, string][] {
  return [
    ['Name on license', l.name_on_license],
    ['License type', l.license_type],
    ['State', l.state],
    ['License number', l.license_number],
    ['Status', statusText(l.status)],
    ["Board's wording", l.board_status_text ?? 'none published'],
    ['Issued', l.issued ?? 'none published'],
    ['Expires', l.expires ?? 'none published'],
    ['Discipline', l.discipline ?? 'none published'],
    ['Source', l.source.website ? `${l.source.name} (${l.source.website})` : l.source.name],
    l.verified_by_hand
      ? [
          'Retrieved',
          `Verified by hand on ${l.verified_by_hand.checked_on} by ${l.verified_by_hand.verified_by} (on the board's look-up${l.source.lookup_url ? `, ${l.source.lookup_url}` : ''})`,
        ]
      : ['Retrieved', `${utc(l.retrieved_at)} (last read from the source)`],
  ];
}

const STANDING: Record<NonNullable<Verification['exclusions']>['status'], string> = {
  not_excluded: 'Not excluded',
  possible_match: 'Possible match, not confirmed: under review',
  excluded: 'Excluded',
  not_checked: 'Not checked: the exclusion lists had not been read',
};

function exclusionRows(e: NonNullable<Verification['exclusions']>): [string, string][] {
  const rows: [string, string][] = [['Standing', STANDING[e.status]]];
  for (const source of e.sources) {
    const when = source.checked_at ? utc(source.checked_at) : null;
    const said = {
      checked: `checked ${when}`,
      stale: when ? `last checked ${when}; later checks failed` : 'not reachable',
      not_configured: 'not configured',
      never: 'not checked',
    }[source.state];
    rows.push([source.name === 'LEIE' ? 'HHS-OIG LEIE' : 'SAM.gov', said]);
  }
  for (const m of e.matches) {
    const how =
      m.basis === 'npi' ? 'same NPI' : m.status === 'confirmed' ? 'confirmed by a reviewer' : 'name and state only';
    const ended = m.reinstated_on ? `, reinstated ${m.reinstated_on}` : '';
    rows.push([
      `${m.source} entry`,
      `${m.name}${m.state ? ` (${m.state})` : ''}: excluded ${m.excluded_on ?? 'date not published'}${ended}; ${m.type_label}; ${how}`,
    ]);
  }
  return rows;
}

export const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** Greedy word wrap; a word wider than the line (a URL, a hash) is cut by characters. */
export function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (!fits(current)) {
      let cut = current.length - 1;
      while (cut > 1 && !fits(current.slice(0, cut))) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  lines.push(current);
  return lines;
}
