import { useBrandName } from './get-app-settings';

/** React 19 hoists <title> into <head>; each screen names itself for tabs and screen readers. */
export function PageTitle({ title }: { title?: string }) {
  // The operator's application_name (admin settings), once it has loaded.
  const brandName = useBrandName();
  return <title>{title ? `${title} · ${brandName}` : `${brandName} — Medical license tracking`}</title>;
}
