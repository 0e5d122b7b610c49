import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem, type FileItem, type FolderItem, type Item } from '../items/types.js';
import { editText, fillerText, MARKER_PREFIX } from './sim-random.js';
import { type SimClient, type SimWorld } from './sync-simulation.js';

const strip = <T extends Item>(item: T & { tx?: number }): T => {
  const { tx: _tx, hash: _hash, ...rest } = item;
  return rest as unknown as T;
};

/** One random user action on a client, written as the app writes: create, rename, move or trash
 * a file, create a folder, edit a text or the properties. Marker words inserted are recorded. */
export async function randomEdit(world: SimWorld, client: SimClient): Promise<void> {
  const { random } = world;
  const repository = client.repository;
  const items = await repository.getAll();
  const files = items.filter((item): item is FileItem & { tx: number } => item.type === 'file');
  const live = files.filter((file) => file.parentId !== 'trash');
  const folders = items.filter((item) => item.type === 'folder');
  const id = () => `c${client.index}n${(world.counter += 1)}`;
  const action = random.int(10);
  const file = live.length > 0 ? random.pick(live) : undefined;

  if (!file || action === 0) {
    const fileId = id();
    const parentId = folders.length > 0 && random.chance(0.3) ? random.pick(folders).id : null;
    world.log.push(`client ${client.index}: create ${fileId}`);
    await repository.put([
      withHash<FileItem>({ id: fileId, type: 'file', name: `File ${fileId}`, parentId }),
      withHash<ContentItem>({
        id: itemIds.content(fileId),
        type: 'content',
        text: fillerText(random, 2 + random.int(5)),
        properties: '',
        discussions: {},
        comments: {},
        history: [],
      }),
    ]);
  } else if (action === 1) {
    const folderId = id();
    await repository.put([
      withHash<FolderItem>({
        id: folderId,
        type: 'folder',
        name: `Folder ${folderId}`,
        parentId: null,
      }),
    ]);
  } else if (action === 2 || action === 3) {
    const moved = action === 3;
    const parentId = moved && folders.length > 0 ? random.pick(folders).id : null;
    world.log.push(`client ${client.index}: ${moved ? 'move' : 'rename'} ${file.id}`);
    await repository.update<FileItem>(file.id, (current) =>
      current
        ? withHash<FileItem>({
            ...strip(current),
            ...(moved ? { parentId } : { name: `Renamed ${world.counter++}` }),
          })
        : undefined,
    );
  } else if (action === 4) {
    const content = await repository.get<ContentItem>(itemIds.content(file.id));
    for (const word of content?.text.match(new RegExp(`${MARKER_PREFIX}\\d+w\\d+`, 'g')) ?? []) {
      world.deletable.add(word);
    }
    world.log.push(`client ${client.index}: trash ${file.id}`);
    await repository.update<FileItem>(file.id, (current) =>
      current
        ? withHash<FileItem>({ ...strip(current), parentId: 'trash', trashedAt: 1 })
        : undefined,
    );
  } else {
    const marker = `${MARKER_PREFIX}${client.index}w${(world.counter += 1)}`;
    const props = action === 9;
    await repository.update<ContentItem>(itemIds.content(file.id), (current) => {
      if (!current) return undefined;
      if (props) {
        const properties = `${current.properties}k${random.int(4)}: ${marker}\n`;
        return withHash<ContentItem>({ ...strip(current), properties });
      }
      const text = editText(random, current.text, marker);
      if (text.includes(marker)) world.inserted.add(marker);
      return withHash<ContentItem>({ ...strip(current), text });
    });
    world.log.push(
      `client ${client.index}: edit ${file.id}${props ? ' properties' : ''} ${marker}`,
    );
  }
}
