import { load } from 'cheerio';
import { SourceError } from '../types.ts';

/** How many of a page's links a failure names: enough to see what the page offers now. */
const LINKS_NAMED = 12;

/**
 * The address of the file a page links by its text (`link.text`): the first `<a href>` whose text
 * holds it, case and spacing aside, resolved against the page's address (and a `<base href>`), as a
 * person clicking it would. Throws a parse-failure naming the page's links when none does: the page
 * changed, and reading nothing must not pass for an empty board.
 */
export function findLinkedFile(html: string, pageUrl: string, text: string, boardId: string): string {
  const $ = load(html);
  const wanted = words(text);
  const links = $('a[href]')
    .toArray()
    .map((a) => ({ text: words($(a).text()), href: $(a).attr('href') ?? '' }))
    .filter((link) => link.text !== '' && link.href.trim() !== '' && !/^(javascript|mailto):/i.test(link.href.trim()));
  const found = links.find((link) => link.text.toLowerCase().includes(wanted.toLowerCase()));
  const base = resolve($('base[href]').first().attr('href') ?? '', pageUrl) ?? pageUrl;
  const address = found ? resolve(found.href, base) : undefined;
  if (found && address) return address;
  const named = links
    .slice(0, LINKS_NAMED)
    .map((link) => `'${link.text}'`)
    .join(', ');
  throw new SourceError({
    kind: 'parse-failure',
    message: found
      ? `${boardId}: the link '${found.text}' on ${pageUrl} points to '${found.href}', which is not an address`
      : `${boardId}: the page at ${pageUrl} links no file by the text '${text}'${named ? `; its links read ${named}${links.length > LINKS_NAMED ? ', …' : ''}` : ' (it has no links)'}`,
  });
}

function words(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function resolve(target: string, base: string): string | undefined {
  try {
    return new URL(target.trim(), base).toString();
  } catch {
    return undefined;
  }
}
