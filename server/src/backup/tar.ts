import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

/**
 * The few lines of POSIX ustar a backup needs: regular files with short relative names, written and
 * read in chunks (a database may be larger than memory wants to hold). Any `tar -tf` lists it.
 */
const BLOCK = 512;
const CHUNK = 1 << 20;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtimeSeconds: number): Buffer {
  if (Buffer.byteLength(name) > 99) throw new Error(`tar: name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 'utf8');
  block.write(octal(0o600, 8), 100);
  block.write(octal(0, 8), 108); // uid
  block.write(octal(0, 8), 116); // gid
  block.write(octal(size, 12), 124);
  block.write(octal(mtimeSeconds, 12), 136);
  block.write('        ', 148); // the checksum field counts as spaces while summing
  block.write('0', 156); // a regular file
  block.write('ustar\u000000', 257);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** Appends files to a new tar archive at `file` (created owner-only; it fails if `file` exists). */
export class TarWriter {
  private readonly fd: number;

  constructor(file: string) {
    this.fd = openSync(file, 'wx', 0o600);
  }

  addBuffer(name: string, contents: Buffer): void {
    writeSync(this.fd, header(name, contents.length, Math.floor(Date.now() / 1000)));
    writeSync(this.fd, contents);
    this.pad(contents.length);
  }

  addFile(name: string, source: string): void {
    const input = openSync(source, 'r');
    try {
      const { size, mtimeMs } = fstatSync(input);
      writeSync(this.fd, header(name, size, Math.floor(mtimeMs / 1000)));
      const buffer = Buffer.alloc(CHUNK);
      for (let done = 0; done < size;) {
        const read = readSync(input, buffer, 0, Math.min(CHUNK, size - done), done);
        if (read === 0) throw new Error(`tar: ${source} shrank while being read`);
        writeSync(this.fd, buffer, 0, read);
        done += read;
      }
      this.pad(size);
    } finally {
      closeSync(input);
    }
  }

  /** Ends the archive (two zero blocks) and closes it. */
  close(): void {
    writeSync(this.fd, Buffer.alloc(BLOCK * 2));
    closeSync(this.fd);
  }

  private pad(size: number): void {
    const rest = size % BLOCK;
    if (rest !== 0) writeSync(this.fd, Buffer.alloc(BLOCK - rest));
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the archive. */
  offset: number;
}

/** The regular files of an archive TarWriter made, in order; anything else is refused. */
export function listTar(fd: number): TarEntry[] {
  const entries: TarEntry[] = [];
  const block = Buffer.alloc(BLOCK);
  for (let position = 0; ;) {
    if (readSync(fd, block, 0, BLOCK, position) !== BLOCK) throw new Error('not a backup: the archive is cut short');
    if (block.every((byte) => byte === 0)) return entries;
    const field = (start: number, length: number) =>
      block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    let sum = 0;
    for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    if (parseInt(field(148, 8).trim(), 8) !== sum || field(257, 5) !== 'ustar') {
      throw new Error('not a backup: a tar header is damaged');
    }
    if (field(156, 1) !== '0') throw new Error(`not a backup: ${field(0, 100)} is not a regular file`);
    const size = parseInt(field(124, 12).trim(), 8);
    entries.push({ name: field(0, 100), size, offset: position + BLOCK });
    position += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
}

/** Copies one entry's bytes to the open descriptor `out`. */
export function copyTarEntry(fd: number, entry: TarEntry, out: number): void {
  const buffer = Buffer.alloc(CHUNK);
  for (let done = 0; done < entry.size;) {
    const read = readSync(fd, buffer, 0, Math.min(CHUNK, entry.size - done), entry.offset + done);
    if (read === 0) throw new Error('not a backup: the archive is cut short');
    writeSync(out, buffer, 0, read);
    done += read;
  }
}

export function readTarEntry(fd: number, entry: TarEntry): Buffer {
  const buffer = Buffer.alloc(entry.size);
  if (readSync(fd, buffer, 0, entry.size, entry.offset) !== entry.size) {
    throw new Error('not a backup: the archive is cut short');
  }
  return buffer;
}
