import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The files of one artefact folder at the repository's top level, sorted, as paths relative to the root
 * (so messages name them the way a person finds them). A missing folder holds no files.
 */
export async function listFiles(root, folder, extension) {
  let names;
  try {
    names = await readdir(path.join(root, folder));
  } catch (error) {
    if (error.code === 'ENOENT') {
      return [];
    }
    throw error;
  }
  return names
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => `${folder}/${name}`);
}

export function readText(root, file) {
  return readFile(path.join(root, file), 'utf8');
}

/** Parses a JSON file; on failure reports it and returns undefined. */
export async function readJson(root, file, section) {
  const text = await readText(root, file);
  try {
    return JSON.parse(text);
  } catch (error) {
    section.error(file, '', `is not valid JSON: ${error.message}`);
    return undefined;
  }
}
