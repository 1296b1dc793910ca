/**
 * Just enough of RFC 5545 to hold a calendar feed to what Google Calendar, Apple Calendar and
 * Outlook parse: CRLF line ends, content lines folded at 75 octets, BEGIN/END nesting, the
 * calendar's VERSION and PRODID, and per event UID, DTSTAMP, an all-day DTSTART and a display
 * alarm. Answers the problems found (empty when none) and the events, unfolded.
 */
export type IcsEvent = { properties: Map<string, string>; alarms: Map<string, string>[] };

export function checkIcs(text: string): { problems: string[]; events: IcsEvent[]; calendar: Map<string, string> } {
  const problems: string[] = [];
  if (!text.endsWith('\r\n') && !text.endsWith('END:VCALENDAR')) problems.push('does not end with a line');
  if (/[^\r]\n/.test(text) || /\r(?!\n)/.test(text)) problems.push('a line ends without CRLF');
  const physical = text.split('\r\n').filter((line, i, all) => line !== '' || i < all.length - 1);
  physical.forEach((line, i) => {
    if (Buffer.byteLength(line, 'utf8') > 75) problems.push(`line ${i + 1} is over 75 octets: ${line}`);
  });
  // Unfolding (3.1): a CRLF followed by one space or tab continues the line.
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l !== '');
  if (lines[0] !== 'BEGIN:VCALENDAR') problems.push(`first line is ${lines[0]}`);
  if (lines.at(-1) !== 'END:VCALENDAR') problems.push(`last line is ${lines.at(-1)}`);

  const stack: string[] = [];
  const calendar = new Map<string, string>();
  const events: IcsEvent[] = [];
  let event: IcsEvent | null = null;
  let alarm: Map<string, string> | null = null;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 1) {
      problems.push(`not a content line: ${line}`);
      continue;
    }
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (name === 'BEGIN') {
      stack.push(value);
      if (value === 'VEVENT') event = { properties: new Map(), alarms: [] };
      if (value === 'VALARM') alarm = new Map();
      continue;
    }
    if (name === 'END') {
      if (stack.pop() !== value) problems.push(`END:${value} does not close what was opened`);
      if (value === 'VEVENT' && event) events.push(event);
      if (value === 'VALARM' && alarm) event?.alarms.push(alarm);
      if (value === 'VEVENT') event = null;
      if (value === 'VALARM') alarm = null;
      continue;
    }
    const target = alarm ?? event?.properties ?? calendar;
    target.set(name, value);
  }
  if (stack.length) problems.push(`left open: ${stack.join(', ')}`);
  if (calendar.get('VERSION') !== '2.0') problems.push('VERSION is not 2.0');
  if (!calendar.get('PRODID')) problems.push('no PRODID');
  events.forEach((e, i) => {
    const p = e.properties;
    if (!p.get('UID')) problems.push(`event ${i} has no UID`);
    if (!/^\d{8}T\d{6}Z$/.test(p.get('DTSTAMP') ?? '')) problems.push(`event ${i} DTSTAMP is ${p.get('DTSTAMP')}`);
    if (!/^\d{8}$/.test(p.get('DTSTART;VALUE=DATE') ?? '')) problems.push(`event ${i} has no all-day DTSTART`);
    if (!e.alarms.some((a) => a.get('ACTION') === 'DISPLAY' && /^-P(42D|6W)$/.test(a.get('TRIGGER') ?? ''))) {
      problems.push(`event ${i} has no display alarm 6 weeks before`);
    }
    if (e.alarms.some((a) => !a.get('DESCRIPTION')))
      problems.push(`event ${i} has a display alarm without DESCRIPTION`);
  });
  return { problems, events, calendar };
}

/** A property's text value unescaped (3.3.11). */
export function icsText(value: string | undefined): string {
  return (value ?? '').replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');
}
