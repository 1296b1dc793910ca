import { BRAND } from '@licensewatch/shared/brand';

/** React 19 hoists <title> into <head>; each screen names itself for tabs and screen readers. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${BRAND.name}` : `${BRAND.name} — Medical license tracking`}</title>;
}
