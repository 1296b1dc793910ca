import { z } from 'zod';
import type { DelimitedFileSourceConfig } from '../config/board-config.ts';
import type { HttpClient } from '../http-client.ts';
import type { SourceResult } from '../types.ts';

export type BoxFolder = NonNullable<DelimitedFileSourceConfig['boxFolder']>;

/** A data file of the board's Box folder: where its content is read, with the token it needs. */
export type BoxFile = { url: string; name: string; headers: Record<string, string> };

const itemsSchema = z.object({
  entries: z.array(z.object({ type: z.string(), id: z.string(), name: z.string() })),
});
type BoxItem = z.infer<typeof itemsSchema>['entries'][number];

// Box's largest page of a folder's items.
const PAGE = 1000;

const failure = (message: string): SourceResult<never> => ({ ok: false, error: { kind: 'parse-failure', message } });

/**
 * The board's data files in a public Box folder (California DCA's licensee lists, docs/sources.md):
 * a read token from the publisher's own token endpoint, the root folder's items, the board's
 * sub-folder (its name starting `folderPrefix`), and its files whose names hold `fileMarker`
 * ('_Data'), in name order — a list too long for one file is split across several.
 */
export async function listBoxFolderFiles(
  http: HttpClient,
  folder: BoxFolder,
  boardId: string,
): Promise<SourceResult<BoxFile[]>> {
  const issued = await http.stream(folder.tokenUrl);
  if (!issued.ok) return issued;
  let text = '';
  const decoder = new TextDecoder();
  try {
    for await (const chunk of issued.value.body) text += decoder.decode(chunk, { stream: true });
  } finally {
    issued.value.close();
  }
  // The endpoint answers the token as a JSON string or as bare text.
  const token = (text + decoder.decode()).trim().replace(/^"|"$/g, '');
  if (!/^[\w.~+/=-]+$/.test(token)) return failure(`${boardId}: the Box token endpoint answered no token`);
  const headers = { authorization: `Bearer ${token}` };

  const items = async (folderId: string): Promise<SourceResult<BoxItem[]>> => {
    const all: BoxItem[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const url = `${folder.apiUrl.replace(/\/+$/, '')}/folders/${folderId}/items?limit=${PAGE}&offset=${offset}`;
      const page = await http.json(url, { headers });
      if (!page.ok) return page;
      const parsed = itemsSchema.safeParse(page.value);
      if (!parsed.success) return failure(`${boardId}: Box answered folder ${folderId}'s items in another shape`);
      all.push(...parsed.data.entries);
      if (parsed.data.entries.length < PAGE) return { ok: true, value: all };
    }
  };

  const root = await items(folder.rootFolderId);
  if (!root.ok) return root;
  const board = root.value.find((i) => i.type === 'folder' && i.name.startsWith(folder.folderPrefix));
  if (!board) {
    const names = root.value.filter((i) => i.type === 'folder').map((i) => `'${i.name}'`);
    return failure(
      `${boardId}: no folder of Box folder ${folder.rootFolderId} starts with '${folder.folderPrefix}'; its folders are ${names.slice(0, 20).join(', ') || 'none'}`,
    );
  }
  const inside = await items(board.id);
  if (!inside.ok) return inside;
  const files = inside.value
    .filter((i) => i.type === 'file' && i.name.includes(folder.fileMarker))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (files.length === 0) return failure(`${boardId}: Box folder '${board.name}' holds no '${folder.fileMarker}' file`);
  return {
    ok: true,
    value: files.map((f) => ({
      url: `${folder.apiUrl.replace(/\/+$/, '')}/files/${f.id}/content`,
      name: f.name,
      headers,
    })),
  };
}
