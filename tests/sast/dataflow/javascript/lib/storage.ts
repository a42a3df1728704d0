import * as fs from 'fs';
import * as path from 'path';

export const DATA_ROOT = '/srv/app/data';

export class FileStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async read(name: string): Promise<Buffer> {
    const full = path.join(this.root, name);
    // expect: CWE-22
    return fs.promises.readFile(full);
  }

  async readContained(name: string): Promise<Buffer> {
    const full = path.resolve(this.root, name);
    if (!full.startsWith(this.root + path.sep)) {
      throw new Error('invalid document name');
    }
    // ok: CWE-22
    return fs.promises.readFile(full);
  }
}

export function userDirectory(user: string): string {
  return path.join(DATA_ROOT, 'users', user);
}

export function userDirectoryFlat(user: string): string {
  return path.join(DATA_ROOT, 'users', path.basename(user));
}
