/**
 * Where a workspace's media live in R2: everything under `media/<workspace>/`, each item in its own folder (the
 * original by its file name, its thumbnail and captions in sub-folders: a file name never holds a slash, so none
 * collide). Deleting a workspace removes the whole prefix.
 */
export const mediaFilesOf = (workspaceId: string) => `media/${workspaceId}/`;

export const mediaKey = (workspaceId: string, id: string, filename: string) =>
  `${mediaFilesOf(workspaceId)}${id}/${filename}`;

export const thumbnailKey = (workspaceId: string, id: string, ext: string) =>
  `${mediaFilesOf(workspaceId)}${id}/thumb/thumbnail.${ext}`;

export const captionKey = (workspaceId: string, id: string, lang: string) =>
  `${mediaFilesOf(workspaceId)}${id}/captions/${lang}.vtt`;
