import qrcode from 'qrcode-generator';

/**
 * The QR code of `text` as one SVG path (a unit square per dark module, a 4-module quiet zone, as
 * the QR standard asks) and its side in modules: drawn in the browser, no image request. Level M,
 * as the verification PDFs (apps/server/src/modules/reports/verification/qr-code.ts).
 */
export function qrSvgPath(text: string): { path: string; size: number } {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const quiet = 4;
  const parts: string[] = [];
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (qr.isDark(row, col)) parts.push(`M${col + quiet} ${row + quiet}h1v1h-1z`);
    }
  }
  return { path: parts.join(''), size: count + 2 * quiet };
}

/** The base32 key of an otpauth:// URI, in groups of four for typing into an app by hand. */
export function manualEntryKey(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}

/** The backup codes as a file to keep: one a line, named for the application. */
export function backupCodesFile(appName: string, email: string, codes: string[]): string {
  return [`${appName} backup codes for ${email}`, 'Each code signs you in once.', '', ...codes, ''].join('\n');
}
