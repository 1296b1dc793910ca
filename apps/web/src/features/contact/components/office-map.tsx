import type { ContactOffice } from '@licensewatch/shared/contact';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useBrandName } from '../../../session/get-app-settings';

// Half the map's width in degrees of longitude (its height is half that in latitude): a few streets.
const D = 0.006;

function embedUrl({ lat, lon }: { lat: number; lon: number }) {
  return `https://www.openstreetmap.org/export/embed.html?bbox=${lon - D}%2C${lat - D / 2}%2C${lon + D}%2C${lat + D / 2}&layer=mapnik&marker=${lat}%2C${lon}`;
}

function linkUrl(office: ContactOffice) {
  const { coordinates } = office;
  if (!coordinates) return `https://www.openstreetmap.org/search?query=${encodeURIComponent(office.lines.join(', '))}`;
  const { lat, lon } = coordinates;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/**
 * The office on an OpenStreetMap embed. The address is always on the page; the map is a third
 * party's frame, so it loads when asked (no request to OpenStreetMap on a plain visit) and a
 * network that cannot reach it leaves a finished card rather than a broken frame.
 */
export function OfficeMap({ office }: { office: ContactOffice }) {
  const brandName = useBrandName();
  const [showMap, setShowMap] = useState(false);
  const { lines, coordinates } = office;
  return (
    <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {coordinates ? (
        <div className="relative aspect-[16/10] w-full bg-[linear-gradient(135deg,#f0fdfa_0%,#e2e8f0_100%)]">
          {showMap ? (
            <iframe
              title={`Map of the ${brandName} office`}
              src={embedUrl(coordinates)}
              loading="lazy"
              referrerPolicy="no-referrer"
              className="absolute inset-0 size-full border-0"
            />
          ) : (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
              <svg viewBox="0 0 24 24" className="size-10 text-teal-700" fill="none" aria-hidden="true">
                <path
                  d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
                <circle cx="12" cy="9.5" r="2.5" stroke="currentColor" strokeWidth="1.8" />
              </svg>
              <p className="text-sm font-medium text-slate-800">{lines.slice(0, 2).join(', ')}</p>
              <Button variant="secondary" size="sm" onClick={() => setShowMap(true)}>
                Show map
              </Button>
            </div>
          )}
        </div>
      ) : null}
      <figcaption
        className={cn(
          'flex flex-wrap items-start justify-between gap-3 p-4 text-sm text-slate-600',
          coordinates && 'border-t border-slate-200',
        )}
      >
        <address className="not-italic">
          <span className="font-semibold text-slate-900">{brandName}</span>
          {lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
        <a
          href={linkUrl(office)}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-teal-800 underline underline-offset-2"
        >
          Open in OpenStreetMap
        </a>
      </figcaption>
    </figure>
  );
}
