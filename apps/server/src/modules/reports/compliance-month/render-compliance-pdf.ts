import { BRAND } from '@licensewatch/shared/brand';
import {
  COMPLIANCE_GAP_REASONS,
  COMPLIANCE_GAP_WORDS,
  type ComplianceLine,
  type ComplianceStatement,
} from '@licensewatch/shared/compliance';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { drawQrCode, pdfSafe, utc, wrap } from '../verification/render-verification-pdf.ts';

const PAGE = { width: 612, height: 792 }; // US Letter, in points, as the verification document
const MARGIN = 54;
const LABEL_WIDTH = 150;
const SIZE = { title: 18, heading: 12, body: 10, cell: 9 } as const;
const LINE = 14;
const GREY = rgb(0.35, 0.38, 0.42);
const INK = rgb(0.06, 0.09, 0.16);
const RED = rgb(0.7, 0.1, 0.1);
const QR_SIDE = 84;
/** The record's columns (points; they fill the 504 between the margins). */
const COLUMNS = [
  { label: 'Physician', width: 118 },
  { label: 'License or list', width: 112 },
  { label: 'Number', width: 70 },
  { label: 'Last check', width: 82 },
  { label: 'Result', width: 122 },
] as const;

/**
 * The signed monthly statement (ADR 043): the month's summary, the ledger's head hash that anchors
 * the chain, and one line per license and list of each report, a gap printed in words (and in red)
 * so it reads the same in black and white. From the stored snapshot, so the file and /verify agree.
 */
export async function renderCompliancePdf(s: ComplianceStatement, verifyUrl: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(`Compliance statement ${s.month} ${s.id}`);
  doc.setAuthor(BRAND.name);
  doc.setProducer(BRAND.name);
  doc.setCreator(BRAND.name);
  doc.setCreationDate(new Date(s.issued_at));
  doc.setModificationDate(new Date(s.issued_at));

  const pages: PDFPage[] = [];
  let page = doc.addPage([PAGE.width, PAGE.height]);
  pages.push(page);
  let y = PAGE.height - MARGIN;
  const ensure = (height: number) => {
    if (y - height < MARGIN + 40) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      pages.push(page);
      y = PAGE.height - MARGIN;
    }
  };
  const row = (label: string, value: string, width = PAGE.width - 2 * MARGIN - LABEL_WIDTH) => {
    const lines = wrap(pdfSafe(value), regular, SIZE.body, width);
    ensure(lines.length * LINE);
    page.drawText(pdfSafe(label), { x: MARGIN, y, size: SIZE.body, font: regular, color: GREY });
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + LABEL_WIDTH, y, size: SIZE.body, font: regular, color: INK });
      y -= LINE;
    }
  };

  page.drawText(pdfSafe(`${BRAND.name} - Monthly compliance statement`), {
    x: MARGIN,
    y,
    size: SIZE.title - 2,
    font: bold,
    color: INK,
  });
  drawQrCode(page, verifyUrl, regular);
  y -= 28;
  const besideQr = PAGE.width - 2 * MARGIN - LABEL_WIDTH - QR_SIDE - 24;
  row('Statement ID', s.id, besideQr);
  row('Issued', utc(s.issued_at), besideQr);
  row('Verify online', verifyUrl, besideQr);
  row('Workspace', s.workspace, besideQr);
  row('Month', `${s.month} (UTC)`);
  row('Ledger head', s.head ? `entry ${s.head.seq}, SHA-256 ${s.head.hash}` : 'no entry by the end of the month');
  row('Snapshot SHA-256', s.sha256);
  const { summary } = s;
  row('Reports', String(summary.reports));
  row('Licenses checked', `${summary.licenses_checked} of ${summary.licenses_total}`);
  row('Lists checked', `${summary.lists_checked} of ${summary.lists_total}`);
  for (const reason of COMPLIANCE_GAP_REASONS)
    if (summary.gaps[reason] > 0) row(`Gaps: ${COMPLIANCE_GAP_WORDS[reason]}`, String(summary.gaps[reason]));
  if (s.simulated) {
    y -= 4;
    page.drawText('TEST DATA: read from the board simulator, not from a licensing board.', {
      x: MARGIN,
      y,
      size: SIZE.body,
      font: bold,
      color: INK,
    });
    y -= LINE;
  }

  const cells = (values: readonly string[], font: PDFFont, color = INK) => {
    const lines = values.map((value, i) => wrap(pdfSafe(value), font, SIZE.cell, (COLUMNS[i]?.width ?? 0) - 6));
    const height = Math.max(...lines.map((l) => l.length));
    ensure(height * (LINE - 2));
    let x = MARGIN;
    lines.forEach((cell, i) => {
      cell.forEach((line, n) => {
        page.drawText(line, { x, y: y - n * (LINE - 2), size: SIZE.cell, font, color });
      });
      x += COLUMNS[i]?.width ?? 0;
    });
    y -= height * (LINE - 2) + 3;
  };
  y -= 12;
  ensure(3 * LINE);
  page.drawText('Checks in the month', { x: MARGIN, y, size: SIZE.heading, font: bold, color: INK });
  y -= LINE + 2;
  if (s.reports.length === 0) {
    page.drawText('The workspace had no reports in this month.', {
      x: MARGIN,
      y,
      size: SIZE.body,
      font: regular,
      color: INK,
    });
  } else {
    cells(
      COLUMNS.map((c) => c.label),
      bold,
    );
    for (const report of s.reports) {
      const who = report.external_id ? `${report.physician} (${report.external_id})` : report.physician;
      [...report.licenses, ...report.lists].forEach((line, i) => {
        cells(lineCells(i === 0 ? who : '', line), line.gap ? bold : regular, line.gap ? RED : INK);
      });
    }
  }

  pages.forEach((p, i) => {
    const footer = pdfSafe(`Compliance statement ${s.id} - ${verifyUrl} - page ${i + 1} of ${pages.length}`);
    p.drawText(footer, { x: MARGIN, y: MARGIN - 20, size: 8, font: regular, color: GREY });
  });
  return doc.save();
}

function lineCells(who: string, line: ComplianceLine): string[] {
  const check = line.last_check;
  return [
    who,
    line.state ? `${line.state}: ${line.source}` : line.source,
    line.license_number ?? '',
    check ? `${check.checked_at.slice(0, 10)} (${check.method})` : 'none',
    line.gap ? `GAP: ${COMPLIANCE_GAP_WORDS[line.gap]}` : check ? check.result : '',
  ];
}
